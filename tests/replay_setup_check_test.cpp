// A [Setup] is judged by the rules of the record's profile (rules::position_check and
// rules::setup_state): a position its plays could never produce is E-SETUP with the reason, in
// the words of the board in use; seats that have finished in the [Setup] never roll again, and
// the game is over when the rules stop there (RULES.md Q22, Q24, Q25, Q10, Q60, Q62, Q63).
#include <catch2/catch.hpp>

#include <string>

#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "rules/options.hpp"
#include "rules/position.hpp"
#include "game_text.hpp"

using namespace ppn;
using namespace ppn::replay;

using ppn::test::parse_one;

namespace {

// A record of `variant` with [Seats] `seats`, the [Setup] position ID `setup`, [Result]
// `result` and the movetext `moves`.
std::string record(const std::string& variant, const std::string& seats, const std::string& setup,
                   const std::string& result = "*", const std::string& moves = "", const std::string& extra = "") {
  const std::string game = variant.rfind("ludo", 0) == 0 ? "ludo" : "parcheesi";
  return "[Game \"" + game + "\"]\n[Variant \"" + variant + "\"]\n[Seats \"" + seats + "\"]\n" + extra +
         "[Result \"" + result + "\"]\n[Setup \"" + setup + "\"]\n\n" + moves + "\n";
}

// The one error of a replay that refuses its [Setup].
std::string setup_error(const std::string& text) {
  const auto r = replay_game(parse_one(text), {});
  INFO(text);
  CHECK_FALSE(r.setup_ok);
  REQUIRE(r.errors() == 1);
  CHECK(r.diagnostics.front().code == ppn::Code::setup);
  return r.diagnostics.front().message;
}

void accepted(const std::string& text) {
  const auto r = replay_game(parse_one(text), {});
  INFO(text);
  CHECK(r.setup_ok);
  CHECK(r.errors() == 0);
}

}  // namespace

TEST_CASE("[Setup] on Parcheesi: what a square holds (Q22, Q24, Q25)", "[replay][setup]") {
  SECTION("three pawns of one colour on a ring square") {
    const auto m = setup_error(record("hasbro-2001", "green blue", "g:5,5,5,N b:N,N,N,N / g d0"));
    CHECK_THAT(m, Catch::StartsWith("[Setup]: green has three pawns on square 5, but a square holds at most two"));
    CHECK_THAT(m, Catch::Contains("RULES.md Q22"));
  }
  SECTION("three pawns on the ENTER") {
    CHECK_THAT(setup_error(record("racket-nu", "green blue", "g:0,0,0,N b:N,N,N,N / g d0")),
               Catch::Contains("green has three pawns on square 0"));
  }
  SECTION("three pawns on a home-path square") {
    CHECK_THAT(setup_error(record("hasbro-2001", "green blue", "g:h2,h2,h2,N b:N,N,N,N / g d0")),
               Catch::Contains("green has three pawns on home-path square h2"));
  }
  SECTION("two pawns on a home-path square are a blockade, HOME holds any number") {
    accepted(record("hasbro-2001", "green blue", "g:h2,h2,H,H b:N,N,N,N / g d0"));
  }
  SECTION("two colours on a square that is not a safety space") {
    // green's 5 is blue's 39 (ENTERs 34 apart: notation/SPEC.md)
    const auto m = setup_error(record("hasbro-2001", "green blue", "g:5,N,N,N b:39,N,N,N / g d0"));
    CHECK_THAT(m, Catch::Contains("blue and green both have pawns on blue's square 39"));
    CHECK_THAT(m, Catch::Contains("captures"));
  }
  SECTION("two colours on a safety square: never, except under safety_sharing=two_any_colours") {
    // green's 7 (a safety square) is blue's 41
    const std::string setup = "g:7,N,N,N b:41,N,N,N / g d0";
    for (const char* profile : {"hasbro-2001", "k14", "wikipedia-house", "racket-nu"}) {
      INFO(profile);
      CHECK_THAT(setup_error(record(profile, "green blue", setup)),
                 Catch::Contains("a safety square two colours never share"));
    }
    accepted(record("parchis-es", "green blue", setup));
    CHECK_THAT(setup_error(record("parchis-es", "green blue", "g:7,7,N,N b:41,N,N,N / g d0")),
               Catch::Contains("three pawns on blue's square 41"));
  }
  SECTION("a lap square only with second laps (Q60)") {
    CHECK_THAT(setup_error(record("hasbro-2001", "green blue", "g:65,H,H,H b:N,N,N,N / g d0")),
               Catch::Contains("ring square 65 has passed its turn-off"));
    accepted(record("wikipedia-house", "green blue", "g:65,H,H,H b:N,N,N,N / g d0"));
  }
  SECTION("a seat without four pawns") {
    CHECK(setup_error(record("hasbro-2001", "green blue", "g:N,N,N b:N,N,N,N / g d0")) ==
          "[Setup]: green has 3 pawns; a Parcheesi seat has 4 (N for each one in the nest)");
  }
}

TEST_CASE("[Setup] on Ludo: what a square holds under stacking and start_doubled (Q10, Q22, Q25)",
          "[replay][setup][ludo]") {
  SECTION("stacking=single_only: one token of a colour on a track square") {
    const auto m = setup_error(record("ludo", "green blue", "g:10,10,N,N b:N,N,N,N / g d0"));
    CHECK_THAT(m, Catch::StartsWith("[Setup]: green has two tokens on track square 10, but under "
                                    "stacking=single_only a square holds one token of a colour"));
    CHECK_THAT(m, !Catch::Contains("pawn") && !Catch::Contains("Parcheesi"));
  }
  SECTION("stacking=single_only: the start square, unless start_doubled=yes") {
    CHECK_THAT(setup_error(record("ludo", "green blue", "g:0,0,N,N b:N,N,N,N / g d0")),
               Catch::Contains("green has two tokens on its start square (0)") &&
                   Catch::Contains("only start_doubled=yes lets the start square hold two"));
    accepted(record("ludo", "green blue", "g:0,0,N,N b:N,N,N,N / g d0", "*", "", "[Option \"start_doubled=yes\"]\n"));
  }
  SECTION("stacking=single_only: the home column") {
    CHECK_THAT(setup_error(record("ludo", "green blue", "g:h2,h2,N,N b:N,N,N,N / g d0")),
               Catch::Contains("green has two tokens on home column square h2"));
  }
  SECTION("stacking=blocks: two tokens are a block, three are not") {
    accepted(record("ludo-modern", "green blue", "g:10,10,h2,h2 b:N,N,N,N / g d0"));
    CHECK_THAT(setup_error(record("ludo-modern", "green blue", "g:10,10,10,N b:N,N,N,N / g d0")),
               Catch::Contains("green has three tokens on track square 10, but a block is two tokens"));
    CHECK_THAT(setup_error(record("ludo-seed", "green blue", "g:h2,h2,h2,N b:N,N,N,N / g d0")),
               Catch::Contains("three tokens on home column square h2"));
  }
  SECTION("two colours share only a safe square (safe_squares)") {
    // green's 10 is blue's 36, green's star 8 is blue's 34 (starts 26 apart on the 52 track)
    CHECK_THAT(setup_error(record("ludo", "green blue", "g:10,N,N,N b:36,N,N,N / g d0")),
               Catch::Contains("blue and green both have tokens on blue's track square 36, which is not a safe square"));
    CHECK_THAT(setup_error(record("ludo", "green blue", "g:8,N,N,N b:34,N,N,N / g d0")),
               Catch::Contains("not a safe square"));
    accepted(record("ludo-modern", "green blue", "g:8,N,N,N b:34,N,N,N / g d0"));
  }
  SECTION("a seat without four tokens is told of the Ludo board") {
    CHECK(setup_error(record("ludo", "green blue", "g:N,N,N b:N,N,N,N / g d0")) ==
          "[Setup]: green has 3 tokens; a Ludo seat has 4 (N for each one in the nest)");
  }
}

TEST_CASE("[Setup] with a seat that has finished: Parcheesi ends at the first (Q63)", "[replay][setup]") {
  const std::string setup = "g:H,H,H,H r:5,N,N,N b:N,N,N,N / b d0";
  SECTION("the game is over, green won") {
    const auto r = replay_game(parse_one(record("hasbro-2001", "green red blue", setup, "green")), {});
    CHECK(r.setup_ok);
    CHECK(r.errors() == 0);
    CHECK(r.warnings() == 0);
    CHECK(r.game_over);
    REQUIRE(r.ranking.size() == 1);
    CHECK(r.ranking.front() == Colour::Green);
  }
  SECTION("a later roll is E-GAME-OVER") {
    const auto r = replay_game(parse_one(record("hasbro-2001", "green red blue", setup, "green", "1. B 5-3: N/0 0/3")), {});
    REQUIRE(r.errors() == 1);
    CHECK(r.diagnostics.front().code == ppn::Code::game_over);
    CHECK(r.rolls_replayed == 0);
  }
  SECTION("[Result] is checked") {
    const auto unfinished = replay_game(parse_one(record("hasbro-2001", "green red blue", setup, "*")), {});
    REQUIRE(unfinished.warnings() == 1);
    CHECK(unfinished.diagnostics.front().code == ppn::Code::result);
    const auto other = replay_game(parse_one(record("hasbro-2001", "green red blue", setup, "blue")), {});
    REQUIRE(other.errors() == 1);
    CHECK(other.diagnostics.front().code == ppn::Code::result);
    CHECK_THAT(other.diagnostics.front().message, Catch::Contains("but green won"));
  }
  SECTION("two seats cannot both have finished") {
    CHECK_THAT(setup_error(record("hasbro-2001", "green blue", "g:H,H,H,H b:H,H,H,H / b d0")),
               Catch::Contains("green and blue have both finished, but the game ends when the first seat has all four "
                               "pawns HOME"));
  }
}

TEST_CASE("[Setup] with seats that have finished: Ludo plays for places, or stops (Q63)",
          "[replay][setup][ludo]") {
  SECTION("play_for_places=yes: a finished seat is never asked to roll") {
    const std::string setup = "g:H,H,H,H r:N,N,N,N b:N,N,N,N / r d0";
    // turn order green red blue: after blue comes red again, green is skipped
    accepted(record("ludo", "green red blue", setup, "*", "1. R 3: -\n2. B 2: -\n3. R 4: -"));
    const auto r = replay_game(parse_one(record("ludo", "green red blue", setup, "*", "1. R 3: -\n2. B 2: -\n3. G 4: -")), {});
    REQUIRE(r.errors() == 1);
    CHECK(r.diagnostics.front().code == ppn::Code::turn_order);
    CHECK_THAT(r.diagnostics.front().message, Catch::StartsWith("it is red's roll"));
    CHECK_FALSE(r.game_over);
  }
  SECTION("play_for_places=yes: the seat to move cannot have finished while the game goes on") {
    CHECK_THAT(setup_error(record("ludo", "green red blue", "g:H,H,H,H r:N,N,N,N b:N,N,N,N / g d0")),
               Catch::Contains("green is to move, but all its tokens are home"));
  }
  SECTION("play_for_places=yes: one seat left playing, the game is over") {
    const std::string setup = "g:H,H,H,H r:H,H,H,H b:N,N,5,N / b d0";
    const auto r = replay_game(parse_one(record("ludo", "green red blue", setup, "red green blue")), {});
    CHECK(r.errors() == 0);
    CHECK(r.game_over);
    // the finishers in turn order (which finished first is not recorded), then the last place
    CHECK(r.ranking == std::vector<Colour>{Colour::Green, Colour::Red, Colour::Blue});
    const auto later = replay_game(parse_one(record("ludo", "green red blue", setup, "red", "1. B 6: 5/11")), {});
    REQUIRE(later.errors() == 1);
    CHECK(later.diagnostics.front().code == ppn::Code::game_over);
    CHECK_THAT(later.diagnostics.front().message, Catch::Contains("Ludo rules") && !Catch::Contains("Hasbro"));
    const auto wrong = replay_game(parse_one(record("ludo", "green red blue", setup, "blue")), {});
    REQUIRE(wrong.errors() == 1);
    CHECK(wrong.diagnostics.front().code == ppn::Code::result);
    CHECK_THAT(wrong.diagnostics.front().message, Catch::Contains("but green or red won"));
  }
  SECTION("play_for_places=no: the first finisher ends the game") {
    const std::string option = "[Option \"play_for_places=no\"]\n";
    const std::string setup = "g:H,H,H,H r:N,N,N,N b:N,N,5,N / r d0";
    const auto r = replay_game(parse_one(record("ludo", "green red blue", setup, "green", "", option)), {});
    CHECK(r.errors() == 0);
    CHECK(r.game_over);
    CHECK(r.ranking == std::vector<Colour>{Colour::Green});
    const auto later = replay_game(parse_one(record("ludo", "green red blue", setup, "green", "1. R 3: -", option)), {});
    REQUIRE(later.errors() == 1);
    CHECK(later.diagnostics.front().code == ppn::Code::game_over);
    CHECK_THAT(later.diagnostics.front().message, Catch::Contains("play_for_places=no"));
    CHECK_THAT(setup_error(record("ludo", "green red blue", "g:H,H,H,H r:H,H,H,H b:N,N,N,N / b d0", "*", "", option)),
               Catch::Contains("green and red have both finished") && Catch::Contains("all its tokens home"));
  }
}

TEST_CASE("rules::position_check under a profile names each failed check", "[replay][position][setup]") {
  using namespace ppn::rules;
  auto opts = [](const char* profile) { return *profile_options(profile).options; };
  Position p = initial_position(0b0101);
  CHECK_FALSE(position_check(p, opts("hasbro-2001")));
  p.place(0, {Place::nest(), Place::nest(), Place::at(10), Place::at(10)});
  CHECK_FALSE(position_check(p, opts("hasbro-2001")));
  const PositionProblem single = position_check(p, opts("ludo"));
  CHECK(single.fault == PositionFault::ring_capacity);
  CHECK(single.seat == 0);
  CHECK(single.rel == 10);
  CHECK(single.count == 2);
  CHECK(position_fault_name(single.fault) == "ring-capacity");
  CHECK_FALSE(position_check(p, opts("ludo-modern")));
  // the engine's invariants of the Ludo board allow blocks of two, whatever the profile
  CHECK(position_check(p, geometry_of(opts("ludo"))) == nullptr);
  p.place(0, {Place::nest(), Place::nest(), Place::nest(), Place::at(kParcheesi68.rel_of_track(65))});
  CHECK(position_check(p, opts("hasbro-2001")).fault == PositionFault::lap_square);
  CHECK_FALSE(position_check(p, opts("wikipedia-house")));
}

TEST_CASE("an observed position is judged by the profile's rules too", "[replay][setup][observed]") {
  // green's 7 (a safety square) is blue's 41: two colours share it only in parchis-es (Q25)
  auto observed = [](const std::string& variant) {
    return replay_game(parse_one("[Game \"parcheesi\"]\n[Variant \"" + variant +
                                 "\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n\n"
                                 "@ g:N,N,N,7 b:N,N,N,41 / g d0\n"),
                       {});
  };
  const auto shared = observed("parchis-es");
  CHECK(shared.errors() == 0);
  CHECK(position_id(shared.final_game) == "g:N,N,N,7 b:N,N,N,41 / g d0");
  const auto hasbro = observed("hasbro-2001");
  REQUIRE(hasbro.errors() == 1);
  CHECK(hasbro.diagnostics.front().code == ppn::Code::observed);
  CHECK_THAT(hasbro.diagnostics.front().message, Catch::Contains("a safety square two colours never share"));
}
