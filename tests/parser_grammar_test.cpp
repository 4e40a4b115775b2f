// One small named case per grammar feature (notation/SPEC.md).
#include <catch2/catch.hpp>

#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "game_text.hpp"

using namespace ppn;

using ppn::test::parse_one;

namespace {

// The first roll of "[Event "t"]\n<line>".
Roll roll_of(const std::string& line) {
  Game g = parse_one("[Event \"t\"]\n" + line + "\n");
  REQUIRE(!g.movetext.empty());
  REQUIRE(std::holds_alternative<Roll>(g.movetext[0]));
  return std::get<Roll>(g.movetext[0]);
}

std::string error_of(const std::string& text) {
  auto r = parser::parse_game(text, "t.ppn");
  REQUIRE(std::holds_alternative<parser::ParseError>(r));
  return std::get<parser::ParseError>(r).message;
}

SquareMove mm(Square a, Square b, bool x = false) { return SquareMove{a, b, x}; }

}  // namespace

TEST_CASE("tags: order, escapes, lookup", "[parser][grammar]") {
  Game g = parse_one("[Blue \"Cy\"]\n[Event \"A \\\"quoted\\\" \\\\ name\"]\n[Option \"a=1\"]\n[Option \"b=2\"]\n");
  REQUIRE(g.tags.size() == 4);
  CHECK(g.tags[0].name == "Event");  // roster tags first
  CHECK(g.tag_value("Event") == "A \"quoted\" \\ name");
  CHECK(g.tag_values("Option") == std::vector<std::string_view>{"a=1", "b=2"});
  CHECK(g.find_tag("Missing") == nullptr);
}

TEST_CASE("tags: structured values are canonicalized", "[parser][grammar]") {
  Game g = parse_one("[Game \"LUDO\"]\n[Seats \"G red  Blue\"]\n[Result \"*\"]\n");
  CHECK(g.tag_value("Game") == "ludo");
  CHECK(g.tag_value("Seats") == "green red blue");
  CHECK(g.tag_value("Result") == "*");
}

TEST_CASE("roll: number, seat, two dice, entering", "[parser][grammar]") {
  Roll r = roll_of("12. R 5-2: N/0 0/2");
  CHECK(r.number == 12u);
  CHECK(r.seat == Colour::Red);
  CHECK(r.dice == std::array<std::uint8_t, 2>{5, 2});
  CHECK(r.kind == PlayKind::Moves);
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0] == Step::part(mm(Square::nest(), Square::ring(0))));
  CHECK(r.steps[1] == Step::part(mm(Square::ring(0), Square::ring(2))));
}

TEST_CASE("roll: move numbers are optional and filled in", "[parser][grammar]") {
  Game g = parse_one("[Event \"t\"]\nG 6-3: -\nR 1-2: -\n7. B 1-1: -\nY 2-3: -\n");
  std::vector<std::uint32_t> numbers;
  for (auto& e : g.movetext) numbers.push_back(*std::get<Roll>(e).number);
  CHECK(numbers == std::vector<std::uint32_t>{1, 2, 7, 8});
}

TEST_CASE("roll: lenient case and spacing", "[parser][grammar]") {
  Roll a = roll_of("3...   b   4-1 :   n/0   h2/H  12/15X");
  Roll b = roll_of("3. B 4-1: N/0 h2/H 12/15x");
  CHECK(a == b);
  CHECK(a.steps[1].move->from == Square::home_path(2));
  CHECK(a.steps[1].move->to == Square::home());
}

TEST_CASE("roll: Ludo single die", "[parser][grammar]") {
  Roll r = roll_of("7. G 6: N/0");
  CHECK(r.dice_count() == 1);
  CHECK(r.dice[0] == 6);
}

TEST_CASE("roll: chained mini-moves expand", "[parser][grammar]") {
  Roll r = roll_of("1. Y 3-6: 12/15x/21");
  REQUIRE(r.steps.size() == 2);
  CHECK(*r.steps[0].move == mm(Square::ring(12), Square::ring(15), true));
  CHECK(*r.steps[1].move == mm(Square::ring(15), Square::ring(21)));
  CHECK(play_to_ppn(r) == "12/15x 15/21");
}

TEST_CASE("roll: capture and bonus moves", "[parser][grammar]") {
  Roll r = roll_of("41. G 2-3: 30/32 32/35x +20 35/55 +10 -");
  REQUIRE(r.steps.size() == 4);
  CHECK(r.steps[1].move->capture);
  CHECK(r.steps[2].bonus == 20);
  CHECK(*r.steps[2].move == mm(Square::ring(35), Square::ring(55)));
  CHECK(r.steps[3].bonus == 10);
  CHECK(r.steps[3].forfeited());
}

TEST_CASE("roll: another colour's pawn is written with its letter (SPEC 3.1)", "[parser][grammar]") {
  // The NU course case in14: green's 5-5 enters a green and a red pawn. Squares after the
  // prefix are in that colour's coordinates; the prefix also works in chains and bonus moves.
  Roll r = roll_of("1. G 5-5: N/0 r:N/0 B:3/5x/9 +20 y:12/32 +10 -");
  REQUIRE(r.steps.size() == 6);
  CHECK_FALSE(r.steps[0].owner);
  CHECK(r.steps[1].owner == Colour::Red);
  CHECK(*r.steps[1].move == mm(Square::nest(), Square::ring(0)));
  CHECK(r.steps[2].owner == Colour::Blue);
  CHECK(r.steps[2].move->capture);
  CHECK(r.steps[3].owner == Colour::Blue);  // a chain's prefix holds for all of it
  CHECK(r.steps[4].bonus == 20);
  CHECK(r.steps[4].owner == Colour::Yellow);
  CHECK_FALSE(r.steps[5].owner);
  CHECK(play_to_ppn(r) == "N/0 R:N/0 B:3/5x B:5/9 +20 Y:12/32 +10 -");
  // the roll's own seat is no prefix at all
  CHECK(roll_of("1. G 5-5: G:N/0 g:N/0") == roll_of("1. G 5-5: N/0 N/0"));
  // in a variation, the variation's roll decides what is foreign
  Roll v = roll_of("1. G 3-4: 1/4 1/5 (1. R 3-4: R:1/4 G:1/5)");
  REQUIRE(v.variations.size() == 1);
  CHECK_FALSE(v.variations[0][0].steps[0].owner);
  CHECK(v.variations[0][0].steps[1].owner == Colour::Green);
  // a seat letter starting the next line is the next roll or withdrawal, not a prefix
  Game g = parse_one("[Event \"t\"]\n1. G 5-5: N/0 N/0\nG 3-4: 0/3 0/4\nR RESIGNS\n");
  CHECK(g.movetext.size() == 3);
  // the prefix is one token: no space inside `R:N/0`
  CHECK_THAT(error_of("[Event \"t\"]\n1. G 5-5: N/0 R: N/0\n"), Catch::Contains("expected a square"));
  CHECK_THAT(error_of("[Event \"t\"]\n1. G 5-5: +20 R:N\n"), Catch::Contains("expected a mini-move"));
  CHECK_THAT(error_of("[Event \"t\"]\n1. G 5-5: PENALTY R:5/N\n"), Catch::Contains("no colour prefix"));
}

TEST_CASE("roll: no legal play", "[parser][grammar]") {
  Roll r = roll_of("1. G 6-3: -");
  CHECK(r.kind == PlayKind::NoPlay);
  CHECK(r.steps.empty());
}

TEST_CASE("roll: third-doublet penalty with and without the pawn", "[parser][grammar]") {
  Roll a = roll_of("90. B 2-2: PENALTY 59/N");
  CHECK(a.kind == PlayKind::Penalty);
  CHECK(a.penalty_move == mm(Square::ring(59), Square::nest()));
  Roll b = roll_of("90. B 2-2: penalty");
  CHECK(b.kind == PlayKind::Penalty);
  CHECK(!b.penalty_move);
}

TEST_CASE("roll: annotations map to NAGs", "[parser][grammar]") {
  Roll r = roll_of("1. G 6-3: 1/7 ! ? !! ?? !? ?! $14");
  CHECK(r.nags == std::vector<std::uint16_t>{1, 2, 3, 4, 5, 6, 14});
  CHECK(to_ppn(r) == "1. G 6-3: 1/7 ! ? !! ?? !? ?! $14");
}

TEST_CASE("comments: brace and line comments, normalized", "[parser][grammar]") {
  Game g = parse_one("[Event \"t\"]\n{  lead\n  comment }\n1. G 6-3: - ; to the end\n{ second }\n");
  CHECK(g.leading_comments == std::vector<std::string>{"lead comment"});
  const Roll& r = std::get<Roll>(g.movetext[0]);
  CHECK(r.comments == std::vector<std::string>{"to the end", "second"});
}

TEST_CASE("variations: nested alternative rolls", "[parser][grammar]") {
  Roll r = roll_of("5. G 6-3: 1/7 (5. G 6-3: 1/4 4/7 (5. G 6-3: -)) (G 6-3: 10/16 6. R 1-1: -)");
  REQUIRE(r.variations.size() == 2);
  CHECK(r.variations[0].size() == 1);
  CHECK(r.variations[0][0].variations.size() == 1);
  REQUIRE(r.variations[1].size() == 2);
  CHECK(r.variations[1][0].number == 5u);  // a variation starts at the replaced roll's number
  CHECK(r.variations[1][1].number == 6u);
}

TEST_CASE("observed position and withdrawals", "[parser][grammar]") {
  Game g = parse_one("[Event \"t\"]\n@ r:N,5,N,N g:h1,N,N,N / r d1 { seen }\nR RESIGNS\ny abandons\n");
  REQUIRE(g.movetext.size() == 3);
  const auto& o = std::get<ObservedPosition>(g.movetext[0]);
  CHECK(format_position_id(o.position) == "g:N,N,N,h1 r:N,N,N,5 / r d1");
  CHECK(o.comments == std::vector<std::string>{"seen"});
  CHECK(std::get<Withdrawal>(g.movetext[1]).kind == WithdrawalKind::Resigns);
  CHECK(std::get<Withdrawal>(g.movetext[2]).seat == Colour::Yellow);
  CHECK(std::get<Withdrawal>(g.movetext[2]).kind == WithdrawalKind::Abandons);
}

TEST_CASE("source positions of games and rolls", "[parser][grammar]") {
  Game g = parse_one("\n[Event \"t\"]\n\n1. G 6-3: -\n   2. R 1-2: - (2. R 1-2: -)\n");
  CHECK(g.source_line == 2);
  const Roll& r2 = std::get<Roll>(g.movetext[1]);
  CHECK(std::get<Roll>(g.movetext[0]).line == 4);
  CHECK(r2.line == 5);
  CHECK(r2.column == 4);
  CHECK(r2.variations[0][0].column == 17);
}

TEST_CASE("syntax errors name what was expected", "[parser][grammar]") {
  CHECK(error_of("[Event \"t\"]\n1. G 7-3: -\n") == "expected the dice: one die 1-6, or two joined by '-' (e.g. 6-3)");
  CHECK(error_of("[Event \"t\"]\n1. G 6-3 -\n") == "expected ':' after the dice");
  CHECK(error_of("[Event \"t\"]\n1. G 6-3: 1/x\n") == "expected a square (N, 0-99, h1-h9 or H)");
  CHECK(error_of("[Event \"t\"]\n1. G 6-3: 1/100\n") == "expected a square (N, 0-99, h1-h9 or H)");
  CHECK(error_of("[Event \"t\"]\n1. G 6-3: +15 1/2\n") == "expected a bonus value (10 or 20)");
  CHECK(error_of("[Event \"t\"]\n1. G 6-3:\n") ==
        "expected a play: mini-moves (e.g. N/0 12/15x), '-' (no legal play) or PENALTY");
}

TEST_CASE("parse_game never throws on arbitrary bytes", "[parser][grammar]") {
  std::string bytes;
  for (int i = 0; i < 4096; ++i) bytes.push_back(static_cast<char>((i * 7919) % 256));
  for (std::size_t cut = 0; cut < bytes.size(); cut += 97) {
    auto r = parser::parse_game(std::string_view(bytes).substr(cut), "junk");
    CHECK(std::holds_alternative<parser::ParseError>(r));
  }
}

TEST_CASE("steps: each is located at its FROM square, a bonus move at its '+'", "[parser][grammar]") {
  // Diagnostics about a step point here (replay/walk.cpp): squares of one and two digits,
  // the nest, the home path, an owner prefix, a bonus move and a chain's second mini-move.
  Game g = parse_one("[Event \"t\"]\n1. G 6-5: 12/18 N/0 0/5\n2. R 5-5: B:h3/H +20 35/55 5/10x/12\n");
  REQUIRE(g.movetext.size() == 2);
  using Loc = std::pair<std::uint32_t, std::uint32_t>;
  const Roll& first = std::get<Roll>(g.movetext[0]);
  CHECK(first.step_locations == std::vector<Loc>{{2, 11}, {2, 17}, {2, 21}});
  const Roll& second = std::get<Roll>(g.movetext[1]);
  REQUIRE(second.steps.size() == 4);
  CHECK(second.steps[0].owner == Colour::Blue);
  CHECK(second.steps[2] == Step::part(mm(Square::ring(5), Square::ring(10), true)));
  CHECK(second.step_locations == std::vector<Loc>{{3, 13}, {3, 18}, {3, 28}, {3, 30}});
}
