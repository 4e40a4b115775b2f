#include "cli/train_command.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
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
};

// The command that writes the same file, for its header.
std::string command_of(const TrainArgs& a) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "ppn train --games %d --seed %llu --hidden %d --alpha %g --lambda %g%s%s -o FILE",
                a.t.games, static_cast<unsigned long long>(a.t.seed), a.t.hidden, a.t.alpha, a.t.lambda,
                a.board == "both" ? "" : (" --board " + a.board).c_str(), a.resume ? " --continue" : "");
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
  std::array<std::atomic<int>, 2> done{};
  for (int b = 0; b < 2; ++b)
    if (!train[static_cast<std::size_t>(b)]) done[static_cast<std::size_t>(b)] = a.t.games;
  const auto start = std::chrono::steady_clock::now();
  std::array<std::thread, 2> threads;
  for (int b = 0; b < 2; ++b)
    if (train[static_cast<std::size_t>(b)])
      threads[static_cast<std::size_t>(b)] = std::thread([&, b] {
      analysis::NetTraining t = a.t;
      t.ludo = b == 1;
      positions[static_cast<std::size_t>(b)] =
          analysis::train_net(t, nets[static_cast<std::size_t>(b)], [&done, b](int) { ++done[static_cast<std::size_t>(b)]; });
    });
  // Progress on standard error, a line a minute (the run takes hours).
  for (;;) {
    bool finished = true;
    for (int b = 0; b < 2; ++b) finished = finished && done[static_cast<std::size_t>(b)] == a.t.games;
    for (int i = 0; i < 600 && !finished; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      finished = done[0] == a.t.games && done[1] == a.t.games;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "train: %.0f s: parcheesi %d, ludo %d of %d games\n", s, done[0].load(), done[1].load(), a.t.games);
    if (finished) break;
  }
  for (auto& t : threads)
    if (t.joinable()) t.join();
  // The history: the built-in weights' when some of them are kept, then this run.
  std::string header = a.resume || a.board != "both" ? std::string(analysis::neural_history()) + "\n" : "";
  header += command_of(a) + "\nTD(lambda) self-play at 0-ply, 2-4 players in turn:";
  for (int b = 0; b < 2; ++b) {
    if (!train[static_cast<std::size_t>(b)]) continue;
    const std::string line = " " + std::string(analysis::training_profile(b == 1)) + " " + std::to_string(a.t.games) +
                             " games (" + std::to_string(positions[static_cast<std::size_t>(b)]) + " positions)";
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
  sub->add_option("--games", a->t.games, "Self-play games per board")->capture_default_str()->check(CLI::Range(1, 100000000));
  sub->add_option("--seed", a->t.seed, "Seed of the dice and the starting weights")->capture_default_str();
  sub->add_option("--hidden", a->t.hidden, "Hidden units")->capture_default_str()->check(CLI::Range(1, 1024));
  sub->add_option("--alpha", a->t.alpha, "Learning rate")->capture_default_str()->check(CLI::Range(1e-6, 10.0));
  sub->add_option("--lambda", a->t.lambda, "TD lambda")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  sub->add_option("--board", a->board, "The boards trained (the other keeps this ppn's net)")
      ->capture_default_str()
      ->check(CLI::IsMember({"both", "parcheesi", "ludo"}));
  sub->add_flag("--continue", a->resume,
                "Train on from this ppn's weights (its history first in the file written; give another --seed)");
  sub->add_option("-o,--output", a->output, "The weights source to write (analysis/neural_weights.inc)")->required();
  sub->callback([a, &exit_code]() { exit_code = run_train(*a); });
}

}  // namespace ppn::cli
