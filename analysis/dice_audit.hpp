// Dice-fairness audit (methods in analysis/README.md). Reads
// only the dice of the roll lines, so it works on records whatever their legality.
//
//   DiceSample s;  for (each roll) s.add(d1, d2);     // d2 == 0: one die (Ludo)
//   AuditReport r = audit(s);
//   for (const auto& t : r.tests) ... t.name, t.statistic, t.df, t.p, t.n ...
//   r.verdict  // "consistent with fair dice ..." / "NOT consistent with fair dice: ..."
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ppn::analysis {

struct DiceSample {
  std::int64_t rolls = 0;                   // throws (one or two dice)
  std::int64_t two_dice_rolls = 0;
  std::array<std::int64_t, 7> faces{};      // faces[1..6]: every die thrown
  std::array<std::array<std::int64_t, 7>, 7> pairs{};  // pairs[d1][d2], two-dice throws, thrown order
  std::int64_t doublets = 0;
  std::int64_t with_five = 0;               // two-dice throws showing at least one 5
  int longest_no_five = 0, run_no_five = 0; // two-dice throws in a row without a 5
  int longest_doublets = 0, run_doublets = 0;

  void add(int d1, int d2);
  std::int64_t dice() const;
};

struct AuditTest {
  std::string name;        // faces, pairs, doublets, fives, no-five streak, doublet streak
  std::string observed;    // e.g. "1: 170 2: 166 ..." or "54 of 300 (18.0%), expected 16.7%"
  double statistic = 0;    // chi-square statistic; the streak length for the streak tests
  int df = 0;              // degrees of freedom (0 for the exact streak tests)
  double p = 1;            // p-value
  std::int64_t n = 0;      // sample size (dice for faces, throws otherwise)
  bool enough = false;     // the sample is large enough for the test (expected counts >= 5)
};

struct AuditReport {
  std::vector<AuditTest> tests;
  bool enough = false;     // at least one test had enough data
  bool suspicious = false; // some test with enough data has p < kAuditAlpha
  std::string verdict;     // one plain line
};

// Significance level of each test. With the six tests of a report, fair dice are flagged in
// well under 1% of samples.
inline constexpr double kAuditAlpha = 0.001;

AuditReport audit(const DiceSample& s);

// Upper tail of the chi-square distribution: P(X >= x) with `df` degrees of freedom.
double chi_square_p(double x, int df);
// P(a run of at least `len` successes in `n` Bernoulli(q) trials) (exact, by dynamic programming).
double run_at_least_p(std::int64_t n, int len, double q);

}  // namespace ppn::analysis
