// One case per non-default option value the engine implements (RULES.md §options):
// each changes exactly one verdict of a hasbro-2001 position.
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::rules;
using namespace ppn::test;

TEST_CASE("option bonus_obligation=optional: a bonus may be left (Wikipedia rules, Gameplay, Q32)", "[replay][options]") {
  const auto st = state("g:4,20,H,H r:N,N,N,60 b:N,N,N,N y:N,N,N,N / g d0");
  const auto no_bonus = play({M(4, 5), M(20, 2)});
  CHECK(code(check(profile("hasbro-2001"), st, 5, 2, no_bonus)) == RuleCode::bonus_not_taken);
  CHECK(check(with("bonus_obligation=optional"), st, 5, 2, no_bonus).legal);
}

TEST_CASE("option capture_reward=none: no 20 after a capture", "[replay][options]") {
  const auto st = state("g:4,20,H,H r:N,N,N,60 b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = with("capture_reward=none");
  CHECK(check(o, st, 5, 2, play({M(4, 5), M(20, 2)})).legal);
  CHECK(code(check(o, st, 5, 2, play({M(4, 5), M(20, 2), M(22, 20)}))) == RuleCode::wrong_part);
}

TEST_CASE("option bonus_chain: chains, one capture bonus per roll, no bonus captures (Q30, Q37)",
          "[replay][options]") {
  // seat 1 singles on the mover's 9 and 40 (own 60 and 23)
  const auto st = state("g:4,20,H,H r:N,N,23,60 b:N,N,N,N y:N,N,N,N / g d0");
  const auto chain = play({M(4, 5), M(9, 2), M(20, 20)});  // the bonus captures on 40
  // yes: the chain bonus must be played when it can be
  CHECK(code(check(profile("hasbro-2001"), st, 5, 2, chain)) == RuleCode::bonus_not_taken);
  CHECK(check(profile("hasbro-2001"), st, 5, 2, play({M(4, 5), M(9, 2), M(20, 20), M(40, 20)})).legal);
  CHECK(code(check(with("bonus_chain=no_bonus_capture"), st, 5, 2, chain)) == RuleCode::bonus_capture);
  CHECK(check(with("bonus_chain=one_per_roll"), st, 5, 2, chain).legal);
}

TEST_CASE("option blockade_blocks_owner=no: own blockades can be passed (Q52)", "[replay][options]") {
  const auto st = state("g:10,12,12,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto pass = play({M(10, 4), M(14, 1)});
  CHECK(code(check(profile("hasbro-2001"), st, 4, 1, pass)) == RuleCode::blockade_passed);
  CHECK(check(with("blockade_blocks_owner=no"), st, 4, 1, pass).legal);
}

TEST_CASE("option homepath_blockades=no: home-path pairs do not block (Q53)", "[replay][options]") {
  const auto st = state("g:h1,h3,h3,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto pass = play({M(64, 4), M(68, 1)});
  CHECK(code(check(profile("hasbro-2001"), st, 4, 1, pass)) == RuleCode::blockade_passed);
  CHECK(check(with("homepath_blockades=no"), st, 4, 1, pass).legal);
}

TEST_CASE("option enter_obligation=none: a five may move instead of entering (Q6)", "[replay][options]") {
  const auto st = state("g:N,N,N,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto moved = play({M(10, 5), M(15, 2)});
  CHECK(code(check(profile("hasbro-2001"), st, 5, 2, moved)) == RuleCode::entry_still_possible);
  CHECK(check(with("enter_obligation=none"), st, 5, 2, moved).legal);
}

TEST_CASE("option doubles_bonus_when (Q42)", "[replay][options]") {
  const auto out = state("g:10,60,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(roll_setup(out, 3, 3, profile("hasbro-2001")).kind == RollKind::four_part);
  CHECK(roll_setup(out, 3, 3, with("doubles_bonus_when=all_on_board")).kind == RollKind::normal);
  CHECK(roll_setup(out, 3, 3, with("doubles_bonus_when=never")).parts.size() == 2);
  const auto board = state("g:5,10,20,60 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(roll_setup(board, 3, 3, with("doubles_bonus_when=all_on_board")).kind == RollKind::four_part);
}

TEST_CASE("option doubles_bonus_partial=maximal: as many parts as possible (Q44)", "[replay][options]") {
  const auto st = state("g:60,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = with("doubles_bonus_partial=maximal");
  CHECK(code(check(o, st, 3, 3, play({}))) == RuleCode::die_still_usable);
  CHECK(check(o, st, 3, 3, play({M(60, 3), M(63, 3), M(66, 4)})).legal);
}

TEST_CASE("option dice_usage=greedy: only the end matters (Q17)", "[replay][options]") {
  const auto st = state("g:40,h6,H,H r:N,N,N,N b:N,N,12,12 y:N,N,N,N / g d0");
  CHECK(check(with("dice_usage=greedy"), st, 2, 5, play({M(40, 2)})).legal);
}

TEST_CASE("options repeat_penalty and doubles_reroll (Q41, Q46)", "[replay][options]") {
  const auto st = state("g:N,10,h3,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d2");
  CHECK(roll_setup(st, 4, 4, with("repeat_penalty=off")).kind == RollKind::normal);
  const auto lose = with("repeat_penalty=lose_roll");
  auto v = check(lose, st, 4, 4, play({}));
  REQUIRE(v.legal);
  CHECK(v.result == st.pos);
  GameState g = initial_state(0b1111, {0, 1, 2, 3}, 0);
  advance_turn(g, 3, 3, g.pos, with("doubles_reroll=only_if_fully_used"), false);
  CHECK(g.to_move == 1);
  g = initial_state(0b1111, {0, 1, 2, 3}, 0);
  advance_turn(g, 3, 3, g.pos, profile("hasbro-2001"), false);
  CHECK(g.to_move == 0);
}

TEST_CASE("nothing moves after the last pawn reaches HOME (Q63)", "[replay][rules]") {
  const auto st = state("g:h5,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  auto v = check(profile("hasbro-2001"), st, 3, 4, play({M(68, 3), M(71, 4)}));
  CHECK(code(v) == RuleCode::game_over);
  CHECK(refusal_of(v).index == 1);
  CHECK(check(profile("hasbro-2001"), st, 3, 4, play({M(68, 3)})).legal);
  (void)E;
}
