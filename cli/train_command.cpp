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
};

// The command that writes the same file, for its header.
std::string command_of(const TrainArgs& a) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "ppn train --games %d --seed %llu --hidden %d --alpha %g --lambda %g -o FILE", a.t.games,
                static_cast<unsigned long long>(a.t.seed), a.t.hidden, a.t.alpha, a.t.lambda);
  return buf;
}

int run_train(const TrainArgs& a) {
  auto out = open_output("train", a.output, {}, SameAsInput::refuse);
  if (!out) return 2;
  // The two boards train side by side, one thread each: each is one thread's work, so the
  // weights do not depend on the threads' timing.
  std::array<analysis::NeuralNet, 2> nets{analysis::NeuralNet::random(rules::kParcheesi68, a.t.hidden, a.t.seed),
                                          analysis::NeuralNet::random(rules::kLudo52, a.t.hidden, a.t.seed)};
  std::array<long, 2> positions{};
  std::array<std::atomic<int>, 2> done{};
  const auto start = std::chrono::steady_clock::now();
  std::array<std::thread, 2> threads;
  for (int b = 0; b < 2; ++b)
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
  for (auto& t : threads) t.join();
  char buf[300];
  std::snprintf(buf, sizeof buf,
                "%s\nTD(lambda) self-play at 0-ply, 2-4 players in turn: %s %d games (%ld positions), %s %d games "
                "(%ld positions).",
                command_of(a).c_str(), analysis::training_profile(false), a.t.games, positions[0],
                analysis::training_profile(true), a.t.games, positions[1]);
  out->stream() << analysis::net_source(nets[0], nets[1], buf);
  std::printf("train: %s: %ld positions; %s: %ld positions\n", analysis::training_profile(false), positions[0],
              analysis::training_profile(true), positions[1]);
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
  sub->add_option("-o,--output", a->output, "The weights source to write (analysis/neural_weights.inc)")->required();
  sub->callback([a, &exit_code]() { exit_code = run_train(*a); });
}

}  // namespace ppn::cli
