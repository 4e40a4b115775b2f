// render/: what the board picture tells beside the position (issue 16, Output): the players'
// names beside their nests, the last play (from and to squares, the path, captures, a
// PENALTY), square labels that no pawn covers; and the charts' axes (labels clear of the axis
// titles, thousands separators, the roll cursor the HTML viewer moves).
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>

#include "analysis/charts.hpp"
#include "game_file.hpp"
#include "parser/parser.hpp"
#include "render/html_viewer.hpp"
#include "render/layout.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"

using namespace ppn;
using namespace ppn::render;

namespace {

// One SVG element: its name, attributes and (for <text>) its content.
struct Element {
  std::string name;
  std::map<std::string, std::string> attr;
  std::string text;
  double num(const std::string& a) const { return std::stod(attr.at(a)); }
  std::string get(const std::string& a) const { return attr.count(a) ? attr.at(a) : std::string(); }
};

// The elements named `name` inside the <g id="layer"> (the whole document for an empty layer).
std::vector<Element> elements(const std::string& svg, const std::string& name, const std::string& layer = "") {
  std::string part = svg;
  if (!layer.empty()) {
    const auto at = svg.find("<g id=\"" + layer + "\"");
    REQUIRE(at != std::string::npos);
    // Layers hold no nested <g id=...>; the layer ends where the next one starts.
    auto end = svg.find("<g id=\"", at + 1);
    part = svg.substr(at, end == std::string::npos ? std::string::npos : end - at);
  }
  std::vector<Element> out;
  const std::regex el("<" + name + "\\b([^>]*?)/?>" + (name == "text" ? std::string("([^<]*)</text>") : std::string()));
  static const std::regex kv(R"re(([\w:-]+)="([^"]*)")re");
  for (auto it = std::sregex_iterator(part.begin(), part.end(), el); it != std::sregex_iterator(); ++it) {
    Element e{name, {}, name == "text" ? (*it)[2].str() : ""};
    const std::string attrs = (*it)[1].str();
    for (auto a = std::sregex_iterator(attrs.begin(), attrs.end(), kv); a != std::sregex_iterator(); ++a)
      e.attr[(*a)[1].str()] = (*a)[2].str();
    out.push_back(std::move(e));
  }
  return out;
}

struct Box {
  double x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// Code points of XML text, entities counted as one.
std::size_t text_chars(const std::string& s) {
  const std::string plain = std::regex_replace(s, std::regex("&[#\\w]+;"), "_");
  std::size_t n = 0;
  for (unsigned char c : plain) n += (c & 0xC0) != 0x80;
  return n;
}

// A generous box of a horizontal <text>: every character 0.65 em wide (wider than any sans-serif
// digit or capital, bold included), from the ascent (0.8 em above the baseline) to 0.25 em below.
Box text_box(const Element& t) {
  const double fs = t.num("font-size"), w = text_chars(t.text) * fs * 0.65, x = t.num("x"), y = t.num("y");
  const std::string anchor = t.attr.count("text-anchor") ? t.attr.at("text-anchor") : "start";
  const double left = anchor == "middle" ? x - w / 2 : anchor == "end" ? x - w : x;
  return {left, y - 0.8 * fs, left + w, y + 0.25 * fs};
}

Box circle_box(const Element& c) {
  const double x = c.num("cx"), y = c.num("cy"), r = c.num("r");
  return {x - r, y - r, x + r, y + r};
}

Game parse_game(const std::string& text) {
  auto r = parser::parse_all(text, "test.ppn");
  REQUIRE(r.errors.empty());
  REQUIRE(r.games.size() == 1);
  return r.games.front();
}

// The centre of a square-sized mark (a <rect>) on the board.
std::pair<double, double> centre(const Element& r) {
  return {r.num("x") + r.num("width") / 2, r.num("y") + r.num("height") / 2};
}
// The centre of a grid cell of the Parcheesi board in the SVG.
std::pair<double, double> cell_centre(Cell c) { return {kMargin + (c.col + 0.5) * kCell, kMargin + (c.row + 0.5) * kCell}; }
int seat_of_name(const std::string& name) {
  const std::array<std::string, 4> names = {"green", "red", "blue", "yellow"};
  return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
}
Cell ring_cell_of(int seat, int rel) { return ring_cell(rules::kParcheesi68.abs_of(seat, rel)); }

}  // namespace

TEST_CASE("render SVG: the players' names stand beside their nests, escaped, long ones cut short", "[render]") {
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const Timeline t = build_timeline(g);
  const std::string svg = svg_frame(t, 0, g);
  const auto names = elements(svg, "text", "names");
  const auto nests = elements(svg, "rect", "board");
  std::map<std::string, std::string> by_seat;
  for (const auto& n : names) {
    by_seat[n.attr.at("data-seat")] = n.text;
    // Inside its own nest.
    const Box b = text_box(n);
    bool inside = false;
    for (const auto& r : nests)
      if (r.get("class") == "nest" && r.get("data-seat") == n.attr.at("data-seat"))
        inside = b.x0 >= r.num("x") && b.x1 <= r.num("x") + r.num("width") && b.y0 >= r.num("y") &&
                 b.y1 <= r.num("y") + r.num("height");
    CHECK(inside);
  }
  CHECK(by_seat == std::map<std::string, std::string>{
                       {"green", "Marta Ruiz"}, {"yellow", "Tomas Ruiz"}, {"blue", "Priya Nair"}, {"red", "Gus Olsen"}});

  // No name tag: the colour; markup in a name is escaped; a long name ends in an ellipsis; a
  // seat not in the game gets no name.
  const Game odd = parse_game(
      "[Event \"Names\"]\n[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue red\"]\n"
      "[Result \"*\"]\n[Blue \"Ann <\\\"Lucky\\\"> & Co\"]\n[Red \"Bartholomew Fitzgerald-Ramírez the Third\"]\n"
      "[Yellow \"Not Playing\"]\n\n1. G 5-6: N/0 0/6\n");
  const Timeline to = build_timeline(odd);
  REQUIRE(to.setup_error.empty());
  const std::string s2 = svg_frame(to, 1, odd);
  by_seat.clear();
  for (const auto& n : elements(s2, "text", "names")) by_seat[n.attr.at("data-seat")] = n.text;
  CHECK(by_seat == std::map<std::string, std::string>{{"green", "Green"},
                                                      {"blue", "Ann &lt;&quot;Lucky&quot;&gt; &amp; Co"},
                                                      {"red", "Bartholomew Fitzgeral\u2026"}});
  CHECK(text_chars(by_seat["red"]) == kNameChars);
  CHECK(nest_label(odd, 2) == "Ann <\"Lucky\"> & Co");  // escaped only in the document
  // Short names keep their natural width; 22 wide capitals are squeezed into the nest.
  for (const auto& n : elements(s2, "text", "names")) CHECK(n.get("textLength").empty());
  const std::string wide_caps = svg_names_layer({"WWWWWWWWWWWWWWWWWWWWWW", "", "", ""}, 1);
  const auto squeezed = elements(wide_caps, "text", "names");
  REQUIRE(squeezed.size() == 1);
  CHECK(squeezed[0].num("textLength") < 8 * kCell - 8);
  // A long name of multi-byte characters is cut between characters, never inside one.
  std::string accents;
  for (int i = 0; i < 30; ++i) accents += "\u00e9";
  const Game wide = parse_game("[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n[Green \"" +
                               accents + "\"]\n\n1. G 5-6: N/0 0/6\n");
  const std::string label = nest_label(wide, 0);
  CHECK(text_chars(label) == kNameChars);
  CHECK(label.substr(label.size() - 3) == "\u2026");
  CHECK(label.substr(0, 2) == "\u00e9");
  // Ludo: the names in the yards' frames, the HTML viewer carries them too.
  const Game lg = test::read_first_game("samples/09-ludo-modern-endgame.ppn");
  const Timeline lt = build_timeline(lg);
  const auto ludo_names = elements(svg_frame(lt, 0, lg), "text", "names");
  CHECK(ludo_names.size() == lt.frames[0].game.turn_order().size());
  for (const auto& n : ludo_names) CHECK(n.text == nest_label(lg, seat_of_name(n.attr.at("data-seat"))));
  CHECK_THAT(html_viewer(t, g, "t"), Catch::Contains(">Marta Ruiz</text>"));
}

TEST_CASE("render SVG: the last play is marked at its from and to squares, captures with a cross", "[render]") {
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const Timeline t = build_timeline(g);
  // 22. Y 3-3: 15/18 18/21x +20 21/41 -- yellow (seat 3) captures green's pawn on its 21.
  const int f22 = t.frame_of_number(22);
  const std::string svg = svg_frame(t, f22, g);
  std::vector<std::string> from, to;
  const auto marks = elements(svg, "rect", "last-play");
  for (const auto& m : marks) {
    CHECK(m.attr.at("data-seat") == "yellow");
    (m.attr.at("class") == "last-from" ? from : to).push_back(m.attr.at("data-square"));
    // Each mark sits on its square of the board.
    const auto [x, y] = centre(m);
    const auto [cx, cy] = cell_centre(ring_cell_of(3, std::stoi(m.attr.at("data-square"))));
    CHECK(x == Approx(cx));
    CHECK(y == Approx(cy));
  }
  CHECK(from == std::vector<std::string>{"15", "18", "21"});
  CHECK(to == std::vector<std::string>{"18", "21", "41"});
  // The paths: three, the last one through the 21 squares from 21 to 41.
  const auto paths = elements(svg, "polyline", "last-play");
  REQUIRE(paths.size() == 3);
  CHECK(std::count(paths[2].attr.at("points").begin(), paths[2].attr.at("points").end(), ',') == 21);
  CHECK(elements(svg, "polygon", "last-play").size() == 3);  // an arrowhead each
  // The capture: green's pawn stood on yellow's 21, which is green's 4 (51 + 21 - 68).
  auto caps = elements(svg, "g", "capture-marks");
  caps.erase(caps.begin());  // the layer itself
  REQUIRE(caps.size() == 1);
  CHECK(caps[0].attr.at("data-seat") == "green");
  CHECK(caps[0].attr.at("data-square") == "4");
  const auto badge = elements(svg.substr(svg.find("<g id=\"capture-marks\"")), "circle")[0];
  const auto [cx, cy] = cell_centre(ring_cell_of(3, 21));
  CHECK(std::abs(badge.num("cx") - cx) < kCell / 2.0);  // in the capture square's corner
  CHECK(std::abs(badge.num("cy") - cy) < kCell / 2.0);
  // The capture marks are drawn over the pawns, the last play under them.
  CHECK(svg.find("<g id=\"last-play\"") < svg.find("<g id=\"pawns\""));
  CHECK(svg.find("<g id=\"capture-marks\"") > svg.find("<g id=\"pawns\""));

  // 23. Y 6-6: PENALTY 41/N -- the pawn's square outlined and crossed, no path.
  const std::string pen = svg_frame(t, t.frame_of_number(23), g);
  const auto pm = elements(pen, "rect", "last-play");
  REQUIRE(pm.size() == 1);
  CHECK(pm[0].attr.at("class") == "last-from penalty");
  CHECK(pm[0].attr.at("data-square") == "41");
  CHECK(elements(pen, "polyline", "last-play").empty());
  CHECK_THAT(pen, Catch::Contains("class=\"penalty-mark\" data-seat=\"yellow\" data-square=\"41\""));
  // 2. Y 1-1: - marks nothing; the start marks nothing.
  for (int f : {t.frame_of_number(2), 0}) {
    const std::string none = svg_frame(t, f, g);
    CHECK(elements(none, "rect", "last-play").empty());
    CHECK(elements(none, "g", "capture-marks").size() == 1);  // the empty layer
  }
  // Entering from the nest: 1. G 5-?: N/0 -- the nest outlined (a circle), the ENTER filled.
  const std::string first = svg_frame(t, 1, g);
  const auto nest_mark = elements(first, "circle", "last-play");
  REQUIRE(!nest_mark.empty());
  CHECK(nest_mark[0].attr.at("data-square") == "N");
  CHECK_THAT(first, Catch::Contains("class=\"last-to\" data-seat=\"green\" data-square=\"0\""));
}

TEST_CASE("render SVG: no pawn covers a square label or a player's name, in any frame of any sample", "[render]") {
  for (const auto& file : test::sample_files()) {
    INFO(file);
    const Game g = test::games_in(file).front();
    const Timeline t = build_timeline(g);
    REQUIRE(t.setup_error.empty());
    for (std::size_t i = 0; i < t.frames.size(); ++i) {
      const std::string svg = svg_frame(t, static_cast<int>(i), g);
      std::vector<Element> labels = elements(svg, "text", "board");
      for (auto& n : elements(svg, "text", "names")) labels.push_back(n);
      const auto pawns = elements(svg, "circle", "pawns");
      for (const auto& l : labels)
        for (const auto& p : pawns) {
          const bool hit = text_box(l).overlaps(circle_box(p));
          if (hit) FAIL_CHECK("frame " << i << ": the pawn " << p.attr.at("data-seat") << " "
                                       << p.attr.at("data-square") << " covers the label \"" << l.text << "\"");
        }
    }
  }
}

TEST_CASE("charts: thousands separators, tick labels clear of the axis titles, the roll cursor", "[analysis][charts]") {
  analysis::DiceSample many;
  for (int i = 0; i < 123456; ++i) many.add(1 + i % 6, 1 + (i / 6) % 6);
  const std::string faces = analysis::faces_chart(many, "Many dice");
  CHECK_THAT(faces, Catch::Contains(">246,912 dice</text>"));
  CHECK_THAT(faces, Catch::Contains(">41,156</text>"));  // face 1's bar: 20,576 + 20,580 dice
  CHECK_THAT(faces, Catch::Contains(">expected 41,152</text>"));
  std::vector<Box> ticks;
  for (const auto& t : elements(faces, "text")) {
    if (t.get("class") != "tick y") continue;
    CHECK(std::regex_match(t.text, std::regex(R"(\d{1,3}(,\d{3})*)")));
    Element e = t;
    e.attr["font-size"] = "12";  // the chart's default
    ticks.push_back(text_box(e));
  }
  REQUIRE(ticks.size() >= 3);
  // The y title is rotated -90 degrees about (X, Y): its glyphs reach from X - 12 to X + 3.
  std::smatch m;
  REQUIRE(std::regex_search(faces, m, std::regex(R"re(class="axis-title y" transform="translate\(([\d.]+) )re")));
  const double tx = std::stod(m[1].str());
  for (const auto& b : ticks) CHECK(b.x0 > tx + 3);
  // Every face bar carries its face, for the viewer to mark the current roll's.
  for (int f = 1; f <= 6; ++f) CHECK_THAT(faces, Catch::Contains("class=\"face-bar\" data-face=\"" + std::to_string(f) + "\""));

  // The race chart's cursor spans the rolls 0..N, at the plot's pixels.
  const Game g = test::read_first_game("samples/01-four-player-family-night.ppn");
  const auto gs = analysis::compute_game_stats(g, {});
  const std::string race = analysis::race_chart(gs, "race");
  const auto cur = elements(race, "line");
  const auto it = std::find_if(cur.begin(), cur.end(), [](const Element& e) { return e.get("class") == "roll-cursor"; });
  REQUIRE(it != cur.end());
  CHECK(it->attr.at("data-x0") == "0.0");
  CHECK(std::stod(it->attr.at("data-x1")) == Approx(97));
  CHECK(std::stod(it->attr.at("data-left")) < std::stod(it->attr.at("data-right")));
}
