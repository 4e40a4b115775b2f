// Calibration of a winning-chance estimate against outcomes (analysis/README.md "Evaluator
// calibration", `ppn bench evaluator`): the Brier score and a table by decile of the estimate.
//
//   Calibration c;
//   c.add(0.31, 0.25, 32);      // estimate 0.31; the seat won 25% of 32 games played on
//   c.brier(), c.deciles[k]
#pragma once

#include <array>

namespace ppn::analysis {

struct Calibration {
  struct Decile {
    double weight = 0, predicted = 0, observed = 0;  // sums (weighted by games)
  };
  double games = 0;       // outcomes counted
  double squared = 0;     // sum of (estimate - outcome)^2 over them
  double base = 0;        // the same for the estimate 1/seats
  double error = 0;       // sum of n (estimate - share won)^2: the part of `squared` the estimate
                          // can change (the rest is the outcomes' own variance)
  std::array<Decile, 10> deciles{};

  // An estimate `p` for a seat of `seats` playing; of `n` games played on, the seat won
  // the fraction `won`.
  void add(double p, double won, int n, int seats);
  double brier() const { return games ? squared / games : 0.0; }
  double base_brier() const { return games ? base / games : 0.0; }
  // Mean squared distance between the estimate and the share of the games played on it won.
  double mean_error() const { return games ? error / games : 0.0; }
};

}  // namespace ppn::analysis
