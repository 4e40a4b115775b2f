// `ppn legal`: the referee's questions on hand-made positions, whose legal plays are counted by
// hand below (each case says how). Squares are in the mover's own coordinates; on the
// Parcheesi board the safety squares are 0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63 (green's
// coordinates are the engine's absolute squares; red's ENTER is green's 17, so red's square r
// is green's r + 17). On the Ludo board a colour's start squares are 13 apart (blue's 37 is
// green's 11).
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_run.hpp"

using ppn::test::run_ppn;

namespace {
// The listing's lines after its header: one per distinct resulting position, each followed by
// an "also" line when other orders reach the same position.
std::vector<std::string> play_lines(const std::string& out) {
  std::vector<std::string> lines;
  std::size_t at = out.find('\n');
  while (at != std::string::npos && at + 1 < out.size()) {
    const auto next = out.find('\n', at + 1);
    lines.push_back(out.substr(at + 1, next - at - 1));
    at = next;
  }
  return lines;
}
}  // namespace

TEST_CASE("ppn legal: one pawn, two dice, two orders to the same square are one play", "[cli][legal]") {
  // Green's only pawn out stands on 30, red has none out. 6-2 (no 5, and 6+2 is no five):
  // nothing enters; the pawn must use both dice, 30/36 36/38 or 30/32 32/38, both ending on 38
  // (no pawn on 32, 36 or 38 in the way): one position, one play in two orders.
  const auto r = run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 6-2");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("green rolls 6-2 under hasbro-2001: 1 legal play\n"));
  const auto lines = play_lines(r.out);
  REQUIRE(lines.size() == 2);  // the play, then its other order
  CHECK_THAT(lines[0], Catch::EndsWith("-> g:N,N,N,38 r:N,N,N,N / r d0"));
  CHECK(((lines[0] == "  30/36 36/38  -> g:N,N,N,38 r:N,N,N,N / r d0" && lines[1] == "      also 30/32 32/38") ||
         (lines[0] == "  30/32 32/38  -> g:N,N,N,38 r:N,N,N,N / r d0" && lines[1] == "      also 30/36 36/38")));
  const auto j = nlohmann::json::parse(run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 6-2 --format json").out);
  CHECK(j["count"] == 1);
  CHECK(j["plays"][0]["orders"].size() == 2);
}

TEST_CASE("ppn legal: a doublet with two pawns in the nest enters both, and rolls again", "[cli][legal]") {
  // 5-5 with two pawns in the nest: the doublet is two parts {5, 5} (no tops and bottoms while a
  // pawn is in the nest), and a pawn must enter whenever possible (Hasbro 2001 rules,
  // Entering Your Pawns): both fives enter, N/0 N/0, the only legal play. A doublet: green
  // throws again (d1).
  const auto r = run_ppn("legal 'g:N,N,10,20 r:N,N,N,N / g d0' 5-5");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("green rolls 5-5 under hasbro-2001: 1 legal play\n"));
  const auto lines = play_lines(r.out);
  REQUIRE(lines.size() == 1);
  CHECK_THAT(lines[0], Catch::StartsWith("  N/0 N/0  -> g:0,0,10,20 r:N,N,N,N / g d1"));
  // Moving a pawn instead of entering is illegal, with the rule and the legal play.
  const auto bad = run_ppn("legal 'g:N,N,10,20 r:N,N,N,N / g d0' 5-5 --play '10/15 20/25'");
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::StartsWith("illegal: 10/15 20/25\n"));
  CHECK_THAT(bad.out, Catch::Contains("error[E-ENTRY-STILL-POSSIBLE]"));
  CHECK_THAT(bad.out, Catch::Contains("legal:  N/0 N/0"));
}

TEST_CASE("ppn legal: a capture earns a 20 bonus, and capturing is not compulsory", "[cli][legal]") {
  // Green's pawn on 24 (a safety), red's on its 13 = green's 30 (not a safety). 6-2, nothing
  // can enter. Both dice move the one pawn:
  //   6 then 2: 24/30x captures (+20), 30/32, then the bonus after the dice: +20 32/52;
  //   2 then 6: 24/26 26/32 passes the lone red pawn (no blockade) and captures nothing.
  // 2 legal plays.
  const std::string pos = "'g:N,N,N,24 r:N,N,N,13 / g d0'";
  const auto r = run_ppn("legal " + pos + " 6-2");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("green rolls 6-2 under hasbro-2001: 2 legal plays\n"));
  const auto lines = play_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK_THAT(r.out, Catch::Contains("24/30x 30/32 +20 32/52") && Catch::Contains("-> g:N,N,N,52 r:N,N,N,N / r d0"));
  CHECK_THAT(r.out, Catch::Contains("24/26 26/32") && Catch::Contains("-> g:N,N,N,32 r:N,N,N,13 / r d0"));
  // The capture without its bonus: the 20 must be played.
  const auto no_bonus = run_ppn("legal " + pos + " 6-2 --play '24/30x 30/32'");
  CHECK(no_bonus.code == 1);
  CHECK_THAT(no_bonus.out, Catch::Contains("legal:  "));
  // JSON: the same two plays, with their events.
  const auto j = nlohmann::json::parse(run_ppn("legal " + pos + " 6-2 --format json").out);
  CHECK(j["count"] == 2);
  CHECK(j["profile"] == "hasbro-2001");
  CHECK(j["to_move"] == "green");
  int captures = 0;
  for (const auto& p : j["plays"]) captures += p["captures"].get<int>();
  CHECK(captures == 1);
}

TEST_CASE("ppn legal: a blockade stops a pawn, and --play points at the faulty mini-move", "[cli][legal]") {
  // Red's blockade on its 3 = green's 20. Green's pawn on 10 with 6-4: 10+6+4 = 20 lands on
  // the blockade (either order), so both dice cannot be used; one die may then be played
  // (Hasbro 2001 rules, Moving Your Entered Pawns): 10/16 or 10/14. No five: nothing enters.
  // 2 legal plays.
  const std::string pos = "'g:N,N,N,10 r:N,N,3,3 / g d0'";
  const auto r = run_ppn("legal " + pos + " 6-4");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("green rolls 6-4 under hasbro-2001: 2 legal plays\n"));
  CHECK_THAT(r.out, Catch::Contains("10/16") && Catch::Contains("10/14"));
  CHECK_THAT(r.out, Catch::Contains("-> g:N,N,N,16 r:N,N,3,3 / r d0") && Catch::Contains("-> g:N,N,N,14 r:N,N,3,3 / r d0"));

  const auto bad = run_ppn("legal " + pos + " 6-4 --play '10/16 16/20'");
  CHECK(bad.code == 1);
  CHECK_THAT(bad.out, Catch::StartsWith("illegal: 10/16 16/20\n"));
  CHECK_THAT(bad.out, Catch::Contains("error[E-BLOCKADE-LANDED]"));
  CHECK_THAT(bad.out, Catch::Contains("(mini-move 2)"));
  CHECK_THAT(bad.out, Catch::Contains("    10/16 16/20\n          ^\n"));  // under 16/20, column 7
  CHECK_THAT(bad.out, Catch::Contains("legal:  10/16 | 10/14") || Catch::Contains("legal:  10/14 | 10/16"));
  const auto j = nlohmann::json::parse(run_ppn("legal " + pos + " 6-4 --play '10/16 16/20' --format json").out);
  CHECK(j["legal"] == false);
  CHECK(j["diagnostics"][0]["code"] == "E-BLOCKADE-LANDED");
  CHECK(j["diagnostics"][0]["step"] == 2);
  CHECK(j["diagnostics"][0]["column"] == 7);
  CHECK(j["diagnostics"][0]["alternatives"].size() == 2);

  const auto good = run_ppn("legal " + pos + " 6-4 --play '10/14'");
  CHECK(good.code == 0);
  CHECK(good.out == "legal: 10/14  -> g:N,N,N,14 r:N,N,3,3 / r d0\n");
}

TEST_CASE("ppn legal on the Ludo board: a 6 enters or moves, captures by landing, rolls again", "[cli][legal][ludo]") {
  // Classic Ludo (the default for one die). Green: one token on 5, three in the yard; blue's
  // token on its 37 = green's 11. A 6: enter a token (N/0) or move 5/11, capturing blue's
  // token (no safe squares in classic Ludo). 2 legal plays; a 6 earns another roll (g d1).
  const std::string pos = "'g:N,N,N,5 b:N,N,N,37 / g d0'";
  const auto r = run_ppn("legal " + pos + " 6");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("green rolls 6 under ludo: 2 legal plays\n"));
  CHECK_THAT(r.out, Catch::Contains("N/0") && Catch::Contains("-> g:N,N,0,5 b:N,N,N,37 / g d1"));
  CHECK_THAT(r.out, Catch::Contains("5/11x") && Catch::Contains("-> g:N,N,N,11 b:N,N,N,N / g d1"));
  // A 3: only the token on 5 can move (a token enters on a 6 only): 1 play, blue to roll.
  const auto three = run_ppn("legal " + pos + " 3");
  CHECK_THAT(three.out, Catch::StartsWith("green rolls 3 under ludo: 1 legal play\n"));
  CHECK_THAT(three.out, Catch::Contains("5/8  -> g:N,N,N,8 b:N,N,N,37 / b d0"));
  const auto enter3 = run_ppn("legal " + pos + " 3 --play N/0");
  CHECK(enter3.code == 1);
  CHECK_THAT(enter3.out, Catch::Contains("legal:  5/8"));
  // The third 6 in a row loses the roll: one play, PENALTY, and the turn passes.
  const auto third = run_ppn("legal 'g:N,N,N,5 b:N,N,N,37 / g d2' 6");
  CHECK_THAT(third.out, Catch::StartsWith("green rolls 6 under ludo: 1 legal play\n"));
  CHECK_THAT(third.out, Catch::Contains("PENALTY  -> g:N,N,N,5 b:N,N,N,37 / b d0"));
  // Two dice on the Ludo board, one die on the Parcheesi board: usage errors.
  CHECK(run_ppn("legal " + pos + " 6-2 --variant ludo").code == 2);
  CHECK(run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 6 --variant hasbro-2001").code == 2);
}

TEST_CASE("ppn legal: malformed questions are located by argument and column (exit 2)", "[cli][legal]") {
  const auto pos = run_ppn("legal 'g:N,N,Q,30 r:N,N,N,N / g d0' 6-2", true);
  CHECK(pos.code == 2);
  CHECK_THAT(pos.out, Catch::Contains("legal: POSITION-ID:7: error: "));
  const auto dice = run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 7-2", true);
  CHECK(dice.code == 2);
  CHECK_THAT(dice.out, Catch::Contains("legal: DICE:1: error: "));
  const auto play = run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 6-2 --play '30/36 36/'", true);
  CHECK(play.code == 2);
  CHECK_THAT(play.out, Catch::Contains("legal: --play:"));
  CHECK(run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0' 6-2 --variant nope").code == 2);
  CHECK(run_ppn("legal 'g:N,N,N,30 r:N,N,N,N / g d0 [6]' 6-2").code == 2);  // mid-roll
  CHECK(run_ppn("legal 'g:H,H,H,H r:N,N,N,N / g d0' 6-2").code == 2);        // green has finished
  // A pawn on green's 65 has gone past its turn-off: only profiles with second laps allow it,
  // as in a record's [Setup].
  const auto lap = run_ppn("legal 'g:N,N,N,65 r:N,N,N,N / g d0' 5-3", true);
  CHECK(lap.code == 2);
  CHECK_THAT(lap.out, Catch::Contains("legal: POSITION-ID: error: in the position ID, a pawn on its ring square 65 has passed its turn-off"));
  CHECK(run_ppn("legal 'g:N,N,N,65 r:N,N,N,N / g d0' 5-3 --variant wikipedia-house").code == 0);
}

TEST_CASE("ppn legal: every order of a capturing play carries its capture mark", "[cli][legal]") {
  // Green's pawn on 16, a lone red pawn on green's 25 (red's 8, no safety square); 3-6. The
  // pawn reaches 25 by 16/19 19/25 or by 16/22 22/25, capturing on the second landing either
  // way, then plays the 20 earned: 25/45. Each order is printed with its `x`, and pasted back
  // with --play it is legal without a W-CAPTURE-MARK warning.
  const std::string pos = "'g:N,N,N,16 r:N,N,N,8 / g d0' 3-6";
  const auto j = nlohmann::json::parse(run_ppn("legal --format json " + pos).out);
  bool found = false;
  for (const auto& p : j["plays"]) {
    if (p["captures"] != 1 || p["after"] != "g:N,N,N,45 r:N,N,N,N / r d0") continue;
    found = true;
    CHECK(p["orders"].size() == 2);
    CHECK(std::find(p["orders"].begin(), p["orders"].end(), "16/19 19/25x +20 25/45") != p["orders"].end());
    CHECK(std::find(p["orders"].begin(), p["orders"].end(), "16/22 22/25x +20 25/45") != p["orders"].end());
    for (const auto& order : p["orders"]) {
      INFO(order);
      const auto judged = nlohmann::json::parse(run_ppn("legal --format json " + pos + " --play '" + order.get<std::string>() + "'").out);
      CHECK(judged["legal"] == true);
      CHECK(judged["diagnostics"].empty());
    }
  }
  CHECK(found);
  const auto text = run_ppn("legal " + pos).out;
  CHECK_THAT(text, Catch::Contains("also 16/22 22/25x +20 25/45") || Catch::Contains("also 16/19 19/25x +20 25/45"));
}

TEST_CASE("legal: a position ID short of pawns is named as the position ID, not a [Setup]", "[cli][legal]") {
  const auto r = run_ppn("legal \"g:N r:N / g d0\" 5-3", true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("legal: POSITION-ID: error: in the position ID, green has 1 pawn; a Parcheesi seat has 4 "
                                    "(N for each one in the nest)"));
  CHECK_THAT(r.out, !Catch::Contains("[Setup]"));
}

TEST_CASE("legal: landing on an opponent's blockade cites the blockade rule, not the two-pawn limit", "[cli][legal]") {
  // Red's blockade on its 3 = green's 20: 10/16 16/20 lands on it.
  const auto r = run_ppn("legal \"g:N,N,N,10 r:N,N,3,3 / g d0\" 6-4 --play \"10/16 16/20\"", true);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("error[E-BLOCKADE-LANDED]: the move lands on a blockade, which no pawn may land on"));
  CHECK_THAT(r.out, Catch::Contains("'A blockade cannot be landed on, passed or captured by any pawn'"));
  CHECK_THAT(r.out, !Catch::Contains("third pawn"));
  CHECK_THAT(r.out, !Catch::Contains("No more than two of your pawns"));
}

TEST_CASE("legal: a Ludo refusal quotes its rule once, in the citation", "[cli][legal]") {
  // ludo-seed (pass_opponents=no): green's token on 10 with a 4 would pass blue's token on
  // green's 12.
  const auto r = run_ppn("legal \"g:N,N,N,10 b:N,N,N,38 / g d0\" 4 --variant ludo-seed --play \"10/14\"", true);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("E-TOKEN-PASSED"));
  CHECK(ppn::test::occurrences(r.out, "may not move past that token") == 1);
}
