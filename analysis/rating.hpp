// Ratings from finishing orders: the Plackett-Luce model fitted by maximum likelihood with
// Hunter's MM algorithm (D. R. Hunter, "MM algorithms for generalized Bradley-Terry models",
// Annals of Statistics 32(1), 2004, section 5), with a standard error per player
// (analysis/README.md "Ratings", `ppn rate`).
//
//   std::vector<RatedGame> games = ...;        // players by index 0..n-1
//   Ratings r = plackett_luce(n, games);
//   r.strength[i], r.se[i]                      // log-strength, 0 = the reference player
//
// A game's seats are the players in finishing order: the first `ranked` are placed (Parcheesi
// places only the winner), the others finished unplaced, in no order. Each place is a choice
// among the seats not yet placed: P(i next) = gamma_i / sum of the gammas left.
// `win_share` (optional, one per seat, summing to 1): the first choice is counted as these
// fractional wins instead of the observed winner (the luck-adjusted fit).
// Every player also gets one virtual win and one virtual loss against a reference player of
// strength 1 (log 0): the likelihood then has a finite maximum even for a player who never won,
// and the strengths are on the reference's scale.
#pragma once

#include <vector>

namespace ppn::analysis {

struct RatedGame {
  std::vector<int> seats;        // player indices, placed ones first in finishing order
  int ranked = 0;                // how many of them are placed
  std::vector<double> win_share; // empty, or one per seat (sum 1)
};

struct Ratings {
  std::vector<double> strength;  // log gamma, by player
  std::vector<double> se;        // standard error of strength (observed information)
  int iterations = 0;
  bool converged = false;
};

Ratings plackett_luce(int players, const std::vector<RatedGame>& games, int max_iterations = 10000);

}  // namespace ppn::analysis
