// Where `ppn validate` points and what it says (issue 16 "Output"): the column of the faulty
// mini-move, E-RESULT / E-RULES at their tag's line, E-WRONG-PART's distance and parts left,
// counts whose nouns agree; `ppn find` naming an unknown pattern.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cli_run.hpp"

using ppn::test::run_ppn;

namespace {
std::string write(const std::string& name, const std::string& text) {
  const auto f = (std::filesystem::temp_directory_path() / ("ppn-diag-test-" + name)).string();
  std::ofstream(f) << text;
  return f;
}
// Red's blockade on its 3 = green's 20 (a hand-made position, see cli_legal_test.cpp).
const char* kBlockade = "[Seats \"green red\"]\n[Setup \"g:N,N,N,10 r:N,N,3,3 / g d0\"]\n[Result \"*\"]\n\n";
}  // namespace

TEST_CASE("validate points at the column of the faulty mini-move", "[cli][diagnostics]") {
  // line 5: "1. G 6-4: 10/16 16/20": 10/16 at column 11, 16/20 at column 17.
  const auto f = write("column.ppn", std::string(kBlockade) + "1. G 6-4: 10/16 16/20\n");
  const auto r = run_ppn("validate " + f);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":5:17: error[E-BLOCKADE-LANDED]"));
  // a chain: the second mini-move of 10/16/20 starts at its 16, column 14
  const auto chain = write("chain.ppn", std::string(kBlockade) + "1. G 6-4: 10/16/20\n");
  CHECK_THAT(run_ppn("validate " + chain).out, Catch::Contains(chain + ":5:14: error[E-BLOCKADE-LANDED]"));
  // a bonus step at its '+', on a line of its own
  const auto bonus = write("bonus.ppn",
                           "[Seats \"green red\"]\n[Setup \"g:N,N,N,24 r:N,N,N,13 / g d0\"]\n[Result \"*\"]\n\n"
                           "1. G 6-2: 24/30x 30/32\n  +20 32/50\n");
  const auto out = run_ppn("validate --format json " + bonus).out;
  const auto j = nlohmann::json::parse(out.substr(0, out.find('\n')));  // the diagnostic, before the file line
  CHECK(j["code"] == "E-BAD-MOVE");  // a +20 bonus of 18 squares
  CHECK(j["line"] == 6);
  CHECK(j["column"] == 3);
  CHECK(j["step"] == 3);
  // the play as a whole (a die left unplayed) stays at the roll
  const auto whole = write("whole.ppn", std::string(kBlockade) + "1. G 6-4: -\n");
  CHECK_THAT(run_ppn("validate " + whole).out, Catch::Contains(whole + ":5:1: error["));
}

TEST_CASE("E-RESULT and E-RULES point at their tag's line", "[cli][diagnostics]") {
  const auto result = write("result.ppn", "[Event \"x\"]\n[Seats \"green red\"]\n[Result \"green\"]\n\n1. G 6-2: -\n");
  CHECK_THAT(run_ppn("validate " + result).out, Catch::Contains(result + ":3:1: error[E-RESULT]"));
  const auto variant = write("variant.ppn", "[Event \"x\"]\n[Variant \"nope\"]\n[Seats \"green red\"]\n\n1. G 6-2: -\n");
  CHECK_THAT(run_ppn("validate " + variant).out, Catch::Contains(variant + ":2:1: error[E-RULES]"));
  const auto option = write("option.ppn", "[Event \"x\"]\n[Seats \"green red\"]\n[Option \"no_such=1\"]\n\n1. G 6-2: -\n");
  CHECK_THAT(run_ppn("validate " + option).out, Catch::Contains(option + ":3:1: error[E-RULES]"));
}

TEST_CASE("E-WRONG-PART names the distance and the parts left", "[cli][diagnostics]") {
  const auto f = write("part.ppn", "[Seats \"green red\"]\n[Setup \"g:N,N,N,30 r:N,N,N,N / g d0\"]\n[Result \"*\"]\n\n"
                                   "1. G 6-2: 30/34 34/36\n");
  const auto r = run_ppn("validate " + f);
  CHECK_THAT(r.out, Catch::Contains(f + ":5:11: error[E-WRONG-PART]: the move covers 4 squares, which is not one "
                                        "of the parts left: 6 and 2"));
  const auto after = write("part2.ppn", "[Seats \"green red\"]\n[Setup \"g:N,N,N,30 r:N,N,N,N / g d0\"]\n[Result \"*\"]\n\n"
                                        "1. G 6-2: 30/36 36/37\n");
  CHECK_THAT(run_ppn("validate " + after).out,
             Catch::Contains(":5:17: error[E-WRONG-PART]: the move covers 1 square, which is not one of the parts left: 2"));
}

TEST_CASE("counts agree with their nouns", "[cli][diagnostics]") {
  // A five is thrown and green has a pawn in the nest: 1 entry is possible (Hasbro 2001 rules,
  // Entering Your Pawns).
  const auto f = write("entry.ppn", "[Seats \"green red\"]\n[Setup \"g:N,N,N,30 r:N,N,N,N / g d0\"]\n[Result \"*\"]\n\n"
                                    "1. G 5-2: 30/35 35/37\n");
  const auto r = run_ppn("validate " + f);
  CHECK_THAT(r.out, Catch::Contains("1 entry possible, the play makes 0"));
  CHECK_THAT(r.out, Catch::Contains(": 1 game, 1 roll, 1 illegal roll, 0 syntax errors\n"));
  CHECK_THAT(r.out, Catch::Contains("validate: 1 file, 1 game, 1 roll, 1 illegal roll, 0 syntax errors\n"));
  // One die of 2, a move of one square (Ludo rules: a token moves the number the die shows).
  const auto ludo = write("ludo.ppn", "[Game \"ludo\"]\n[Seats \"green blue\"]\n[Setup \"g:N,N,N,5 b:N,N,N,N / g d0\"]\n"
                                      "[Result \"*\"]\n\n1. G 2: 5/6\n");
  CHECK_THAT(run_ppn("validate " + ludo).out, Catch::Contains(ludo + ":6:9: error[E-WRONG-PART]: the die shows 2, the move covers 1 square"));
}

TEST_CASE("find --pattern with an unknown pattern names it and lists the patterns", "[cli][diagnostics][db]") {
  const auto r = run_ppn("find --db /nonexistent/ppn.sqlite --pattern bogus:x", true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("unknown pattern 'bogus'"));
  CHECK_THAT(r.out, Catch::Contains("blockade-on-enter:C, home-path:C:N and near-home:C:K"));
}

TEST_CASE("export --where and --sql: errors name the option, a write says only SELECT is allowed", "[cli][export]") {
  const auto dir = std::filesystem::temp_directory_path() / ("ppn-where-messages-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "w.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + db + " " + ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string())
              .code == 0);
  const auto where = run_ppn("export --db " + db + " --where \"id =\"", true);
  CHECK(where.code == 2);
  CHECK_THAT(where.out, Catch::Contains("--where \"id =\" (a condition on the columns of table games): not valid SQL here: "));
  CHECK_THAT(where.out, !Catch::Contains("prepare:"));
  const auto del = run_ppn("export --db " + db + " --sql \"DELETE FROM games\"", true);
  CHECK(del.code == 2);
  CHECK_THAT(del.out, Catch::Contains("--sql: only a SELECT is allowed"));
  CHECK_THAT(del.out, !Catch::Contains("readonly"));
  CHECK(run_ppn("export --db " + db + " --where \"id = 1\"").code == 0);
  std::filesystem::remove_all(dir);
}
