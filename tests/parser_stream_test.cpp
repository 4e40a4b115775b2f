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

TEST_CASE("stream: BOM, CRLF line ends", "[parser][stream]") {
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

namespace {
// The one error of a text that holds no game or is not PPN.
parser::ParseError only_error(std::string_view text, const std::string& name) {
  auto r = parser::parse_all(text, name);
  CHECK(r.games.empty());
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].whole_file);
  CHECK(r.errors[0].partial == nullptr);
  return r.errors[0];
}
}  // namespace

TEST_CASE("stream: a text with no game is one error about the file", "[parser][stream][input]") {
  // Before issue 15 these were silently "0 games" and every command exited 0.
  CHECK(only_error("", "e.ppn").format() == "e.ppn: error: no game in this file: it is empty\n");
  CHECK(only_error("\n\n  \n\t", "e.ppn").format() == "e.ppn: error: no game in this file: it holds only blank lines\n");
  CHECK(only_error("\xEF\xBB\xBF\r\n", "e.ppn").message == "no game in this file: it holds only blank lines");
  CHECK(only_error("; header\n;\n", "e.ppn").message == "no game in this file: it holds only comments");
  CHECK(only_error("{ a comment }\n\n{ another }\n", "e.ppn").message == "no game in this file: it holds only comments");
  // Over a stream too, with the statistics counting the error.
  std::istringstream in("");
  std::size_t errors = 0;
  const auto stats = parser::parse_stream(in, "s.ppn", [](Game&) {}, [&](const parser::ParseError&) { ++errors; });
  CHECK(stats.games == 0);
  CHECK(stats.errors == 1);
  CHECK(errors == 1);
}

TEST_CASE("stream: a leading comment block is no game, and no error when games follow", "[parser][stream][input]") {
  auto r = parser::parse_all("{ A collection of games }\n\n" + game_text(1) + game_text(2), "c.ppn");
  CHECK(r.errors.empty());
  CHECK(r.games.size() == 2);
}

TEST_CASE("stream: a text that is not PPN is one located error, and nothing more is read", "[parser][stream][input]") {
  const std::string markdown =
      "# A README\n\nSome prose.\n\n```\n[Event \"x\"]\n[Seats \"green red\"]\n\n1. G 6-3: -\n```\n\n"
      "[Event \"y\"]\n\nMore prose, then a good game:\n\n" +
      game_text(1);
  const auto e = only_error(markdown, "README.md");
  CHECK(e.line == 1);
  CHECK(e.column == 1);
  CHECK(e.message.rfind("not a PPN file: no tag ([Event \"...\"]) or roll (1. G 6-3: ...) starts it; nothing more "
                        "of it is read (line 1: expected a roll line",
                        0) == 0);
  CHECK(e.excerpt == "# A README");
  // Binary: the first line's control byte is the reason given.
  const auto b = only_error(std::string("\x7f" "ELF\x02\x01\x01\0\0\0\n[\n\x01\n", 14), "a.out");
  CHECK(b.message.find("control byte 0x7F in the text") != std::string::npos);
  CHECK(b.excerpt == "?ELF??????");
  // JSON and JSON Lines, a server log.
  CHECK(only_error("{\n  \"games\": [ { \"seed\": 1 } ]\n}\n", "g.json").message.rfind("not a PPN file", 0) == 0);
  CHECK(only_error("{\"a\":{\"b\":1}}\n{\"a\":2}\n", "g.jsonl").message.rfind("not a PPN file", 0) == 0);
  CHECK(only_error("[{\"board\": []}]\n", "g.json").message.rfind("not a PPN file", 0) == 0);
  CHECK(only_error("Starting training...\nReceived data: <start-game>red</start-game>\n", "logs.log")
            .message.rfind("not a PPN file", 0) == 0);
}

TEST_CASE("stream: a broken first game that looks like PPN is an ordinary syntax error", "[parser][stream][input]") {
  // A tag line, a roll line, a withdrawal and an observed position each make the text PPN, so
  // the games after the broken one are still read.
  for (const std::string first : {"[Event \"cut]\n[Seats \"green red\"]\n\n1. G 6-3: -\n\n",
                                   "1. G 6-3 N/0\n\n", "G 6-3: 0/\n\n", "; notes\n\n2. G 5: 1/Q\n\n",
                                   "G RESIGNS?\n\n", "@ nonsense\n\n", "[Event \"a\"] [Seats \"x y\"]\n\n1. G 6-3: -\n\n",
                                   // brace comments before the first tag, one line or several (review of issue 15)
                                   "{ Notes from the club }\n[Event \"cut]\n\n1. G 6-3: -\n\n",
                                   "{ Notes from the club:\n  games of March } ; and more\n{ x }\n1. G 6-3 N/0\n\n"}) {
    INFO(first);
    auto r = parser::parse_all(first + game_text(2), "p.ppn");
    REQUIRE(r.errors.size() == 1);
    CHECK_FALSE(r.errors[0].whole_file);
    CHECK(r.games.size() == 1);
  }
  // Only the file's first game decides: prose after a good game is a syntax error of its own.
  auto r = parser::parse_all(game_text(1) + "# prose\n\n[Event \"x\"]\n\n# more prose\n", "p.ppn");
  REQUIRE(r.errors.size() == 2);
  CHECK_FALSE(r.errors[0].whole_file);
  CHECK_FALSE(r.errors[1].whole_file);
  CHECK(r.games.empty());
}

TEST_CASE("stream: a syntax error hands over the game read before it", "[parser][stream][input]") {
  const std::string head = "[Event \"cut\"]\n[Seats \"green red\"]\n[Result \"green\"]\n{ before }\n\n";
  SECTION("missing ':' at roll 3: the two rolls before it") {
    auto r = parser::parse_all(head + "1. G 5-2: N/0 0/2\n2. R 6-6: - { ok }\n3. G 4-1 2/6 6/7\n4. R 5-1: N/0\n", "p.ppn");
    REQUIRE(r.errors.size() == 1);
    const auto& e = r.errors[0];
    CHECK(e.line == 8);
    REQUIRE(e.partial != nullptr);
    CHECK(e.partial->tag_value("Event") == "cut");
    CHECK(e.partial->tag_value("Result") == "green");
    CHECK(e.partial->leading_comments == std::vector<std::string>{"before"});
    REQUIRE(e.partial->movetext.size() == 2);
    CHECK(e.partial->roll_count() == 2);
    CHECK(std::get<Roll>(e.partial->movetext[1]).comments == std::vector<std::string>{"ok"});
    CHECK(e.partial->source_file == "p.ppn");
    CHECK(e.partial->source_line == 1);
  }
  SECTION("an error inside a variation: the roll holding it is left out") {
    auto r = parser::parse_all(head + "1. G 5-2: N/0 0/2\n2. R 6-6: - (2. R 6-6: 9/Q)\n", "p.ppn");
    REQUIRE(r.errors.size() == 1);
    REQUIRE(r.errors[0].partial != nullptr);
    CHECK(r.errors[0].partial->roll_count() == 1);
  }
  SECTION("a withdrawal and an observed position before the error are kept") {
    auto r = parser::parse_all(head + "1. G 5-2: N/0 0/2\nR RESIGNS\n@ g:N,N,N,2 r:N,N,N,N / g d0\n2. G 3-3 N/0\n", "p.ppn");
    REQUIRE(r.errors.size() == 1);
    REQUIRE(r.errors[0].partial != nullptr);
    CHECK(r.errors[0].partial->movetext.size() == 3);
  }
  SECTION("an error at the first roll: the tags alone") {
    auto r = parser::parse_all(head + "1. G 9-2: N/0\n", "p.ppn");
    REQUIRE(r.errors.size() == 1);
    REQUIRE(r.errors[0].partial != nullptr);
    CHECK(r.errors[0].partial->movetext.empty());
  }
  SECTION("an error in the tags, or tags that fail their checks: nothing") {
    CHECK(parser::parse_all("[Event \"a\"]\n[Seats green]\n\n1. G 5-2: N/0 0/2\n", "p.ppn").errors.at(0).partial == nullptr);
    CHECK(parser::parse_all("[Seats \"green red\"]\n[Result \"blue\"]\n\n1. G 5-2: N/0 0/2\n2. R 6-\n", "p.ppn")
              .errors.at(0)
              .partial == nullptr);
    CHECK(parser::parse_all("[Event \"a\"]\n[Event \"b\"]\n\n1. G 5-2: N/0 0/2\n2. R 6-\n", "p.ppn")
              .errors.at(0)
              .partial == nullptr);
  }
  SECTION("a byte that is not UTF-8: nothing (such text goes nowhere)") {
    CHECK(parser::parse_all(head + "1. G 5-2: N/0 0/2 { caf\xE9 }\n", "p.ppn").errors.at(0).partial == nullptr);
  }
  SECTION("a game that parses has no error, and its stream game is unaffected by a partial before it") {
    auto r = parser::parse_all(head + "1. G 5-2: N/0 0/2\n2. R 6-\n\n" + game_text(2), "p.ppn");
    REQUIRE(r.errors.size() == 1);
    REQUIRE(r.games.size() == 1);
    CHECK(r.games[0].roll_count() == 2);
    CHECK(r.errors[0].partial->roll_count() == 1);
  }
}

// parser::GameStream (the Python module's read_games) pulls what parse_stream pushes: the same
// games and errors, in file order, across the reader's chunk boundaries, for every kind of input.
TEST_CASE("stream: GameStream gives what parse_stream gives, in order", "[parser][stream]") {
  std::string big;
  for (int i = 0; i < 40000; ++i) big += game_text(i);  // several 1 MiB chunks
  big += "[Event \"bad\"]\n\n1. G 9-9: -\n\n" + game_text(40000);
  const std::string utf16("\xFF\xFE[\0E\0", 6);
  for (const std::string& text : {big, std::string("\xEF\xBB\xBF") + game_text(1), std::string(), std::string("just a README\n"), utf16,
                                  game_text(2) + "[Event \"g3\"]\n\n1. G 5-2: N/0 0/9x9\n"}) {
    std::vector<std::string> pushed, pulled;
    std::istringstream a(text), b(text);
    const auto stats = parser::parse_stream(
        a, "x.ppn", [&](Game& g) { pushed.push_back(to_ppn(g)); },
        [&](const parser::ParseError& e) { pushed.push_back(e.format()); });
    parser::GameStream stream(b, "x.ppn");
    while (auto item = stream.next()) {
      if (auto* g = std::get_if<Game>(&*item)) pulled.push_back(to_ppn(*g));
      else pulled.push_back(std::get<parser::ParseError>(*item).format());
    }
    CHECK(pulled == pushed);
    CHECK(stream.stats().games == stats.games);
    CHECK(stream.stats().errors == stats.errors);
    CHECK(stream.stats().bytes == stats.bytes);
    CHECK_FALSE(stream.next());  // the end stays the end
  }
}
