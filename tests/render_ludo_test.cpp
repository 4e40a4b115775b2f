// render/ on the Ludo board (render/ludo_layout.hpp; Ludo rules, Rules, RULES.md §ludo-board): the
// 15 x 15 layout (a closed clockwise track of 52 neighbouring cells, start squares beside
// their yards, home columns from each seat's rel 50 to the finish), and the text board, the
// SVG and the HTML viewer drawing hand-made Ludo positions: every token at the cell of
// engine-absolute square (rel + 13*s) mod 52 in its colour, blocks, safe squares as the
// safe_squares option says, one die; then `ppn render` and `ppn replay` on the Ludo samples
// (07-09). Also keeps docs/ludo-board.svg (docs/GUIDE.md "Watching a game") equal to what the code
// draws.
#include <catch2/catch.hpp>

#include "game_file.hpp"
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <unistd.h>

#include "parser/parser.hpp"
#include "render/html_viewer.hpp"
#include "render/layout.hpp"
#include "render/ludo_layout.hpp"
#include "render/svg_board.hpp"
#include "render/text_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"
#include "cli_run.hpp"
#include "shared_data.hpp"

using namespace ppn;
using namespace ppn::render;
using rules::kLudo52;
using rules::LudoSafes;
using rules::make_ludo52;

namespace {

constexpr int kYard = -1;    // a token in its yard
constexpr int kFinish = 56;  // rel 56: the finish (HOME)
constexpr int kNoSeat = -2;  // the seat is not in the game

// A Ludo game (under ludo-modern's rules) from each seat's four tokens in its own relative
// squares, `to_move` to throw.
rules::Game ludo_game(const std::array<std::array<int, 4>, 4>& rels, int to_move = 0) {
  rules::Position pos = rules::Position::empty();
  std::vector<Colour> seats;
  for (int s = 0; s < 4; ++s) {
    if (rels[s][0] == kNoSeat) continue;
    rules::Pawns places;
    for (int k = 0; k < 4; ++k) places[k] = rels[s][k] == kYard ? rules::Place::nest() : rules::Place::at(rels[s][k]);
    pos.place(s, places);
    seats.push_back(rules::colour_of(s));
  }
  static const rules::Options o = *rules::profile_options("ludo-modern").options;
  return rules::Game::at(o, pos, seats, rules::colour_of(to_move));
}

int chebyshev(Cell a, Cell b) { return std::max(std::abs(a.row - b.row), std::abs(a.col - b.col)); }
int manhattan(Cell a, Cell b) { return std::abs(a.row - b.row) + std::abs(a.col - b.col); }

bool in_block(Cell c, Cell origin, int size) {
  return c.row >= origin.row && c.row < origin.row + size && c.col >= origin.col && c.col < origin.col + size;
}

struct Disc {
  std::string seat, square, where, fill;
  double cx = 0, cy = 0, r = 0;
};

// Every token (class="pawn" circle) of an SVG fragment.
std::vector<Disc> discs(const std::string& svg) {
  static const std::regex re(
      R"re(<circle class="pawn" data-seat="(\w+)" data-square="([^"]+)" data-where="(\w+)" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="([^"]+)")re");
  std::vector<Disc> out;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), re); it != std::sregex_iterator(); ++it)
    out.push_back({(*it)[1], (*it)[2], (*it)[3], (*it)[7], std::stod((*it)[4]), std::stod((*it)[5]), std::stod((*it)[6])});
  return out;
}

std::size_t count_of(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}

// Pixel centre of a Ludo cell in the SVG (svg_board.hpp: 15 cells of 40 px centred in 608).
double centre_x(Cell c) { return kMargin + (kBoardPx - kLudoCellPx * kLudoGrid) / 2.0 + c.col * kLudoCellPx + kLudoCellPx / 2.0; }
double centre_y(Cell c) { return kMargin + (kBoardPx - kLudoCellPx * kLudoGrid) / 2.0 + c.row * kLudoCellPx + kLudoCellPx / 2.0; }

const std::array<std::string, 4> kSeatName = {"green", "red", "blue", "yellow"};
const std::array<std::string, 4> kSeatFill = {"#2e9e44", "#d63a2f", "#2f6fd6", "#e8c12c"};

// A hand-made game moment: one roll of a parsed Ludo record and the position after it (the
// rules engine does not replay Ludo yet, so the frames are made here).
struct LudoMoment {
  Game game;
  Timeline timeline;
};

LudoMoment ludo_moment(const rules::Game& after, const rules::Geometry& g, const std::string& profile) {
  const std::string text = "[Event \"Ludo, a hand-made position\"]\n[Game \"ludo\"]\n[Variant \"" + profile +
                           "\"]\n[Green \"Marta Ruiz\"]\n[Red \"Gus Olsen\"]\n[Blue \"Priya Nair\"]\n"
                           "[Yellow \"Tomas Ruiz\"]\n\n12. G 6: 46/h2\n";
  auto r = parser::parse_all(text, "ludo.ppn");
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 1);
  LudoMoment m{r.games.front(), {}};
  m.timeline.profile = profile;
  m.timeline.geometry = g;
  Frame start;
  start.game = ludo_game({{{kYard, kYard, kYard, kYard}, {kYard, kYard, kYard, kYard},
                             {kYard, kYard, kYard, kYard}, {kYard, kYard, kYard, kYard}}});
  Frame f;
  f.roll_index = 0;
  const auto* roll = std::get_if<Roll>(&m.game.movetext.front());
  REQUIRE(roll);
  f.roll = roll;
  f.number = 12;
  f.roll_text = "12. G 6: 46/h2";
  f.move_text = "12. G 6: 46/h2";
  f.game = after;
  f.moves = {{{0, rules::Place::at(46)}, {0, rules::Place::at(52)}}};  // the last play: 46/h2
  m.timeline.frames = {start, f};
  return m;
}

// The picture of docs/GUIDE.md "Watching a game": ludo-modern (safe starts and stars), each seat
// with tokens in its yard, on the track, in a block, on a shared star, in its home column
// and at the finish; green has just thrown a 6 and moved 46/h2, so green rolls again.
rules::Game picture_state() {
  return ludo_game({{{kYard, 5, 5, 52},            // green: a block on its 5, a token on h2
                      {8, kYard, kYard, kFinish},   // red: on the star 8 after its start
                      {30, 47, kYard, kYard},       // blue: 47 is red's star (abs 21), shared
                      {0, 20, kFinish, kFinish}}},  // yellow: on its own start square
                    0);
}

}  // namespace

TEST_CASE("render ludo layout: 52 track squares, a closed clockwise path of neighbouring cells", "[render][ludo]") {
  std::set<std::pair<int, int>> used;
  long twice_area = 0;
  for (int a = 0; a < 52; ++a) {
    INFO("abs " << a);
    const Cell c = ring_cell(a, kLudo52), next = ring_cell((a + 1) % 52, kLudo52);
    CHECK(used.insert({c.row, c.col}).second);
    CHECK(c.row >= 0);
    CHECK(c.row < 15);
    CHECK(c.col >= 0);
    CHECK(c.col < 15);
    const CellInfo info = cell_info(c, kLudo52);
    CHECK(info.kind == CellKind::ring);
    CHECK(info.abs == a);
    // Neighbours along the track; diagonal steps only round the inner corners of the cross.
    CHECK(chebyshev(c, next) == 1);
    twice_area += static_cast<long>(c.col) * next.row - static_cast<long>(next.col) * c.row;
  }
  CHECK(used.size() == 52);
  // Clockwise on the page (rows grow downwards): positive shoelace sum (Ludo rules, Rules "race them
  // clockwise around the board").
  CHECK(twice_area > 0);
  // Every cell of the 15 x 15 grid is track, home column, yard or finish.
  std::map<CellKind, int> kinds;
  for (int r = 0; r < 15; ++r)
    for (int c = 0; c < 15; ++c) ++kinds[cell_info({r, c}, kLudo52).kind];
  CHECK(kinds[CellKind::ring] == 52);
  CHECK(kinds[CellKind::home_path] == 20);
  CHECK(kinds[CellKind::nest] == 4 * 36);
  CHECK(kinds[CellKind::home] == 9);
  CHECK(kinds[CellKind::empty] == 0);
  CHECK(cell_info({15, 0}, kLudo52).kind == CellKind::empty);
  // The Parcheesi board is unchanged by the Ludo one.
  CHECK(board_shape(rules::kParcheesi68).grid == 19);
  CHECK(board_shape(kLudo52).grid == 15);
  CHECK(ring_cell(17) == Cell{8, 14});
}

TEST_CASE("render ludo layout: start squares beside their yards, home columns from rel 50 to the finish",
          "[render][ludo]") {
  // Seats clockwise in travel order from the bottom (ludo_layout.hpp).
  CHECK(side_of_seat(0, kLudo52) == Side::bottom);
  CHECK(side_of_seat(1, kLudo52) == Side::left);
  CHECK(side_of_seat(2, kLudo52) == Side::top);
  CHECK(side_of_seat(3, kLudo52) == Side::right);
  std::set<std::pair<int, int>> yards;
  for (int s = 0; s < 4; ++s) {
    INFO("seat " << s);
    const Cell yard = nest_origin(s, kLudo52);
    CHECK(yards.insert({yard.row, yard.col}).second);
    CHECK((yard.row == 0 || yard.row == 9));
    CHECK((yard.col == 0 || yard.col == 9));
    CHECK(cell_info(yard, kLudo52).kind == CellKind::nest);
    CHECK(cell_info(yard, kLudo52).seat == s);
    CHECK(cell_info({yard.row + 5, yard.col + 5}, kLudo52).seat == s);
    // The start square: rel 0 at engine-absolute 13*s, coloured (seat s), the 2nd square from
    // the board edge, beside the yard; the track goes on from it towards the centre.
    const Cell start = ring_cell(13 * s, kLudo52);
    const CellInfo si = cell_info(start, kLudo52);
    CHECK(si.enter);
    CHECK(si.seat == s);
    CHECK((start.row == 1 || start.row == 13 || start.col == 1 || start.col == 13));
    bool beside_yard = false;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc)
        if (std::abs(dr) + std::abs(dc) == 1) beside_yard = beside_yard || in_block({start.row + dr, start.col + dc}, yard, 6);
    CHECK(beside_yard);
    // rel 50, "the square below his home column" (Ludo rules, Rules): the end square of the seat's
    // arm; rel 51 (never visited by the seat) comes next, then the start square.
    const Cell r50 = ring_cell(kLudo52.abs_of(s, 50), kLudo52);
    const Cell r51 = ring_cell(kLudo52.abs_of(s, 51), kLudo52);
    CHECK(cell_info(r50, kLudo52).turnoff);
    CHECK((r50.row == 0 || r50.row == 14 || r50.col == 0 || r50.col == 14));
    CHECK(manhattan(r50, r51) == 1);
    CHECK(manhattan(r51, start) == 1);
    // The home column h1..h5 leaves rel 50 and runs to the finish block, on the seat's side.
    Cell prev = r50;
    for (int k = 1; k <= 5; ++k) {
      const Cell h = home_path_cell(s, k, kLudo52);
      const CellInfo hi = cell_info(h, kLudo52);
      CHECK(hi.kind == CellKind::home_path);
      CHECK(hi.seat == s);
      CHECK(hi.index == k);
      CHECK(manhattan(prev, h) == 1);
      prev = h;
    }
    const Cell h5 = home_path_cell(s, 5, kLudo52);
    const Cell inward{h5.row + (h5.row == 5) - (h5.row == 9), h5.col + (h5.col == 5) - (h5.col == 9)};
    CHECK(cell_info(inward, kLudo52).kind == CellKind::home);
    switch (side_of_seat(s, kLudo52)) {
      case Side::bottom: CHECK(h5.row == 9); break;
      case Side::left: CHECK(h5.col == 5); break;
      case Side::top: CHECK(h5.row == 5); break;
      case Side::right: CHECK(h5.col == 9); break;
    }
  }
  // Safe squares follow the safe_squares option (RULES.md §ludo-board): none, the starts, or the
  // starts and the stars 8 steps after them [LU-UK].
  auto safe_abs = [](const rules::Geometry& g) {
    std::set<int> out;
    for (int r = 0; r < 15; ++r)
      for (int c = 0; c < 15; ++c)
        if (const CellInfo i = cell_info({r, c}, g); i.kind == CellKind::ring && i.safe) out.insert(i.abs);
    return out;
  };
  CHECK(safe_abs(kLudo52).empty());
  CHECK(safe_abs(make_ludo52(LudoSafes::starts)) == std::set<int>{0, 13, 26, 39});
  CHECK(safe_abs(make_ludo52(LudoSafes::starts_and_stars)) == std::set<int>{0, 8, 13, 21, 26, 34, 39, 47});
}

TEST_CASE("render ludo SVG: every token at the cell of (rel + 13*seat) mod 52, in its colour", "[render][ludo]") {
  for (int s = 0; s < 4; ++s)
    for (int rel = 0; rel <= kFinish; ++rel) {
      INFO("seat " << s << " rel " << rel);
      std::array<std::array<int, 4>, 4> rels{};
      for (auto& seat : rels) seat = {kYard, kYard, kYard, kYard};
      rels[s][3] = rel;
      const auto ds = discs(svg_pawn_layer(ludo_game(rels, s).position(), kLudo52));
      REQUIRE(ds.size() == 16);
      const auto it = std::find_if(ds.begin(), ds.end(), [](const Disc& d) { return d.where != "nest"; });
      REQUIRE(it != ds.end());
      CHECK(it->seat == kSeatName[static_cast<std::size_t>(s)]);
      CHECK(it->fill == kSeatFill[static_cast<std::size_t>(s)]);
      if (rel <= 50) {
        const Cell c = ring_cell((rel + 13 * s) % 52, kLudo52);
        CHECK(it->where == "ring");
        CHECK(it->square == std::to_string(rel));
        CHECK(it->cx == Approx(centre_x(c)));
        CHECK(it->cy == Approx(centre_y(c)));
      } else if (rel < kFinish) {
        const Cell c = home_path_cell(s, rel - 50, kLudo52);
        CHECK(it->where == "homepath");
        CHECK(it->square == "h" + std::to_string(rel - 50));
        CHECK(it->cx == Approx(centre_x(c)));
        CHECK(it->cy == Approx(centre_y(c)));
      } else {
        // At the finish: inside the centre block, on the seat's side of it.
        CHECK(it->where == "home");
        CHECK(it->square == "H");
        const double lo = centre_x({6, 6}) - kLudoCellPx / 2.0, hi = centre_x({8, 8}) + kLudoCellPx / 2.0;
        CHECK(it->cx > lo);
        CHECK(it->cx < hi);
        CHECK(it->cy > lo);
        CHECK(it->cy < hi);
        const double mid = centre_x({7, 7});
        switch (side_of_seat(s, kLudo52)) {
          case Side::bottom: CHECK(it->cy > mid); break;
          case Side::left: CHECK(it->cx < mid); break;
          case Side::top: CHECK(it->cy < mid); break;
          case Side::right: CHECK(it->cx > mid); break;
        }
      }
      // The other 15 tokens are in their yards.
      for (const auto& d : ds)
        if (d.where == "nest") {
          const int seat = static_cast<int>(std::find(kSeatName.begin(), kSeatName.end(), d.seat) - kSeatName.begin());
          REQUIRE(seat < 4);
          const Cell o = nest_origin(seat, kLudo52);
          CHECK(d.cx > centre_x(o) - kLudoCellPx / 2.0);
          CHECK(d.cx < centre_x({o.row, o.col + 5}) + kLudoCellPx / 2.0);
          CHECK(d.cy > centre_y(o) - kLudoCellPx / 2.0);
          CHECK(d.cy < centre_y({o.row + 5, o.col}) + kLudoCellPx / 2.0);
          CHECK(d.square == "N");
        }
    }
}

TEST_CASE("render ludo SVG: the board, blocks, safe squares by option, a shared star and one die", "[render][ludo]") {
  for (auto safes : {LudoSafes::none, LudoSafes::starts, LudoSafes::starts_and_stars}) {
    const auto g = make_ludo52(safes);
    const std::string board = svg_board_layer(0xF, g);
    CHECK_THAT(board, Catch::Contains("data-board=\"ludo52\""));
    CHECK(count_of(board, "data-abs=") == 52);
    CHECK(count_of(board, "class=\"square homepath\"") == 20);
    CHECK(count_of(board, "class=\"nest yard\"") == 4);
    CHECK(count_of(board, "class=\"home finish\"") == 4);
    const std::size_t stars = safes == LudoSafes::none ? 0 : safes == LudoSafes::starts ? 4 : 8;
    CHECK(count_of(board, "class=\"star\"") == stars);
    // Start squares: coloured; an arrow along the track unless they are safe (then a star).
    CHECK(count_of(board, "class=\"arrow\"") == (safes == LudoSafes::none ? 4u : 0u));
    for (int s = 0; s < 4; ++s) {
      const std::regex start("class=\"square start[^\"]*\" data-abs=\"" + std::to_string(13 * s) + "\" data-seat=\"" +
                             kSeatName[static_cast<std::size_t>(s)] + "\"[^>]*fill=\"" + kSeatFill[static_cast<std::size_t>(s)] + "\"");
      CHECK(std::regex_search(board, start));
    }
    // No Parcheesi pieces on the Ludo board.
    CHECK_THAT(board, !Catch::Contains("ENTER"));
    CHECK_THAT(board, !Catch::Contains("rosette"));
  }
  // The Parcheesi board has no Ludo pieces.
  CHECK_THAT(svg_board_layer(0xF), !Catch::Contains("ludo52"));
  CHECK_THAT(svg_board_layer(0xF), !Catch::Contains("class=\"star\""));

  const auto g = make_ludo52(LudoSafes::starts_and_stars);
  const std::string pawns = svg_pawn_layer(picture_state().position(), g);
  const auto ds = discs(pawns);
  CHECK(ds.size() == 16);
  // Green's block on its 5: two green discs on one cell, on a dark bar.
  CHECK_THAT(pawns, Catch::Contains("class=\"blockade\" data-seat=\"green\""));
  CHECK(count_of(pawns, "class=\"blockade\"") == 1);
  const Cell g5 = ring_cell(5, g);
  int on_g5 = 0;
  for (const auto& d : ds)
    if (std::abs(d.cx - centre_x(g5)) < kLudoCellPx / 2.0 && std::abs(d.cy - centre_y(g5)) < kLudoCellPx / 2.0) {
      ++on_g5;
      CHECK(d.seat == "green");
      CHECK(d.square == "5");
    }
  CHECK(on_g5 == 2);
  // Red's 8 and blue's 47 are the same star (abs 21): both drawn on it, no block bar.
  const Cell star = ring_cell(21, g);
  std::set<std::string> on_star;
  for (const auto& d : ds)
    if (std::abs(d.cx - centre_x(star)) < kLudoCellPx / 2.0 && std::abs(d.cy - centre_y(star)) < kLudoCellPx / 2.0)
      on_star.insert(d.seat + ":" + d.square);
  CHECK(on_star == std::set<std::string>{"red:8", "blue:47"});
  // Three tokens of one colour on a square (a bigger block): three discs inside the cell.
  const auto three = discs(svg_pawn_layer(
      ludo_game({{{7, 7, 7, kYard}, {kNoSeat, kNoSeat, kNoSeat, kNoSeat}, {kYard, kYard, kYard, kYard},
                  {kNoSeat, kNoSeat, kNoSeat, kNoSeat}}}).position(),
      g));
  int on7 = 0;
  for (const auto& d : three)
    if (d.where == "ring") {
      ++on7;
      CHECK(std::abs(d.cx - centre_x(ring_cell(7, g))) < kLudoCellPx / 2.0);
      CHECK(std::abs(d.cy - centre_y(ring_cell(7, g))) < kLudoCellPx / 2.0);
    }
  CHECK(on7 == 3);
  // One die: one face with its pips.
  Roll r;
  r.dice = {6, 0};
  const std::string die = svg_dice_layer(&r);
  CHECK(count_of(die, "class=\"die\"") == 1);
  CHECK_THAT(die, Catch::Contains("data-value=\"6\""));
  CHECK(count_of(die, "<circle") == 6);
}

TEST_CASE("render ludo SVG and HTML: a frame of a Ludo game draws the Ludo board", "[render][ludo]") {
  const auto g = make_ludo52(LudoSafes::starts_and_stars);
  const LudoMoment m = ludo_moment(picture_state(), g, "ludo-modern");
  const std::string svg = svg_frame(m.timeline, 1, m.game);
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK_THAT(svg, Catch::Contains("data-board=\"ludo52\""));
  CHECK_THAT(svg, Catch::Contains("12. G 6: 46/h2"));
  CHECK_THAT(svg, Catch::Contains("green to roll again"));  // a 6 earns another roll (Ludo rules, Gameplay)
  CHECK_THAT(svg, !Catch::Contains("doublet"));
  CHECK(count_of(svg, "class=\"die\"") == 1);
  // The position ID in Ludo squares: green's h2 is rel 52.
  CHECK_THAT(svg, Catch::Contains("data-position=\"" + replay::position_id(m.timeline.frames[1].game)));
  CHECK_THAT(replay::position_id(m.timeline.frames[1].game), Catch::Contains("h2"));
  CHECK(discs(svg).size() == 16);
  const std::string html = html_viewer(m.timeline, m.game, "Ludo");
  CHECK_THAT(html, Catch::Contains("data-board=\"ludo52\""));
  CHECK_THAT(html, Catch::Contains("green to roll again"));
  CHECK(html.find("https://") == std::string::npos);
}

TEST_CASE("render ludo text board: 15 lines of 30 columns, tokens where the position says, 80 columns in all",
          "[render][ludo]") {
  const auto g = make_ludo52(LudoSafes::starts_and_stars);
  const auto st = picture_state();
  const LudoMoment m = ludo_moment(st, g, "ludo-modern");
  const auto lines = board_lines(st, TextStyle{}, &m.game, g);
  REQUIRE(lines.size() == 15);
  for (const auto& l : lines) {
    CHECK(visible_width(l) == 30);
    CHECK(l.find('\x1b') == std::string::npos);
  }
  auto at = [&](Cell c) { return lines[static_cast<std::size_t>(c.row)].substr(2 * static_cast<std::size_t>(c.col), 2); };
  CHECK(at(ring_cell(5, g)) == "GG");                          // green's block
  CHECK(at(home_path_cell(0, 2, g)) == "G ");                  // green on h2
  CHECK(at(ring_cell(21, g)) == "RB");                         // red and blue share a star
  CHECK(at(ring_cell(39, g)) == "Y*");                         // yellow on its (safe) start square
  CHECK(at(ring_cell((30 + 26) % 52, g)) == "B ");             // blue's 30
  CHECK(at(ring_cell((20 + 39) % 52, g)) == "Y ");             // yellow's 20
  CHECK(at(ring_cell(13, g)) == "r*");                         // red's start, safe here
  CHECK(at(ring_cell(34, g)) == " *");                         // a star
  CHECK(at(ring_cell(1, g)) == " .");
  CHECK(at(home_path_cell(1, 1, g)) == " r");
  CHECK(at({7, 7}) == "HM");
  CHECK(at({7, 8}) == "Y2");  // yellow's two finished tokens, on its side of the finish
  CHECK(at({7, 6}) == "R1");
  CHECK(at({8, 7}) == "G0");
  // Classic Ludo: start squares are not safe and there are no stars (Ludo rules, Gameplay).
  const auto classic = board_lines(st, TextStyle{}, &m.game, kLudo52);
  auto at_c = [&](Cell c) { return classic[static_cast<std::size_t>(c.row)].substr(2 * static_cast<std::size_t>(c.col), 2); };
  CHECK(at_c(ring_cell(13, kLudo52)) == "r.");
  CHECK(at_c(ring_cell(34, kLudo52)) == " .");
  CHECK(at_c(ring_cell(39, kLudo52)) == "Y ");
  // Yards: the seat's name (who is to move), its player, the tokens in the yard and home.
  const std::string board_text = [&] {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
  }();
  CHECK_THAT(board_text, Catch::Contains("> GREEN"));
  CHECK_THAT(board_text, Catch::Contains("Marta Ruiz"));
  CHECK_THAT(board_text, Catch::Contains("yard 2"));  // red and blue
  CHECK_THAT(board_text, Catch::Contains("HOME 2"));  // yellow
  // The yard text stays inside its 12 columns with a blank column beside the arms (columns
  // 11 and 18), so that it never runs into a token on the track.
  for (std::size_t r = 0; r < 15; ++r)
    if (r < 6 || r > 8) {
      INFO("line " << r << ": " << lines[r]);
      CHECK(lines[r][11] == ' ');
      CHECK(lines[r][18] == ' ');
    }
  // The whole frame: plain text within 80 columns, the die, the panel beside the board.
  const std::string plain = text_frame(m.timeline, 1, m.game, "ludo.ppn, game 1 (ludo-modern)", TextStyle{});
  CHECK(plain.find('\x1b') == std::string::npos);
  std::istringstream in(plain);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    CHECK(visible_width(line) <= 80);
    ++n;
  }
  CHECK(n >= 16);
  CHECK_THAT(plain, Catch::Contains("green rolled die [6]"));
  CHECK_THAT(plain, Catch::Contains("play 46/h2"));
  CHECK_THAT(plain, Catch::Contains("green to roll again"));
  CHECK_THAT(plain, Catch::Contains("Tokens (each in its own squares):"));
  CHECK_THAT(plain, Catch::Contains("G  N 5 5 h2"));
  CHECK_THAT(plain, Catch::Contains("Y  0 20 H H"));
  // Colour when asked (a terminal without NO_COLOR): escapes, the same visible text.
  TextStyle colour;
  colour.colour = true;
  const auto coloured = board_lines(st, colour, &m.game, g);
  REQUIRE(coloured.size() == lines.size());
  CHECK(coloured[7].find("\x1b[") != std::string::npos);
  for (std::size_t i = 0; i < coloured.size(); ++i) CHECK(visible_width(coloured[i]) == 30);
  const std::string col_frame = text_frame(m.timeline, 1, m.game, "t", colour);
  CHECK(col_frame.find("\x1b[") != std::string::npos);
  // NO_COLOR: colour_wanted says no even on a terminal, and the frame is then plain.
  const char* old_nc = std::getenv("NO_COLOR");
  const std::string saved = old_nc ? old_nc : "";
  setenv("NO_COLOR", "1", 1);
  TextStyle auto_style;
  auto_style.colour = colour_wanted(true);
  CHECK_FALSE(auto_style.colour);
  CHECK(text_frame(m.timeline, 1, m.game, "t", auto_style).find('\x1b') == std::string::npos);
  if (old_nc) setenv("NO_COLOR", saved.c_str(), 1);
  else unsetenv("NO_COLOR");
}

TEST_CASE("render ludo: docs/ludo-board.svg is the picture the code draws", "[render][ludo]") {
  // Regenerate with PPN_UPDATE_DOCS=1 after a deliberate change to the drawing.
  const auto g = make_ludo52(LudoSafes::starts_and_stars);
  const LudoMoment m = ludo_moment(picture_state(), g, "ludo-modern");
  const std::string svg = svg_frame(m.timeline, 1, m.game);
  const auto path = test::source_path("docs/ludo-board.svg");
  if (const char* upd = std::getenv("PPN_UPDATE_DOCS"); upd && std::string(upd) == "1") {
    std::ofstream out(path, std::ios::binary);
    out << svg;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == svg);
}

namespace {

int seat_index(const std::string& name) {
  return static_cast<int>(std::find(kSeatName.begin(), kSeatName.end(), name) - kSeatName.begin());
}

const std::array<std::string, 3> kLudoSamples = {"samples/07-ludo-classic-three-players.ppn",
                                                 "samples/08-ludo-seed-blocks.ppn",
                                                 "samples/09-ludo-modern-endgame.ppn"};

}  // namespace

TEST_CASE("cli render on the Ludo samples: an SVG of the Ludo board at a roll, and the HTML viewer", "[cli][render][ludo]") {
  for (const auto& rel : kLudoSamples) {
    INFO(rel);
    const Game g = test::read_first_game(rel);
    const Timeline t = build_timeline(g);
    REQUIRE(t.setup_error.empty());
    REQUIRE(is_ludo_board(t.geometry));
    const int f5 = t.frame_of_number(5);
    REQUIRE(f5 > 0);
    const auto svg_path = std::filesystem::temp_directory_path() / ("ppn-ludo-" + std::to_string(::getpid()) + ".svg");
    const auto r = test::run_ppn("render " + test::source_path(rel).string() + " --at 5 -o " + svg_path.string());
    CHECK(r.code == 0);
    std::ifstream in(svg_path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string svg = ss.str();
    std::filesystem::remove(svg_path);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK_THAT(svg, Catch::Contains("data-board=\"ludo52\""));
    CHECK_THAT(svg, Catch::Contains("data-position=\"" + replay::position_id(t.frames[static_cast<std::size_t>(f5)].game) + "\""));
    CHECK(count_of(svg, "class=\"die\"") == 1);  // one die (Ludo rules, Rules)
    CHECK(count_of(svg, "data-abs=") == 52);
    // Every token of the replayed position, at its cell and in its colour.
    const auto& st = t.frames[static_cast<std::size_t>(f5)].game;
    const auto ds = discs(svg);
    std::size_t tokens = 0;
    for (int s = 0; s < 4; ++s) tokens += st.position().seat_present(s) ? 4 : 0;
    CHECK(ds.size() == tokens);
    for (const auto& d : ds) {
      const int seat = seat_index(d.seat);
      REQUIRE(seat < 4);
      CHECK(d.fill == kSeatFill[static_cast<std::size_t>(seat)]);
      Cell c{-1, -1};
      if (d.where == "ring") c = ring_cell((std::stoi(d.square) + 13 * seat) % 52, t.geometry);
      else if (d.where == "homepath") c = home_path_cell(seat, std::stoi(d.square.substr(1)), t.geometry);
      else continue;
      CHECK(std::abs(d.cx - centre_x(c)) < kLudoCellPx / 2.0);
      CHECK(std::abs(d.cy - centre_y(c)) < kLudoCellPx / 2.0);
    }
    const auto html_path = std::filesystem::temp_directory_path() / ("ppn-ludo-" + std::to_string(::getpid()) + ".html");
    CHECK(test::run_ppn("render " + test::source_path(rel).string() + " --html -o " + html_path.string()).code == 0);
    std::ifstream hin(html_path, std::ios::binary);
    std::stringstream hs;
    hs << hin.rdbuf();
    const std::string page = hs.str();
    std::filesystem::remove(html_path);
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK_THAT(page, Catch::Contains("data-board=\"ludo52\""));
    CHECK_THAT(page, Catch::Contains("max=\"" + std::to_string(t.frames.size() - 1) + "\""));
    CHECK_THAT(page, Catch::Contains(replay::position_id(st)));
    CHECK(page.find("https://") == std::string::npos);
  }
}

TEST_CASE("cli replay on the Ludo samples: --at 5 on a pipe prints the Ludo board, plain, in 80 columns", "[cli][render][ludo]") {
  for (const auto& rel : kLudoSamples) {
    INFO(rel);
    const Game g = test::read_first_game(rel);
    const Timeline t = build_timeline(g);
    const int f5 = t.frame_of_number(5);
    REQUIRE(f5 > 0);
    const auto& st = t.frames[static_cast<std::size_t>(f5)].game;
    const auto r = test::run_ppn("replay " + test::source_path(rel).string() + " --at 5");
    CHECK(r.code == 0);
    CHECK(r.out.find('\x1b') == std::string::npos);  // a pipe gets no colour
    std::vector<std::string> lines;
    std::istringstream in(r.out);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    REQUIRE(lines.size() >= 16);
    for (const auto& l : lines) CHECK(visible_width(l) <= 80);
    CHECK_THAT(lines[0], Catch::Contains("(" + t.profile + ")"));
    CHECK_THAT(r.out, Catch::Contains("Roll 5  ("));
    CHECK_THAT(r.out, Catch::Contains("rolled die ["));
    CHECK_THAT(r.out, Catch::Contains("Tokens (each in its own squares):"));
    CHECK_THAT(r.out, Catch::Contains("HM"));
    // The board is the 15 lines under the title: every token's cell shows its letter.
    auto cell_text = [&](Cell c) {
      const std::string& l = lines[static_cast<std::size_t>(c.row) + 1];
      return l.size() >= 2 * static_cast<std::size_t>(c.col) + 2 ? l.substr(2 * static_cast<std::size_t>(c.col), 2) : std::string();
    };
    for (int s = 0; s < 4; ++s) {
      if (!st.position().seat_present(s)) continue;
      const char letter = "GRBY"[s];
      for (auto b : st.position().pawns(s)) {
        const Spot sp = spot_of(s, b, t.geometry);
        if (sp.kind == SpotKind::ring) CHECK(cell_text(ring_cell(sp.abs, t.geometry)).find(letter) != std::string::npos);
        if (sp.kind == SpotKind::home_path)
          CHECK(cell_text(home_path_cell(s, sp.index, t.geometry))[0] == letter);
      }
      // The start square: the seat's lower-case letter when no token stands on it.
      const Cell start = ring_cell(13 * s, t.geometry);
      const std::string st_text = cell_text(start);
      CHECK((st_text[0] == static_cast<char>(letter - 'A' + 'a') || std::isupper(static_cast<unsigned char>(st_text[0]))));
    }
    // --color always: ANSI colours, the same board.
    const auto col = test::run_ppn("replay " + test::source_path(rel).string() + " --at 5 --color always");
    CHECK(col.out.find("\x1b[") != std::string::npos);
  }
  // Sample 07, roll 6: blue's third 6 in a row loses the roll (Ludo rules, Gameplay).
  const auto pen = test::run_ppn("replay " + test::source_path(kLudoSamples[0]).string() + " --at 6");
  CHECK_THAT(pen.out, Catch::Contains("third six: PENALTY"));
  CHECK_THAT(pen.out, !Catch::Contains("doublet"));
}
