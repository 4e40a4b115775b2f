#include "cli/bench_evaluator.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "analysis/calibration.hpp"
#include "analysis/evaluator.hpp"
#include "analysis/selfplay.hpp"
#include "cli/bench_command.hpp"
#include "replay/replayer.hpp"

namespace ppn::cli {

namespace {

struct BenchEvaluatorArgs {
  analysis::SelfplayConfig cfg{.seed = 1000};  // held apart from the seeds the estimate was fitted on
  int games = 20;
  int every = 10;      // a position every this many rolls
  int playouts = 32;   // games played on from each position
};

int run_bench_evaluator(const BenchEvaluatorArgs& a) {
  auto made = analysis::make_selfplay(a.cfg);
  if (auto* err = std::get_if<std::string>(&made)) {
    std::cerr << "bench evaluator: " << *err << "\n";
    return 2;
  }
  const auto& sp = std::get<analysis::Selfplay>(made);
  replay::ReplayConfig rc;
  rc.variant = a.cfg.variant;
  rc.options = a.cfg.options;
  analysis::Calibration cal;
  std::size_t positions = 0;
  BenchTimer t;
  for (int i = 0; i < a.games; ++i) {
    const Game g = sp.play_game(static_cast<std::uint64_t>(i));
    const auto rules = replay::rules_for_game(g, rc);
    // Played on to the end by the greedy policy (horizon 0), each position on its own dice.
    const analysis::Evaluator ev(rules.options, {.rollouts = a.playouts, .horizon = 0, .seed = a.cfg.seed});
    replay::replay_game(g, rc, [&](const replay::RollEvent& e) {
      if (e.roll_index % a.every != 0 || e.before.ranking_len > 0) return;
      ++positions;
      const analysis::WinProbs est = ev.race(e.before);
      std::array<double, 4> won{};
      for (int k = 0; k < a.playouts; ++k) {
        const analysis::WinProbs r = ev.rollout_one(e.before, static_cast<std::uint64_t>(i) * 100003u + e.roll_index, k);
        for (int s = 0; s < 4; ++s) won[static_cast<std::size_t>(s)] += r.p[static_cast<std::size_t>(s)] / a.playouts;
      }
      for (int s = 0; s < 4; ++s)
        if (e.before.pos.seat_present(s))
          cal.add(est.p[static_cast<std::size_t>(s)], won[static_cast<std::size_t>(s)], a.playouts, a.cfg.players);
    });
  }
  char buf[300];
  std::snprintf(buf, sizeof buf,
                "bench evaluator: variant %s, %d players, %zu positions of %d self-play games (seed %llu, every %d "
                "rolls), each played on %d times by the greedy policy (%.1f s)\n",
                a.cfg.variant.c_str(), a.cfg.players, positions, a.games, static_cast<unsigned long long>(a.cfg.seed),
                a.every, a.playouts, t.seconds());
  std::cout << buf;
  std::snprintf(buf, sizeof buf, "  race estimate  Brier %.4f\n  baseline: 1/%d for every seat  Brier %.4f  (ratio %.2f)\n",
                cal.brier(), a.cfg.players, cal.base_brier(), cal.base_brier() > 0 ? cal.brier() / cal.base_brier() : 0.0);
  std::cout << buf << "  decile     seats   estimate   won\n";
  for (std::size_t d = 0; d < cal.deciles.size(); ++d) {
    const auto& b = cal.deciles[d];
    if (b.weight == 0) continue;
    std::snprintf(buf, sizeof buf, "  %3zu-%3zu%%  %7.0f   %6.1f%%   %6.1f%%\n", d * 10, d * 10 + 10, b.weight / a.playouts,
                  100 * b.predicted / b.weight, 100 * b.observed / b.weight);
    std::cout << buf;
  }
  return 0;
}

}  // namespace

void add_bench_evaluator(CLI::App& bench, int& exit_code) {
  auto a = std::make_shared<BenchEvaluatorArgs>();
  auto* sub = bench.add_subcommand("evaluator", "The race estimate's Brier score and calibration by decile vs games played on");
  sub->add_option("--games", a->games, "Held-apart self-play games")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_option("--every", a->every, "A position every this many rolls")->capture_default_str()->check(CLI::Range(1, 10000));
  sub->add_option("--playouts", a->playouts, "Games played on from each position")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->callback([a, &exit_code]() { exit_code = run_bench_evaluator(*a); });
}

}  // namespace ppn::cli
