// Calibration of a winning-chance estimate (see calibration.hpp).
#include "analysis/calibration.hpp"

#include <algorithm>
#include <cmath>

namespace ppn::analysis {

void Calibration::add(double p, double won, int n, int seats) {
  // Of n outcomes, won * n are 1 and the rest 0: sum (p - o)^2 = n ((p - won)^2 + won (1 - won)).
  const double spread = won * (1 - won);
  squared += n * ((p - won) * (p - won) + spread);
  error += n * (p - won) * (p - won);
  // E[(p - won)^2] = (p - q)^2 + q (1 - q) / n and E[won (1 - won)] = q (1 - q) (n - 1) / n.
  if (n > 1) excess += n * ((p - won) * (p - won) - spread / (n - 1));
  const double u = 1.0 / seats;
  base += n * ((u - won) * (u - won) + spread);
  games += n;
  Decile& d = deciles[static_cast<std::size_t>(std::clamp(static_cast<int>(p * 10), 0, 9))];
  d.weight += n;
  d.predicted += n * p;
  d.observed += n * won;
  d.seats += 1;
}

void Calibration::add_game(const Calibration& game) {
  games += game.games;
  squared += game.squared;
  base += game.base;
  error += game.error;
  excess += game.excess;
  for (std::size_t k = 0; k < deciles.size(); ++k) {
    const Decile& g = game.deciles[k];
    Decile& d = deciles[k];
    d.weight += g.weight;
    d.predicted += g.predicted;
    d.observed += g.observed;
    d.seats += g.seats;
    if (g.weight > 0) d.deviation.add(g.observed - g.predicted, g.weight);
  }
}

void ClusteredRatio::add(double e_g, double w_g) {
  clusters += 1;
  e += e_g;
  w += w_g;
  ee += e_g * e_g;
  ew += e_g * w_g;
  ww += w_g * w_g;
}

double ClusteredRatio::se() const {
  if (clusters < 2 || w <= 0) return -1;
  const double r = value();
  const double s = std::max(0.0, ee - 2 * r * ew + r * r * ww);
  return std::sqrt(clusters / (clusters - 1) * s) / w;
}

}  // namespace ppn::analysis
