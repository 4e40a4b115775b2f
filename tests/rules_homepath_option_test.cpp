// homepath_mandatory=no (Wikipedia rules, Gameplay "A piece is not required to enter the home row and can pass
// the row and start another circuit"; RULES.md Q60): a move that passes the turn-off may turn
// in or go round (MiniMove::around); a pawn on a lap square (its ring squares 64..67) goes
// round to its ENTER and on. Under homepath_mandatory=yes going round is E-SECOND-LAP.
#include <catch2/catch.hpp>

#include "parser/parser.hpp"
#include "rules/engine.hpp"
#include "replay/replayer.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::replay;
using namespace ppn::rules;
using namespace ppn::test;

namespace {
Options homepath_no() { return with("homepath_mandatory=no"); }
// A move that passes the turn-off and stays on the ring.
MiniMove A(int from, int part) { return MiniMove::move(from, part, kAnyPawn, true); }
constexpr int kLap64 = 72;  // relative number of ring square 64 (geometry.hpp)
}  // namespace

TEST_CASE("wikipedia-house is selectable and carries its four options (Wikipedia rules, Gameplay)",
          "[replay][options][homepath]") {
  const auto r = profile_options("wikipedia-house");
  REQUIRE(r.ok());
  CHECK(r.options->homepath_mandatory() == HomepathMandatory::no);
  CHECK(r.options->single_die() == SingleDie::larger);
  CHECK(r.options->doubles_reroll() == DoublesReroll::only_if_fully_used);
  CHECK(r.options->bonus_obligation() == BonusObligation::optional);
}

TEST_CASE("homepath_mandatory=no: a die only a second lap can play must be played (Q60, Q17)",
          "[replay][options][homepath]") {
  // The last pawn on 62, 6-5: turning in, only one die can be played (62+6+5 passes HOME), so
  // under hasbro-2001 either die alone is legal. Going round, 62/0 (its own ENTER) then 0/5
  // uses both, so both must be used.
  const auto st = state("g:62,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(code(check(profile("hasbro-2001"), st, 6, 5, play({M(62, 6)}))) == RuleCode::ok);
  CHECK(code(check(profile("hasbro-2001"), st, 6, 5, play({A(62, 6), M(0, 5)}))) ==
        RuleCode::second_lap);
  const auto five = position_of("g:5,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  for (const Options& o : {homepath_no(), profile("wikipedia-house")}) {
    CHECK(code(check(o, st, 6, 5, play({M(62, 6)}))) == RuleCode::die_still_usable);
    const auto v = check(o, st, 6, 5, play({A(62, 6), M(0, 5)}));
    REQUIRE(v.legal);
    CHECK(v.result == five);
    // The other order passes square 67 (a lap square) and ends on the same square.
    const auto w = check(o, st, 6, 5, play({A(62, 5), M(kLap64 + 3, 6)}));
    INFO((w.diag ? w.diag->message : std::string()));
    REQUIRE(w.legal);
    CHECK(w.result == five);
    const LegalPlays lp = legal_plays(o, st, 6, 5);
    REQUIRE(lp.results.size() == 1);
    CHECK(lp.results.front() == five);
  }
  CHECK(legal_plays(profile("hasbro-2001"), st, 6, 5).plays.size() == 2);
}

TEST_CASE("homepath_mandatory=no: turning in and going round are different plays",
          "[replay][options][homepath]") {
  const Options o = homepath_no();
  const auto st = state("g:10,60,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto in = check(o, st, 5, 2, play({M(60, 5), M(10, 2)}));
  const auto round = check(o, st, 5, 2, play({A(60, 5), M(10, 2)}));
  REQUIRE(in.legal);
  REQUIRE(round.legal);
  CHECK(in.result == position_of("g:12,h2,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"));
  CHECK(round.result == position_of("g:12,65,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0", o));
  CHECK(id_of(round.result) == "g:12,65,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  // Far from the turn-off nothing changes: a die left unplayed is judged as in hasbro-2001.
  const auto far = state("g:10,20,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(code(check(o, far, 5, 2, play({M(10, 5)}))) == RuleCode::die_still_usable);
  CHECK(legal_plays(o, far, 5, 2).results.size() == legal_plays(profile("hasbro-2001"), far, 5, 2).results.size());
  // 60+5 and 60+2 both pass the turn-off: each can turn in or go round.
  const auto lp = legal_plays(o, st, 5, 2);
  const auto hp = legal_plays(profile("hasbro-2001"), st, 5, 2);
  CHECK(lp.results.size() > hp.results.size());
  for (const auto& r : hp.results)
    CHECK(std::find(lp.results.begin(), lp.results.end(), r) != lp.results.end());
}

TEST_CASE("homepath_mandatory=no: a bonus that would pass HOME can go round instead",
          "[replay][options][homepath]") {
  // 40/44 captures seat 1's pawn (its own square 27 = the mover's 44, not a safety) and earns
  // 20; 55/56 uses the 1; 56+20 passes HOME turning in, but going round it ends on 8.
  const auto st = state("g:40,55,H,H r:N,N,N,27 b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(code(check(profile("hasbro-2001"), st, 4, 1, play({M(40, 4), M(55, 1), M(56, 20)}))) ==
        RuleCode::overshoot);
  CHECK(code(check(homepath_no(), st, 4, 1, play({M(40, 4), M(55, 1), M(56, 20)}))) ==
        RuleCode::overshoot);
  const auto v = check(homepath_no(), st, 4, 1, play({M(40, 4), M(55, 1), A(56, 20)}));
  REQUIRE(v.legal);
  CHECK(v.result == position_of("g:8,44,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"));
}

TEST_CASE("homepath_mandatory=no: a pawn on a lap square goes round past its ENTER",
          "[replay][options][homepath]") {
  const Options o = homepath_no();
  const auto st = state("g:66,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0", o);
  const int from = kLap64 + 2;
  const auto v = check(o, st, 3, 1, play({M(from, 3), M(1, 1)}));
  INFO((v.diag ? v.diag->message : std::string()));
  REQUIRE(v.legal);
  CHECK(v.result == position_of("g:2,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"));
  // A blockade on square 67 (seat 3's 16) stops it like any other.
  const auto blocked = state("g:66,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,16,16 / g d0", o);
  CHECK(code(check(o, blocked, 3, 1, play({M(from, 3)}))) == RuleCode::blockade_passed);
  // It captures on the ring like any other pawn: seat 1's pawn on its 52 is the mover's 1.
  const auto cap = state("g:66,H,H,H r:N,N,N,52 b:N,N,N,N y:N,N,N,N / g d0", o);
  const auto c = check(o, cap, 3, 1, play({M(from, 3), M(1, 1), M(2, 20)}));
  REQUIRE(c.legal);
  CHECK(c.events.captures == 1);
}

TEST_CASE("homepath_mandatory=no: the doublets penalty takes the pawn with the fewest steps "
          "to go (Hasbro 2001 rules, Doublets Penalty; Q46)", "[replay][options][homepath]") {
  // The pawn on lap square 65 must go round again (74 steps); the one on 10 has 61 to go.
  auto st = state("g:10,65,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d2", homepath_no());
  const auto v = check(homepath_no(), st, 3, 3, play({}));
  REQUIRE(v.legal);
  CHECK(v.result == position_of("g:N,65,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0", homepath_no()));
}

TEST_CASE("second laps in PPN: ring squares 64-67 and the wrap to the ENTER",
          "[replay][replayer][homepath]") {
  const std::string head =
      "[Game \"parcheesi\"]\n[Seats \"green yellow\"]\n"
      "[Setup \"g:60,62,H,H y:N,N,N,N / g d0\"]\n[Result \"*\"]\n";
  const std::string moves = "\n1. G 6-5: 62/0 0/5\n2. Y 3-1: -\n3. G 4-2: 60/64 64/66\n4. Y 6-2: -\n5. G 3-1: 66/1 1/2\n";
  for (const char* variant : {"wikipedia-house", "hasbro-2001"}) {
    auto parsed = ppn::parser::parse_all(
        head + "[Variant \"" + variant + "\"]\n" + moves, "laps.ppn");
    REQUIRE(parsed.errors.empty());
    REQUIRE(parsed.games.size() == 1);
    const auto r = replay_game(parsed.games.front(), {});
    INFO(variant);
    if (std::string(variant) == "wikipedia-house") {
      CHECK(r.errors() == 0);
      CHECK(r.rolls_replayed == 5);
      CHECK(id_of(r.final_game.position()) == "g:2,5,H,H y:N,N,N,N / g d0");
    } else {
      REQUIRE(r.errors() >= 1);
      CHECK(r.diagnostics.front().code == ppn::Code::second_lap);
      CHECK(r.diagnostics.front().roll_index == 0);
    }
  }
}

TEST_CASE("a [Setup] with a pawn on ring square 64-67 needs homepath_mandatory=no",
          "[replay][replayer][homepath]") {
  for (const char* variant : {"wikipedia-house", "hasbro-2001"}) {
    const std::string text = std::string("[Game \"parcheesi\"]\n[Variant \"") + variant +
                             "\"]\n[Seats \"green yellow\"]\n[Setup \"g:65,H,H,H y:N,N,N,N / g d0\"]\n"
                             "[Result \"*\"]\n\n1. G 2-1: 65/67 67/0\n";
    auto parsed = ppn::parser::parse_all(text, "setup.ppn");
    REQUIRE(parsed.errors.empty());
    const auto r = replay_game(parsed.games.front(), {});
    INFO(variant);
    if (std::string(variant) == "hasbro-2001") {
      REQUIRE(r.errors() == 1);
      CHECK(r.diagnostics.front().code == ppn::Code::setup);
      CHECK(r.diagnostics.front().message.find("ring square 65") != std::string::npos);
    } else {
      CHECK(r.errors() == 0);
      CHECK(id_of(r.final_game.position()) == "g:0,H,H,H y:N,N,N,N / g d0");
    }
  }
}

TEST_CASE("blockade_limit=break_on_six: a 6 on either die opens the blockade when it can "
          "(Parchis [ES-B]; Q56)", "[replay][options][break_on_six]") {
  Options o;
  REQUIRE_FALSE(apply_override(o, "blockade_limit=break_on_six"));
  const auto st = state("g:10,10,30,40 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
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
