// One pawn moved by both dice in one step (`2/11` for a 6-3, as backgammon players write
// 24/13; notation/SPEC.md 3.1 "Combined step"): read as the play it stands for where the rules
// allow one way (or several ending alike), E-AMBIGUOUS-STEP listing the ways where they end
// differently, and written out by `ppn fmt`.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli_run.hpp"
#include "game_text.hpp"
#include "scratch_dir.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"

using namespace ppn;
using ppn::test::parse_one;
using ppn::test::run_ppn;

namespace {

// Green's only pawn out on its 2; with `red` as red's pawns (its own coordinates).
std::string record(const std::string& red, const std::string& movetext) {
  return "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green red\"]\n[Setup \"g:N,N,N,2 r:" + red +
         " / g d0\"]\n[Result \"*\"]\n\n" + movetext;
}

const ppn::test::ScratchDir kScratch("combined-step");

}  // namespace

TEST_CASE("combined step: one way to play it is that play", "[replay][combined-step]") {
  // 2/8 8/11 and 2/5 5/11 both end with the pawn on 11: one distinct play.
  const Game g = parse_one(record("N,N,N,N", "1. G 6-3: 2/11\n2. R 6-4: -\n3. G 6-1: 11/17 17/18\n"));
  const auto res = replay::replay_game(g, {});
  CHECK(res.errors() == 0);
  CHECK(res.rolls_replayed == 3);
  REQUIRE(res.expanded.size() == 1);
  CHECK(res.expanded[0].roll_index == 0);
  Roll written_out;
  written_out.steps = res.expanded[0].steps;
  CHECK(play_to_ppn(written_out) == "2/8 8/11");  // the throw's first die first
}

TEST_CASE("combined step: ways that end differently are E-AMBIGUOUS-STEP, listing them", "[replay][combined-step]") {
  // Red on green's 8 (red's 59) and a red blockade on green's 20 (red's 3): the 6 first
  // captures on 8 (its 20 bonus blocked, forfeited), the 3 first does not.
  const Game g = parse_one(record("N,59,3,3", "1. G 6-3: 2/11\n"));
  const auto res = replay::replay_game(g, {});
  REQUIRE(res.diagnostics.size() == 1);
  const auto& d = res.diagnostics[0];
  CHECK(d.code == Code::ambiguous_step);
  CHECK(d.severity == Severity::error);
  CHECK(d.line == 7);
  CHECK(d.column == 11);
  CHECK_THAT(d.message, Catch::Contains("`2/11` moves one pawn by both dice"));
  REQUIRE(d.alternatives.size() == 2);
  CHECK_THAT(d.alternatives[0], Catch::StartsWith("2/8 8/11 +20 -"));
  CHECK(d.alternatives[1] == "2/5 5/11");
  CHECK(res.expanded.empty());
}

TEST_CASE("combined step: a distance no two parts make stays the error it was", "[replay][combined-step]") {
  const Game g = parse_one(record("N,N,N,N", "1. G 6-3: 2/12\n"));
  const auto res = replay::replay_game(g, {});
  REQUIRE(res.errors() == 1);
  CHECK(res.diagnostics[0].code != Code::ambiguous_step);
  CHECK(res.expanded.empty());
}

TEST_CASE("cli: validate accepts a combined step, fmt writes it out", "[cli][combined-step]") {
  const auto file = kScratch.write("ppn-combined-step.ppn", record("N,N,N,N", "1. G 6-3: 2/11\n2. R 6-4: -\n"));
  const auto v = run_ppn("validate " + file);
  CHECK(v.code == 0);
  CHECK_THAT(v.out, Catch::Contains("1 game, 2 rolls, 0 illegal rolls, 0 syntax errors"));
  const auto f = run_ppn("fmt " + file);
  CHECK(f.code == 0);
  CHECK_THAT(f.out, Catch::Contains("1. G 6-3: 2/8 8/11\n2. R 6-4: -\n"));
  const auto a = run_ppn("validate " + kScratch.write("ppn-combined-ambiguous.ppn", record("N,59,3,3", "1. G 6-3: 2/11\n")));
  CHECK(a.code == 1);
  CHECK_THAT(a.out, Catch::Contains(":7:11: error[E-AMBIGUOUS-STEP]"));
  CHECK_THAT(a.out, Catch::Contains("  legal:    2/8"));
}
