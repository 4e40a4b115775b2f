// What people really write, read with a warning rather than refused (notation/SPEC.md 3.1
// "Move number", 9 "Text encoding"): move numbers out of sequence (W-MOVE-NUMBER, as
// pgn-extract checks them) and tags in Latin-1 (W-LATIN1); and a syntax error with nothing
// read before it, which leaves no partial game (the parser fuzzer's finding 9).
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

std::vector<std::uint32_t> main_line_numbers(const Game& g) {
  std::vector<std::uint32_t> out;
  for (const auto& e : g.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) out.push_back(r->number.value_or(0));
  return out;
}

const ppn::test::ScratchDir kScratch("as-written");

const std::string kHeader =
    "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n\n";

}  // namespace

TEST_CASE("move numbers: a repeated number is read as written, with a located warning", "[parser][move-number]") {
  // Lines 6, 7, 8: rolls numbered 1, 2, 2 (the two rolls numbered 9 and no 10).
  const Game g = parse_one(kHeader + "1. G 6-3: -\n2. B 6-4: -\n2. G 6-1: -\n4. B 2-1: -\n");
  CHECK(main_line_numbers(g) == std::vector<std::uint32_t>{1, 2, 2, 4});
  // The third roll repeats 2 (3 expected); the fourth, 4, follows it as written (2 + 1 = 3
  // expected, so it is out of sequence too).
  REQUIRE(g.warnings.size() == 2);
  CHECK(g.warnings[0].code == Code::move_number);
  CHECK(g.warnings[0].severity == Severity::warning);
  CHECK(g.warnings[0].file == "t.ppn");
  CHECK(g.warnings[0].line == 8);
  CHECK(g.warnings[0].column == 1);
  CHECK_THAT(g.warnings[0].message, Catch::Contains("move number 2 where 3 follows the previous roll"));
  CHECK(g.warnings[1].line == 9);
  CHECK_THAT(g.warnings[1].message, Catch::Contains("move number 4 where 3 follows"));
}

TEST_CASE("move numbers: what is in sequence draws no warning", "[parser][move-number]") {
  SECTION("numbers 1, 2, 3, and unnumbered rolls") {
    CHECK(parse_one(kHeader + "1. G 6-3: -\nB 6-4: -\n3. G 6-1: -\n").warnings.empty());
  }
  SECTION("a game starting at any number (a record from the middle of a game)") {
    CHECK(parse_one(kHeader + "41. G 6-3: -\n42. B 6-4: -\n").warnings.empty());
  }
  SECTION("a variation starts at the number of the roll it replaces") {
    CHECK(parse_one(kHeader + "1. G 6-3: - (1. G 6-2: - 2. B 1-1: -)\n2. B 6-4: -\n").warnings.empty());
  }
  SECTION("after an observed position the number jumps over the rolls nobody saw") {
    CHECK(parse_one(kHeader + "1. G 6-3: -\n@ g:N,N,N,N b:N,N,N,N / g d0\n9. G 6-4: -\n").warnings.empty());
  }
  SECTION("a variation's first roll numbered otherwise is warned about") {
    const Game g = parse_one(kHeader + "1. G 6-3: - (5. G 6-2: -)\n2. B 6-4: -\n");
    REQUIRE(g.warnings.size() == 1);
    CHECK_THAT(g.warnings[0].message, Catch::Contains("(in a variation)"));
  }
  SECTION("after an observed position a number going back is warned about") {
    const Game g = parse_one(kHeader + "5. G 6-3: -\n@ g:N,N,N,N b:N,N,N,N / g d0\n3. G 6-4: -\n");
    REQUIRE(g.warnings.size() == 1);
    CHECK(g.warnings[0].line == 8);
  }
}

TEST_CASE("renumber_rolls: in sequence, variations from the roll they replace, jumps after @ kept",
          "[notation][move-number]") {
  Game g = parse_one(kHeader + "3. G 6-3: - (7. G 6-2: - 9. B 1-1: -)\n3. B 6-4: -\n@ g:N,N,N,N b:N,N,N,N / g d0\n"
                               "20. G 6-1: -\n20. B 2-1: -\n");
  renumber_rolls(g);
  CHECK(main_line_numbers(g) == std::vector<std::uint32_t>{3, 4, 20, 21});
  const Roll& first = std::get<Roll>(g.movetext[0]);
  REQUIRE(first.variations.size() == 1);
  CHECK(first.variations[0][0].number == 3u);
  CHECK(first.variations[0][1].number == 4u);
}

TEST_CASE("cli: validate warns about a move number out of sequence, fmt renumbers", "[cli][move-number]") {
  const auto file = kScratch.write("ppn-move-numbers.ppn", kHeader + "1. G 6-3: -\n2. B 6-4: -\n2. G 6-1: -\n4. B 2-1: -\n");
  const auto v = run_ppn("validate " + file);
  CHECK(v.code == 0);  // a warning: the game is legal
  CHECK_THAT(v.out, Catch::Contains(file + ":8:1: warning[W-MOVE-NUMBER]: move number 2 where 3 follows"));
  const auto j = run_ppn("validate --format json " + file);
  CHECK_THAT(j.out, Catch::Contains("\"code\":\"W-MOVE-NUMBER\""));
  const auto f = run_ppn("fmt " + file);
  CHECK(f.code == 0);
  CHECK_THAT(f.out, Catch::Contains("2. B 6-4: -\n3. G 6-1: -\n4. B 2-1: -\n"));
  // What fmt printed reads without a warning.
  CHECK(parse_one(f.out).warnings.empty());
}

TEST_CASE("Latin-1 in a tag: read as Latin-1, stored as UTF-8, with a located warning", "[parser][latin1]") {
  const std::string text = "[Event \"Caf\xE9 night\"]\n[Green \"Jos\xE9 Mar\xEDn\"]\n[Seats \"green blue\"]\n\n1. G 6-3: -\n";
  const Game g = parse_one(text);
  CHECK(g.tag_value("Green") == "Jos\xC3\xA9 Mar\xC3\xADn");
  CHECK(g.tag_value("Event") == "Caf\xC3\xA9 night");
  REQUIRE(g.warnings.size() == 2);
  CHECK(g.warnings[0].code == Code::latin1);
  CHECK(g.warnings[0].line == 1);
  CHECK(g.warnings[0].column == 12);  // the 0xE9 of "Caf\xE9"
  CHECK_THAT(g.warnings[0].message, Catch::Contains("the tag [Event] is not UTF-8"));
  CHECK(g.warnings[1].line == 2);
  CHECK(g.warnings[1].column == 12);
  CHECK_THAT(g.warnings[1].message, Catch::Contains("[Green]"));
  // Printed, it is UTF-8 and reads back the same, without a warning.
  const std::string printed = to_ppn(g);
  const Game again = parse_one(printed);
  CHECK(again == g);
  CHECK(again.warnings.empty());
}

TEST_CASE("Latin-1 is read in tags only, and only bytes that are Latin-1 characters", "[parser][latin1]") {
  SECTION("0x80-0x9F in a tag stays an error") {
    auto r = parser::parse_game("[Event \"a\x85\"]\n\n1. G 6-3: -\n", "t.ppn");
    REQUIRE(std::holds_alternative<parser::ParseError>(r));
    CHECK_THAT(std::get<parser::ParseError>(r).message, Catch::Contains("invalid UTF-8 (byte 0x85)"));
  }
  SECTION("in the movetext it stays an error, at the byte") {
    auto r = parser::parse_game("[Event \"Jos\xE9\"]\n\n1. G 6-3: - { caf\xE9 }\n", "t.ppn");
    REQUIRE(std::holds_alternative<parser::ParseError>(r));
    const auto& e = std::get<parser::ParseError>(r);
    CHECK_THAT(e.message, Catch::Contains("invalid UTF-8 (byte 0xE9)"));
    CHECK(e.line == 3);
  }
  SECTION("UTF-8 beside it on the line is kept") {
    const Game g = parse_one("[Event \"\xC3\xA9t\xE9\"]\n\n1. G 6-3: -\n");
    CHECK(g.tag_value("Event") == "\xC3\xA9t\xC3\xA9");
  }
}

TEST_CASE("cli: a game with a Latin-1 tag validates and imports with its name in UTF-8", "[cli][latin1]") {
  const auto file = kScratch.write("ppn-latin1.ppn", "[Game \"parcheesi\"]\n[Seats \"green blue\"]\n[Green \"Jos\xE9\"]\n"
                                                 "[Result \"*\"]\n\n1. G 5-3: N/0 0/3\n2. B 6-4: -\n");
  const auto v = run_ppn("validate " + file);
  CHECK(v.code == 0);
  CHECK_THAT(v.out, Catch::Contains(file + ":3:12: warning[W-LATIN1]: the tag [Green] is not UTF-8"));
  CHECK_THAT(v.out, Catch::Contains("1 game, 2 rolls, 0 illegal rolls, 0 syntax errors"));
  const auto f = run_ppn("fmt " + file);
  CHECK_THAT(f.out, Catch::Contains("[Green \"Jos\xC3\xA9\"]"));
  const auto db = (std::filesystem::temp_directory_path() / "ppn-latin1.sqlite").string();
  std::filesystem::remove(db);
  const auto i = run_ppn("import --db " + db + " " + file);
  CHECK(i.code == 0);
  const auto q = run_ppn("query --db " + db + " --sql \"SELECT name FROM players ORDER BY name\"");
  CHECK_THAT(q.out, Catch::Contains("Jos\xC3\xA9"));
  std::filesystem::remove(db);
}

TEST_CASE("a syntax error with no tag and no whole entry before it leaves no partial game", "[parser][fuzz]") {
  // The parser fuzzer's input (tests/fuzz_regressions/parser/partial_game_prints_empty): a
  // roll broken at its first step, before any tag; its partial game printed as nothing.
  const auto r = parser::parse_all(" R 6-1:001\"/0 [Event \"do\"]\n");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].partial == nullptr);
  // With a tag before the error, the tags are the partial game.
  const auto t = parser::parse_all("[Event \"do\"]\n\n1. G 6-1: 0/1\"\n");
  REQUIRE(t.errors.size() == 1);
  REQUIRE(t.errors[0].partial != nullptr);
  CHECK(t.errors[0].partial->tag_value("Event") == "do");
}

TEST_CASE("move numbers: the partial game of a syntax error keeps only its own rolls' warnings", "[parser][move-number]") {
  // Roll 3 repeats 2 (a warning in the partial game); roll 12, out of sequence too, holds the
  // syntax error and is left out with its warning.
  const auto r = parser::parse_all(kHeader + "1. G 6-3: -\n2. B 6-4: -\n2. G 6-1: -\n12. 6-3: -\n");
  REQUIRE(r.errors.size() == 1);
  REQUIRE(r.errors[0].partial != nullptr);
  const auto& warnings = r.errors[0].partial->warnings;
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].line == 8);
}
