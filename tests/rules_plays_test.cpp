// Focused rule tests of the engine: one case per rule, hasbro-2001 unless named, with the
// racket-nu verdict where the profiles differ (RULES.md §profiles).
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::rules;
using namespace ppn::test;

namespace {
const char* kAllNest = "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0";
}  // namespace

TEST_CASE("entry with a five, the other die moves (Hasbro 2001 rules, Entering Your Pawns, Q8)", "[replay][rules]") {
  const auto o = profile("hasbro-2001");
  const auto st = state(kAllNest);
  auto v = check(o, st, 5, 3, play({E(), M(0, 3)}));
  REQUIRE(v.legal);
  CHECK(id_of(v.result) == "g:N,N,N,3 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(v.events.entries == 1);
  CHECK(code(check(o, st, 5, 3, play({E()}))) == RuleCode::die_still_usable);
  CHECK(code(check(o, st, 5, 3, play({}))) == RuleCode::entry_still_possible);
  CHECK(code(check(o, st, 6, 3, play({E()}))) == RuleCode::no_five);
}

TEST_CASE("sum-five entry is compulsory under max_entries, not in racket-nu (Q7, T1a)",
          "[replay][rules]") {
  const auto st = state("g:N,N,N,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto moved = play({M(10, 1), M(11, 4)});
  CHECK(code(check(profile("hasbro-2001"), st, 1, 4, moved)) == RuleCode::entry_still_possible);
  CHECK(check(profile("racket-nu"), st, 1, 4, moved).legal);
  auto v = check(profile("hasbro-2001"), st, 1, 4, play({E()}));
  REQUIRE(v.legal);
  CHECK(v.events.dice_parts_used == 2);
}

TEST_CASE("double five enters two pawns (Q9, T3a)", "[replay][rules]") {
  const auto st = state("g:N,N,N,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(check(profile("hasbro-2001"), st, 5, 5, play({E(), E()})).legal);
  const auto one = play({E(), M(10, 5)});
  CHECK(code(check(profile("hasbro-2001"), st, 5, 5, one)) == RuleCode::entry_still_possible);
  CHECK(check(profile("racket-nu"), st, 5, 5, one).legal);
}

TEST_CASE("a blockade on the ENTER stops entries (Q11)", "[replay][rules]") {
  // seat 1's pair stands on the mover's ENTER (rel 0 = seat 1's own rel 51)
  const auto st = state("g:N,N,N,10 r:N,N,51,51 b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  CHECK(code(check(o, st, 5, 2, play({E()}))) == RuleCode::entry_blocked);
  CHECK(check(o, st, 5, 2, play({M(10, 5), M(15, 2)})).legal);
}

TEST_CASE("entering captures a lone opponent on the ENTER and earns 20 (Q12, Q39)",
          "[replay][rules]") {
  const auto st = state("g:N,N,N,30 r:N,N,N,51 b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  auto v = check(o, st, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  REQUIRE(v.legal);
  CHECK(v.events.captures == 1);
  CHECK(v.events.bonuses_used == 1);
  CHECK(id_of(v.result) == "g:N,N,0,51 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(code(check(o, st, 5, 1, play({E(), M(30, 1)}))) == RuleCode::bonus_not_taken);
}

TEST_CASE("blockades cannot be passed or landed on (Hasbro 2001 rules, Blockades, Q52)", "[replay][rules]") {
  // seat 1's pair on the mover's rel 12 (seat 1's own 63)
  const auto st = state("g:10,H,H,H r:N,N,63,63 b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  CHECK(code(check(o, st, 4, 1, play({M(10, 4)}))) == RuleCode::blockade_passed);
  CHECK(code(check(o, st, 2, 6, play({M(10, 2)}))) == RuleCode::blockade_landed);
  CHECK(check(o, st, 2, 6, play({})).legal);  // nothing can move: the roll is forfeited (Q20)
  CHECK(legal_plays(o, st, 2, 6).plays.size() == 1);
}

TEST_CASE("an opponent on a safety space cannot be landed on (Q24)", "[replay][rules]") {
  // seat 1 alone on the mover's rel 7 (seat 1's own 58), a safety space
  const auto st = state("g:4,H,H,H r:N,N,N,58 b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  CHECK(code(check(o, st, 3, 1, play({M(4, 3)}))) == RuleCode::safety_occupied);
  CHECK(check(o, st, 3, 1, play({M(4, 1), M(5, 3)})).legal);  // passing a single is fine (Q23)
}

TEST_CASE("capture bonus: compulsory, after the dice, one pawn the full 20 (Q32-Q35)",
          "[replay][rules]") {
  // seat 1 alone on the mover's rel 9 (seat 1's own 60), not a safety
  const auto st = state("g:4,20,H,H r:N,N,N,60 b:N,N,N,N y:N,N,N,N / g d0");
  const auto h = profile("hasbro-2001");
  const auto r = profile("racket-nu");
  const auto full = play({M(4, 5), M(20, 2), M(22, 20)});
  auto v = check(h, st, 5, 2, full);
  REQUIRE(v.legal);
  CHECK(id_of(v.result) == "g:9,42,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(code(check(h, st, 5, 2, play({M(4, 5), M(20, 2)}))) == RuleCode::bonus_not_taken);
  // bonus before the last die: end_of_roll timing (Q35) vs Racket's interleaving (T4c)
  const auto early = play({M(4, 5), M(9, 20), M(20, 2)});
  CHECK(code(check(h, st, 5, 2, early)) == RuleCode::die_still_usable);
  CHECK(check(r, st, 5, 2, early).legal);
  CHECK(check(h, st, 5, 2, early, OrderStrictness::outcome).legal);
  CHECK(code(check(h, st, 5, 2, play({M(4, 5), M(20, 2), M(22, 10), M(32, 10)}))) ==
        RuleCode::bonus_split);
}

TEST_CASE("HOME needs the exact count and earns 10, the game ends (Q58, Q63)", "[replay][rules]") {
  const auto st = state("g:h5,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  CHECK(code(check(o, st, 6, 3, play({M(68, 6)}))) == RuleCode::overshoot);
  auto v = check(o, st, 6, 3, play({M(68, 3)}));
  REQUIRE(v.legal);
  CHECK(v.events.arrivals == 1);
  CHECK(v.events.bonuses_forfeited == 1);  // nobody left to take the 10 (Q40)
  CHECK(seat_finished(v.result, 0));
}

TEST_CASE("maximal dice use over all orders (Q17, T9a)", "[replay][rules]") {
  // seat 2's pair on the mover's rel 46 (seat 2's own 12)
  const auto st = state("g:40,h6,H,H r:N,N,N,N b:N,N,12,12 y:N,N,N,N / g d0");
  const auto short_play = play({M(40, 2)});  // kills the 5
  CHECK(code(check(profile("hasbro-2001"), st, 2, 5, short_play)) == RuleCode::die_still_usable);
  CHECK(check(profile("racket-nu"), st, 2, 5, short_play).legal);
  auto v = check(profile("hasbro-2001"), st, 2, 5, play({M(69, 2), M(40, 5)}));
  REQUIRE(v.legal);
  CHECK(v.events.bonuses_forfeited == 1);  // the 10 would pass the blockade
}

TEST_CASE("doublets bonus: all four parts or nothing (Q44, T12)", "[replay][rules]") {
  const auto st = state("g:60,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto h = profile("hasbro-2001");
  const auto r = profile("racket-nu");
  REQUIRE(roll_setup(st, 3, 3, h).kind == RollKind::four_part);
  CHECK(check(h, st, 3, 3, play({})).legal);
  CHECK(code(check(h, st, 3, 3, play({M(60, 3)}))) == RuleCode::doublets_partial);
  CHECK(code(check(r, st, 3, 3, play({}))) == RuleCode::die_still_usable);
  CHECK(check(r, st, 3, 3, play({M(60, 3), M(63, 3), M(66, 4)})).legal);
  const auto all = legal_plays(h, st, 3, 3);
  CHECK(all.plays.size() == 1);
  CHECK(all.plays[0].empty());
}

TEST_CASE("a blockade cannot move together (Hasbro 2001 rules, Blockades, Q54)", "[replay][rules]") {
  const auto st = state("g:N,N,10,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  for (const char* p : {"hasbro-2001", "racket-nu"}) {
    CHECK(code(check(profile(p), st, 3, 3, play({M(10, 3), M(10, 3)}))) ==
          RuleCode::blockade_moved_together);
    CHECK(check(profile(p), st, 3, 3, play({M(10, 3), M(13, 3)})).legal);
  }
  auto o = profile("hasbro-2001");
  REQUIRE_FALSE(apply_override(o, "blockade_move_together=allowed"));
  CHECK(check(o, st, 3, 3, play({M(10, 3), M(10, 3)})).legal);
}

TEST_CASE("third doublet: no move, closest pawn to HOME returns (Q46-Q48)", "[replay][rules]") {
  const auto st = state("g:N,10,h3,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d2");
  const auto o = profile("hasbro-2001");
  CHECK(code(check(o, st, 4, 4, play({M(10, 4)}))) == RuleCode::penalty_expected);
  auto v = check(o, st, 4, 4, play({}));
  REQUIRE(v.legal);
  CHECK(v.events.penalty);
  CHECK(id_of(v.result) == "g:N,N,10,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  // nobody on the path: nothing happens (Q49)
  const auto empty = state("g:N,N,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d2");
  CHECK(check(o, empty, 2, 2, play({})).result == empty.pos);
}

TEST_CASE("one die only: either (print) or the larger (option, Q18)", "[replay][rules]") {
  const auto st = state("g:h3,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  auto o = profile("hasbro-2001");
  CHECK(check(o, st, 4, 2, play({M(66, 2)})).legal);
  CHECK(legal_plays(o, st, 4, 2).plays.size() == 2);
  REQUIRE_FALSE(apply_override(o, "single_die=larger"));
  CHECK(code(check(o, st, 4, 2, play({M(66, 2)}))) == RuleCode::larger_die);
  CHECK(check(o, st, 4, 2, play({M(66, 4)})).legal);
  CHECK(legal_plays(o, st, 4, 2).plays.size() == 1);
}

TEST_CASE("bookkeeping errors: wrong part, no pawn there, another colour", "[replay][rules]") {
  const auto st = state("g:N,N,20,30 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  auto v = check(o, st, 3, 6, play({M(20, 4)}));
  CHECK(code(v) == RuleCode::wrong_part);
  CHECK(refusal_of(v).index == 0);
  v = check(o, st, 3, 6, play({M(20, 3), M(12, 6)}));
  CHECK(code(v) == RuleCode::no_pawn_there);
  CHECK(refusal_of(v).index == 1);
  CHECK(refusal_of(v).name() == "E-NO-PAWN-THERE");
}

TEST_CASE("diagnostics carry legal alternatives", "[replay][rules]") {
  const auto st = state(kAllNest);
  Play p = play({E()});
  ValidateRequest req;
  req.state = &st;
  req.d1 = 5;
  req.d2 = 3;
  req.play = &p;
  req.max_alternatives = 3;
  auto v = validate_play(profile("hasbro-2001"), req);
  REQUIRE_FALSE(v.legal);
  REQUIRE(refusal_of(v).plays.size() == 1);
  CHECK(refusal_of(v).plays[0].size() == 2);
}

TEST_CASE("pawn identities decide which pair moved together (Q54)", "[replay][rules]") {
  // Pawns 2 and 3 form the pair on 10, pawn 1 is on 7, pawn 0 on 30; doublets bonus 3,3,4,4.
  // Pawn 3 goes 10->14, pawn 1 joins pawn 2 on 10, then one pawn of 10 goes on to 14:
  // pawn 1 makes a new pair (legal, Q55), pawn 2 re-forms the old pair (illegal).
  const auto st = state("g:7,10,10,30 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const std::array<std::uint8_t, 4> ids{31, 8, 11, 11};  // position bytes (rel + 1)
  auto run = [&](const char* prof, std::uint8_t third) {
    Play p;
    p.push_back(MiniMove::move(10, 4, 3));
    p.push_back(MiniMove::move(7, 3, 1));
    p.push_back(MiniMove::move(10, 4, third));
    p.push_back(MiniMove::move(30, 3, 0));
    ValidateRequest req;
    req.state = &st;
    req.d1 = 3;
    req.d2 = 3;
    req.play = &p;
    req.ids = &ids;
    return validate_play(profile(prof), req);
  };
  for (const char* prof : {"hasbro-2001", "racket-nu"}) {
    CHECK(run(prof, 1).legal);
    CHECK(code(run(prof, 2)) == RuleCode::blockade_moved_together);
  }
}

TEST_CASE("turn machinery: extra roll, penalty ends the turn, finishing ends the game (Q41, Q46, Q63)",
          "[replay][rules]") {
  const auto o = profile("hasbro-2001");
  GameState st = initial_state(0b1111, {0, 1, 2, 3}, 0);
  CHECK_FALSE(advance_turn(st, 3, 3, st.pos, o));
  CHECK(st.to_move == 0);
  CHECK(st.doublets == 1);
  CHECK_FALSE(advance_turn(st, 2, 2, st.pos, o));
  CHECK(st.doublets == 2);
  CHECK(roll_setup(st, 6, 6, o).kind == RollKind::penalty);
  CHECK_FALSE(advance_turn(st, 6, 6, st.pos, o));
  CHECK(st.to_move == 1);
  CHECK(st.doublets == 0);
  CHECK_FALSE(advance_turn(st, 6, 1, st.pos, o));
  CHECK(st.to_move == 2);
  // two seats only, turn order from the record (Q2, Q3)
  GameState two = initial_state(0b0101, {0, 3, 2, 1}, 2);
  CHECK_FALSE(advance_turn(two, 6, 1, two.pos, o));
  CHECK(two.to_move == 0);
  auto won = ppn::test::state("g:H,H,H,H b:N,N,N,N / g d0");
  Position p = won.pos;
  GameState g2 = initial_state(0b0101, {0, 1, 2, 3}, 0);
  CHECK(advance_turn(g2, 4, 4, p, o));
  CHECK(g2.ranking_len == 1);
  CHECK(g2.ranking[0] == 0);
}

TEST_CASE("absent seats hold no pawns", "[replay][rules]") {
  const auto st = state("g:N,N,N,3 b:N,N,N,N / g d0");
  auto v = check(profile("hasbro-2001"), st, 5, 4, play({E(), M(0, 4)}));
  REQUIRE(v.legal);
  CHECK(id_of(v.result) == "g:N,N,3,4 b:N,N,N,N / g d0");
}

TEST_CASE("k14: a blockade must break on its owner's fourth turn (k14 rules, Blockade, Q56)",
          "[replay][rules]") {
  const auto k14 = profile("k14");
  auto st = state("g:N,10,10,30 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto keep = play({M(30, 6), M(36, 1)});
  const auto split = play({M(10, 6), M(30, 1)});
  // the turn ages: three turns ending with the blockade on 10
  for (int turn = 0; turn < 3; ++turn) {
    CHECK(check(k14, st, 6, 1, keep).legal);
    st.to_move = 0;
    advance_turn(st, 6, 1, st.pos, k14);
    st.to_move = 0;
  }
  CHECK(st.blockade_age[0][0] == 3);
  CHECK(code(check(k14, st, 6, 1, keep)) == RuleCode::blockade_too_old);
  CHECK(check(k14, st, 6, 1, split).legal);
  CHECK(check(profile("hasbro-2001"), st, 6, 1, keep).legal);
  CHECK(check(k14, st, 3, 3, play({M(30, 3), M(33, 3)})).legal);  // the turn goes on
  for (const auto& r : legal_plays(k14, st, 6, 1).results) CHECK(r.count(0, 11) < 2);
}
