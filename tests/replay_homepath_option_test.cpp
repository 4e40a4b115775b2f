// homepath_mandatory=no (seed 003 "A piece is not required to enter the home row and can pass
// the row and start another circuit"; rules.md Q60) in its restricted form (replay/README.md
// "Decisions"): plays that turn in are judged as usual when no second lap could change the
// verdict; otherwise the engine refuses (E-SECOND-LAP) instead of guessing.
#include <catch2/catch.hpp>

#include "replay/engine.hpp"
#include "tests/replay_helpers.hpp"

using namespace ppn::replay;
using namespace ppn::test;

namespace {
// Every other option at its default (the hasbro-2001 values).
Options homepath_no() { return with("homepath_mandatory=no"); }
}  // namespace

TEST_CASE("wikipedia-house is selectable and carries its four options (seed 003)",
          "[replay][options][homepath]") {
  const auto r = profile_options("wikipedia-house");
  REQUIRE(r.ok());
  CHECK(r.options->homepath_mandatory() == HomepathMandatory::no);
  CHECK(r.options->single_die() == SingleDie::larger);
  CHECK(r.options->doubles_reroll() == DoublesReroll::only_if_fully_used);
  CHECK(r.options->bonus_obligation() == BonusObligation::optional);
}

TEST_CASE("homepath_mandatory=no: a die only a second lap could play is refused (Q60)",
          "[replay][options][homepath]") {
  // The last pawn on 62, 6-5: turning in, only one die can be played (62+6+5 passes HOME), so
  // under hasbro-2001 either die alone is legal. Passing the row, 62/68 (ring square 68 =
  // own ENTER again) then 5 would use both: the engine cannot judge that yet.
  const auto st = state("s0[62 H H H] s1[N N N N] s2[N N N N] s3[N N N N]");
  CHECK(code(check(profile("hasbro-2001"), st, 6, 5, play({M(62, 6)}))) == RuleCode::ok);
  for (const Options& o : {homepath_no(), profile("wikipedia-house")}) {
    CHECK(code(check(o, st, 6, 5, play({M(62, 6)}))) == RuleCode::second_lap);
    const LegalPlays lp = legal_plays(o, st, 6, 5);
    CHECK(lp.incomplete);
    CHECK(lp.plays.empty());
  }
  const LegalPlays h = legal_plays(profile("hasbro-2001"), st, 6, 5);
  CHECK_FALSE(h.incomplete);
  CHECK(h.plays.size() == 2);
}

TEST_CASE("homepath_mandatory=no: plays using every part are judged as usual",
          "[replay][options][homepath]") {
  const Options o = homepath_no();
  // 60/65 could pass the row (60+5 > 63), but the play uses both dice and earns no bonus:
  // no second lap can add an obligation, so it is legal.
  const auto st = state("s0[10 60 H H] s1[N N N N] s2[N N N N] s3[N N N N]");
  CHECK(code(check(o, st, 5, 2, play({M(60, 5), M(10, 2)}))) == RuleCode::ok);
  const LegalPlays lp = legal_plays(o, st, 5, 2);
  CHECK(lp.incomplete);
  CHECK_FALSE(lp.plays.empty());
  // Far from the turn-off nothing changes: a die left unplayed is judged as in hasbro-2001.
  const auto far = state("s0[10 20 H H] s1[N N N N] s2[N N N N] s3[N N N N]");
  CHECK(code(check(o, far, 5, 2, play({M(10, 5)}))) == RuleCode::die_still_usable);
  CHECK_FALSE(legal_plays(o, far, 5, 2).incomplete);
}

TEST_CASE("homepath_mandatory=no: a bonus that passes HOME from the ring is refused, not an "
          "overshoot", "[replay][options][homepath]") {
  // 40/44 captures seat 1's pawn (its own square 27 = the mover's 44, not a safety) and earns
  // 20; 55/56 uses the 1; 56+20 passes HOME turning in, but could go round a second lap.
  const auto st = state("s0[40 55 H H] s1[N N N 27] s2[N N N N] s3[N N N N]");
  const auto p = play({M(40, 4), M(55, 1), M(56, 20)});
  CHECK(code(check(profile("hasbro-2001"), st, 4, 1, p)) == RuleCode::overshoot);
  const auto v = check(homepath_no(), st, 4, 1, p);
  CHECK(code(v) == RuleCode::second_lap);
  CHECK(v.diag.index == 2);
}

TEST_CASE("blockade_limit=break_on_six: a 6 on either die opens the blockade when it can "
          "(Parchis [ES-B]; Q56)", "[replay][options][break_on_six]") {
  Options o;
  REQUIRE_FALSE(apply_override(o, "blockade_limit=break_on_six"));
  const auto st = state("s0[10 10 30 40] s1[N N N N] s2[N N N N] s3[N N N N]");
  const auto keep = play({M(30, 6), M(40, 2)});
  const auto open = play({M(10, 6), M(30, 2)});
  CHECK(code(check(profile("hasbro-2001"), st, 6, 2, keep)) == RuleCode::ok);
  CHECK(code(check(o, st, 6, 2, keep)) == RuleCode::blockade_not_opened);
  CHECK(code(check(o, st, 6, 2, open)) == RuleCode::ok);
  // The 2 alone may open it too (10/12 30/36).
  CHECK(code(check(o, st, 6, 2, play({M(10, 2), M(30, 6)}))) == RuleCode::ok);
  // No 6: the blockade may stay.
  CHECK(code(check(o, st, 5, 2, play({M(30, 5), M(40, 2)}))) == RuleCode::ok);
  for (const auto& r : legal_plays(o, st, 6, 2).results) CHECK(r.count(0, byte_of_rel(10)) < 2);
  CHECK(legal_plays(o, st, 6, 2).results.size() < legal_plays(profile("hasbro-2001"), st, 6, 2).results.size());
}
