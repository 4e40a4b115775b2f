// Training and measuring the fitted evaluator (analysis/README.md "Fitted evaluator"): positions of
// self-play games, each labelled with the winner of one game played on from it to the end by
// the greedy policy, and a conditional-logit fit of the weights by Newton's method.
//
//   auto samples = training_samples({.players = 4, .seed = 5000, .games = 1000});   // Result<...>
//   FittedModel m = fit_model(*samples, false, 4);
//   std::string source = weights_source({m, ...}, "ppn bench evaluator --train ...");
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/calibration.hpp"
#include "analysis/fitted_evaluator.hpp"
#include "analysis/selfplay.hpp"
#include "notation/result.hpp"

namespace ppn::analysis {

struct TrainingConfig {
  std::string variant{rules::kDefaultParcheesiProfile};
  int players = 4;
  std::uint64_t seed = 5000;  // held apart from the bench's positions (seed 1000)
  int games = 2000;           // self-play games (ppn selfplay's bots) per board and player count
  int every = 5;              // a position every this many rolls
  int threads = 0;            // games played on this many threads (0: every core); the samples
                              // are the same for any number
};

struct TrainingSample {
  SeatFeatures f;
  int winner = 0;  // index into f.seat
};

// The labelled positions (deterministic for the config); E-ARGUMENT for an unusable config.
Result<std::vector<TrainingSample>> training_samples(const TrainingConfig& cfg);

// Maximum likelihood with an L2 penalty `l2` / 2 |w|^2 (Newton's method with step halving,
// from w = 0, until no weight moves by 1e-10).
FittedModel fit_model(const std::vector<TrainingSample>& samples, bool ludo, int players, double l2 = 1.0);

// Mean log-likelihood of the winners under the model (for reports).
double mean_log_likelihood(const std::vector<TrainingSample>& samples, const FittedModel& m);

// Both evaluators against games played on (`ppn bench evaluator`, the test): from held-apart
// self-play games of `cfg` (games 0 .. games-1), a position every `every` rolls, each seat's
// race and fitted estimates against the share of `playouts` games played on from the position
// to the end by the greedy policy (each on its own dice) that the seat won. Each game is one
// cluster of the standard errors. Games run on `threads` threads (0: every core), with the
// same figures for any number.
// `policy` plays the games played on (Policy::net: the neural evaluator at 0-ply, the new bot
// itself); the neural evaluator is measured beside the others where one was trained.
struct EvaluatorCalibration {
  std::size_t positions = 0;
  Calibration race, fitted, net;  // net: empty where no net was trained for the board
  // The fitted Brier score minus the race estimate's, and the net's minus the fitted's, paired
  // seat by seat, with their standard errors over the games.
  ClusteredRatio brier_difference, net_vs_fitted;
};
// E-ARGUMENT for an unusable config.
Result<EvaluatorCalibration> measure_calibration(const SelfplayConfig& cfg, int games, int every, int playouts,
                                                 int threads = 0, Policy policy = Policy::greedy);

// The text of analysis/fitted_weights.inc for the models; `command` is the line that made it.
std::string weights_source(const std::vector<FittedModel>& models, const std::string& command);

}  // namespace ppn::analysis
