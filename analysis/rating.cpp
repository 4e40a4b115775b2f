// Plackett-Luce ratings by MM (see rating.hpp).
#include "analysis/rating.hpp"

#include <algorithm>
#include <cmath>

namespace ppn::analysis {

namespace {

// One choice: `chosen` weights over the candidates (1 for the observed one; fractional shares
// for the luck-adjusted first place).
struct Stage {
  std::vector<int> among;
  std::vector<double> chosen;  // parallel to `among`
};

std::vector<Stage> stages_of(const std::vector<RatedGame>& games) {
  std::vector<Stage> out;
  for (const auto& g : games) {
    const int n = static_cast<int>(g.seats.size());
    const int places = std::min(g.ranked, n - 1);  // the last seat left is no choice
    for (int t = 0; t < places; ++t) {
      Stage s;
      s.among.assign(g.seats.begin() + t, g.seats.end());
      s.chosen.assign(s.among.size(), 0.0);
      if (t == 0 && g.win_share.size() == g.seats.size()) s.chosen = g.win_share;
      else s.chosen[0] = 1.0;
      out.push_back(std::move(s));
    }
  }
  return out;
}

// The inverse of a symmetric positive definite matrix (Gauss-Jordan; n is the player count).
std::vector<std::vector<double>> inverse(std::vector<std::vector<double>> a) {
  const std::size_t n = a.size();
  std::vector<std::vector<double>> inv(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
    std::swap(a[p], a[c]);
    std::swap(inv[p], inv[c]);
    const double d = a[c][c];
    if (d == 0) continue;
    for (std::size_t k = 0; k < n; ++k) a[c][k] /= d, inv[c][k] /= d;
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c || a[r][c] == 0) continue;
      const double f = a[r][c];
      for (std::size_t k = 0; k < n; ++k) a[r][k] -= f * a[c][k], inv[r][k] -= f * inv[c][k];
    }
  }
  return inv;
}

}  // namespace

Ratings plackett_luce(int players, const std::vector<RatedGame>& games, int max_iterations) {
  Ratings r;
  const auto n = static_cast<std::size_t>(std::max(0, players));
  std::vector<double> gamma(n, 1.0);
  const std::vector<Stage> stages = stages_of(games);
  // w_i: the choices player i won (the virtual win against the reference included).
  std::vector<double> wins(n, 1.0);
  for (const auto& s : stages)
    for (std::size_t k = 0; k < s.among.size(); ++k) wins[static_cast<std::size_t>(s.among[k])] += s.chosen[k];
  // MM (Hunter 2004, eq. 30): gamma_i <- w_i / sum over the choices i took part in of
  // (weight of the choice) / (sum of the gammas offered); the reference's two choices with i
  // add 2 / (gamma_i + 1).
  std::vector<double> denom(n);
  for (r.iterations = 1; r.iterations <= max_iterations; ++r.iterations) {
    for (std::size_t i = 0; i < n; ++i) denom[i] = 2.0 / (gamma[i] + 1.0);
    for (const auto& s : stages) {
      double sum = 0, weight = 0;
      for (std::size_t k = 0; k < s.among.size(); ++k) sum += gamma[static_cast<std::size_t>(s.among[k])], weight += s.chosen[k];
      for (int p : s.among) denom[static_cast<std::size_t>(p)] += weight / sum;
    }
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double next = wins[i] / denom[i];
      change = std::max(change, std::fabs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    if (change < 1e-10) {
      r.converged = true;
      break;
    }
  }
  // Observed information in theta = log gamma: each choice adds weight * (diag(p) - p p^T)
  // over its candidates; the reference's choices add 2 p_i (1 - p_i) to the diagonal.
  std::vector<std::vector<double>> info(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    const double p = gamma[i] / (gamma[i] + 1.0);
    info[i][i] += 2 * p * (1 - p);
  }
  for (const auto& s : stages) {
    double sum = 0, weight = 0;
    for (std::size_t k = 0; k < s.among.size(); ++k) sum += gamma[static_cast<std::size_t>(s.among[k])], weight += s.chosen[k];
    for (int a : s.among) {
      const double pa = gamma[static_cast<std::size_t>(a)] / sum;
      info[static_cast<std::size_t>(a)][static_cast<std::size_t>(a)] += weight * pa;
      for (int b : s.among) info[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] -= weight * pa * gamma[static_cast<std::size_t>(b)] / sum;
    }
  }
  const auto cov = inverse(info);
  for (std::size_t i = 0; i < n; ++i) {
    r.strength.push_back(std::log(gamma[i]));
    r.se.push_back(std::sqrt(std::max(0.0, cov[i][i])));
  }
  return r;
}

}  // namespace ppn::analysis
