// Calibration of a winning-chance estimate (see calibration.hpp).
#include "analysis/calibration.hpp"

#include <algorithm>

namespace ppn::analysis {

void Calibration::add(double p, double won, int n, int seats) {
  // Of n outcomes, won * n are 1 and the rest 0: sum (p - o)^2 = n ((p - won)^2 + won (1 - won)).
  const double spread = won * (1 - won);
  squared += n * ((p - won) * (p - won) + spread);
  error += n * (p - won) * (p - won);
  const double u = 1.0 / seats;
  base += n * ((u - won) * (u - won) + spread);
  games += n;
  Decile& d = deciles[static_cast<std::size_t>(std::clamp(static_cast<int>(p * 10), 0, 9))];
  d.weight += n;
  d.predicted += n * p;
  d.observed += n * won;
}

}  // namespace ppn::analysis
