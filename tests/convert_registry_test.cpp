// The converters' registry (convert/formats.hpp) and the one adapter between Racket boards and
// the rules core's position (convert/racket_position.hpp).
#include <catch2/catch.hpp>

#include "tests/rules_helpers.hpp"
#include <nlohmann/json.hpp>
#include <set>

#include "convert/formats.hpp"
#include "convert/racket_position.hpp"
#include "convert/reference_jsonl.hpp"

using namespace ppn;
using namespace ppn::convert;

TEST_CASE("convert: every format is one registered reader, found by name", "[convert][formats]") {
  std::set<std::string> names;
  for (const Reader* r : readers()) {
    CHECK(names.insert(std::string(r->name)).second);
    CHECK(find_reader(r->name) == r);
    CHECK_FALSE(r->summary.empty());
  }
  CHECK(names == std::set<std::string>{"json", "nu-transcript", "nu-test", "racket-jsonl"});
  CHECK(find_reader("nu-xml") == nullptr);  // a format export writes, not one convert reads
}

TEST_CASE("convert: every format ppn export writes is one registered writer", "[convert][formats]") {
  std::set<std::string> names;
  for (const Writer* w : writers()) {
    CHECK(names.insert(std::string(w->name)).second);
    CHECK(find_writer(w->name) == w);
  }
  CHECK(names == std::set<std::string>{"nu-xml", "json"});
  CHECK(find_writer("ppn") == nullptr);  // stored text, written by export itself
}

TEST_CASE("convert: an input's format is told by the registered readers, in order", "[convert][formats]") {
  auto format_of = [](std::string_view head) {
    const Detected d = detect_format("in", head);
    return d.reader ? std::string(d.reader->name) : "refused: " + d.refusal;
  };
  CHECK(format_of(R"({"format":"ppn-game","tags":{}})" "\n") == "json");
  // a transcript holds <board> and <moves> too: it is told before a course test
  CHECK(format_of("Received data: <do-move><board></board><dice></dice></do-move>\nResponding with: <moves></moves>\n") ==
        "nu-transcript");
  CHECK(format_of("green\n<board></board>\n<dice></dice>\n<moves></moves>\n") == "nu-test");
  CHECK(format_of(R"({"game":0,"seed":1,"players":["a","b","c","d"]})" "\n") == "racket-jsonl");
  CHECK(format_of(R"({"color":"green","board":[],"dice":[1,2],"moves":[]})" "\n") == "racket-jsonl");
  CHECK(format_of("  \n\n") == "refused: the file is empty (or blank): nothing to convert");
  CHECK(format_of(R"({"other":1})" "\n").rfind("refused: JSON, but neither", 0) == 0);
  CHECK(format_of("something else\n") ==
        "refused: cannot tell the input format; give --from json|nu-transcript|nu-test|racket-jsonl");
}

namespace {
nu::Board board_of(const char* json_text) {
  nu::Board b;
  REQUIRE_FALSE(reference::read_board(nlohmann::json::parse(json_text), b));
  return b;
}
}  // namespace

TEST_CASE("convert: a Racket board reads into the rules core's position and back", "[convert][racket]") {
  // blue 0 on ring 40 (blue's ENTER 39 + 1), green 1 on its home row 2, red 2 HOME, yellow 3 on
  // ring 3 (yellow's ENTER 56 + 15, across square 0)
  const nu::Board b = board_of(
      R"([{"main":40},"start","start","start","start",{"row":2},"start","start","start","start","home","start",)"
      R"("start","start","start",{"main":3}])");
  racket::PawnPosition p;
  REQUIRE_FALSE(racket::position_of_board(b, 0b1111, p));
  using rules::Place;
  CHECK(p.ids[rules::seat_of(Colour::Blue)][0] == Place::at(1));
  CHECK(p.ids[rules::seat_of(Colour::Green)][1] == Place::at(64 + 2));
  CHECK(p.ids[rules::seat_of(Colour::Red)][2] == Place::at(71));
  CHECK(p.ids[rules::seat_of(Colour::Yellow)][3] == Place::at(15));
  CHECK(ppn::test::id_of(p.pos) == "g:N,N,N,h3 r:N,N,N,H b:N,N,N,1 y:N,N,N,15 / g d0");
  const auto back = racket::board_of_position(p);
  REQUIRE(back);
  CHECK(*back == b);

  // red and yellow absent: their pawns are listed in their start areas and read as absent
  const nu::Board two = board_of(
      R"([{"main":40},"start","start","start","start",{"row":2},"start","start","start","start","start","start",)"
      R"("start","start","start","start"])");
  REQUIRE_FALSE(racket::position_of_board(two, 0b0101, p));
  CHECK_FALSE(p.pos.seat_present(rules::seat_of(Colour::Red)));
  CHECK(*racket::board_of_position(p) == two);

  // a pawn behind its own ENTER is no Racket position
  const auto err = racket::position_of_board(board_of(
      R"(["start","start","start","start",{"main":2},"start","start","start","start","start","start","start",)"
      R"("start","start","start","start"])"), 0b1111, p);
  REQUIRE(err);
  CHECK(*err == "board: green pawn on square 2, behind its ENTER");
  // which the rules core reads as the lap square there (three squares before green's ENTER)
  CHECK(racket::place_of_loc(Colour::Green, nu::Loc{nu::LocKind::main, 2}) ==
        rules::Place::at(rules::kParcheesi68.rel_of_track(65)));
  CHECK(racket::loc_of_rel(Colour::Blue, -1) == nu::Loc{nu::LocKind::start, 0});
  CHECK(racket::loc_of_rel(Colour::Blue, 63) == nu::Loc{nu::LocKind::main, 34});  // blue's exit
}

TEST_CASE("convert: a recorded Racket play in the rules core's terms", "[convert][racket]") {
  nu::Moves m;
  REQUIRE_FALSE(reference::read_moves(nlohmann::json::parse(
      R"([{"enter":["red",1]},{"main":["red",1],"start":22,"distance":5},{"row":["red",0],"start":3,"distance":4}])"), m));
  auto play = racket::play_of_moves(m, Colour::Red);
  CHECK_FALSE(play.forced);
  REQUIRE(play.play.size() == 3);
  CHECK(play.play[0].kind == rules::MiniKind::enter);
  CHECK(play.play[1].from == 0);
  CHECK(play.play[1].value == 5);
  CHECK(play.play[2].from == 64 + 3);
  CHECK(play.play[2].pawn == 0);
  // the same play is another colour's on green's turn
  play = racket::play_of_moves(m, Colour::Green);
  REQUIRE(play.forced);
  CHECK(*play.forced == rules::RuleCode::wrong_colour);
  CHECK(play.forced_index == 0);
}

TEST_CASE("convert: the reference JSONL writer gives back what its reader reads", "[convert][racket]") {
  const char* text =
      R"([{"main":40},"start",{"row":6},"home","start",{"row":2},"start","start","home","start","home","start",)"
      R"("start","start","start",{"main":3}])";
  const nu::Board b = board_of(text);
  CHECK(reference::write_board(b) == nlohmann::json::parse(text));
  const auto moves = nlohmann::json::parse(
      R"([{"enter":["red",1]},{"main":["red",1],"start":22,"distance":5},{"row":["red",0],"start":3,"distance":4}])");
  nu::Moves m;
  REQUIRE_FALSE(reference::read_moves(moves, m));
  CHECK(reference::write_moves(m) == moves);
}
