#include "cli/bench_evaluator.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "analysis/calibration.hpp"
#include "analysis/charts.hpp"
#include "analysis/evaluator_training.hpp"
#include "cli/bench_command.hpp"
#include "cli/output.hpp"

namespace ppn::cli {

namespace {

struct BenchEvaluatorArgs {
  analysis::SelfplayConfig cfg{.variant = "hasbro-2001", .options = {}, .players = 4, .seed = 1000};  // held apart from the seeds of the fits (99, 5000)
  int games = 20;
  int every = 10;      // a position every this many rolls
  int playouts = 32;   // games played on from each position
  std::string output;  // the calibration chart (SVG), or with --train the weights file
  bool train = false;
  analysis::TrainingConfig training;
};

void print_calibration(const char* name, const analysis::Calibration& cal, int players) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "  %-15s Brier %.4f  (ratio to 1/%d: %.3f)  distance to the share won %.4f (rms %.1f points)\n",
                name, cal.brier(), players, cal.base_brier() > 0 ? cal.brier() / cal.base_brier() : 0.0, cal.mean_error(),
                100 * std::sqrt(cal.mean_error()));
  std::cout << buf;
}

// The largest |estimate - won| over the deciles, in points.
double worst_decile(const analysis::Calibration& cal) {
  double worst = 0;
  for (const auto& d : cal.deciles)
    if (d.weight > 0) worst = std::max(worst, 100 * std::abs(d.predicted - d.observed) / d.weight);
  return worst;
}

int run_bench_evaluator(const BenchEvaluatorArgs& a) {
  std::optional<io::OutputFile> out;
  if (!a.output.empty() && !(out = open_output("bench evaluator", a.output, {}, SameAsInput::refuse))) return 2;
  BenchTimer t;
  auto measured = analysis::measure_calibration(a.cfg, a.games, a.every, a.playouts);
  if (auto* err = std::get_if<std::string>(&measured)) {
    std::cerr << "bench evaluator: " << *err << "\n";
    return 2;
  }
  const auto& m = std::get<analysis::EvaluatorCalibration>(measured);
  const analysis::Calibration &race = m.race, &fitted = m.fitted;
  const std::size_t positions = m.positions;
  char buf[300];
  std::snprintf(buf, sizeof buf,
                "bench evaluator: variant %s, %d players, %zu positions of %d self-play games (seed %llu, every %d "
                "rolls), each played on %d times by the greedy policy (%.1f s)\n",
                a.cfg.variant.c_str(), a.cfg.players, positions, a.games, static_cast<unsigned long long>(a.cfg.seed),
                a.every, a.playouts, t.seconds());
  std::cout << buf;
  print_calibration("race estimate", race, a.cfg.players);
  print_calibration("fitted", fitted, a.cfg.players);
  std::snprintf(buf, sizeof buf,
                "  baseline: 1/%d for every seat  Brier %.4f\n  fitted / race estimate: Brier ratio %.3f, distance ratio %.3f\n",
                a.cfg.players, race.base_brier(), race.brier() > 0 ? fitted.brier() / race.brier() : 0.0,
                race.mean_error() > 0 ? fitted.mean_error() / race.mean_error() : 0.0);
  std::cout << buf << "  decile     race: seats  estimate    won   fitted: seats  estimate    won\n";
  for (std::size_t d = 0; d < race.deciles.size(); ++d) {
    const auto& r = race.deciles[d];
    const auto& f = fitted.deciles[d];
    if (r.weight == 0 && f.weight == 0) continue;
    std::snprintf(buf, sizeof buf, "  %3zu-%3zu%%  %11.0f  %7.1f%% %6.1f%%  %13.0f  %7.1f%% %6.1f%%\n", d * 10, d * 10 + 10,
                  r.weight / a.playouts, r.weight ? 100 * r.predicted / r.weight : 0.0,
                  r.weight ? 100 * r.observed / r.weight : 0.0, f.weight / a.playouts,
                  f.weight ? 100 * f.predicted / f.weight : 0.0, f.weight ? 100 * f.observed / f.weight : 0.0);
    std::cout << buf;
  }
  std::snprintf(buf, sizeof buf, "  largest decile deviation: race estimate %.1f points, fitted %.1f points\n",
                worst_decile(race), worst_decile(fitted));
  std::cout << buf;
  if (!out) return 0;
  out->stream() << analysis::calibration_chart({{"race estimate", &race}, {"fitted", &fitted}},
                                               "Calibration: " + a.cfg.variant + ", " + std::to_string(a.cfg.players) +
                                                   " players (" + std::to_string(positions) + " positions)");
  return finish_output("bench evaluator", *out);
}

// The boards and player counts the repository's weights cover.
constexpr std::pair<const char*, int> kTrained[] = {{"hasbro-2001", 2}, {"hasbro-2001", 3}, {"hasbro-2001", 4},
                                                    {"ludo", 2},        {"ludo", 3},        {"ludo", 4}};

int run_train(const BenchEvaluatorArgs& a) {
  if (a.output.empty() || a.output == "-") {
    std::cerr << "bench evaluator: --train needs -o FILE (the weights source, analysis/fitted_weights.inc)\n";
    return 2;
  }
  auto out = open_output("bench evaluator", a.output, {}, SameAsInput::refuse);
  if (!out) return 2;
  std::vector<analysis::FittedModel> models;
  for (const auto& [variant, players] : kTrained) {
    BenchTimer t;
    analysis::TrainingConfig tc = a.training;
    tc.variant = variant;
    tc.players = players;
    auto samples = analysis::training_samples(tc);
    if (auto* err = std::get_if<std::string>(&samples)) {
      std::cerr << "bench evaluator: " << *err << "\n";
      return 2;
    }
    const auto& s = std::get<std::vector<analysis::TrainingSample>>(samples);
    const auto m = analysis::fit_model(s, variant == std::string("ludo"), players);
    analysis::FittedModel race_only{m.ludo, players, {}};
    race_only.w[0] = 1;  // the race estimate itself
    char buf[300];
    std::snprintf(buf, sizeof buf, "train: %s, %d players: %zu positions of %d games; mean log-likelihood %.4f (race estimate %.4f) (%.1f s)\n",
                  variant, players, s.size(), tc.games, analysis::mean_log_likelihood(s, m),
                  analysis::mean_log_likelihood(s, race_only), t.seconds());
    std::cout << buf << std::flush;
    models.push_back(m);
  }
  out->stream() << analysis::weights_source(
      models, "ppn bench evaluator --train --train-games " + std::to_string(a.training.games) + " --train-seed " +
                  std::to_string(a.training.seed) + " --train-every " + std::to_string(a.training.every) + " -o FILE");
  return finish_output("bench evaluator", *out);
}

}  // namespace

void add_bench_evaluator(CLI::App& bench, int& exit_code) {
  auto a = std::make_shared<BenchEvaluatorArgs>();
  auto* sub = bench.add_subcommand(
      "evaluator", "The race estimate's and the fitted evaluator's Brier score and calibration vs games played on; --train fits the evaluator");
  sub->add_option("--games", a->games, "Held-apart self-play games")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_option("--every", a->every, "A position every this many rolls")->capture_default_str()->check(CLI::Range(1, 10000));
  sub->add_option("--playouts", a->playouts, "Games played on from each position")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("-o,--output", a->output, "The calibration chart (SVG); with --train the weights source to write");
  sub->add_flag("--train", a->train,
                "Fit the evaluator (hasbro-2001 and ludo, 2-4 players) on self-play and write its weights to -o "
                "(analysis/fitted_weights.inc)");
  sub->add_option("--train-games", a->training.games, "Self-play games per board and player count (--train)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  sub->add_option("--train-seed", a->training.seed, "Self-play seed of the training games (--train)")->capture_default_str();
  sub->add_option("--train-every", a->training.every, "A training position every this many rolls (--train)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  sub->callback([a, &exit_code]() { exit_code = a->train ? run_train(*a) : run_bench_evaluator(*a); });
}

}  // namespace ppn::cli
