// Interchangeable pawns (RULES.md §replay-settings "treat the two pawns on one space as
// interchangeable"): a record that names squares, not pawns, is legal when SOME assignment of
// the mover's pawns standing together on a square makes it legal. The one rule that depends
// on which pawn moved is the blockade moved together (Hasbro 2001 rules, Blockades; Q54).
#include <catch2/catch.hpp>

#include "parser/parser.hpp"
#include "rules/engine.hpp"
#include "replay/replayer.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::replay;
using namespace ppn::rules;
using namespace ppn::test;

namespace {

// Same as check(), with pawn identities (ValidateRequest::ids) and named mini-moves.
Verdict check_ids(const Options& o, const GameState& st, int d1, int d2, const Play& p,
                  const std::array<std::uint8_t, kPawnsPerSeat>& ids) {
  ValidateRequest req;
  req.state = &st;
  req.d1 = d1;
  req.d2 = d2;
  req.play = &p;
  req.ids = &ids;
  return validate_play(o, req);
}
MiniMove N(int from, int part, int pawn) {
  return MiniMove::move(from, part, static_cast<std::uint8_t>(pawn));
}
}  // namespace

TEST_CASE("interchangeable pawns: a pair pawn and a newcomer on one square (Q54, §replay-settings)",
          "[replay][rules][interchangeable]") {
  // Self-play position g:31,h6,H,H r:41,43,H,H b:0,2,2,H y:36,H,H,H / b d0, blue (seat 2)
  // to move, 5-5 with no pawn in the nest: parts 5,5,2,2 (Q43). Blue A,B on 2 are the
  // start-of-roll pair, C on 0.
  const auto st = state("g:31,h6,H,H r:41,43,H,H b:0,2,2,H y:36,H,H,H / b d0");
  const auto p = play({M(2, 5), M(0, 2), M(2, 2), M(2, 5)});
  // 2/7 moves A (say); 0/2 brings C beside B; 2/4 and 2/7 each move one of {B, C}. If 2/4
  // moves B, A and C end on 7 and B on 4: the pair did not move together, so the play is
  // legal. (Only 2/4 moving C would re-form A,B on 7.)
  for (const char* prof : {"hasbro-2001", "racket-nu"}) {
    INFO(prof);
    const auto v = check(profile(prof), st, 5, 5, p);
    CHECK(code(v) == RuleCode::ok);
    CHECK(id_of(v.result) == "g:31,h6,H,H r:41,43,H,H b:4,7,7,H y:36,H,H,H / g d0");
  }
  // With pawn ids the record says which pawn moved, and the wrong one is illegal.
  const std::array<std::uint8_t, kPawnsPerSeat> ids{byte_of_rel(2), byte_of_rel(2),
                                                     byte_of_rel(0), byte_of_rel(71)};
  const auto o = profile("hasbro-2001");
  CHECK(code(check_ids(o, st, 5, 5, play({N(2, 5, 0), N(0, 2, 2), N(2, 2, 2), N(2, 5, 1)}), ids)) ==
        RuleCode::blockade_moved_together);
  CHECK(code(check_ids(o, st, 5, 5, play({N(2, 5, 0), N(0, 2, 2), N(2, 2, 1), N(2, 5, 2)}), ids)) ==
        RuleCode::ok);
}

TEST_CASE("interchangeable pawns: four-part doublets through a square another pawn holds",
          "[replay][rules][interchangeable]") {
  // Self-play position g:N,N,29,40 r:N,0,29,50 b:N,0,34,46 y:0,0,6,30 / y d0, yellow (seat 3),
  // 1-1 with no pawn in the nest: parts 1,1,6,6. Yellow A,B on 0 are the pair, C on 6.
  // Play 0/1 1/7 0/6 6/7. 0/1 and 1/7 move one pair pawn (A) to 7; 0/6 moves B to 6, where
  // C already stands; 6/7 may move C (not B). Then A and C share 7 and B stays on 6: the two
  // pawns that formed the pair are apart, so the play is LEGAL. (It would be illegal only
  // if 6/7 moved B, re-forming A,B on 7; the record does not say so.)
  const auto st = state("g:N,N,29,40 r:N,0,29,50 b:N,0,34,46 y:0,0,6,30 / y d0");
  const auto p = play({M(0, 1), M(1, 6), M(0, 6), M(6, 1)});
  for (const char* prof : {"hasbro-2001", "racket-nu"}) {
    INFO(prof);
    CHECK(code(check(profile(prof), st, 1, 1, p)) == RuleCode::ok);
  }
  const std::array<std::uint8_t, kPawnsPerSeat> ids{byte_of_rel(0), byte_of_rel(0),
                                                     byte_of_rel(6), byte_of_rel(30)};
  CHECK(code(check_ids(profile("hasbro-2001"), st, 1, 1,
                       play({N(0, 1, 0), N(1, 6, 0), N(0, 6, 1), N(6, 1, 1)}), ids)) ==
        RuleCode::blockade_moved_together);
}

TEST_CASE("interchangeable pawns: a pair that re-forms with no pawn to swap stays illegal",
          "[replay][rules][interchangeable]") {
  // Pair A,B on 10, nothing else on their squares: 10/13 13/17 10/14 14/17 (4-part 3-3 =
  // 3,3,4,4). Every square a mini-move starts from holds only pawns of the pair (or one
  // pawn), so no assignment differs: A and B both end on 17. Illegal (Hasbro 2001 rules, Blockades).
  const auto st = state("g:10,10,40,50 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto p = play({M(10, 3), M(13, 4), M(10, 4), M(14, 3)});
  for (const char* prof : {"hasbro-2001", "racket-nu"}) {
    INFO(prof);
    CHECK(code(check(profile(prof), st, 3, 3, p)) == RuleCode::blockade_moved_together);
  }
}

TEST_CASE("interchangeable pawns: an illegal play keeps the first assignment's diagnostic",
          "[replay][rules][interchangeable]") {
  // Pair A,B on 2 (slots 1, 2), C on 0 (slot 0): g:0,2,2,40, 5-5 with no pawn in the
  // nest = parts 5,5,2,2 (Q43). The play 2/7 0/2 2/7 leaves a 2 unplayed under every
  // assignment although all four parts can be played, so it is illegal (Hasbro 2001 rules, Doublets
  // Bonus "If you can't take all four parts of your move, don't move your pawns at all";
  // Q44). The first assignment (the lower slot: C, which 0/2 brought to 2) gives
  // E-DOUBLETS-PARTIAL; the other one (B) re-forms A,B on 7 and would give
  // E-BLOCKADE-MOVED-TOGETHER. The verdict keeps the first assignment's diagnostic.
  const auto st = state("g:0,2,2,40 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto p = play({M(2, 5), M(0, 2), M(2, 5)});
  const auto v = check(profile("hasbro-2001"), st, 5, 5, p);
  REQUIRE_FALSE(v.legal);
  CHECK(refusal_of(v).code == RuleCode::doublets_partial);
  // racket-nu (greedy, no all-or-nothing): the unplayed 2 is still playable in both
  // assignments (e.g. 40/42), so the play stays illegal there too.
  const auto r = check(profile("racket-nu"), st, 5, 5, p);
  REQUIRE_FALSE(r.legal);
  CHECK(refusal_of(r).code == RuleCode::die_still_usable);
}

TEST_CASE("interchangeable pawns: the replayer accepts the self-play record",
          "[replay][replayer][interchangeable]") {
  const std::string text =
      "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green yellow blue red\"]\n"
      "[Setup \"g:31,h6,H,H r:41,43,H,H b:0,2,2,H y:36,H,H,H / b d0\"]\n[Result \"*\"]\n\n"
      "1. B 5-5: 2/7 0/2 2/4 2/7\n";
  auto parsed = ppn::parser::parse_all(text, "interchangeable.ppn");
  REQUIRE(parsed.errors.empty());
  REQUIRE(parsed.games.size() == 1);
  const auto r = replay_game(parsed.games.front(), {});
  CHECK(r.errors() == 0);
  CHECK(r.rolls_replayed == 1);
}
