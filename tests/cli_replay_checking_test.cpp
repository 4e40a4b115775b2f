// How far `ppn validate` checks a record with an illegal roll, and which legal plays it
// suggests: under `--on-error as-played` a third doublet written with moves is carried out as
// written and checking goes on; the summary says how many rolls were not checked; the legal
// plays listed are those nearest to the play written, for every code of an illegal play.
// Squares are green's own (the safety squares 0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63;
// red's square r is green's r + 17).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.hpp"
#include "scratch_dir.hpp"

using ppn::test::run_ppn;

namespace {

const ppn::test::ScratchDir kScratch("checking");

// The records of `validate --format json` of one type.
std::vector<nlohmann::json> records(const std::string& out, const std::string& type) {
  std::vector<nlohmann::json> v;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    if (j["type"] == type) v.push_back(std::move(j));
  }
  return v;
}

// Green throws three doublets in a row; the third (roll 3) is written with moves instead of
// PENALTY. Played as written, pawn 2 goes on to 8 and the turn passes to red (a third doublet
// ends the turn). Roll 7 moves 5 squares on a 4-3: E-WRONG-PART, whichever way roll 3 went.
const char* kThirdDoubletPlayed =
    "[Variant \"hasbro-2001\"]\n[Seats \"green red\"]\n[Result \"*\"]\n\n"
    "1. G 5-5: N/0 N/0\n"
    "2. G 1-1: 0/1 1/2\n"
    "3. G 3-3: 2/5 5/8\n"
    "4. R 6-1: -\n"
    "5. G 4-2: 0/4 4/6\n"
    "6. R 6-2: -\n"
    "7. G 4-3: 8/13 13/16\n";

}  // namespace

TEST_CASE("as-played carries out a third doublet written with moves and checks the rolls after it",
          "[cli][replay][on-error]") {
  const auto f = kScratch.write("third-doublet.ppn", kThirdDoubletPlayed);
  const auto r = run_ppn("validate --on-error as-played " + f);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":7:1: warning[E-PENALTY-EXPECTED]"));
  CHECK_THAT(r.out, Catch::Contains(f + ":11:") && Catch::Contains("warning[E-WRONG-PART]"));
  CHECK_THAT(r.out, Catch::Contains(f + ": 1 game, 7 rolls, 2 illegal rolls, 0 syntax errors\n"));

  const auto j = run_ppn("validate --on-error as-played --format json " + f);
  const auto summary = records(j.out, "summary");
  REQUIRE(summary.size() == 1);
  CHECK(summary[0]["rolls"] == 7);
  CHECK(summary[0]["rolls_replayed"] == 7);
  CHECK(summary[0]["rolls_not_checked"] == 0);
  CHECK(summary[0]["illegal_rolls"] == 2);
}

TEST_CASE("the summary says how many rolls were not checked after the replay stopped", "[cli][replay][on-error]") {
  const auto f = kScratch.write("stopped.ppn", kThirdDoubletPlayed);
  // keep-prefix (the default) and skip stop at roll 3: rolls 4-7 are not checked.
  for (const char* policy : {"keep-prefix", "skip"}) {
    INFO(policy);
    const auto r = run_ppn(std::string("validate --on-error ") + policy + " " + f);
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Contains(f + ": 1 game, 7 rolls (4 not checked), 1 illegal roll, 0 syntax errors\n"));
    CHECK_THAT(r.out, Catch::Contains("validate: 1 file, 1 game, 7 rolls (4 not checked), 1 illegal roll"));
    const auto j = run_ppn(std::string("validate --format json --on-error ") + policy + " " + f);
    const auto file = records(j.out, "file");
    REQUIRE(file.size() == 1);
    CHECK(file[0]["rolls"] == 7);
    CHECK(file[0]["rolls_replayed"] == 2);
    CHECK(file[0]["rolls_not_checked"] == 4);
    const auto summary = records(j.out, "summary");
    REQUIRE(summary.size() == 1);
    CHECK(summary[0]["rolls_replayed"] == 2);
    CHECK(summary[0]["rolls_not_checked"] == 4);
  }
  // A record checked to its end says nothing more.
  const auto whole = kScratch.write("whole.ppn", "[Seats \"green red\"]\n[Result \"*\"]\n\n1. G 5-3: N/0 0/3\n2. R 6-4: -\n");
  const auto r = run_ppn("validate " + whole);
  CHECK_THAT(r.out, Catch::Contains(whole + ": 1 game, 2 rolls, 0 illegal rolls, 0 syntax errors\n"));
  const auto summary = records(run_ppn("validate --format json " + whole).out, "summary");
  REQUIRE(summary.size() == 1);
  CHECK(summary[0]["rolls_replayed"] == 2);
  CHECK(summary[0]["rolls_not_checked"] == 0);
  // --syntax-only replays nothing: the figures are not known.
  const auto syntax = records(run_ppn("validate --syntax-only --format json " + whole).out, "summary");
  REQUIRE(syntax.size() == 1);
  CHECK(syntax[0]["rolls_replayed"].is_null());
  CHECK(syntax[0]["rolls_not_checked"].is_null());
}

// Green's pawns on 2 and 16, a lone red pawn on green's 25 (red's 8, no safety square); 3-6:
// five legal plays (ppn legal), the engine's first three moving the pawn on 2. The capture
// 16/19 19/25x earns 20, which the capturing pawn plays: 25/45.
const char* kCaptureHeader =
    "[Variant \"hasbro-2001\"]\n[Seats \"green red\"]\n[Setup \"g:N,N,2,16 r:N,N,N,8 / g d0\"]\n[Result \"*\"]\n\n";

TEST_CASE("the legal plays suggested are those nearest to the play written", "[cli][replay][alternatives]") {
  const auto alternatives = [](const std::string& play) {
    const auto f = kScratch.write("nearest.ppn", std::string(kCaptureHeader) + "1. G 3-6: " + play + "\n");
    const auto diags = records(run_ppn("validate --format json " + f).out, "diagnostic");
    REQUIRE(diags.size() == 1);
    REQUIRE(diags[0].contains("alternatives"));
    return std::make_pair(diags[0]["code"].get<std::string>(), diags[0]["alternatives"]);
  };
  // The +20 forgotten after the capture: the same mini-moves and the bonus come first.
  auto [code, alts] = alternatives("16/19 19/25x");
  CHECK(alts.size() == 3);
  CHECK(alts[0] == "16/19 19/25x +20 25/45");
  CHECK(code == "E-BONUS-NOT-TAKEN");
  // The same pawn by the same parts in the other order: the same play is meant.
  std::tie(code, alts) = alternatives("16/22 22/25x");
  CHECK(alts[0] == "16/19 19/25x +20 25/45");
  // A step the engine cannot read (a move backwards): E-BAD-MOVE, and the mini-move read
  // before it says which plays were meant: those moving the pawn on 16 by 6, the one moving
  // no other pawn first.
  std::tie(code, alts) = alternatives("16/22 22/19");
  CHECK(code == "E-BAD-MOVE");
  REQUIRE(alts.size() == 3);
  CHECK(alts[0] == "16/19 19/25x +20 25/45");
  CHECK(alts[1] == "2/5 16/22");
}

TEST_CASE("a third doublet written with moves suggests the PENALTY it calls for", "[cli][replay][alternatives]") {
  const auto f = kScratch.write("penalty-suggested.ppn", kThirdDoubletPlayed);
  const auto diags = records(run_ppn("validate --format json " + f).out, "diagnostic");
  REQUIRE(diags.size() == 1);
  CHECK(diags[0]["code"] == "E-PENALTY-EXPECTED");
  // Pawns on 0 and 2: the one on 2 is closest to HOME and goes back.
  CHECK(diags[0]["alternatives"] == nlohmann::json({"PENALTY 2/N"}));
}
