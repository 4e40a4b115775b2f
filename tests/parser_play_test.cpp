// parser::parse_play: one roll's play on its own (parser/parser.hpp), and its agreement with
// the game parser reading the same play inside a record.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "parser/parser.hpp"

using namespace ppn;

namespace {

SquareMove mm(Square a, Square b, bool x = false) { return SquareMove{a, b, x}; }

Roll play_of(const std::string& text, Colour seat = Colour::Green) {
  auto r = parser::parse_play(text, seat);
  if (auto* e = std::get_if<parser::ParseError>(&r)) FAIL(e->format());
  return std::get<Roll>(r);
}

parser::ParseError error_of(const std::string& text, Colour seat = Colour::Green) {
  auto r = parser::parse_play(text, seat);
  if (auto* roll = std::get_if<Roll>(&r)) FAIL("parsed, with " << roll->steps.size() << " steps: " << text);
  return std::get<parser::ParseError>(r);
}

using Locations = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// The record the game parser reads a play in: the play starts on line 3, after `prefix`.
const std::string record_head = "[Seats \"green red\"]\n\n";
const std::string prefix = "1. G 5-3: ";
constexpr std::uint32_t play_line = 3;

const std::string end_of_play =
    "expected the end of the play (one roll's play: no other roll line, withdrawal or position)";

// Where a movetext entry starts (line, column).
std::pair<std::uint32_t, std::uint32_t> where(const MovetextEntry& e) {
  return std::visit([](const auto& x) { return std::pair{x.line, x.column}; }, e);
}

// The play's column for a column of the record's play line: the prefix off, and a place in the
// prefix (the record's error at the very end of a blank play is shown after the ':') the first.
std::uint32_t shifted(std::uint32_t record_column) {
  return record_column > prefix.size() ? record_column - static_cast<std::uint32_t>(prefix.size()) : 1;
}

// parse_play(play) agrees with parse_game on the record: the same roll, or the same error at
// the same place, or (where the record reads on past the play) an error where it read on.
void check_agrees(const std::string& play) {
  INFO("play: \"" << play << "\"");
  const auto record = parser::parse_game(record_head + prefix + play, "<play>");
  const auto got = parser::parse_play(play, Colour::Green, "<play>");
  if (const auto* roll = std::get_if<Roll>(&got)) {
    const auto* game = std::get_if<Game>(&record);
    if (game == nullptr) FAIL("the record fails: " << std::get<parser::ParseError>(record).format());
    REQUIRE(game->movetext.size() == 1);
    const Roll& want = std::get<Roll>(game->movetext.front());
    CHECK(roll->seat == Colour::Green);
    CHECK(roll->kind == want.kind);
    CHECK(roll->steps == want.steps);
    CHECK(roll->penalty_move == want.penalty_move);
    Locations locations;
    for (const auto& [line, column] : want.step_locations) {
      CHECK(line == play_line);
      locations.emplace_back(1, column - prefix.size());
    }
    CHECK(roll->step_locations == locations);
    return;
  }
  const auto& e = std::get<parser::ParseError>(got);
  CHECK(e.file == "<play>");
  CHECK(e.line == 1);
  CHECK(e.column >= 1);
  CHECK(e.column <= play.size() + 1);
  if (const auto* want = std::get_if<parser::ParseError>(&record)) {
    CHECK(want->line == play_line);
    CHECK(e.message == want->message);
    CHECK(e.column == shifted(want->column));
  } else {
    // The record reads another entry after the play: the play ends where that entry starts.
    const Game& game = std::get<Game>(record);
    REQUIRE(game.movetext.size() > 1);
    CHECK(e.message == end_of_play);
    CHECK(where(game.movetext[1]).first == play_line);
    CHECK(e.column == shifted(where(game.movetext[1]).second));
  }
}

const std::vector<std::string> valid_plays = {
    "-",
    "PENALTY",
    "penalty",
    "PENALTY 12/N",
    "PENALTY h3/N",
    "N/0 0/3",
    "n/0 0/3x",
    "16/19/25x",
    "16/19x/25X/30",
    "+20 25/45",
    "+10 25/35x",
    "+20 -",
    "+10 R:3/13",
    "R:5/N",
    "G:5/N",
    "b:12/15 Y:h1/H",
    "12/17 +20 17/37 +10 37/47",
    "  12/17\t 3/8  ",
    "0/5 h2/h7 h7/H",
    "1/2 2/3 3/4 4/5 5/6 6/7 7/8 8/9 9/10 10/11 11/12 12/13",
};

}  // namespace

TEST_CASE("parse_play: no play and the penalty", "[parser][play]") {
  Roll r = play_of("-");
  CHECK(r.kind == PlayKind::NoPlay);
  CHECK(r.steps.empty());
  CHECK(r.seat == Colour::Green);
  CHECK(r.line == 1);
  CHECK(r.column == 1);

  r = play_of("PENALTY", Colour::Red);
  CHECK(r.kind == PlayKind::Penalty);
  CHECK(r.seat == Colour::Red);
  CHECK_FALSE(r.penalty_move.has_value());

  r = play_of("PENALTY 12/N ");
  CHECK(r.kind == PlayKind::Penalty);
  CHECK(r.penalty_move == mm(Square::ring(12), Square::nest()));
  CHECK(r.steps.empty());
}

TEST_CASE("parse_play: entries, moves and chains", "[parser][play]") {
  Roll r = play_of("N/0 0/3");
  CHECK(r.kind == PlayKind::Moves);
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0] == Step::part(mm(Square::nest(), Square::ring(0))));
  CHECK(r.steps[1] == Step::part(mm(Square::ring(0), Square::ring(3))));
  CHECK(r.step_locations == Locations{{1, 1}, {1, 5}});

  r = play_of("16/19/25x");
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0] == Step::part(mm(Square::ring(16), Square::ring(19))));
  CHECK(r.steps[1] == Step::part(mm(Square::ring(19), Square::ring(25), true)));
  CHECK(r.step_locations == Locations{{1, 1}, {1, 4}});

  r = play_of("  12/17\t h3/H  ");
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[1] == Step::part(mm(Square::home_path(3), Square::home())));
  CHECK(r.step_locations == Locations{{1, 3}, {1, 10}});
}

TEST_CASE("parse_play: bonus moves and forfeits", "[parser][play]") {
  Roll r = play_of("+20 25/45");
  REQUIRE(r.steps.size() == 1);
  CHECK(r.steps[0].bonus == 20);
  CHECK(r.steps[0].move == mm(Square::ring(25), Square::ring(45)));
  CHECK(r.step_locations == Locations{{1, 1}});

  r = play_of("5/10x +20 -");
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[1].bonus == 20);
  CHECK_FALSE(r.steps[1].move.has_value());
  CHECK(r.step_locations == Locations{{1, 1}, {1, 7}});
}

TEST_CASE("parse_play: an owner prefix is foreign unless it names the roll's seat", "[parser][play]") {
  Roll r = play_of("R:5/N", Colour::Green);
  REQUIRE(r.steps.size() == 1);
  CHECK(r.steps[0].owner == Colour::Red);
  CHECK(r.steps[0].move == mm(Square::ring(5), Square::nest()));
  CHECK(r.step_locations == Locations{{1, 3}});

  r = play_of("G:5/N", Colour::Green);
  REQUIRE(r.steps.size() == 1);
  CHECK_FALSE(r.steps[0].owner.has_value());

  r = play_of("G:5/N", Colour::Red);
  CHECK(r.steps[0].owner == Colour::Green);

  r = play_of("B:3/5x/9", Colour::Yellow);
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0].owner == Colour::Blue);
  CHECK(r.steps[1].owner == Colour::Blue);
}

TEST_CASE("parse_play: errors are located in the play's text", "[parser][play]") {
  auto e = error_of("12/");
  CHECK(e.line == 1);
  CHECK(e.column == 4);
  CHECK(e.message == "expected a square (N, 0-99, h1-h9 or H)");
  CHECK(e.file == "<play>");

  e = error_of("5/3x x");
  CHECK(e.column == 6);
  CHECK(e.message.rfind("expected a roll line", 0) == 0);

  e = error_of("- foo");
  CHECK(e.column == 3);
  CHECK(e.message.rfind("expected a roll line", 0) == 0);

  e = error_of("");
  CHECK(e.line == 1);
  CHECK(e.column == 1);
  CHECK(e.message == "expected a play: mini-moves (e.g. N/0 12/15x), '-' (no legal play) or PENALTY");
  e = error_of("   ");
  CHECK(e.column == 1);
  CHECK(e.message.rfind("expected a play", 0) == 0);

  e = error_of("PENALTY R:5/N");
  CHECK(e.column == 11);  // (after the prefix, as in a record)
  CHECK(e.message == "PENALTY sends back a pawn of the roll's own seat: no colour prefix");

  e = error_of("12/17 G 5-3: -");
  CHECK(e.column == 7);
  CHECK(e.message == end_of_play);
  e = error_of("12/17 G resigns");
  CHECK(e.column == 7);
  CHECK(e.message == end_of_play);

  e = error_of("12/17 g");
  CHECK(e.column == 8);
  CHECK(e.message == "expected the dice: one die 1-6, or two joined by '-' (e.g. 6-3)");
}

TEST_CASE("parse_play: a play is one line, with no comment, annotation or variation", "[parser][play]") {
  for (const auto& [text, column] : std::vector<std::pair<std::string, std::uint32_t>>{
           {"12/17 {c}", 7}, {"12/17 ; c", 7}, {"12/17 (1. G 5-3: -)", 7}, {"12/17)", 6}, {"12/17}", 6},
           {"12/17!", 6}, {"12/17 ?!", 7}, {"12/17 $1", 7}, {"12/17\n", 6}, {"12/17\r\n", 6}, {"12/\n17", 4}}) {
    INFO(text);
    const auto e = error_of(text);
    CHECK(e.line == 1);
    CHECK(e.column == column);
    CHECK(e.message == "a play is one line of mini-moves (no comments or variations)");
  }
}

TEST_CASE("parse_play: invalid UTF-8 and control bytes as in a game", "[parser][play]") {
  for (const std::string& text : {std::string("12/17 \x01"), std::string("12/1\xff"), std::string("\xc3(")}) {
    INFO(text);
    const auto e = error_of(text);
    const auto record = parser::parse_game(record_head + prefix + text, "<play>");
    REQUIRE(std::holds_alternative<parser::ParseError>(record));
    const auto& want = std::get<parser::ParseError>(record);
    CHECK(e.line == 1);
    CHECK(e.message == want.message);
    CHECK(e.column == shifted(want.column));
  }
}

TEST_CASE("parse_play: too many steps, as in a record", "[parser][play]") {
  std::string play;
  for (int i = 0; i < 25; ++i) play += "1/2 ";
  const auto e = error_of(play);
  CHECK(e.column == 1);
  CHECK(e.message == "too many moves in one roll: at most 24");
  play.resize(play.size() - 4);
  CHECK(play_of(play).steps.size() == 24);
  check_agrees(play);
  check_agrees(play + " 3/4");
}

TEST_CASE("parse_play agrees with the game parser on named plays", "[parser][play]") {
  for (const auto& play : valid_plays) {
    check_agrees(play);
    CHECK(std::holds_alternative<Roll>(parser::parse_play(play, Colour::Green)));
  }
  for (const std::string play :
       {"", " ", "12/", "12/ ", "5/3x x", "- foo", "- 5", "- 5.", "- 5. G", "-  g", "- [x]", "- @ x", "-/", "- -",
        "PENALTY R:5/N", "PENALTY 5", "PENALTY 5/", "PENALTYX", "PEN", "+", "+30 1/2", "+20", "+20 R:", "+20 5",
        "R:", "R: 5/N", "R:5", "R:5/", "5/N/", "1/2/3/4/5/6/7/8/9", "1/2/3/4/5/6/7/8", "100/2", "h0/H", "h10/H",
        "12/17x/", "12/17 G 5-3: -", "12/17 G 5-3: 1/", "12/17 2. R 5-3: -", "- G RESIGNS", "- @", "- @ zz",
        "99999999999. G 5-3: -", "- 4294967296.", "12 / 17", "x", "N", "N/", "N/0x x", "N/0 , 0/3", "5-3", ":"}) {
    check_agrees(play);
  }
}

TEST_CASE("parse_play agrees with the game parser on mutated plays", "[parser][play]") {
  // Every play one edit away from a valid play (and a sample of two edits away): a byte
  // deleted, replaced or inserted, or the play cut short.
  const std::string alphabet = "0123456789/xXNnhH+-: \tGRBYgrbyPENALTYpenaltyzf.@[";
  std::set<std::string> plays;
  std::vector<std::string> once;
  for (const auto& play : valid_plays) {
    for (std::size_t i = 0; i <= play.size(); ++i) {
      once.push_back(play.substr(0, i));
      if (i < play.size()) once.push_back(play.substr(0, i) + play.substr(i + 1));
      for (char c : alphabet) {
        if (i < play.size()) once.push_back(play.substr(0, i) + c + play.substr(i + 1));
        once.push_back(play.substr(0, i) + c + play.substr(i));
      }
    }
  }
  plays.insert(once.begin(), once.end());
  std::mt19937 random(29);
  for (int k = 0; k < 3000; ++k) {
    std::string play = once[random() % once.size()];
    const std::size_t i = random() % (play.size() + 1);
    const char c = alphabet[random() % alphabet.size()];
    if (random() % 2 == 0 && i < play.size()) play[i] = c;
    else play.insert(i, 1, c);
    plays.insert(play);
  }
  std::size_t rolls = 0, errors = 0;
  for (const auto& play : plays) {
    check_agrees(play);
    if (std::holds_alternative<Roll>(parser::parse_play(play, Colour::Green))) ++rolls;
    else ++errors;
  }
  INFO(rolls << " plays read, " << errors << " refused");
  CHECK(rolls > 1000);
  CHECK(errors > 1000);
}
