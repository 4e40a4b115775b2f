// The dice-fairness audit (analysis/dice_audit.hpp): the statistics against textbook values,
// fair self-play dice pass, deliberately loaded dice fail.
#include <catch2/catch.hpp>

#include "analysis/dice_audit.hpp"
#include "analysis/rng.hpp"
#include "analysis/selfplay.hpp"

using namespace ppn;
using namespace ppn::analysis;

TEST_CASE("audit: chi-square tail and run probabilities match known values", "[analysis][audit]") {
  CHECK(chi_square_p(3.841, 1) == Approx(0.05).margin(0.0005));
  CHECK(chi_square_p(11.070, 5) == Approx(0.05).margin(0.0005));
  CHECK(chi_square_p(15.086, 5) == Approx(0.01).margin(0.0002));
  CHECK(chi_square_p(0.0, 5) == 1.0);
  // Two heads in a row among three fair flips: HHH, HHT, THH.
  CHECK(run_at_least_p(3, 2, 0.5) == Approx(3.0 / 8));
  CHECK(run_at_least_p(2, 2, 0.5) == Approx(0.25));
  CHECK(run_at_least_p(1, 2, 0.5) == 0.0);
}

TEST_CASE("audit: counts of a small hand-made sample", "[analysis][audit]") {
  DiceSample s;
  s.add(5, 5);
  s.add(5, 5);
  s.add(1, 2);
  s.add(3, 4);
  s.add(6, 6);
  CHECK(s.rolls == 5);
  CHECK(s.dice() == 10);
  CHECK(s.faces[5] == 4);
  CHECK(s.doublets == 3);
  CHECK(s.longest_doublets == 2);
  CHECK(s.with_five == 2);
  CHECK(s.longest_no_five == 3);
  const auto r = audit(s);
  CHECK_FALSE(r.enough);
  CHECK(r.verdict.rfind("too few throws", 0) == 0);
}

TEST_CASE("audit: fair self-play dice are judged fair", "[analysis][audit][selfplay]") {
  SelfplayConfig cfg;
  cfg.seed = 21;
  const Selfplay sp = *make_selfplay(cfg);
  DiceSample s;
  for (int i = 0; i < 12; ++i) {
    const Game g = sp.play_game(static_cast<std::uint64_t>(i));
    for (const auto& e : g.movetext)
      if (const Roll* r = std::get_if<Roll>(&e)) s.add(r->dice[0], r->dice[1]);
  }
  REQUIRE(s.rolls > 1000);
  const auto r = audit(s);
  CHECK(r.enough);
  CHECK_FALSE(r.suspicious);
  CHECK(r.verdict.rfind("consistent with fair dice", 0) == 0);
  for (const auto& t : r.tests) CHECK(t.enough);
}

TEST_CASE("audit: loaded dice are caught", "[analysis][audit]") {
  Rng rng(77);
  SECTION("a six on a third of the throws") {
    DiceSample s;
    auto loaded = [&] { return rng.below(3) == 0 ? 6 : static_cast<int>(rng.below(5)) + 1; };
    for (int i = 0; i < 600; ++i) s.add(loaded(), loaded());
    const auto r = audit(s);
    CHECK(r.suspicious);
    CHECK(r.tests[0].name == "faces");
    CHECK(r.tests[0].p < 1e-9);
    CHECK(r.verdict.rfind("NOT consistent with fair dice", 0) == 0);
  }
  SECTION("fair faces, but the second die repeats the first too often") {
    DiceSample s;
    for (int i = 0; i < 2000; ++i) {
      const int a = rng.die();
      s.add(a, rng.below(3) == 0 ? a : rng.die());
    }
    const auto r = audit(s);
    CHECK(r.suspicious);
    bool doublets_flagged = false;
    for (const auto& t : r.tests)
      if (t.name == "doublets") doublets_flagged = t.p < kAuditAlpha;
    CHECK(doublets_flagged);
  }
}
