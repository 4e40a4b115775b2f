// The fitted evaluator (analysis/README.md "Fitted evaluator"): each seat's winning chance as
// a conditional logit over features of the position, P(seat i wins) = exp(w . f_i) / sum over
// the seats in play of exp(w . f_j), one weight vector per board and number of players,
// fitted by maximum likelihood on self-play positions with their outcomes
// (evaluator_training.hpp; the weights are in fitted_weights.inc, written by `ppn bench
// evaluator --train -o analysis/fitted_weights.inc`).
//
//   SeatFeatures f = seat_features(game, race_estimate);     // the features of every seat in play
//   const FittedModel* m = fitted_model(g.ludo, f.n);        // null: no model for the board/players
//   WinProbs w = fitted_estimate(f, *m);
#pragma once

#include <array>
#include <string_view>

#include "analysis/evaluator.hpp"
#include "rules/game.hpp"

namespace ppn::analysis {

inline constexpr int kFeatures = 26;
// The features' names, in order (for the generated weights file and the README).
extern const std::array<std::string_view, kFeatures> kFeatureNames;

// Features of the seats in play, in turn order from the one to move.
struct SeatFeatures {
  int n = 0;                                            // seats in play
  std::array<int, 4> seat{};                            // engine seats, in turn order from the mover
  std::array<std::array<double, kFeatures>, 4> f{};     // f[i]: the features of seat[i]
};
// `race`: the race estimate of the same game (Evaluator::race), itself a feature.
SeatFeatures seat_features(const rules::Game& game, const WinProbs& race);

struct FittedModel {
  bool ludo = false;  // the board: Ludo's 52-square track, else the Parcheesi board
  int players = 4;    // seats in play
  std::array<double, kFeatures> w{};
};
// The model of the repository's weights for the board and players; null when none.
const FittedModel* fitted_model(bool ludo, int players);
// The winning chances by the model (an array by engine seat, as WinProbs).
WinProbs fitted_estimate(const SeatFeatures& f, const FittedModel& m);

}  // namespace ppn::analysis
