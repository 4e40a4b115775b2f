// render/: the board layout (every square where the physical board has it), the text board,
// the SVG, the timeline of a game and the stepper's keys, on the samples and on a record with
// an illegal roll.
#include <catch2/catch.hpp>

#include "game_file.hpp"
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "parser/parser.hpp"
#include "render/html_viewer.hpp"
#include "render/layout.hpp"
#include "render/stepper.hpp"
#include "render/svg_board.hpp"
#include "render/text_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"
#include "shared_data.hpp"

using namespace ppn;
using namespace ppn::render;

namespace {

std::vector<std::string> sample_files() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(test::source_path("samples")))
    if (e.path().extension() == ".ppn") out.push_back("samples/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// The pawns an SVG shows, as a position ID's seat part: "g:N,N,12,h3 b:..." in g r b y order.
std::string pawns_in_svg(const std::string& svg) {
  std::map<char, std::vector<std::string>> by_seat;
  static const std::regex pawn(R"re(class="pawn" data-seat="(\w+)" data-square="([^"]+)")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), pawn); it != std::sregex_iterator(); ++it)
    by_seat[(*it)[1].str()[0]].push_back((*it)[2].str());
  std::string out;
  for (char s : std::string("grby")) {
    if (!by_seat.count(s)) continue;
    auto desc = parse_position_id(std::string(1, s) + ":" + [&] {
      std::string l;
      for (const auto& q : by_seat[s]) l += (l.empty() ? "" : ",") + q;
      return l;
    }() + " / " + s + " d0");
    REQUIRE(std::holds_alternative<PositionDesc>(desc));
    const std::string id = format_position_id(std::get<PositionDesc>(desc));
    out += (out.empty() ? "" : " ") + id.substr(0, id.find(" / "));
  }
  return out;
}

std::string seats_part(const std::string& position_id) { return position_id.substr(0, position_id.find(" / ")); }

}  // namespace

TEST_CASE("render layout: the 68 ring squares, home paths, nests and HOME tile the cross", "[render]") {
  std::set<std::pair<int, int>> used;
  int safeties = 0;
  for (int a = 0; a < 68; ++a) {
    const Cell c = ring_cell(a);
    CHECK(used.insert({c.row, c.col}).second);
    const CellInfo info = cell_info(c);
    CHECK(info.kind == CellKind::ring);
    CHECK(info.abs == a);
    safeties += info.safe;
    if (a > 0) {  // the ring is a path: each square is next to the one before it
      const Cell p = ring_cell(a - 1);
      CHECK(std::max(std::abs(p.row - c.row), std::abs(p.col - c.col)) == 1);  // diagonal at the inner corners
    }
  }
  CHECK(std::abs(ring_cell(67).row - ring_cell(0).row) + std::abs(ring_cell(67).col - ring_cell(0).col) == 1);
  CHECK(safeties == 12);  // RULES.md §board
  for (int s = 0; s < 4; ++s) {
    // The ENTER is the 5th square from the board edge, beside the seat's nest.
    const Cell enter = ring_cell(17 * s);
    CHECK(cell_info(enter).enter);
    CHECK(cell_info(enter).seat == s);
    const Cell nest = nest_origin(s);
    const bool beside = (enter.row >= nest.row && enter.row < nest.row + 8 &&
                         (enter.col == nest.col - 1 || enter.col == nest.col + 8)) ||
                        (enter.col >= nest.col && enter.col < nest.col + 8 &&
                         (enter.row == nest.row - 1 || enter.row == nest.row + 8));
    CHECK(beside);
    const bool fifth = enter.row == 4 || enter.row == 14 || enter.col == 4 || enter.col == 14;
    CHECK(fifth);
    // The home path leaves the turn-off (rel 63) and runs to HOME.
    const Cell turnoff = ring_cell(rules::kParcheesi68.abs_of(s, 63));
    CHECK(cell_info(turnoff).turnoff);
    const Cell h1 = home_path_cell(s, 1), h7 = home_path_cell(s, 7);
    CHECK(std::abs(h1.row - turnoff.row) + std::abs(h1.col - turnoff.col) == 1);
    for (int k = 1; k <= 7; ++k) {
      const Cell h = home_path_cell(s, k);
      CHECK(used.insert({h.row, h.col}).second);
      CHECK(cell_info(h).kind == CellKind::home_path);
      CHECK(cell_info(h).seat == s);
    }
    CHECK(cell_info({h7.row - (h7.row == 11) + (h7.row == 7), h7.col - (h7.col == 11) + (h7.col == 7)}).kind ==
          CellKind::home);
    CHECK(cell_info(nest).kind == CellKind::nest);
    CHECK(cell_info(nest).seat == s);
  }
  CHECK(used.size() == 68 + 28);
}

TEST_CASE("render text board: 80 columns, plain without escapes, colour only when asked", "[render]") {
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const Timeline t = build_timeline(g);
  REQUIRE(t.setup_error.empty());
  REQUIRE(t.frames.size() == 98);  // the start and 97 rolls
  TextStyle plain;
  for (std::size_t i = 0; i < t.frames.size(); ++i) {
    const std::string text = text_frame(t, static_cast<int>(i), g, "samples/01", plain);
    CHECK(text.find('\x1b') == std::string::npos);
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) CHECK(visible_width(line) <= 80);
  }
  // The board itself: 19 lines of 38 columns, the start position has every pawn in its nest.
  const auto start = board_lines(t.frames[0].game, plain, &g);
  REQUIRE(start.size() == 19);
  for (const auto& l : start) CHECK(visible_width(l) == 38);
  const std::string all = text_frame(t, 0, g, "x", plain);
  CHECK_THAT(all, Catch::Contains("nest 4"));
  CHECK_THAT(all, Catch::Contains("> GREEN"));  // green rolls first
  // Roll 45: G 4-1 enters onto Red's... the pawn list shows each seat in its own squares.
  const int f45 = t.frame_of_number(45);
  REQUIRE(f45 == 45);
  const std::string t45 = text_frame(t, f45, g, "x", plain);
  CHECK_THAT(t45, Catch::Contains("Roll 45"));
  CHECK_THAT(t45, Catch::Contains("play N/0x +20 0/20"));
  CHECK_THAT(t45, Catch::Contains("1 capture"));
  // Colour: ANSI sequences, same visible text.
  TextStyle colour;
  colour.colour = true;
  const auto coloured = board_lines(t.frames[45].game, colour, &g);
  const auto plain45 = board_lines(t.frames[45].game, plain, &g);
  CHECK(coloured[9].find("\x1b[") != std::string::npos);
  for (std::size_t i = 0; i < coloured.size(); ++i) CHECK(visible_width(coloured[i]) == visible_width(plain45[i]));
}

TEST_CASE("render text board: a blockade shows as two letters, pawns stand where the position says", "[render]") {
  // Green's blockade on its square 12 (abs 12: the right arm's end square), blue on its h3.
  auto desc = parse_position_id("g:N,N,12,12 b:N,N,5,h3 / g d0");
  REQUIRE(std::holds_alternative<PositionDesc>(desc));
  const rules::Options o = *rules::profile_options(rules::kDefaultParcheesiProfile).options;
  auto made = replay::game_from_desc(std::get<PositionDesc>(desc), o, rules::kDefaultParcheesiProfile);
  REQUIRE(made.ok());
  const rules::Game& st = *made;
  const auto lines = board_lines(st, TextStyle{});
  const Cell c12 = ring_cell(12);
  CHECK(lines[c12.row].substr(2 * c12.col, 2) == "GG");
  const Cell b5 = ring_cell(34 + 5);
  CHECK(lines[b5.row].substr(2 * b5.col, 2) == "B ");
  const Cell bh3 = home_path_cell(2, 3);
  CHECK(lines[bh3.row].substr(2 * bh3.col, 2) == "B ");
  // A ring square without a pawn, a safety, an ENTER and a home path square.
  CHECK(lines[ring_cell(1).row].substr(2 * ring_cell(1).col, 2) == " .");
  CHECK(lines[ring_cell(7).row].substr(2 * ring_cell(7).col, 2) == " *");
  CHECK(lines[ring_cell(17).row].substr(2 * ring_cell(17).col, 2) == "r*");
  CHECK(lines[home_path_cell(0, 1).row].substr(2 * home_path_cell(0, 1).col, 2) == " g");
}

TEST_CASE("render colour: NO_COLOR and TERM=dumb turn colour off, a pipe never gets it", "[render]") {
  const char* old_nc = std::getenv("NO_COLOR");
  const std::string saved_nc = old_nc ? old_nc : "";
  const char* old_term = std::getenv("TERM");
  const std::string saved_term = old_term ? old_term : "";
  setenv("TERM", "xterm-256color", 1);
  unsetenv("NO_COLOR");
  CHECK(colour_wanted(true));
  CHECK_FALSE(colour_wanted(false));
  setenv("NO_COLOR", "1", 1);
  CHECK_FALSE(colour_wanted(true));
  unsetenv("NO_COLOR");
  setenv("TERM", "dumb", 1);
  CHECK_FALSE(colour_wanted(true));
  if (old_nc) setenv("NO_COLOR", saved_nc.c_str(), 1);
  if (old_term) setenv("TERM", saved_term.c_str(), 1);
  else unsetenv("TERM");
}

TEST_CASE("render timeline and SVG: every sample, every frame shows the replayed position", "[render]") {
  for (const auto& file : sample_files()) {
    INFO(file);
    const Game g = test::read_first_game(file);
    const Timeline t = build_timeline(g);
    REQUIRE(t.setup_error.empty());
    CHECK(t.frames.size() == g.roll_count() + 1);
    CHECK(t.game_over == (g.tag_value("Result") != "*"));  // 07 and 08 (Ludo) are unfinished
    for (std::size_t i = 0; i < t.frames.size(); i += 7) {
      const Frame& f = t.frames[i];
      CHECK(f.legal);
      CHECK(f.applied);
      const std::string svg = svg_frame(t, static_cast<int>(i), g);
      CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
      CHECK(pawns_in_svg(svg) == seats_part(replay::position_id(f.game)));
    }
  }
}

TEST_CASE("render SVG: blockades, dice and the diagnostic of an illegal roll", "[render]") {
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const Timeline t = build_timeline(g);
  // Roll 32 leaves green's blockade on red's ENTER (samples/README.md: 32-41).
  const std::string svg = svg_frame(t, t.frame_of_number(32), g);
  CHECK_THAT(svg, Catch::Contains("class=\"blockade\" data-seat=\"green\""));
  CHECK_THAT(svg, Catch::Contains("class=\"die\" data-value=\""));
  const Game bad = test::read_first_game("tests/render/illegal-roll.ppn");
  const Timeline tb = build_timeline(bad);
  REQUIRE(tb.frames.size() == 5);
  CHECK(tb.frames[1].legal);
  CHECK_FALSE(tb.frames[2].legal);
  CHECK(tb.frames[2].applied);  // shown as played: blue's pawn entered
  CHECK(seats_part(replay::position_id(tb.frames[2].game)) == "g:N,N,N,6 b:N,N,N,0");
  const std::string s2 = svg_frame(tb, 2, bad);
  CHECK_THAT(s2, Catch::Contains("E-NO-FIVE"));
  CHECK_THAT(svg_frame(tb, 3, bad), !Catch::Contains("E-NO-FIVE"));
  // Seats not in the game: their nests are faded.
  CHECK(std::regex_search(s2, std::regex(R"re(class="nest" data-seat="red"[^>]*opacity="0.35")re")));
  CHECK_FALSE(std::regex_search(s2, std::regex(R"re(class="nest" data-seat="blue"[^>]*opacity)re")));
  const std::string html = html_viewer(tb, bad, "t");
  CHECK_THAT(html, Catch::Contains("E-NO-FIVE"));
  CHECK_THAT(html, Catch::Contains("class=\"roll illegal\" data-frame=\"2\""));
  // Self-contained: no external resources.
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("href=") == std::string::npos);
  CHECK(html.find("http://") == html.find("http://www.w3.org/2000/svg"));
  CHECK(html.find("https://") == std::string::npos);
}

TEST_CASE("render stepper keys: next, previous, first, last, jump, captures, penalties, illegal rolls", "[render]") {
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const Timeline t = build_timeline(g);
  StepperState s(t);
  CHECK(s.frame() == 0);
  CHECK(s.key('p'));
  CHECK(s.frame() == 0);
  CHECK_THAT(s.status(), Catch::Contains("start"));
  s.key('n');
  s.key(static_cast<int>(Key::right));
  CHECK(s.frame() == 2);
  s.key(static_cast<int>(Key::left));
  CHECK(s.frame() == 1);
  s.key('l');
  CHECK(s.frame() == 97);
  s.key('n');
  CHECK(s.frame() == 97);
  CHECK_THAT(s.status(), Catch::Contains("last"));
  s.key('f');
  CHECK(s.frame() == 0);
  // Roll 22 is the first capture, 23 the first penalty (samples/README.md).
  s.key('c');
  CHECK(t.frames[static_cast<std::size_t>(s.frame())].number == 22);
  s.key('d');
  CHECK(t.frames[static_cast<std::size_t>(s.frame())].number == 23);
  s.key('C');
  CHECK(t.frames[static_cast<std::size_t>(s.frame())].number == 22);
  // Jump: j 4 5 Enter.
  s.key('j');
  s.key('4');
  s.key('5');
  CHECK_THAT(s.status(), Catch::Contains("jump to roll: 45"));
  s.key(static_cast<int>(Key::enter));
  CHECK(s.frame() == 45);
  s.key('j');
  s.key('9');
  s.key('9');
  s.key('9');
  s.key(static_cast<int>(Key::enter));
  CHECK(s.frame() == 45);
  CHECK_THAT(s.status(), Catch::Contains("no roll 999"));
  // No illegal roll in a legal sample.
  s.key('e');
  CHECK(s.frame() == 45);
  CHECK_THAT(s.status(), Catch::Contains("no illegal roll after roll 45"));
  CHECK_FALSE(s.key('q'));

  const Game bad = test::read_first_game("tests/render/illegal-roll.ppn");
  const Timeline tb = build_timeline(bad);
  StepperState sb(tb);
  sb.key('e');
  CHECK(sb.frame() == 2);
}

TEST_CASE("render stepper: the help line fits an 80-column terminal", "[render]") {
  CHECK(visible_width(StepperState::help_line()) < 80);
}
