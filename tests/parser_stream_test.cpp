// The streaming API: many games, recovery after errors, limits, odd inputs.
#include <catch2/catch.hpp>
#include <sstream>

#include "notation/printer.hpp"
#include "parser/parser.hpp"

using namespace ppn;

namespace {
std::string game_text(int i) {
  return "[Event \"g" + std::to_string(i) + "\"]\n[Game \"parcheesi\"]\n\n1. G 5-2: N/0 0/2\n2. R 6-6: -\n\n";
}
}  // namespace

TEST_CASE("stream: many games one at a time", "[parser][stream]") {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += game_text(i);
  std::istringstream in(text);
  int n = 0;
  const auto stats = parser::parse_stream(
      in, "many.ppn",
      [&](Game& g) {
        CHECK(g.tag_value("Event") == "g" + std::to_string(n));
        CHECK(g.source_line == static_cast<std::uint32_t>(1 + 6 * n));
        ++n;
      },
      [](const parser::ParseError& e) { FAIL(e.format()); });
  CHECK(stats.games == 5000);
  CHECK(stats.errors == 0);
  CHECK(stats.bytes == text.size());
}

TEST_CASE("stream: an error in game 2 of 3 still yields games 1 and 3", "[parser][stream]") {
  const std::string text = game_text(1) + "[Event \"g2\"]\n\n1. G 9-9: -\n\n" + game_text(3);
  auto r = parser::parse_all(text, "r.ppn");
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].tag_value("Event") == "g1");
  CHECK(r.games[1].tag_value("Event") == "g3");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].line == 9);
  CHECK(r.errors[0].column == 6);
}

TEST_CASE("stream: games without movetext are split at a blank line", "[parser][stream]") {
  auto r = parser::parse_all("[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n", "t.ppn");
  CHECK(r.errors.empty());
  CHECK(r.games.size() == 2);
}

TEST_CASE("stream: the per-game size limit is reported, not read into memory", "[parser][stream]") {
  std::string big = "[Event \"big\"]\n\n1. G 6-3: - {" + std::string(5000, 'x') + "}\n\n";
  std::istringstream in(game_text(1) + big + game_text(3));
  parser::ParseOptions opt;
  opt.max_game_bytes = 1000;
  std::vector<parser::ParseError> errors;
  const auto stats = parser::parse_stream(
      in, "big.ppn", [](Game&) {}, [&](const parser::ParseError& e) { errors.push_back(e); }, opt);
  CHECK(stats.games == 2);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].line == 7);
  CHECK(errors[0].message.find("game too long") == 0);
}

TEST_CASE("stream: a single huge line without newline", "[parser][stream]") {
  std::istringstream in(std::string(3u << 20, 'q'));
  parser::ParseOptions opt;
  opt.max_game_bytes = 1u << 20;
  std::size_t errors = 0;
  parser::parse_stream(in, "line.ppn", [](Game&) {}, [&](const parser::ParseError&) { ++errors; }, opt);
  CHECK(errors == 1);
}

TEST_CASE("stream: empty input, BOM, CRLF line ends", "[parser][stream]") {
  CHECK(parser::parse_all("", "e").games.empty());
  CHECK(parser::parse_all("\n\n  \n", "e").errors.empty());
  auto r = parser::parse_all("\xEF\xBB\xBF[Event \"bom\"]\r\n\r\n1. G 6-3: - { crlf }\r\n", "bom.ppn");
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 1);
  CHECK(r.games[0].tag_value("Event") == "bom");
  CHECK(std::get<Roll>(r.games[0].movetext[0]).comments[0] == "crlf");
}

TEST_CASE("stream: error excerpt and caret", "[parser][stream]") {
  auto r = parser::parse_all("[Event \"x\"]\n\n1. G\t6-3: 1/Q\n", "c.ppn");
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].format() ==
        "c.ppn:3:13: error: expected a square (N, 0-99, h1-h9 or H)\n1. G\t6-3: 1/Q\n    \t       ^\n");
}
