#include "cli/train_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "analysis/neural_training.hpp"
#include "cli/output.hpp"
#include "rules/geometry.hpp"

namespace ppn::cli {

namespace {

struct TrainArgs {
  analysis::NetTraining t;
  std::string output;
  std::string board = "both";  // the boards trained: both, parcheesi, ludo
  bool resume = false;         // --continue: from the built-in weights, not random ones
  int calibration_games = 6000;
  std::string field = "self";  // --field
};

// The command that writes the same file, for its header.
std::string command_of(const TrainArgs& a) {
  char buf[200];
  std::snprintf(buf, sizeof buf,
                "ppn train --games %d --seed %llu --hidden %d --alpha %g --lambda %g --calibration-games %d%s%s%s -o FILE",
                a.t.games, static_cast<unsigned long long>(a.t.seed), a.t.hidden, a.t.alpha, a.t.lambda,
                a.calibration_games, a.board == "both" ? "" : (" --board " + a.board).c_str(), a.t.eval_field ? " --field eval" : "", a.resume ? " --continue" : "");
  return buf;
}

int run_train(const TrainArgs& a) {
  auto out = open_output("train", a.output, {}, SameAsInput::refuse);
  if (!out) return 2;
  // A board not trained keeps the built-in net, and --continue starts from it: both need one.
  const std::array<bool, 2> train{a.board != "ludo", a.board != "parcheesi"};
  std::array<analysis::NeuralNet, 2> nets;
  for (int b = 0; b < 2; ++b) {
    const bool ludo = b == 1;
    const analysis::NeuralNet* built_in = analysis::neural_net(ludo);
    if ((a.resume || !train[static_cast<std::size_t>(b)]) && !built_in) {
      std::cerr << "train: this ppn has no " << (ludo ? "Ludo" : "Parcheesi") << " net to "
                << (a.resume ? "continue from" : "keep") << "\n";
      return 2;
    }
    nets[static_cast<std::size_t>(b)] =
        a.resume || !train[static_cast<std::size_t>(b)]
            ? *built_in
            : analysis::NeuralNet::random(ludo ? rules::kLudo52 : rules::kParcheesi68, a.t.hidden, a.t.seed);
  }
  // The boards train side by side, one thread each: each is one thread's work, so the weights
  // do not depend on the threads' timing.
  std::array<long, 2> positions{};
  std::array<std::array<long, 3>, 2> calibrated{};  // positions of the calibration, by seats in play
  std::array<std::exception_ptr, 2> failed{};
  // Games done, and one more when the board's calibration is done too.
  std::array<std::atomic<int>, 2> done{};
  for (int b = 0; b < 2; ++b)
    if (!train[static_cast<std::size_t>(b)]) done[static_cast<std::size_t>(b)] = a.t.games + 1;
  const auto start = std::chrono::steady_clock::now();
  std::array<std::thread, 2> threads;
  for (int b = 0; b < 2; ++b)
    if (train[static_cast<std::size_t>(b)])
      threads[static_cast<std::size_t>(b)] = std::thread([&, b] {
        const auto ub = static_cast<std::size_t>(b);
        try {
          analysis::NetTraining t = a.t;
          t.ludo = b == 1;
          positions[ub] = analysis::train_net(t, nets[ub], [&done, ub](int) { ++done[ub]; });
          if (a.calibration_games > 0) calibrated[ub] = analysis::fit_temperatures(nets[ub], t.ludo, a.calibration_games, a.t.seed);
        } catch (...) {  // (out of memory): reported below, nothing written
          failed[ub] = std::current_exception();
        }
        done[ub] = a.t.games + 1;  // the board's work over
      });
  // Progress on standard error, a line a minute (the run takes hours).
  for (;;) {
    bool finished = true;
    for (int b = 0; b < 2; ++b) finished = finished && done[static_cast<std::size_t>(b)] > a.t.games;
    for (int i = 0; i < 600 && !finished; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      finished = done[0] > a.t.games && done[1] > a.t.games;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "train: %.0f s: parcheesi %d, ludo %d of %d games%s\n", s, std::min(done[0].load(), a.t.games),
                 std::min(done[1].load(), a.t.games), a.t.games,
                 done[0] >= a.t.games && done[1] >= a.t.games && !finished ? " (calibrating)" : "");
    if (finished) break;
  }
  for (auto& t : threads)
    if (t.joinable()) t.join();
  for (const auto& e : failed)
    if (e) try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        std::cerr << "train: " << x.what() << "; nothing written\n";
        return 2;
      } catch (...) {
        std::cerr << "train: failed; nothing written\n";
        return 2;
      }
  // The history: the built-in weights' when some of them are kept, then this run.
  std::string header = a.resume || a.board != "both" ? std::string(analysis::neural_history()) + "\n" : "";
  header += command_of(a) + (a.t.eval_field ? "\nTD(lambda) at 0-ply against the eval bot in every other seat, 2-4 players in turn:"
                                             : "\nTD(lambda) self-play at 0-ply, 2-4 players in turn:");
  bool first = true;
  for (int b = 0; b < 2; ++b) {
    if (!train[static_cast<std::size_t>(b)]) continue;
    if (!first) header += ";";
    first = false;
    const auto ub = static_cast<std::size_t>(b);
    std::string line = " " + std::string(analysis::training_profile(b == 1)) + " " + std::to_string(a.t.games) +
                       " games (" + std::to_string(positions[ub]) + " positions)";
    if (a.calibration_games > 0) {
      char cal[200];
      std::snprintf(cal, sizeof cal, ", temperatures %.4f, %.4f, %.4f for 2, 3, 4 seats (%ld, %ld, %ld positions)",
                    nets[ub].temperature[0], nets[ub].temperature[1], nets[ub].temperature[2], calibrated[ub][0],
                    calibrated[ub][1], calibrated[ub][2]);
      line += cal;
    }
    header += line;
    std::printf("train:%s\n", line.c_str());
  }
  header += ".";
  out->stream() << analysis::net_source(nets[0], nets[1], header);
  return finish_output("train", *out);
}

}  // namespace

void add_train_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<TrainArgs>();
  auto* sub = app.add_subcommand(
      "train", "Train the neural evaluator of both boards by TD(lambda) self-play and write its weights source");
  sub->add_option("--games", a->t.games, "Self-play games per board (0 with --continue: calibrate only)")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000000));
  sub->add_option("--calibration-games", a->calibration_games,
                  "Games of greedy and random bots whose positions, played on by the net, fit its temperatures after "
                  "training (0: none, every temperature 1)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000000));
  sub->add_option("--seed", a->t.seed, "Seed of the dice and the starting weights")->capture_default_str();
  sub->add_option("--hidden", a->t.hidden, "Hidden units of a new net (--continue keeps the built-in net's)")->capture_default_str()->check(CLI::Range(1, 1024));
  sub->add_option("--alpha", a->t.alpha, "Learning rate")->capture_default_str()->check(CLI::Range(1e-6, 10.0));
  sub->add_option("--lambda", a->t.lambda, "TD lambda")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  sub->add_option("--board", a->board, "The boards trained (the other keeps this ppn's net)")
      ->capture_default_str()
      ->check(CLI::IsMember({"both", "parcheesi", "ludo"}));
  sub->add_option("--field", a->field, "Who the net plays against: itself, or (eval) the eval bot in every seat but one")
      ->capture_default_str()
      ->check(CLI::IsMember({"self", "eval"}));
  sub->add_flag("--continue", a->resume,
                "Train on from this ppn's weights (its history first in the file written; give another --seed)");
  sub->add_option("-o,--output", a->output, "The weights source to write (analysis/neural_weights.inc)")->required();
  sub->callback([a, &exit_code]() {
    if (a->t.games == 0 && !a->resume) {
      std::cerr << "train: --games 0 only with --continue (calibrating this ppn's net)\n";
      exit_code = 2;
      return;
    }
    a->t.eval_field = a->field == "eval";
    exit_code = run_train(*a);
  });
}

}  // namespace ppn::cli
