// Plackett-Luce ratings (analysis/rating.hpp): the fit against the model's likelihood written
// out here on its own (its maximum and its curvature), and a closed form with two players.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "analysis/rating.hpp"

using namespace ppn::analysis;

namespace {

// The log-likelihood rating.hpp describes, at log-strengths `th`: every place a choice among the
// seats not yet placed, and every player one virtual win and one virtual loss against a
// reference of log-strength 0.
double log_likelihood(const std::vector<double>& th, const std::vector<RatedGame>& games) {
  double ll = 0;
  for (const auto& g : games)
    for (int k = 0; k < g.ranked; ++k) {
      double sum = 0;
      for (std::size_t j = static_cast<std::size_t>(k); j < g.seats.size(); ++j) sum += std::exp(th[static_cast<std::size_t>(g.seats[j])]);
      ll += th[static_cast<std::size_t>(g.seats[static_cast<std::size_t>(k)])] - std::log(sum);
    }
  for (double t : th) ll += t - 2 * std::log(std::exp(t) + 1);
  return ll;
}

}  // namespace

TEST_CASE("ratings: two players, Bradley-Terry in closed form", "[analysis][rate]") {
  // A beat B 6 times, B beat A 2 times: two-seat games, where Plackett-Luce is Bradley-Terry.
  // Its maximum likelihood solves Zermelo's equations: each player's wins = the sum over its
  // comparisons of its chance to win them (here with the reference's virtual games).
  std::vector<RatedGame> games;
  for (int i = 0; i < 6; ++i) games.push_back({{0, 1}, 1, {}});
  for (int i = 0; i < 2; ++i) games.push_back({{1, 0}, 1, {}});
  const Ratings r = plackett_luce(2, games);
  REQUIRE(r.converged);
  const double a = r.strength[0], b = r.strength[1];
  const double p_ab = 1 / (1 + std::exp(b - a));         // A over B
  const double p_a_ref = 1 / (1 + std::exp(-a)), p_b_ref = 1 / (1 + std::exp(-b));
  // Player A: 6 wins against B plus 1 virtual win = 8 p_ab + 2 p_a_ref.
  CHECK(6 + 1 == Approx(8 * p_ab + 2 * p_a_ref).margin(1e-8));
  CHECK(2 + 1 == Approx(8 * (1 - p_ab) + 2 * p_b_ref).margin(1e-8));
  CHECK(a > 0);
  CHECK(b < 0);
}

TEST_CASE("ratings: the fit is the likelihood's maximum and its errors its curvature", "[analysis][rate]") {
  // Three players, four-seat and two-seat games, one played on to a second place.
  std::vector<RatedGame> games = {{{0, 1, 2}, 1, {}}, {{0, 2, 1}, 2, {}}, {{1, 0}, 1, {}},  {{2, 1, 0}, 1, {}},
                                  {{0, 1}, 1, {}},    {{1, 2}, 1, {}},    {{0, 2, 1}, 1, {}}, {{2, 0}, 1, {}}};
  const Ratings r = plackett_luce(3, games);
  REQUIRE(r.converged);
  const std::size_t n = 3;
  const double h = 1e-4;
  // The gradient vanishes at the fit.
  for (std::size_t i = 0; i < n; ++i) {
    auto up = r.strength, down = r.strength;
    up[i] += h, down[i] -= h;
    CHECK((log_likelihood(up, games) - log_likelihood(down, games)) / (2 * h) == Approx(0).margin(1e-6));
  }
  // The standard errors: the square roots of the inverse observed information's diagonal, with
  // the information (minus the Hessian) from finite differences.
  double H[3][3];
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      auto f = [&](double di, double dj) {
        auto t = r.strength;
        t[i] += di, t[j] += dj;
        return log_likelihood(t, games);
      };
      H[i][j] = -(f(h, h) - f(h, -h) - f(-h, h) + f(-h, -h)) / (4 * h * h);
    }
  // Inverse of the 3x3 by cofactors.
  const double det = H[0][0] * (H[1][1] * H[2][2] - H[1][2] * H[2][1]) - H[0][1] * (H[1][0] * H[2][2] - H[1][2] * H[2][0]) +
                     H[0][2] * (H[1][0] * H[2][1] - H[1][1] * H[2][0]);
  REQUIRE(det > 0);
  const double inv_diag[3] = {(H[1][1] * H[2][2] - H[1][2] * H[2][1]) / det, (H[0][0] * H[2][2] - H[0][2] * H[2][0]) / det,
                              (H[0][0] * H[1][1] - H[0][1] * H[1][0]) / det};
  for (std::size_t i = 0; i < n; ++i) CHECK(r.se[i] == Approx(std::sqrt(inv_diag[i])).epsilon(1e-3));
}
