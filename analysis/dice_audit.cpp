// Dice-fairness audit (see dice_audit.hpp).
#include "analysis/dice_audit.hpp"

#include <algorithm>
#include <boost/math/special_functions/gamma.hpp>
#include <cstdio>

namespace ppn::analysis {

namespace {

std::string fmt(const char* f, double a, double b = 0, double c = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, f, a, b, c);
  return buf;
}

// A chi-square goodness-of-fit test of observed counts against expected ones.
AuditTest chi_test(std::string name, const std::int64_t* obs, const double* expected, int cells, std::int64_t n) {
  AuditTest t;
  t.name = std::move(name);
  t.n = n;
  t.df = cells - 1;
  double x = 0, min_e = 1e300;
  for (int i = 0; i < cells; ++i) {
    min_e = std::min(min_e, expected[i]);
    if (expected[i] > 0) x += (obs[i] - expected[i]) * (obs[i] - expected[i]) / expected[i];
  }
  t.statistic = x;
  t.enough = n > 0 && min_e >= 5.0;
  t.p = t.enough ? chi_square_p(x, t.df) : 1.0;
  return t;
}

AuditTest proportion(std::string name, std::int64_t hits, std::int64_t n, double q) {
  const std::int64_t obs[2] = {hits, n - hits};
  const double e[2] = {q * static_cast<double>(n), (1 - q) * static_cast<double>(n)};
  AuditTest t = chi_test(std::move(name), obs, e, 2, n);
  t.observed = std::to_string(hits) + " of " + std::to_string(n) +
               (n ? fmt(" (%.1f%%), expected %.1f%%", 100.0 * static_cast<double>(hits) / static_cast<double>(n), 100 * q)
                  : std::string());
  return t;
}

AuditTest streak(std::string name, int len, std::int64_t n, double q, double expected_frac) {
  AuditTest t;
  t.name = std::move(name);
  t.n = n;
  t.statistic = len;
  t.df = 0;
  t.enough = n >= 30;
  t.p = t.enough ? run_at_least_p(n, len, q) : 1.0;
  (void)expected_frac;
  t.observed = "longest " + std::to_string(len) + " in " + std::to_string(n) + " throws";
  return t;
}

}  // namespace

void DiceSample::add(int d1, int d2) {
  ++rolls;
  if (d1 >= 1 && d1 <= 6) ++faces[static_cast<std::size_t>(d1)];
  if (d2 == 0) return;
  if (d2 >= 1 && d2 <= 6) ++faces[static_cast<std::size_t>(d2)];
  if (d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6) return;
  ++two_dice_rolls;
  ++pairs[static_cast<std::size_t>(d1)][static_cast<std::size_t>(d2)];
  if (d1 == d2) {
    ++doublets;
    longest_doublets = std::max(longest_doublets, ++run_doublets);
  } else {
    run_doublets = 0;
  }
  if (d1 == 5 || d2 == 5) {
    ++with_five;
    run_no_five = 0;
  } else {
    longest_no_five = std::max(longest_no_five, ++run_no_five);
  }
}

std::int64_t DiceSample::dice() const {
  std::int64_t n = 0;
  for (int f = 1; f <= 6; ++f) n += faces[static_cast<std::size_t>(f)];
  return n;
}

double chi_square_p(double x, int df) {
  if (df <= 0) return 1.0;
  if (x <= 0) return 1.0;
  return boost::math::gamma_q(df / 2.0, x / 2.0);
}

double run_at_least_p(std::int64_t n, int len, double q) {
  if (len <= 0) return 1.0;
  if (n < len) return 0.0;
  // state[r]: probability of no run of `len` so far and a current run of r successes.
  std::vector<double> state(static_cast<std::size_t>(len), 0.0), next(state.size());
  state[0] = 1.0;
  for (std::int64_t i = 0; i < n; ++i) {
    double sum = 0;
    for (double v : state) sum += v;
    std::fill(next.begin(), next.end(), 0.0);
    next[0] = (1 - q) * sum;
    for (int r = 0; r + 1 < len; ++r) next[static_cast<std::size_t>(r + 1)] = q * state[static_cast<std::size_t>(r)];
    state.swap(next);
  }
  double none = 0;
  for (double v : state) none += v;
  return std::clamp(1.0 - none, 0.0, 1.0);
}

AuditReport audit(const DiceSample& s) {
  AuditReport r;
  const std::int64_t dice = s.dice();
  {
    double e[6];
    for (double& v : e) v = static_cast<double>(dice) / 6.0;
    AuditTest t = chi_test("faces", &s.faces[1], e, 6, dice);
    for (int f = 1; f <= 6; ++f)
      t.observed += (f > 1 ? " " : "") + std::to_string(f) + ":" + std::to_string(s.faces[static_cast<std::size_t>(f)]);
    t.observed += fmt(" (expected %.1f each)", static_cast<double>(dice) / 6.0);
    r.tests.push_back(std::move(t));
  }
  if (s.two_dice_rolls > 0) {
    std::int64_t obs[36];
    double e[36];
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b) {
        obs[(a - 1) * 6 + b - 1] = s.pairs[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
        e[(a - 1) * 6 + b - 1] = static_cast<double>(s.two_dice_rolls) / 36.0;
      }
    AuditTest t = chi_test("pairs", obs, e, 36, s.two_dice_rolls);
    t.observed = "36 ordered pairs" + fmt(", expected %.1f each", static_cast<double>(s.two_dice_rolls) / 36.0);
    r.tests.push_back(std::move(t));
    r.tests.push_back(proportion("doublets", s.doublets, s.two_dice_rolls, 1.0 / 6.0));
    r.tests.push_back(proportion("fives", s.with_five, s.two_dice_rolls, 11.0 / 36.0));
    r.tests.push_back(streak("no-five streak", s.longest_no_five, s.two_dice_rolls, 25.0 / 36.0, 0));
    r.tests.push_back(streak("doublet streak", s.longest_doublets, s.two_dice_rolls, 1.0 / 6.0, 0));
  }
  const AuditTest* worst = nullptr;
  for (const auto& t : r.tests) {
    if (!t.enough) continue;
    r.enough = true;
    if (!worst || t.p < worst->p) worst = &t;
  }
  const std::string sample = std::to_string(s.rolls) + (s.rolls == 1 ? " throw" : " throws") + ", " +
                             std::to_string(dice) + " dice";
  if (!r.enough) {
    r.verdict = "too few throws to judge (" + sample + "; the faces test needs 30 dice)";
  } else if (worst->p < kAuditAlpha) {
    r.suspicious = true;
    r.verdict = "NOT consistent with fair dice: " + worst->name + " test p = " + fmt("%.2g", worst->p) + " < " +
                fmt("%g", kAuditAlpha) + " (" + sample + ")";
  } else {
    r.verdict = "consistent with fair dice (" + sample + "; smallest p = " + fmt("%.3g", worst->p) + ", " +
                worst->name + " test)";
  }
  return r;
}

}  // namespace ppn::analysis
