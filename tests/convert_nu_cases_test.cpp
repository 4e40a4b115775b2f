// The Northwestern course's 36 referee test cases (shared/external/nu-eecs395-parcheesi-xml)
// converted to reference records and judged by the engine under racket-nu through the same
// path as `ppn conform` (convert::conform_file); plus the converter's handling of
// whitespace and of malformed XML (located errors, no crash).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "convert/reference_jsonl.hpp"
#include "convert/nu_test.hpp"
#include "convert/conform.hpp"
#include "shared_data.hpp"

using namespace ppn::convert::nu;
using ppn::Colour;
using ppn::Diagnostic;
using ppn::Result;
using ppn::convert::located;
using nlohmann::json;

namespace {

constexpr const char* kCases = "external/nu-eecs395-parcheesi-xml/course-xml-tests";
constexpr const char* kOracle = "external/nu-eecs395-parcheesi-xml/course-xml-tests-oracle-generated-here";

ppn::convert::ConformConfig racket_nu() {
  ppn::convert::ConformConfig cfg;
  cfg.rules = *ppn::rules::profile_options("racket-nu").options;
  cfg.variant = "racket-nu";
  return cfg;
}

// Judges one record the way `ppn conform` does: one JSONL line in a file.
ppn::convert::ConformReport conform_record(const json& rec, const std::string& name) {
  const auto path = std::filesystem::temp_directory_path() / ("ppn_nu_" + name + ".jsonl");
  std::ofstream(path) << rec.dump() << "\n";
  ppn::convert::ConformReport rep;
  ppn::convert::conform_file(path.string(), racket_nu(), rep);
  std::filesystem::remove(path);
  return rep;
}

// The 16 pawns in start, as the XML writes them.
std::string start_pawns() {
  std::string s;
  for (const char* c : {"yellow", "red", "green", "blue"})
    for (int id = 3; id >= 0; --id)
      s += std::string("<pawn><color>") + c + "</color><id>" + std::to_string(id) + "</id></pawn>";
  return s;
}
std::string start_board() {
  return "<board><start>" + start_pawns() + "</start><main></main><home-rows></home-rows><home></home></board>";
}

// The error of a parse that must fail.
template <class T>
Diagnostic failure_of(const Result<T>& r) {
  REQUIRE_FALSE(r.ok());
  return r.error();
}

}  // namespace

TEST_CASE("convert nu: the 36 course cases agree with the engine under racket-nu",
          "[convert][nu][shared]") {
  PPN_REQUIRE_SHARED(cases, kCases);
  PPN_REQUIRE_SHARED(oracle, kOracle);
  int agree = 0, legal = 0, illegal = 0;
  for (int n = 1; n <= 36; ++n) {
    INFO("case in" << n << ".xml");
    auto in = read_course_input(cases / ("in" + std::to_string(n) + ".xml"));
    INFO((in.ok() ? std::string() : located(in.error())));
    REQUIRE(in.ok());
    auto out = read_course_output(oracle / ("out" + std::to_string(n) + ".txt"));
    INFO((out.ok() ? std::string() : located(out.error())));
    REQUIRE(out.ok());
    // a legal verdict carries the board after, an illegal one Racket's reason
    if (out->legal) {
      ++legal;
      REQUIRE(out->board_after.has_value());
    } else {
      ++illegal;
      CHECK_FALSE(out->reason.empty());
    }
    const json rec = course_record(*in, &*out);
    CHECK(rec.contains("board_after") == out->legal);
    const auto rep = conform_record(rec, "case" + std::to_string(n));
    std::string notes;
    for (const auto& d : rep.disagreements) notes += d.text() + "\n";
    for (const auto& e : rep.errors) notes += e + "\n";
    INFO("record " << rec.dump() << "\n" << notes);
    CHECK(rep.errors.empty());
    CHECK(rep.records() == 1);
    CHECK(rep.agree() == 1);
    if (rep.agree() == 1 && rep.errors.empty()) ++agree;
  }
  CHECK(legal + illegal == 36);
  CHECK(legal == 22);  // the oracle's split of the 36 outputs: 22 legal, 14 illegal
  REQUIRE(agree == 36);
}

TEST_CASE("convert nu: a tampered board_after or verdict is caught", "[convert][nu][shared]") {
  PPN_REQUIRE_SHARED(cases, kCases);
  PPN_REQUIRE_SHARED(oracle, kOracle);
  auto in = read_course_input(cases / "in1.xml");
  auto out = read_course_output(oracle / "out1.txt");
  REQUIRE(in.ok());
  REQUIRE(out.ok());
  json rec = course_record(*in, &*out);
  REQUIRE(conform_record(rec, "tamper0").agree() == 1);
  json moved = rec;
  moved["board_after"][4] = json{{"main", 6}};  // green 0 entered on 5, not 6
  CHECK(conform_record(moved, "tamper1").disagree() == 1);
  json flipped = rec;
  flipped["verdict"] = "illegal";
  CHECK(conform_record(flipped, "tamper2").disagree() == 1);
}

TEST_CASE("convert nu: course case contents become reference records", "[convert][nu][shared]") {
  PPN_REQUIRE_SHARED(cases, kCases);
  PPN_REQUIRE_SHARED(oracle, kOracle);
  // in36: green to move, dice 2 3; green 1 and 3 on ring square 66, green 2 on home-row 2.
  auto in = read_course_input(cases / "in36.xml");
  REQUIRE(in.ok());
  const json rec = course_record(*in);
  CHECK(rec["color"] == "green");
  CHECK(rec["dice"] == json::array({2, 3}));
  CHECK(rec["dice_are_parts"] == true);
  CHECK_FALSE(rec.contains("verdict"));
  // schema order blue0..3, green0..3, red0..3, yellow0..3
  CHECK(rec["board"][4] == "start");
  CHECK(rec["board"][5] == json{{"main", 66}});
  CHECK(rec["board"][6] == json{{"row", 2}});
  CHECK(rec["board"][7] == json{{"main", 66}});
  REQUIRE(rec["moves"].size() == 4);
  CHECK(rec["moves"][0] == json{{"row", {"green", 2}}, {"start", 2}, {"distance", 2}});
  CHECK(rec["moves"][2] == json{{"main", {"green", 1}}, {"start", 66}, {"distance", 10}});
  // a single die stays a single die (take-turn's dice list)
  auto one = read_course_input(cases / "in13.xml");
  REQUIRE(one.ok());
  CHECK(course_record(*one)["dice"] == json::array({1}));
  auto verdict = read_course_output(oracle / "out22.txt");
  REQUIRE(verdict.ok());
  CHECK_FALSE(verdict->legal);
  CHECK(verdict->reason == "cannot move blockade together");
}

TEST_CASE("convert nu: whitespace and comments are insignificant", "[convert][nu]") {
  const std::string spaced =
      "  <board>\n <start>" + start_pawns() + "</start>\n"
      "<main> </main><home-rows>\n</home-rows><!-- none home --><home/></board>\n";
  auto a = parse_board(spaced);
  INFO((a.ok() ? std::string() : located(a.error())));
  REQUIRE(a.ok());
  CHECK(*a == Board{});
  auto m = parse_moves(
      "<moves>\n  <move-piece-main>\n    <pawn> <color> red </color> <id>\n0\n</id> </pawn>\n"
      "    <start> 22 </start> <distance>2</distance>\n  </move-piece-main>\n</moves>");
  REQUIRE(m.ok());
  REQUIRE(m->list.size() == 1);
  CHECK(m->list[0] == Move{MoveKind::main, Pawn{Colour::Red, 0}, 22, 2});
  auto in = parse_course_input("\n  yellow  \n\n" + start_board() + "\n<dice> <die> 6 </die> </dice>\n<moves/>\n");
  REQUIRE(in.ok());
  CHECK(in->colour == Colour::Yellow);
  CHECK(in->dice.values == std::vector<int>{6});
  CHECK(in->moves.list.empty());
}

TEST_CASE("convert nu: pawn order inside the board XML does not matter", "[convert][nu]") {
  const std::string pl = "<piece-loc><pawn><color>green</color><id>1</id></pawn><loc>23</loc></piece-loc>"
                         "<piece-loc><pawn><color>green</color><id>0</id></pawn><loc>23</loc></piece-loc>";
  std::string rest;
  for (const char* c : {"yellow", "red", "blue"})
    for (int id = 0; id < 4; ++id)
      rest += std::string("<pawn><color>") + c + "</color><id>" + std::to_string(id) + "</id></pawn>";
  const std::string greens = "<pawn><color>green</color><id>2</id></pawn><pawn><color>green</color><id>3</id></pawn>";
  auto b = parse_board("<board><start>" + greens + rest + "</start><main>" + pl +
                       "</main><home-rows/><home/></board>");
  INFO((b.ok() ? std::string() : located(b.error())));
  REQUIRE(b.ok());
  CHECK(b->at(Pawn{Colour::Green, 0}) == Loc{LocKind::main, 23});
  CHECK(b->at(Pawn{Colour::Green, 1}) == Loc{LocKind::main, 23});
  const json j = ppn::convert::reference::write_board(*b);
  CHECK(j[4] == json{{"main", 23}});
  CHECK(j[5] == json{{"main", 23}});
}

TEST_CASE("convert nu: truncated XML is a located error", "[convert][nu][malformed]") {
  const std::string full = "green\n\n" + start_board() + "\n\n<dice><die>5</die></dice>\n\n<moves>";
  const Diagnostic e = failure_of(parse_course_input(full, "t.xml"));
  CHECK(e.file == "t.xml");
  CHECK(e.line == 7);
  CHECK(e.message.find("malformed XML") != std::string::npos);
  CHECK(located(e).rfind("t.xml:7:", 0) == 0);
  // every prefix of a real message fails cleanly (or parses, when it is whole)
  const std::string msg = "<moves><move-piece-home><pawn><color>blue</color><id>1</id></pawn>"
                          "<start>3</start><distance>4</distance></move-piece-home></moves>";
  for (std::size_t k = 0; k < msg.size(); ++k) {
    auto r = parse_moves(msg.substr(0, k));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == ppn::Code::syntax);
  }
  CHECK(parse_moves(msg).ok());
  failure_of(parse_board(""));
  failure_of(parse_course_input(""));
}

TEST_CASE("convert nu: wrong elements are named in the error", "[convert][nu][malformed]") {
  auto e = failure_of(parse_moves("<moves><jump-piece/></moves>"));
  CHECK(e.message.find("unexpected element <jump-piece> in <moves>") != std::string::npos);
  CHECK(e.line == 1);
  CHECK(e.column == 8);
  e = failure_of(parse_board("<board><start/><main/><home-rows/></board>"));
  CHECK(e.message.find("<board> lacks <home>") != std::string::npos);
  e = failure_of(parse_board("<board><start/><main/><main/><home-rows/><home/></board>"));
  CHECK(e.message.find("duplicate <main>") != std::string::npos);
  e = failure_of(parse_dice("<dice><die>3</die><pawn/></dice>"));
  CHECK(e.message.find("unexpected element <pawn> in <dice>") != std::string::npos);
  e = failure_of(parse_dice("<dice><die><b>3</b></die></dice>"));
  CHECK(e.message.find("expected text") != std::string::npos);
  e = failure_of(parse_dice("<moves/>"));
  CHECK(e.message.find("expected one <dice>") != std::string::npos);
  e = failure_of(parse_elements("<dice><die>1</die></dice>stray"));
  CHECK(e.message.find("'stray' outside any element") != std::string::npos);
  e = failure_of(parse_elements("<dice>3</dice>"));
  CHECK(e.message.find("unexpected text '3' in <dice>") != std::string::npos);
  e = failure_of(parse_course_input("green\n" + start_board() + "<moves/><dice><die>1</die></dice>"));
  CHECK(e.message.find("expected <board>, <dice> and <moves>") != std::string::npos);
  e = failure_of(parse_course_input("purple\n" + start_board()));
  CHECK(e.line == 1);
  CHECK(e.message.find("'purple'") != std::string::npos);
  e = failure_of(parse_course_output("Racket: contract violation\n"));
  CHECK(e.message.find("expected a <board>") != std::string::npos);
}

TEST_CASE("convert nu: bad numbers and impossible boards are rejected", "[convert][nu][malformed]") {
  auto e = failure_of(parse_dice("<dice><die>7</die></dice>"));
  CHECK(e.message.find("7 is out of range 1..6") != std::string::npos);
  e = failure_of(parse_dice("<dice><die>five</die></dice>"));
  CHECK(e.message.find("expected an integer 1..6, found 'five'") != std::string::npos);
  e = failure_of(parse_dice("<dice><die>5x</die></dice>"));
  CHECK(e.message.find("found '5x'") != std::string::npos);
  e = failure_of(parse_dice("<dice></dice>"));
  CHECK(e.message.find("1 to 4") != std::string::npos);
  e = failure_of(parse_dice("<dice><die>1</die><die>1</die><die>1</die><die>1</die><die>1</die></dice>"));
  CHECK(e.message.find("found 5") != std::string::npos);
  e = failure_of(parse_moves("<moves><enter-piece><pawn><color>red</color><id>4</id></pawn></enter-piece></moves>"));
  CHECK(e.message.find("<id>: 4 is out of range 0..3") != std::string::npos);
  e = failure_of(parse_moves("<moves><move-piece-main><pawn><color>red</color><id>0</id></pawn>"
                          "<start>99999999999999999999</start><distance>1</distance></move-piece-main></moves>"));
  CHECK(e.message.find("<start>") != std::string::npos);
  // a move from an odd square is still a message: the referee judges it
  CHECK(parse_moves("<moves><move-piece-main><pawn><color>red</color><id>0</id></pawn>"
                    "<start>-3</start><distance>-1</distance></move-piece-main></moves>").ok());
  const std::string all_but_blue0 = [] {
    std::string s = start_pawns();
    const std::string b0 = "<pawn><color>blue</color><id>0</id></pawn>";
    return s.erase(s.find(b0), b0.size());
  }();
  e = failure_of(parse_board("<board><start>" + all_but_blue0 + "</start><main>"
                          "<piece-loc><pawn><color>blue</color><id>0</id></pawn><loc>68</loc></piece-loc>"
                          "</main><home-rows/><home/></board>"));
  CHECK(e.message.find("68 is out of range 0..67") != std::string::npos);
  e = failure_of(parse_board("<board><start>" + all_but_blue0 + "</start><main/><home-rows>"
                          "<piece-loc><pawn><color>blue</color><id>0</id></pawn><loc>7</loc></piece-loc>"
                          "</home-rows><home/></board>"));
  CHECK(e.message.find("7 is out of range 0..6") != std::string::npos);
  e = failure_of(parse_board("<board><start>" + all_but_blue0 + "</start><main/><home-rows/><home/></board>"));
  CHECK(e.message.find("does not place pawn blue 0") != std::string::npos);
  e = failure_of(parse_board("<board><start>" + start_pawns() + "</start><main/><home-rows/>"
                          "<home><pawn><color>red</color><id>2</id></pawn></home></board>"));
  CHECK(e.message.find("pawn red 2 is placed twice") != std::string::npos);
  e = failure_of(parse_board("<board><start>" + all_but_blue0 +
                          "<pawn><color>Blu</color><id>0</id></pawn></start><main/><home-rows/><home/></board>"));
  CHECK(e.message.find("'Blu'") != std::string::npos);
}
