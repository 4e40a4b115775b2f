// The JSONL conformance runner on small hand-written records: a self-play game whose next
// board is tampered, an unreadable line, a profile-specific verdict.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "convert/conform.hpp"

using namespace ppn::convert;
using namespace ppn::rules;

namespace {
std::string write_tmp(const std::string& name, const std::string& text) {
  auto p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p) << text;
  return p.string();
}
const std::string kStart =
    R"(["start","start","start","start","start","start","start","start","start","start","start","start","start","start","start","start"])";
// green pawn 0 on ring square 8 (green ENTER 5 + 3)
const std::string kGreen8 =
    R"(["start","start","start","start",{"main":8},"start","start","start","start","start","start","start","start","start","start","start"])";
const std::string kGreen9 =
    R"(["start","start","start","start",{"main":9},"start","start","start","start","start","start","start","start","start","start","start"])";
ConformReport run(const std::string& file, const char* profile = "hasbro-2001") {
  ConformConfig cfg;
  cfg.rules = *profile_options(profile).options;
  cfg.variant = profile;
  ConformReport rep;
  conform_file(file, cfg, rep);
  return rep;
}
}  // namespace

TEST_CASE("conform: self-play boards must follow from the previous roll", "[convert][conform]") {
  const std::string roll1 = R"({"game":0,"color":"green","board":)" + kStart +
                            R"(,"dice":[5,3],"moves":[{"enter":["green",0]},{"main":["green",0],"start":5,"distance":3}]})";
  auto good = write_tmp("ppn_conform_good.jsonl",
                        R"({"game":0,"players":["a","b","c","d"]})"
                        "\n" + roll1 + "\n" +
                            R"({"game":0,"color":"red","board":)" + kGreen8 +
                            R"(,"dice":[6,4],"moves":[]})"
                            "\n");
  auto rep = run(good);
  CHECK(rep.records() == 2);
  CHECK(rep.agree() == 2);
  auto bad = write_tmp("ppn_conform_bad.jsonl", roll1 + "\n" + R"({"game":0,"color":"red","board":)" +
                                                    kGreen9 + R"(,"dice":[6,4],"moves":[]})" "\n");
  rep = run(bad);
  CHECK(rep.records() == 2);
  CHECK(rep.disagree() == 1);
  REQUIRE(rep.disagreements.size() == 1);
  CHECK(rep.disagreements[0].text().find("ppn_conform_bad.jsonl:1: next board (line 2) differs") !=
        std::string::npos);
}

TEST_CASE("conform: unreadable lines are located and the rest is read", "[convert][conform]") {
  auto f = write_tmp("ppn_conform_err.jsonl",
                     "{not json\n" R"({"color":"green","board":)" + kStart +
                         R"(,"dice":[6,4],"moves":[],"verdict":"legal","verdicts":{"racket-nu":"illegal"}})"
                         "\n");
  auto rep = run(f);
  CHECK(rep.errors.size() == 1);
  CHECK(rep.errors[0].find("ppn_conform_err.jsonl:1:") != std::string::npos);
  CHECK(rep.records() == 1);
  CHECK(rep.agree() == 1);
  // the "verdicts" object overrides "verdict" for the chosen variant
  rep = run(f, "racket-nu");
  CHECK(rep.disagree() == 1);
}

TEST_CASE("conform: records with fewer colours list them in players", "[convert][conform]") {
  // green and blue only; red and yellow are absent (listed as "start")
  auto f = write_tmp("ppn_conform_two.jsonl",
                     R"({"color":"green","players":["green","blue"],"board":)" + kStart +
                         R"(,"dice":[5,5],"moves":[{"enter":["green",0]},{"enter":["green",1]}],"verdict":"legal"})"
                         "\n");
  auto rep = run(f);
  CHECK(rep.records() == 1);
  CHECK(rep.agree() == 1);
}

// A third doublet's board_after on a line the reference calls legal (it has no moves) is the
// outcome of the penalty (shared/corpora/racket/README.md "Optional fields"): the engine's own
// penalty must give that board. Green's only pawn out (ring 8) is its pawn closest to HOME:
// the penalty sends it back.
TEST_CASE("conform: a third doublet's board_after must be the engine's penalty outcome", "[convert][conform]") {
  auto probe = [](const std::string& verdict, const std::string& moves, const std::string& after) {
    return R"({"color":"green","board":)" + kGreen8 + R"(,"dice":[3,3],"doublets_before":2,"moves":)" + moves +
           R"(,"board_after":)" + after + R"(,"verdict":")" + verdict + "\"}\n";
  };
  // legal (no moves): the penalty's board agrees, another does not
  CHECK(run(write_tmp("ppn_conform_third_legal.jsonl", probe("legal", "[]", kStart))).agree() == 1);
  CHECK(run(write_tmp("ppn_conform_third_legal_bad.jsonl", probe("legal", "[]", kGreen9))).disagree() == 1);

  // a self-play penalty line with a board_after
  const std::string roll1 = R"({"game":0,"color":"green","board":)" + kStart +
                            R"(,"dice":[5,3],"moves":[{"enter":["green",0]},{"main":["green",0],"start":5,"distance":3}]})";
  auto game = [&](const std::string& after) {
    return roll1 + "\n" + R"({"game":0,"color":"green","dice":[3,3],"penalty":true,"board_after":)" + after + "}\n" +
           R"({"game":0,"color":"red","board":)" + kStart + R"(,"dice":[6,4],"moves":[]})" "\n";
  };
  auto rep = run(write_tmp("ppn_conform_penalty_ok.jsonl", game(kStart)));
  CHECK(rep.records() == 3);
  CHECK(rep.agree() == 3);
  rep = run(write_tmp("ppn_conform_penalty_bad.jsonl", game(kGreen8)));
  CHECK(rep.disagree() == 1);
  REQUIRE(rep.disagreements.size() == 1);
  CHECK(rep.disagreements[0].line == 2);
}

// A line the reference calls illegal on a third doublet (a pawn moved instead of the penalty)
// may carry its candidate's board_after, the board the moves would leave: no referee played
// it, so only the verdicts are compared, and both say illegal.
TEST_CASE("conform: an illegal third-doublet line agrees whatever its candidate board_after", "[convert][conform]") {
  const std::string green14 =
      R"(["start","start","start","start",{"main":14},"start","start","start","start","start","start","start","start","start","start","start"])";
  const std::string moved = R"([{"main":["green",0],"start":8,"distance":3},{"main":["green",0],"start":11,"distance":3}])";
  for (const std::string& after : {green14, kGreen8, kStart}) {
    INFO(after);
    const auto rep = run(write_tmp("ppn_conform_third_candidate.jsonl",
                                   R"({"color":"green","board":)" + kGreen8 +
                                       R"(,"dice":[3,3],"doublets_before":2,"moves":)" + moved +
                                       R"(,"board_after":)" + after + R"(,"verdict":"illegal"})" "\n"));
    CHECK(rep.records() == 1);
    CHECK(rep.agree() == 1);
    CHECK(rep.disagree() == 0);
  }
}
