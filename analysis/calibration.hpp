// Calibration of a winning-chance estimate against outcomes (analysis/README.md "Evaluator
// calibration", `ppn bench evaluator`): the Brier score and a table by decile of the estimate,
// each decile's deviation with its standard error over independent games.
//
//   Calibration game;                 // the seats of one game (one cluster)
//   game.add(0.31, 0.25, 32, 4);      // estimate 0.31; the seat won 25% of 32 games played on
//   Calibration all;
//   all.add_game(game);               // every game's seats, one cluster each
//   all.brier(), all.deciles[k].deviation.value() (share won - estimate), .se()
#pragma once

#include <array>

namespace ppn::analysis {

// A ratio of sums over independent clusters (games), sum e_g / sum w_g, with its standard
// error: the cluster-robust (sandwich) estimate, the ratio linearised, with the small-sample
// factor G / (G - 1): var = G / (G - 1) sum_g (e_g - ratio w_g)^2 / (sum_g w_g)^2.
struct ClusteredRatio {
  double clusters = 0, e = 0, w = 0, ee = 0, ew = 0, ww = 0;
  void add(double e_g, double w_g);
  double value() const { return w > 0 ? e / w : 0.0; }
  double se() const;  // negative when fewer than two clusters were added
};

struct Calibration {
  struct Decile {
    double weight = 0, predicted = 0, observed = 0;  // sums (weighted by games played on)
    double seats = 0;                                // seats counted
    // observed - predicted over weight, by the games added by add_game (clusters)
    ClusteredRatio deviation;
  };
  double games = 0;       // outcomes counted
  double squared = 0;     // sum of (estimate - outcome)^2 over them
  double base = 0;        // the same for the estimate 1/seats
  double error = 0;       // sum of n (estimate - share won)^2: the part of `squared` the estimate
                          // can change (the rest is the outcomes' own variance)
  double excess = 0;      // sum of n ((estimate - share won)^2 - share won (1 - share won) / (n - 1)):
                          // `error` less the share's own sampling noise (unbiased for the squared
                          // distance to the true chance)
  std::array<Decile, 10> deciles{};

  // An estimate `p` for a seat of `seats` playing; of `n` games played on, the seat won
  // the fraction `won`.
  void add(double p, double won, int n, int seats);
  // Adds the seats of one independent game (their sums; the game is one cluster of the
  // deciles' standard errors: a game's positions are not independent of each other).
  void add_game(const Calibration& game);
  double brier() const { return games ? squared / games : 0.0; }
  double base_brier() const { return games ? base / games : 0.0; }
  // Mean squared distance between the estimate and the share of the games played on it won.
  double mean_error() const { return games ? error / games : 0.0; }
  // The same less its sampling noise: the mean squared distance to the true winning chance
  // (an unbiased estimate; it can come out slightly negative). Needs n >= 2 games played on.
  double mean_excess() const { return games ? excess / games : 0.0; }
};

}  // namespace ppn::analysis
