// Game statistics (analysis/game_stats.hpp): each count checked on a record whose answer is
// known by construction, and on the hand-annotated samples.
#include <catch2/catch.hpp>

#include "analysis/game_stats.hpp"
#include "analysis/selfplay.hpp"
#include "parser/parser.hpp"
#include "shared_data.hpp"
#include "game_text.hpp"

#include <fstream>
#include <sstream>

using namespace ppn;
using namespace ppn::analysis;

using ppn::test::parse_one;

namespace {

std::string header(const std::string& setup) {
  return "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green red\"]\n[Result \"*\"]\n[Green \"Ana\"]\n"
         "[Setup \"" + setup + "\"]\n\n";
}

constexpr int G = 0, R = 1;

}  // namespace

TEST_CASE("stats: a capture on an ordinary square, its bonus, and the race", "[analysis][stats]") {
  // Green 10 + 6 + 4 lands on 20 (Red's 3, not a safety) and plays the 20 bonus to 40.
  const auto gs = compute_game_stats(parse_one(header("g:N,N,N,10 r:N,N,N,3 / g d0") +
                                               "1. G 6-4: 10/16 16/20x +20 20/40\n"),
                                     {});
  REQUIRE(gs.replayed);
  CHECK(gs.complete);
  CHECK(gs.rolls_replayed == 1);
  CHECK(gs.seats[G].player == "Ana");
  CHECK(gs.seats[G].captures_made.by_where[0] == 1);
  CHECK(gs.seats[G].captures_made.total() == 1);
  CHECK(gs.seats[R].captures_suffered.by_where[0] == 1);
  CHECK(gs.seats[G].bonuses_earned == 1);
  CHECK(gs.seats[G].bonuses_played == 1);
  CHECK(gs.seats[G].bonuses_forfeited == 0);
  REQUIRE(gs.race.size() == 2);
  CHECK(gs.race[0][G] == 3 * kNestSteps + 61);
  CHECK(gs.race[0][R] == 3 * kNestSteps + 68);
  CHECK(gs.race[1][G] == 3 * kNestSteps + 31);
  CHECK(gs.race[1][R] == 4 * kNestSteps);
  CHECK(gs.lead_changes == 0);  // green led from the start
  CHECK(player_key(gs, R) == "(red)");
}

TEST_CASE("stats: an entry capture is counted on the entry space", "[analysis][stats]") {
  // Red's 51 is Green's ENTER: entering with the 5 captures there (Hasbro 2001 rules, Safety Spaces: the entry capture).
  const auto gs = compute_game_stats(parse_one(header("g:N,N,N,N r:N,N,N,51 / g d0") +
                                               "1. G 5-2: N/0x 0/2 +20 2/22\n"),
                                     {});
  REQUIRE(gs.replayed);
  CHECK(gs.complete);
  CHECK(gs.seats[G].pawns_entered == 1);
  CHECK(gs.seats[G].captures_made.by_where[2] == 1);
  CHECK(gs.seats[R].captures_suffered.by_where[2] == 1);
  CHECK(gs.seats[G].nest_rolls == 1);
}

TEST_CASE("stats: a blockade stops an opponent roll", "[analysis][stats]") {
  // Green's pair on 10 stands on Red's 61; Red's pawn on 60 cannot move 3 or 4 past it.
  const auto gs = compute_game_stats(parse_one(header("g:N,N,10,10 r:N,N,N,60 / r d0") + "1. R 3-4: -\n"), {});
  REQUIRE(gs.replayed);
  CHECK(gs.complete);
  CHECK(gs.seats[R].no_play == 1);
  CHECK(gs.seats[G].opponent_rolls_blocked == 1);
  CHECK(gs.seats[R].nest_rolls == 0);
}

TEST_CASE("stats: a blockade on the ENTER stops an entry by a total of 5", "[analysis][stats]") {
  // Green's pair on 17 stands on Red's ENTER. Red throws 2-3 with pawns in the nest: the total
  // of 5 would enter one (Hasbro 2001 rules, Entering Your Pawns; RULES.md Q7), the blockade stops it, and
  // Red plays the dice with its pawn on 30 instead.
  const auto gs = compute_game_stats(parse_one(header("g:N,N,17,17 r:N,N,N,30 / r d0") + "1. R 2-3: 30/32 32/35\n"), {});
  REQUIRE(gs.replayed);
  CHECK(gs.complete);
  CHECK(gs.seats[R].pawns_entered == 0);
  CHECK(gs.seats[G].opponent_rolls_blocked == 1);
  // With every pawn out of the nest the same throw enters nothing: the blockade stops nothing.
  const auto out = compute_game_stats(parse_one(header("g:N,N,17,17 r:30,40,50,60 / r d0") + "1. R 2-3: 30/32 32/35\n"), {});
  REQUIRE(out.complete);
  CHECK(out.seats[G].opponent_rolls_blocked == 0);
}

TEST_CASE("stats: forming a blockade, doublets and lead changes", "[analysis][stats]") {
  const auto gs = compute_game_stats(parse_one(header("g:N,N,8,10 r:N,N,N,30 / g d0") +
                                               "1. G 1-1: 8/9 9/10\n2. G 2-3: N/0\n3. R 6-6: 30/36 36/42\n"),
                                     {});
  REQUIRE(gs.replayed);
  CHECK(gs.seats[G].blockades_formed == 1);
  CHECK(gs.seats[G].doublets == 1);
  CHECK(gs.seats[R].doublets == 1);
  CHECK(gs.seats[R].four_part == 0);  // pawns in the nest: a doublet is two parts (Q42)
  CHECK(gs.seats[G].pawns_entered == 1);  // 2+3 enters
  CHECK(gs.lead_changes == 0);  // Red leads from the start; Green only draws level (269 each)
}

TEST_CASE("stats: illegal plays are counted by rule code for the seat that made them", "[analysis][stats]") {
  const auto gs = compute_game_stats(parse_one(header("g:N,N,N,N r:N,N,N,N / g d0") + "1. G 5-3: -\n"), {});
  REQUIRE(gs.replayed);
  CHECK_FALSE(gs.complete);
  CHECK(gs.seats[G].illegal_total() == 1);
  CHECK(gs.seats[R].illegal_total() == 0);
}

TEST_CASE("stats: the hand-annotated four-player sample", "[analysis][stats][samples]") {
  std::ifstream in(test::source_path("samples/01-four-player-family-night.ppn"));
  REQUIRE(in);
  std::stringstream ss;
  ss << in.rdbuf();
  const Game g = parse_one(ss.str());
  const auto gs = compute_game_stats(g, {});
  REQUIRE(gs.replayed);
  CHECK(gs.complete);
  CHECK(gs.rolls_replayed == 97);
  // The sample's comments: one third-doublet PENALTY (rolls 21-23, Yellow), Green wins.
  int penalties = 0, rolls = 0;
  for (const auto& s : gs.seats) penalties += s.penalties, rolls += s.rolls;
  CHECK(penalties == 1);
  CHECK(rolls == 97);
  CHECK(gs.seats[static_cast<int>(Colour::Green)].place == 1);
  CHECK(gs.seats[static_cast<int>(Colour::Green)].race_end == 0);
  // Captures made and suffered balance; a capture on the ENTER space happens (roll 45).
  int made = 0, suffered = 0, entry = 0;
  for (const auto& s : gs.seats) {
    made += s.captures_made.total();
    suffered += s.captures_suffered.total();
    entry += s.captures_made.by_where[2];
  }
  CHECK(made == suffered);
  CHECK(made >= 6);
  CHECK(entry >= 1);
  CHECK(gs.race.size() == 98);
}

TEST_CASE("stats: self-play games balance captures, bonuses and entries", "[analysis][stats][selfplay]") {
  SelfplayConfig cfg;
  cfg.seed = 11;
  auto made = make_selfplay(cfg);
  REQUIRE(made);
  const Selfplay& sp = *made;
  for (int i = 0; i < 3; ++i) {
    const auto gs = compute_game_stats(sp.play_game(static_cast<std::uint64_t>(i)), {});
    REQUIRE(gs.complete);
    int made = 0, suffered = 0, earned = 0, used = 0, forfeited = 0, places = 0;
    for (const auto& s : gs.seats) {
      made += s.captures_made.total();
      suffered += s.captures_suffered.total();
      earned += s.bonuses_earned;
      used += s.bonuses_played;
      forfeited += s.bonuses_forfeited;
      places += s.place == 1;
    }
    CHECK(made == suffered);
    CHECK(earned >= used + forfeited);  // the winning roll's left-over bonuses are void
    CHECK(places == 1);
    // Every pawn of the winner entered, once more after each capture, and perhaps after a penalty.
    const int w = static_cast<int>(gs.ranking.front());
    const auto& ws = gs.seats[w];
    CHECK(ws.pawns_entered >= 4 + ws.captures_suffered.total());
    CHECK(ws.pawns_entered <= 4 + ws.captures_suffered.total() + ws.penalties);
  }
}
