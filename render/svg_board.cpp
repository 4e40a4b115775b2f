#include "render/svg_board.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "notation/colour.hpp"
#include "notation/printer.hpp"
#include "render/layout.hpp"
#include "render/ludo_layout.hpp"
#include "replay/bridge.hpp"

namespace ppn::render {

namespace {

using rules::Geometry;

constexpr std::array<const char*, 4> kColour = {"#2e9e44", "#d63a2f", "#2f6fd6", "#e8c12c"};
constexpr std::array<const char*, 4> kLight = {"#bfe6c6", "#f5c3bf", "#c3d6f5", "#f7e9a8"};
constexpr const char* kSafeFill = "#bfe3f5";
constexpr std::array<const char*, 4> kInk = {"#1e7a34", "#b02a20", "#1f55b5", "#7d6200"};  // text on light ground

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// Pixels of a board's grid: the Parcheesi cross is 19 cells of 32 px; the Ludo board 15 cells
// of 40 px (600 px, centred in the same 608 px so that both make the same document size).
struct Px {
  double origin = kMargin;  // x and y of the grid's top-left corner
  double cell = kCell;
  double scale() const { return cell / kCell; }  // pawn sizes were drawn for 32 px cells
  double x(Cell c) const { return origin + c.col * cell; }
  double y(Cell c) const { return origin + c.row * cell; }
  double cx(Cell c) const { return x(c) + cell / 2.0; }
  double cy(Cell c) const { return y(c) + cell / 2.0; }
};
Px px_of(const Geometry& g) {
  if (is_ludo_board(g)) return {kMargin + (kBoardPx - kLudoCellPx * kLudoGrid) / 2.0, double(kLudoCellPx)};
  return {};
}

std::string seat_name(int s) { return std::string(colour_name(static_cast<Colour>(s))); }

// the Lotus flower of Hasbro 2001 rules, Safety Spaces: a small rosette of four petals.
std::string rosette(double x, double y, const char* stroke) {
  std::string out;
  for (int k = 0; k < 4; ++k) {
    out += "<ellipse cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" rx=\"3.2\" ry=\"9\" transform=\"rotate(" +
           std::to_string(k * 45) + " " + num(x) + " " + num(y) + ")\" fill=\"none\" stroke=\"" + stroke +
           "\" stroke-width=\"1\" opacity=\"0.7\"/>";
  }
  return out;
}

// The four triangles of the 3 x 3 centre block from (h0, h0) to (h1, h1), each pointing at
// the centre from one side, indexed by Side (bottom, right, top, left).
std::array<std::string, 4> centre_triangles(double h0, double h1) {
  const double mid = (h0 + h1) / 2;
  return {num(h0) + "," + num(h1) + " " + num(h1) + "," + num(h1) + " " + num(mid) + "," + num(mid),   // bottom
          num(h1) + "," + num(h0) + " " + num(h1) + "," + num(h1) + " " + num(mid) + "," + num(mid),   // right
          num(h0) + "," + num(h0) + " " + num(h1) + "," + num(h0) + " " + num(mid) + "," + num(mid),   // top
          num(h0) + "," + num(h0) + " " + num(h0) + "," + num(h1) + " " + num(mid) + "," + num(mid)};  // left
}

// A five-pointed star centred at (x, y): the Ludo star squares [LU-UK].
std::string star(double x, double y, double r, const char* fill, const char* stroke) {
  std::string pts;
  for (int k = 0; k < 10; ++k) {
    const double a = -M_PI / 2 + k * M_PI / 5, rr = k % 2 ? r * 0.42 : r;
    pts += (k ? " " : "") + num(x + rr * std::cos(a)) + "," + num(y + rr * std::sin(a));
  }
  return "<polygon class=\"star\" points=\"" + pts + "\" fill=\"" + fill + "\" stroke=\"" + stroke +
         "\" stroke-width=\"1.2\"/>";
}

// A small arrow on a start square pointing along the track towards `to` (Ludo rules, Rules: tokens
// enter on the start square and race clockwise).
std::string arrow(double x, double y, Cell from, Cell to, double size) {
  const double dx = to.col - from.col, dy = to.row - from.row;
  const double px = -dy, py = dx;  // perpendicular
  const double tipx = x + dx * size, tipy = y + dy * size;
  const double b1x = x - dx * size * 0.6 + px * size * 0.7, b1y = y - dy * size * 0.6 + py * size * 0.7;
  const double b2x = x - dx * size * 0.6 - px * size * 0.7, b2y = y - dy * size * 0.6 - py * size * 0.7;
  return "<polygon class=\"arrow\" points=\"" + num(tipx) + "," + num(tipy) + " " + num(b1x) + "," + num(b1y) + " " +
         num(b2x) + "," + num(b2y) + "\" fill=\"#fff\" opacity=\"0.9\"/>";
}

}  // namespace

std::string xml_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char ch : s) switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += ch;
    }
  return out;
}

namespace {

// The nest cell next to a seat's ENTER square (the ENTER is on the column or row beside the
// seat's nest, layout.hpp).
Cell enter_label_cell(Cell enter, int seat, const Geometry& g) {
  const Cell o = nest_origin(seat, g);
  for (Cell n : {Cell{enter.row, enter.col - 1}, Cell{enter.row, enter.col + 1}, Cell{enter.row - 1, enter.col},
                 Cell{enter.row + 1, enter.col}})
    if (n.row >= o.row && n.row < o.row + kArmLen && n.col >= o.col && n.col < o.col + kArmLen) return n;
  return enter;  // not reached on the cross: every ENTER borders its nest
}

// The Parcheesi cross (layout.hpp): nests with their START circle, the squares, safeties as
// rosettes, ENTERs in their seat's colour, HOME with a triangle per seat.
std::string parcheesi_board(unsigned seats, const Geometry& g) {
  std::string out;
  // Nests: the corners, in the seat's colour, with the START circle.
  for (int s = 0; s < 4; ++s) {
    const Cell o = nest_origin(s, g);
    const double x = kMargin + o.col * kCell + 4, y = kMargin + o.row * kCell + 4, w = kArmLen * kCell - 8;
    out += "<rect class=\"nest\" data-seat=\"" + seat_name(s) + "\" x=\"" + num(x) + "\" y=\"" + num(y) +
           "\" width=\"" + num(w) + "\" height=\"" + num(w) + "\" rx=\"14\" fill=\"" + kLight[s] +
           "\" stroke=\"" + kColour[s] + "\" stroke-width=\"3\"" + ((seats >> s & 1) ? "" : " opacity=\"0.35\"") + "/>";
    out += "<circle cx=\"" + num(x + w / 2) + "\" cy=\"" + num(y + w / 2) + "\" r=\"" + num(w * 0.3) +
           "\" fill=\"none\" stroke=\"" + kColour[s] + "\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>";
  }
  // Squares of the cross.
  for (int r = 0; r < kGrid; ++r)
    for (int c = 0; c < kGrid; ++c) {
      const CellInfo info = cell_info({r, c}, g);
      const double x = kMargin + c * kCell, y = kMargin + r * kCell;
      std::string fill, cls, extra;
      if (info.kind == CellKind::ring) {
        cls = info.enter ? "square enter" : info.safe ? "square safe" : "square";
        fill = info.enter ? kLight[info.seat] : info.safe ? kSafeFill : "#ffffff";
        extra = " data-abs=\"" + std::to_string(info.abs) + "\"";
      } else if (info.kind == CellKind::home_path) {
        cls = "square homepath";
        fill = kLight[info.seat];
        extra = " data-seat=\"" + seat_name(info.seat) + "\" data-index=\"" + std::to_string(info.index) + "\"";
      } else {
        continue;
      }
      out += "<rect class=\"" + cls + "\"" + extra + " x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
             std::to_string(kCell) + "\" height=\"" + std::to_string(kCell) + "\" fill=\"" + fill +
             "\" stroke=\"#6b5e4a\" stroke-width=\"1\"/>";
      if (info.kind == CellKind::ring && info.safe)
        out += rosette(x + kCell / 2.0, y + kCell / 2.0, info.enter ? kColour[info.seat] : "#2f6f9f");
      if (info.kind == CellKind::ring && info.enter) {
        // The label stands on the nest cell beside the ENTER square, never on the square,
        // where a pawn would cover it: the nest's pawns stay round its START circle.
        const Cell label = enter_label_cell({r, c}, info.seat, g);
        out += "<text class=\"square-label\" x=\"" + num(kMargin + (label.col + 0.5) * kCell) + "\" y=\"" +
               num(kMargin + (label.row + 0.5) * kCell + 3) + "\" font-size=\"8\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" +
               kInk[info.seat] + "\" font-family=\"sans-serif\">ENTER</text>";
      }
    }
  // HOME: a triangle per seat, pointing at the centre from its home path's side.
  const double h0 = kMargin + kCentre * kCell, h1 = h0 + 3 * kCell, mid = (h0 + h1) / 2;
  const auto tri = centre_triangles(h0, h1);
  for (int s = 0; s < 4; ++s)
    out += std::string("<polygon class=\"home\" data-seat=\"") + seat_name(s) + "\" points=\"" +
           tri[static_cast<std::size_t>(side_of_seat(s, g))] + "\" fill=\"" + kLight[s] + "\" stroke=\"" + kColour[s] +
           "\" stroke-width=\"1.5\"/>";
  out += "<text x=\"" + num(mid) + "\" y=\"" + num(mid + 4) +
         "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"#333\">HOME</text>";
  return out;
}

// The Ludo board (ludo_layout.hpp; RULES.md §ludo-board, Ludo rules, Rules): yards in the corners with four
// token spots, the track in white, each start square and home column in its seat's colour
// ([LU-W] "a sixth coloured square"), an arrow on a start square that is not safe, a star
// on every safe square (safe_squares: starts, starts_and_stars [LU-UK]).
std::string ludo_board(unsigned seats, const Geometry& g) {
  const Px px = px_of(g);
  const double cell = px.cell;
  std::string out;
  for (int s = 0; s < 4; ++s) {
    const Cell o = nest_origin(s, g);
    const double x = px.x(o) + 3, y = px.y(o) + 3, w = kLudoArmLen * cell - 6;
    const std::string fade = (seats >> s & 1) ? "" : " opacity=\"0.35\"";
    out += "<rect class=\"nest yard\" data-seat=\"" + seat_name(s) + "\" x=\"" + num(x) + "\" y=\"" + num(y) +
           "\" width=\"" + num(w) + "\" height=\"" + num(w) + "\" rx=\"10\" fill=\"" + kColour[s] +
           "\" stroke=\"#6b5e4a\" stroke-width=\"1.5\"" + fade + "/>";
    const double in = cell, iw = w - 2 * cell + 6;
    out += "<rect x=\"" + num(x + in - 3) + "\" y=\"" + num(y + in - 3) + "\" width=\"" + num(iw) + "\" height=\"" +
           num(iw) + "\" rx=\"8\" fill=\"#fffdf7\"" + fade + "/>";
    const double mx = x + w / 2, my = y + w / 2;
    for (int k = 0; k < 4; ++k)
      out += "<circle cx=\"" + num(mx + (k % 2 ? 1 : -1) * cell) + "\" cy=\"" + num(my + (k / 2 ? 1 : -1) * cell) +
             "\" r=\"" + num(cell * 0.42) + "\" fill=\"" + kLight[s] + "\" stroke=\"" + kColour[s] +
             "\" stroke-width=\"2\"" + fade + "/>";
  }
  const int grid = kLudoGrid;
  for (int r = 0; r < grid; ++r)
    for (int c = 0; c < grid; ++c) {
      const CellInfo info = cell_info({r, c}, g);
      const double x = px.x({r, c}), y = px.y({r, c});
      std::string fill, cls, extra;
      if (info.kind == CellKind::ring) {
        cls = std::string("square") + (info.enter ? " start" : "") + (info.safe ? " safe" : "");
        fill = info.enter ? kColour[info.seat] : "#ffffff";
        extra = " data-abs=\"" + std::to_string(info.abs) + "\"" +
                (info.enter ? " data-seat=\"" + seat_name(info.seat) + "\"" : std::string());
      } else if (info.kind == CellKind::home_path) {
        cls = "square homepath";
        fill = kColour[info.seat];
        extra = " data-seat=\"" + seat_name(info.seat) + "\" data-index=\"" + std::to_string(info.index) + "\"";
      } else {
        continue;
      }
      out += "<rect class=\"" + cls + "\"" + extra + " x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
             num(cell) + "\" height=\"" + num(cell) + "\" fill=\"" + fill + "\" stroke=\"#6b5e4a\" stroke-width=\"1\"/>";
      const double mx = x + cell / 2, my = y + cell / 2;
      if (info.kind == CellKind::ring && info.safe)
        out += star(mx, my, cell * 0.36, info.enter ? "#ffffff" : "#d9d2c3", info.enter ? "#ffffff" : "#6b5e4a");
      else if (info.kind == CellKind::ring && info.enter)
        out += arrow(mx, my, {r, c}, ring_cell((info.abs + 1) % g.ring_len, g), cell * 0.3);
    }
  // The finish: a triangle per seat pointing in from its home column's side (Ludo rules, Rules "the
  // home triangle").
  const double h0 = px.origin + kLudoCentre * cell, h1 = h0 + 3 * cell;
  const auto tri = centre_triangles(h0, h1);
  for (int s = 0; s < 4; ++s)
    out += std::string("<polygon class=\"home finish\" data-seat=\"") + seat_name(s) + "\" points=\"" +
           tri[static_cast<std::size_t>(side_of_seat(s, g))] + "\" fill=\"" + kColour[s] +
           "\" stroke=\"#6b5e4a\" stroke-width=\"1\"/>";
  return out;
}

}  // namespace

std::string svg_board_layer(unsigned seats, const Geometry& g) {
  std::string out = "<g id=\"board\"" + std::string(is_ludo_board(g) ? " data-board=\"ludo52\"" : "") + ">";
  out += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(kSvgWidth) + "\" height=\"" +
         std::to_string(kBoardPx + 2 * kMargin) + "\" rx=\"10\" fill=\"#f4ecd8\"/>";
  out += is_ludo_board(g) ? ludo_board(seats, g) : parcheesi_board(seats, g);
  out += "</g>";
  return out;
}

namespace {

// A pawn (token). On the Ludo board tokens stand on squares of their own colour (start
// square, home column), so they get a white ring (`halo`) to stand out.
std::string circle(double x, double y, double r, int seat, const std::string& square, const char* where,
                   bool halo = false) {
  std::string out;
  if (halo) out = "<circle class=\"halo\" cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r + 2) + "\" fill=\"#fff\"/>";
  return out + "<circle class=\"pawn\" data-seat=\"" + seat_name(seat) + "\" data-square=\"" + square +
         "\" data-where=\"" + where + "\" cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r) + "\" fill=\"" +
         kColour[seat] + "\" stroke=\"#222\" stroke-width=\"1.5\"/>";
}

}  // namespace

namespace {

// The centre of a seat's nest (Parcheesi: its START circle; Ludo: between the four spots).
std::pair<double, double> nest_centre(int seat, const Geometry& g) {
  const Px px = px_of(g);
  const Cell o = nest_origin(seat, g);
  const double half = board_shape(g).arm_len * px.cell / 2.0;
  return {px.x(o) + half, px.y(o) + half};
}

// A point in a seat's HOME triangle, `along` px beside its middle.
std::pair<double, double> home_point(int seat, double along, const Geometry& g) {
  const Px px = px_of(g);
  const double mid = px.origin + (board_shape(g).centre + 1.5) * px.cell, out = 26 * px.scale();
  switch (side_of_seat(seat, g)) {
    case Side::bottom: return {mid + along, mid + out};
    case Side::right: return {mid + out, mid + along};
    case Side::top: return {mid + along, mid - out};
    case Side::left: return {mid - out, mid + along};
  }
  return {mid, mid};
}

// Where a pawn spot is drawn: the centre of its square, of its nest, or of its HOME triangle.
std::pair<double, double> spot_centre(const PawnSpot& p, const Geometry& g) {
  const Spot sp = spot_of(p.seat, p.place, g);
  if (sp.kind == SpotKind::nest) return nest_centre(p.seat, g);
  if (sp.kind == SpotKind::home) return home_point(p.seat, 0, g);
  const Px px = px_of(g);
  const Cell c = sp.kind == SpotKind::ring ? ring_cell(sp.abs, g) : home_path_cell(p.seat, sp.index, g);
  return {px.cx(c), px.cy(c)};
}

}  // namespace

std::pair<double, double> square_point(int seat, const Square& sq, const Geometry& g) {
  const auto rel = rules::rel_of_square(sq, g);
  const rules::Place place = !rel || *rel < 0 ? rules::Place::nest() : rules::Place::at(*rel);
  return spot_centre({seat, place}, g);
}

namespace {

std::string square_attr(const PawnSpot& p, const Geometry& g) {
  return " data-seat=\"" + seat_name(p.seat) + "\" data-square=\"" +
         to_string(rules::square_of_rel(p.place.rel(), g)) + "\"";
}

// A square-sized mark on a pawn spot: the square's outline on the track and home path, a
// circle in a nest or HOME (no square there).
std::string spot_mark(const PawnSpot& p, const Geometry& g, const std::string& cls, const std::string& style) {
  const Px px = px_of(g);
  const auto [x, y] = spot_centre(p, g);
  const SpotKind kind = spot_of(p.seat, p.place, g).kind;
  if (kind == SpotKind::ring || kind == SpotKind::home_path)
    return "<rect class=\"" + cls + "\"" + square_attr(p, g) + " x=\"" + num(x - px.cell / 2 + 1.5) + "\" y=\"" +
           num(y - px.cell / 2 + 1.5) + "\" width=\"" + num(px.cell - 3) + "\" height=\"" + num(px.cell - 3) + "\" " +
           style + "/>";
  return "<circle class=\"" + cls + "\"" + square_attr(p, g) + " cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" +
         num(px.cell * (kind == SpotKind::nest ? 1.2 : 0.5)) + "\" " + style + "/>";
}

// The squares a mini-move passes, in order, from `from` to `to` (both included): the track
// straight on into the home path, or round the ring (second laps); just the two ends when
// neither reaches `to` (a pawn entering from its nest, a move recorded backwards).
std::vector<PawnSpot> path_of(const PlayedMove& m, const Geometry& g) {
  if (!m.from.place.in_nest() && !m.to.place.in_nest())
    for (bool around : {false, true}) {
      std::vector<PawnSpot> path{m.from};
      int r = m.from.place.rel();
      const int to = m.to.place.rel();
      for (int k = 0; k < g.ring_len + g.home_path_len && r != to && r < g.home; ++k) {
        r = g.dest(r, 1, around);
        path.push_back({m.from.seat, rules::Place::at(r)});
      }
      if (r == to) return path;
    }
  return {m.from, m.to};
}

// The cross on a square where a pawn was sent back to its nest, over the pawns, in a corner
// of the square so that the pawn now on it stays visible.
std::string cross_badge(const PawnSpot& p, const Geometry& g, const std::string& cls, const char* fill) {
  const Px px = px_of(g);
  const auto [cx, cy] = spot_centre(p, g);
  const double r = 7 * px.scale(), x = cx + px.cell / 2 - r + 1, y = cy - px.cell / 2 + r - 1, d = r * 0.5;
  return "<g class=\"" + cls + "\"" + square_attr(p, g) + "><circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" +
         num(r) + "\" fill=\"" + fill + "\" stroke=\"#fff\" stroke-width=\"1.5\"/><path d=\"M" + num(x - d) + " " +
         num(y - d) + "L" + num(x + d) + " " + num(y + d) + "M" + num(x + d) + " " + num(y - d) + "L" + num(x - d) + " " +
         num(y + d) + "\" stroke=\"#fff\" stroke-width=\"2.2\" stroke-linecap=\"round\"/></g>";
}

constexpr const char* kMarkColour = "#ff7a00";  // the last play: to-squares and its path

}  // namespace

std::string svg_last_play_layer(const Frame& f, const Geometry& g) {
  std::string out = "<g id=\"last-play\">";
  const double k = px_of(g).scale();
  for (const auto& m : f.moves) {
    out += spot_mark(m.from, g, "last-from", "fill=\"none\" stroke=\"#111\" stroke-width=\"2\" stroke-dasharray=\"4 3\"");
    out += spot_mark(m.to, g, "last-to", std::string("fill=\"") + kMarkColour + "\" fill-opacity=\"0.45\" stroke=\"" +
                                             kMarkColour + "\" stroke-width=\"3\"");
  }
  // Paths over the squares' marks, under the pawns: a line through the squares passed, with
  // an arrowhead at the end.
  for (const auto& m : f.moves) {
    const auto path = path_of(m, g);
    std::string pts;
    for (const auto& p : path) {
      const auto [x, y] = spot_centre(p, g);
      pts += (pts.empty() ? "" : " ") + num(x) + "," + num(y);
    }
    out += "<polyline class=\"last-path\" points=\"" + pts + "\" fill=\"none\" stroke=\"" + kMarkColour +
           "\" stroke-width=\"" + num(4 * k) + "\" stroke-linejoin=\"round\" stroke-linecap=\"round\" opacity=\"0.85\"/>";
    const auto [x1, y1] = spot_centre(path[path.size() - 2], g);
    const auto [x2, y2] = spot_centre(path.back(), g);
    const double len = std::hypot(x2 - x1, y2 - y1);
    if (len > 0) {
      const double ux = (x2 - x1) / len, uy = (y2 - y1) / len, a = 9 * k, b = 6 * k;
      const double tx = x2 - ux * 4 * k, ty = y2 - uy * 4 * k;  // the tip just short of the centre
      out += "<polygon class=\"last-arrow\" points=\"" + num(tx) + "," + num(ty) + " " + num(tx - ux * a - uy * b) + "," +
             num(ty - uy * a + ux * b) + " " + num(tx - ux * a + uy * b) + "," + num(ty - uy * a - ux * b) + "\" fill=\"" +
             kMarkColour + "\"/>";
    }
  }
  if (f.penalty_from)
    out += spot_mark(*f.penalty_from, g, "last-from penalty", "fill=\"none\" stroke=\"#111\" stroke-width=\"2\" stroke-dasharray=\"4 3\"");
  return out + "</g>";
}

std::string svg_capture_layer(const Frame& f, const Geometry& g) {
  std::string out = "<g id=\"capture-marks\">";
  for (const auto& p : f.captured) out += cross_badge(p, g, "capture-mark", "#d0021b");
  if (f.penalty_from) out += cross_badge(*f.penalty_from, g, "penalty-mark", "#222");
  return out + "</g>";
}

namespace {

// At most `max` characters (UTF-8 code points), an ellipsis standing for the rest.
std::string truncate_text(const std::string& s, std::size_t max) {
  std::size_t chars = 0, i = 0;
  for (; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && chars++ == max - 1) break;
  if (i >= s.size()) return s;
  // Is there more than this last character?
  std::size_t end = i + 1;
  while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) ++end;
  if (end >= s.size()) return s;
  return s.substr(0, i) + "\u2026";
}

// A generous width of bold sans-serif text (bold Arial: lower case about 0.56 em, capitals
// 0.72, W 0.94): spaces 0.3 em, m and w 0.9, other lower case and digits 0.6, M and W 1.0,
// other capitals 0.8, a character outside ASCII 0.8.
double bold_text_width(const std::string& s, double font_px) {
  double em = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) == 0x80) continue;  // inside a UTF-8 sequence
    em += c == ' ' ? 0.3 : c == 'm' || c == 'w' ? 0.9 : c == 'M' || c == 'W' ? 1.0 : std::isupper(c) || c >= 0x80 ? 0.8 : 0.6;
  }
  return em * font_px;
}

}  // namespace

std::string nest_label(const Game& game, int seat) {
  std::string name = player_tag(game, seat);
  if (name.empty()) {
    name = seat_name(seat);
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
  }
  return truncate_text(name, kNameChars);
}

std::string svg_names_layer(const std::array<std::string, 4>& names, unsigned seats, const Geometry& g) {
  const Px px = px_of(g);
  const BoardShape shape = board_shape(g);
  const bool ludo = is_ludo_board(g);
  std::string out = "<g id=\"names\">";
  for (int s = 0; s < 4; ++s) {
    if (!(seats >> s & 1) || names[static_cast<std::size_t>(s)].empty()) continue;
    // Along the nest's edge at the board's top or bottom: Parcheesi inside the nest above
    // (below) the START circle, Ludo in the yard's coloured frame; the pawns in the nest stay
    // in its middle.
    const Cell o = nest_origin(s, g);
    const bool top = o.row == 0;
    const double w = shape.arm_len * px.cell;
    const double y = top ? px.y(o) + (ludo ? 26 : 25) : px.y(o) + w - (ludo ? 14 : 13);
    const char* fill = ludo ? (s == 3 ? "#222" : "#fff") : kInk[s];
    // A name of wide letters could still outgrow the nest: squeeze it to the nest's width.
    const std::string& name = names[static_cast<std::size_t>(s)];
    const double room = w - 24;
    const std::string fit = bold_text_width(name, 15) > room
                                ? " textLength=\"" + num(room) + "\" lengthAdjust=\"spacingAndGlyphs\""
                                : std::string();
    out += "<text class=\"player-name\" data-seat=\"" + seat_name(s) + "\" x=\"" + num(px.x(o) + w / 2) + "\" y=\"" +
           num(y) + "\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"" +
           fill + "\"" + fit + ">" + xml_escape(name) + "</text>";
  }
  return out + "</g>";
}

std::string svg_pawn_layer(const rules::Position& pos, const Geometry& g) {
  const bool ludo = is_ludo_board(g);
  const BoardShape shape = board_shape(g);
  const Px px = px_of(g);
  const double k = px.scale();  // sizes below are for the 32 px Parcheesi cell
  std::string out = "<g id=\"pawns\">";
  // Squares first (two pawns may share one), then nests and HOME.
  struct Occupant {
    int seat;
    std::string square;
    const char* where;
  };
  std::map<std::pair<int, int>, std::vector<Occupant>> on_cell;
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    if (!pos.seat_present(s)) continue;
    int nest = 0, home = 0;
    for (auto p : pos.pawns(s)) {
      const std::string square = to_string(rules::square_of_rel(p.rel(), g));
      const Spot sp = spot_of(s, p, g);
      if (sp.kind == SpotKind::nest) {
        // Parcheesi: round the START circle; Ludo: on the yard's four token spots.
        const auto [ox, oy] = nest_centre(s, g);
        const double d = ludo ? px.cell : 22;
        const double dx = (nest % 2 ? 1 : -1) * d, dy = (nest / 2 ? 1 : -1) * d;
        out += circle(ox + dx, oy + dy, 12 * k, s, square, "nest");
        ++nest;
      } else if (sp.kind == SpotKind::home) {
        // In the seat's triangle, side by side.
        const auto [x, y] = home_point(s, (home - 1.5) * 11 * k, g);
        out += circle(x, y, 6 * k, s, square, "home", ludo);
        ++home;
      } else {
        const Cell c = sp.kind == SpotKind::ring ? ring_cell(sp.abs, g) : home_path_cell(s, sp.index, g);
        on_cell[{c.row, c.col}].push_back({s, square, sp.kind == SpotKind::ring ? "ring" : "homepath"});
      }
    }
  }
  for (const auto& [rc, occ] : on_cell) {
    const Cell c{rc.first, rc.second};
    const double x = px.cx(c), y = px.cy(c);
    if (occ.size() == 1) {
      out += circle(x, y, 11 * k, occ[0].seat, occ[0].square, occ[0].where, ludo);
      continue;
    }
    bool one_colour = true;
    for (const auto& o : occ) one_colour = one_colour && o.seat == occ[0].seat;
    if (occ.size() == 2) {
      // Two pawns: side by side along the path. Two of one colour form a blockade (Hasbro 2001 rules,
      // Blockades; Ludo: a block, Ludo rules, Gameplay "the pieces are doubled"): joined by a bar.
      const CellInfo info = cell_info(c, g);
      const int mid_col = shape.centre + 1;
      const bool vertical_arm = c.col >= shape.centre && c.col <= shape.centre + 2 &&
                                (c.row < shape.centre || c.row > shape.centre + 2);
      const bool vertical_path = (info.kind == CellKind::ring && vertical_arm && c.col != mid_col) ||
                                 (info.kind == CellKind::home_path && c.col == mid_col);
      const double dx = vertical_path ? 0 : 7.5 * k, dy = vertical_path ? 7.5 * k : 0;
      if (one_colour)
        out += "<rect class=\"blockade\" data-seat=\"" + seat_name(occ[0].seat) + "\" x=\"" + num(x - dx - 8 * k) +
               "\" y=\"" + num(y - dy - 8 * k) + "\" width=\"" + num(2 * dx + 16 * k) + "\" height=\"" +
               num(2 * dy + 16 * k) + "\" rx=\"" + num(8 * k) + "\" fill=\"#222\"/>";
      out += circle(x - dx, y - dy, 8 * k, occ[0].seat, occ[0].square, occ[0].where, ludo && !one_colour);
      out += circle(x + dx, y + dy, 8 * k, occ[1].seat, occ[1].square, occ[1].where, ludo && !one_colour);
      continue;
    }
    // Three or more (only on the Ludo board: a bigger block, or tokens of several colours on
    // a safe square [LU-UK]): a grid of small discs, a block on a dark ground.
    const int per_row = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(occ.size()))));
    const double step = px.cell * 0.8 / per_row, r = step * 0.45;
    const int rows = (static_cast<int>(occ.size()) + per_row - 1) / per_row;
    if (one_colour)
      out += "<rect class=\"blockade\" data-seat=\"" + seat_name(occ[0].seat) + "\" x=\"" + num(x - per_row * step / 2) +
             "\" y=\"" + num(y - rows * step / 2) + "\" width=\"" + num(per_row * step) + "\" height=\"" +
             num(rows * step) + "\" rx=\"" + num(r) + "\" fill=\"#222\"/>";
    for (std::size_t i = 0; i < occ.size(); ++i) {
      const int col = static_cast<int>(i) % per_row, row = static_cast<int>(i) / per_row;
      out += circle(x + (col - (per_row - 1) / 2.0) * step, y + (row - (rows - 1) / 2.0) * step, r, occ[i].seat,
                    occ[i].square, occ[i].where, !one_colour);
    }
  }
  out += "</g>";
  return out;
}

std::string svg_dice_layer(const Roll* roll) {
  std::string out = "<g id=\"dice\">";
  if (roll) {
    const double top = kBoardPx + 2 * kMargin + 8, size = 44;
    for (int i = 0; i < roll->dice_count(); ++i) {
      const int v = roll->dice[static_cast<std::size_t>(i)];
      const double x = kMargin + 4 + i * (size + 10);
      out += "<g class=\"die\" data-value=\"" + std::to_string(v) + "\"><rect x=\"" + num(x) + "\" y=\"" + num(top) +
             "\" width=\"" + num(size) + "\" height=\"" + num(size) +
             "\" rx=\"8\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"2\"/>";
      // Pips on a 3x3 grid.
      static const std::array<std::vector<int>, 7> pips = {
          std::vector<int>{}, {4}, {0, 8}, {0, 4, 8}, {0, 2, 6, 8}, {0, 2, 4, 6, 8}, {0, 2, 3, 5, 6, 8}};
      for (int p : pips[static_cast<std::size_t>(v)]) {
        const double px = x + size / 2 + (p % 3 - 1) * 12.5, py = top + size / 2 + (p / 3 - 1) * 12.5;
        out += "<circle cx=\"" + num(px) + "\" cy=\"" + num(py) + "\" r=\"4.2\" fill=\"#222\"/>";
      }
      out += "</g>";
    }
  }
  out += "</g>";
  return out;
}

namespace {

std::vector<std::string> wrap_px(const std::string& text, std::size_t chars) {
  std::vector<std::string> out;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    if (!line.empty() && line.size() + 1 + word.size() > chars) {
      out.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    i = j + 1;
  }
  if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

std::string svg_frame(const Timeline& t, int frame, const Game& game) {
  const Frame& f = t.frames[static_cast<std::size_t>(frame)];
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kSvgWidth) + "\" height=\"" +
                    std::to_string(kSvgHeight) + "\" viewBox=\"0 0 " + std::to_string(kSvgWidth) + " " +
                    std::to_string(kSvgHeight) + "\" data-position=\"" +
                    xml_escape(replay::position_id(f.game)) + "\">";
  std::string title = std::string(game.tag_value("Event"));
  const bool ludo = is_ludo_board(t.geometry);
  out += "<title>" + xml_escape((title.empty() ? (ludo ? "Ludo" : "Parcheesi") : title) + (f.roll_index < 0 ? std::string(", start") : ", roll " + std::to_string(f.number))) + "</title>";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#fffdf7\"/>";
  unsigned seats = 0;
  for (int s = 0; s < rules::kMaxSeats; ++s) seats |= f.game.position().seat_present(s) ? 1u << s : 0u;
  out += svg_board_layer(seats, t.geometry);
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s) names[static_cast<std::size_t>(s)] = nest_label(game, s);
  out += svg_names_layer(names, seats, t.geometry);
  out += svg_last_play_layer(f, t.geometry);
  out += svg_pawn_layer(f.game.position(), t.geometry);
  out += svg_capture_layer(f, t.geometry);
  out += svg_dice_layer(f.roll);
  // Caption: the roll in PPN, who is to move, diagnostics.
  const double x = kMargin + 120, y0 = kBoardPx + 2 * kMargin + 22;
  std::vector<std::pair<std::string, const char*>> lines;
  lines.push_back({f.roll_index < 0 ? "Start of the game (" + t.profile + ")" : f.move_text, "#111"});
  const rules::Game& st = f.game;
  const int mover = rules::seat_of(st.to_move());
  const std::vector<Colour> ranking = st.ranking();
  const bool last = frame + 1 == static_cast<int>(t.frames.size());
  if (last && t.game_over && !ranking.empty())
    lines.push_back({"Game over: " + seat_name(rules::seat_of(ranking.front())) + " wins", "#111"});
  else if (ludo)  // one die: the same seat rolls again after a 6 (Ludo rules, Gameplay), no doublets
    lines.push_back({seat_name(mover) + " to roll" + (f.roll && f.roll->seat == st.to_move() ? " again" : ""), "#444"});
  else
    lines.push_back({seat_name(mover) + " to roll" + (st.doublets() ? " again (doublet)" : ""), "#444"});
  for (const auto& d : f.diagnostics) {
    for (const auto& l : wrap_px(std::string(d.name()) + ": " + cited(d.message, d.citation), 68)) lines.push_back({l, "#b00020"});
  }
  int n = 0;
  for (const auto& [text, colour] : lines) {
    if (n == 6) break;  // the caption area holds six lines; the HTML viewer shows everything
    out += "<text class=\"caption\" x=\"" + num(x) + "\" y=\"" + num(y0 + n * 15) + "\" font-size=\"" +
           (n == 0 ? "14" : "11.5") + "\" font-family=\"monospace\" fill=\"" + colour + "\">" + xml_escape(text) + "</text>";
    ++n;
  }
  out += "</svg>\n";
  return out;
}

}  // namespace ppn::render
