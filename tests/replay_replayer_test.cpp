// The replayer: PPN games walked roll by roll under their profile, with diagnostics located
// at the offending roll, policies after an illegal roll, and turn machinery from the record.
#include <catch2/catch.hpp>

#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "game_text.hpp"

using namespace ppn;
using namespace ppn::replay;
using ppn::rules::Position;

using ppn::test::parse_one;

namespace {

const std::string kHeader =
    "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n\n";

}  // namespace

TEST_CASE("replayer: a legal opening replays and yields every position", "[replay][replayer]") {
  const Game g = parse_one(kHeader + "1. G 5-3: N/0 0/3\n2. B 6-4: -\n3. G 2-1: 3/5 5/6\n");
  std::vector<std::string> ids;
  const auto r = replay_game(g, {}, [&](const RollEvent& e) { ids.push_back(position_id(e.after)); });
  CHECK(r.errors() == 0);
  CHECK(r.rolls_replayed == 3);
  REQUIRE(ids.size() == 3);
  CHECK(ids[0] == "g:N,N,N,3 b:N,N,N,N / b d0");
  CHECK(ids[1] == "g:N,N,N,3 b:N,N,N,N / g d0");
  CHECK(ids[2] == "g:N,N,N,6 b:N,N,N,N / b d0");
}

TEST_CASE("replayer: an illegal roll is located, coded, and lists legal alternatives", "[replay][replayer]") {
  // 5-3 with all pawns in the nest: the 5 must enter (Hasbro 2001 rules, Entering Your Pawns "When possible you must enter a
  // pawn"); recording no play at all is illegal.
  const Game g = parse_one(kHeader + "1. G 5-3: -\n");
  const auto r = replay_game(g, {});
  REQUIRE(r.errors() == 1);
  const auto& d = r.diagnostics.front();
  CHECK(d.line == 6);
  CHECK(d.roll_index == 0);
  CHECK(ppn::code_class(d.code) == ppn::Severity::error);
  CHECK(d.position_id == "g:N,N,N,N b:N,N,N,N / g d0");
  REQUIRE_FALSE(d.alternatives.empty());
  CHECK(d.alternatives.front() == "N/0 0/3");
}

TEST_CASE("replayer: turn order comes from the record and doublets give another roll", "[replay][replayer]") {
  SECTION("the same seat rolls again after a doublet") {
    const Game g = parse_one(kHeader + "1. G 5-5: N/0 N/0\n2. G 6-1: 0/6 6/7\n3. B 1-2: -\n");
    const auto r = replay_game(g, {});
    CHECK(r.errors() == 0);
  }
  SECTION("another seat rolling out of turn is an error") {
    const Game g = parse_one(kHeader + "1. G 6-1: -\n2. G 6-2: -\n");
    const auto r = replay_game(g, {});
    REQUIRE(r.errors() == 1);
    CHECK(r.diagnostics.front().code == ppn::Code::turn_order);
    CHECK(r.diagnostics.front().roll_index == 1);
  }
}

TEST_CASE("replayer: the third doublet is a penalty", "[replay][replayer]") {
  // Hasbro 2001 rules, Doublets Penalty; the pawn closest to HOME goes back (Q48).
  // Roll 2 splits the pair: moving both pawns 3 would move the blockade together (Q54).
  const std::string moves = "1. G 5-5: N/0 N/0\n2. G 3-3: 0/3 3/6\n";
  SECTION("recorded as PENALTY with the right pawn") {
    const Game g = parse_one(kHeader + moves + "3. G 2-2: PENALTY 6/N\n4. B 6-1: -\n");
    const auto r = replay_game(g, {});
    CHECK(r.errors() == 0);
    CHECK(position_id(r.final_game) == "g:N,N,N,0 b:N,N,N,N / g d0");
  }
  SECTION("the wrong pawn sent back") {
    const Game g = parse_one(kHeader + moves + "3. G 2-2: PENALTY 0/N\n");
    const auto r = replay_game(g, {});
    REQUIRE(r.errors() == 1);
    CHECK(r.diagnostics.front().code == ppn::Code::penalty_pawn);
  }
  SECTION("played as moves instead") {
    const Game g = parse_one(kHeader + moves + "3. G 2-2: 6/8 8/10\n");
    const auto r = replay_game(g, {});
    REQUIRE(r.errors() == 1);
    CHECK(r.diagnostics.front().code == ppn::Code::penalty_expected);
  }
}

TEST_CASE("replayer: policies after an illegal roll", "[replay][replayer]") {
  // Roll 2 moves a pawn that is not there; roll 3 is legal again.
  const std::string text = kHeader + "1. G 5-3: N/0 0/3\n2. B 6-4: 10/16 16/20\n3. G 2-1: 3/5 5/6\n";
  const Game g = parse_one(text);
  ReplayConfig cfg;
  SECTION("keep-prefix keeps the positions before it and stops") {
    cfg.on_error = OnError::keep_prefix;
    int seen = 0;
    const auto r = replay_game(g, cfg, [&](const RollEvent&) { ++seen; });
    CHECK(seen == 1);
    CHECK(r.stopped);
    CHECK_FALSE(r.skipped);
    CHECK_FALSE(r.stop_run);
  }
  SECTION("skip drops the game") {
    cfg.on_error = OnError::skip;
    const auto r = replay_game(g, cfg);
    CHECK(r.skipped);
  }
  SECTION("stop asks the caller to stop the run") {
    cfg.on_error = OnError::stop;
    const auto r = replay_game(g, cfg);
    CHECK(r.stop_run);
  }
  SECTION("as-played cannot apply a move of a pawn that is not there") {
    cfg.on_error = OnError::as_played;
    const auto r = replay_game(g, cfg);
    CHECK(r.stopped);
    CHECK(r.errors() >= 1);
  }
}

TEST_CASE("replayer: as-played applies an illegal but possible play and goes on", "[replay][replayer]") {
  // Green ignores the obligation to enter (5-1 with pawns in the nest, Hasbro 2001 rules, Entering Your Pawns "When possible
  // you must enter a pawn") and moves 3/8 3/4 ... the record goes on legally afterwards.
  const Game g = parse_one(kHeader + "1. G 5-3: N/0 0/3\n2. B 1-1: -\n3. B 2-6: -\n4. G 5-1: 3/8 8/9\n5. B 6-2: -\n");
  ReplayConfig cfg;
  cfg.on_error = OnError::as_played;
  const auto r = replay_game(g, cfg);
  CHECK(r.errors() == 0);
  CHECK(r.warnings() >= 1);
  CHECK(r.illegal == 1);
  CHECK(r.rolls_replayed == 5);
  CHECK(position_id(r.final_game) == "g:N,N,N,9 b:N,N,N,N / g d0");
}

TEST_CASE("replayer: another colour's pawn is E-WRONG-COLOUR, carried out only as played", "[replay][replayer]") {
  // The NU course case in14: green's 5-5 enters a green pawn and a red one (Racket: "attempted
  // to move two different colors"). Hasbro 2001 rules, Setup: a player moves the pawns of his own colour.
  const std::string header =
      "[Game \"parcheesi\"]\n[Variant \"racket-nu\"]\n[Seats \"green red blue yellow\"]\n[Result \"*\"]\n\n";
  const Game g = parse_one(header + "1. G 5-5: N/0 R:N/0\n2. G 5-2: N/0 0/2\n");
  const auto r = replay_game(g, {});
  REQUIRE(r.errors() == 1);
  CHECK(r.diagnostics.front().code == ppn::Code::wrong_colour);
  CHECK(r.diagnostics.front().step_index == 1);
  CHECK(r.rolls_replayed == 0);
  // as played: the red pawn enters on red's ENTER (abs 22 = green's 17), green rolls again
  ReplayConfig cfg;
  cfg.on_error = OnError::as_played;
  std::vector<std::string> ids;
  const auto p = replay_game(g, cfg, [&](const RollEvent& e) { ids.push_back(position_id(e.after)); });
  CHECK(p.illegal == 1);
  REQUIRE(ids.size() == 2);
  CHECK(ids[0] == "g:N,N,N,0 r:N,N,N,0 b:N,N,N,N y:N,N,N,N / g d1");
  // a red move recorded on green's roll is read in red's coordinates: red's 3 is green's 20
  // (ENTERs 17 apart, SPEC.md 3.3), so R:0/3x captures the green pawn there
  const Game cap = parse_one("[Game \"parcheesi\"]\n[Variant \"racket-nu\"]\n[Seats \"green red\"]\n"
                             "[Setup \"g:N,N,N,20 r:N,N,N,0 / g d0\"]\n\n1. G 3-1: R:0/3x\n");
  ids.clear();
  const auto c = replay_game(cap, cfg, [&](const RollEvent& e) { ids.push_back(position_id(e.after)); });
  CHECK(c.illegal == 1);
  REQUIRE(ids.size() == 1);
  CHECK(ids[0] == "g:N,N,N,N r:N,N,N,3 / r d0");
}

TEST_CASE("replayer: withdrawals leave the turn order, the last seat playing wins", "[replay][replayer]") {
  const std::string three = "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green red blue\"]\n";
  // Red resigns: blue throws after green, and the game goes on with two
  auto r = replay_game(parse_one(three + "[Result \"*\"]\n\n1. G 6-4: -\nR RESIGNS\n2. B 6-4: -\n3. G 6-3: -\n"), {});
  CHECK(r.diagnostics.empty());
  CHECK_FALSE(r.game_over);
  // then blue abandons: green is the last seat playing and wins; [Result] must say so
  const std::string moves = "1. G 6-4: -\nR RESIGNS\n2. B 6-4: -\nB ABANDONS\n";
  r = replay_game(parse_one(three + "[Result \"green\"]\n\n" + moves), {});
  CHECK(r.diagnostics.empty());
  CHECK(r.game_over);
  REQUIRE(r.ranking.size() == 1);
  CHECK(r.ranking.front() == Colour::Green);
  r = replay_game(parse_one(three + "[Result \"red\"]\n\n" + moves), {});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics.front().code == ppn::Code::result);
  // a roll after that is E-GAME-OVER, saying why the game ended
  r = replay_game(parse_one(three + "[Result \"green\"]\n\n" + moves + "3. G 6-3: -\n"), {});
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics.front().code == ppn::Code::game_over);
  CHECK_THAT(r.diagnostics.front().message, Catch::Contains("withdrew"));
  // withdrawing a seat that is not playing is a record error at the withdrawal's line
  r = replay_game(parse_one(three + "[Result \"*\"]\n\n1. G 6-4: -\nY RESIGNS\nR ABANDONS\nR RESIGNS\n"), {});
  REQUIRE(r.diagnostics.size() == 2);
  CHECK(r.diagnostics[0].code == ppn::Code::withdrawal);
  CHECK(r.diagnostics[0].line == 7);
  CHECK_THAT(r.diagnostics[0].message, Catch::Contains("not in the game"));
  CHECK(r.diagnostics[1].line == 9);
}

TEST_CASE("replayer: withdrawn seats keep their pawns in observed positions, seats from withdrawals", "[replay][replayer]") {
  // red resigns with a pawn out; a later `@` still shows it, and it may only be sent home
  const std::string head = "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green red blue\"]\n"
                           "[Result \"*\"]\n\n1. G 6-4: -\n2. R 5-2: N/0 0/2\nR RESIGNS\n";
  auto r = replay_game(parse_one(head + "@ g:N,N,N,N r:N,N,N,2 b:N,N,N,N / b d0\n"), {});
  CHECK(r.diagnostics.empty());
  r = replay_game(parse_one(head + "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N / b d0\n"), {});  // captured: possible
  CHECK(r.diagnostics.empty());
  r = replay_game(parse_one(head + "@ g:N,N,N,N r:N,N,N,9 b:N,N,N,N / b d0\n"), {});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == ppn::Code::implausible_stretch);
  CHECK_THAT(r.diagnostics[0].message, Catch::Contains("it withdrew"));
  r = replay_game(parse_one(head + "@ g:N,N,N,N b:N,N,N,N / b d0\n"), {});  // red's pawns vanished
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].code == ppn::Code::implausible_stretch);
  // without [Seats], a seat that withdraws before it throws is a seat of the game: green wins
  r = replay_game(parse_one("[Result \"green\"]\n\n1. G 6-4: -\nR RESIGNS\n"), {});
  CHECK(r.diagnostics.empty());
  REQUIRE(r.ranking.size() == 1);
  CHECK(r.ranking.front() == Colour::Green);
}

TEST_CASE("replayer: an owner naming the roll's own seat (a game built in code) is no owner", "[replay][replayer]") {
  Game g = parse_one(kHeader + "1. G 5-3: N/0 0/3\n");
  std::get<Roll>(g.movetext[0]).steps[1].owner = Colour::Green;
  CHECK(to_ppn(std::get<Roll>(g.movetext[0])) == "1. G 5-3: N/0 0/3");
  CHECK(replay_game(g, {}).diagnostics.empty());
}

TEST_CASE("replayer: unknown profiles and options are clear errors", "[replay][replayer]") {
  SECTION("unknown variant") {
    const Game g = parse_one("[Variant \"hasbro-2099\"]\n[Seats \"green blue\"]\n\n1. G 6-1: -\n");
    const auto r = replay_game(g, {});
    REQUIRE_FALSE(r.setup_ok);
    CHECK(r.diagnostics.front().code == ppn::Code::rules);
    CHECK_THAT(r.diagnostics.front().message, Catch::Contains("hasbro-2001"));
  }
  SECTION("unknown option from the command line") {
    const Game g = parse_one(kHeader + "1. G 6-1: -\n");
    ReplayConfig cfg;
    cfg.options = {"no_such_option=1"};
    const auto r = replay_game(g, cfg);
    REQUIRE_FALSE(r.setup_ok);
    CHECK_THAT(r.diagnostics.front().message, Catch::Contains("no_such_option"));
  }
}

TEST_CASE("replayer: a [Setup] position starts the game", "[replay][replayer]") {
  // Green's last pawn is 3 from HOME (rel 68 = h5): 2-1 brings it home; the game is won, the
  // home bonus void (Q63).
  const Game g = parse_one(
      "[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"green\"]\n"
      "[Setup \"g:h5,H,H,H b:N,N,N,N / g d0\"]\n\n1. G 2-1: h5/h7 h7/H\n");
  const auto r = replay_game(g, {});
  CHECK(r.errors() == 0);
  CHECK(r.game_over);
  REQUIRE(r.ranking.size() == 1);
  CHECK(r.ranking.front() == Colour::Green);
}

TEST_CASE("replayer: [Result] must agree with the replay", "[replay][replayer]") {
  const Game g = parse_one(
      "[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"blue\"]\n"
      "[Setup \"g:h5,H,H,H b:N,N,N,N / g d0\"]\n\n1. G 2-1: h5/h7 h7/H\n");
  const auto r = replay_game(g, {});
  REQUIRE(r.errors() == 1);
  CHECK(r.warnings() == 0);
  CHECK(r.diagnostics.front().code == ppn::Code::result);
}

TEST_CASE("replayer: a partial game (cut by a syntax error) is checked, but not its [Result]",
          "[replay][replayer][input]") {
  // Roll 2 is illegal (the 5 must enter: Hasbro 2001 rules, Entering Your Pawns; RULES.md Q8), roll 3 lacks its ':'. The record says green
  // won, which the two rolls read cannot show: only a partial game may end before its result.
  auto r = parser::parse_all(
      "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"green\"]\n\n"
      "1. G 5-3: N/0 0/3\n2. B 5-3: -\n3. G 2-1 3/5 5/6\n",
      "cut.ppn");
  REQUIRE(r.errors.size() == 1);
  REQUIRE(r.errors[0].partial != nullptr);
  const Game& partial = *r.errors[0].partial;
  ReplayConfig cfg;
  cfg.partial = true;
  const auto checked = replay_game(partial, cfg);
  REQUIRE(checked.diagnostics.size() == 1);
  CHECK(checked.diagnostics[0].roll_index == 1);
  CHECK(checked.diagnostics[0].line == 7);
  CHECK(ppn::code_class(checked.diagnostics[0].code) == ppn::Severity::error);
  CHECK(checked.diagnostics[0].code != ppn::Code::result);
  // The same rolls as a whole game would have their [Result] checked too.
  cfg.on_error = OnError::as_played;  // (so that the replay reaches the end of the rolls)
  const auto as_partial = replay_game(partial, cfg);
  cfg.partial = false;
  const auto whole = replay_game(partial, cfg);
  bool result_checked = false;
  for (const auto& d : whole.diagnostics) result_checked |= d.code == ppn::Code::result;
  CHECK(result_checked);
  for (const auto& d : as_partial.diagnostics) CHECK(d.code != ppn::Code::result);
}
