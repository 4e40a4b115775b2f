#include "render/svg_board.hpp"

#include <array>
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

using replay::Geometry;

constexpr std::array<const char*, 4> kColour = {"#2e9e44", "#d63a2f", "#2f6fd6", "#e8c12c"};
constexpr std::array<const char*, 4> kLight = {"#bfe6c6", "#f5c3bf", "#c3d6f5", "#f7e9a8"};
constexpr const char* kSafeFill = "#bfe3f5";

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
      if (info.kind == CellKind::ring && info.enter)
        out += "<text x=\"" + num(x + kCell / 2.0) + "\" y=\"" + num(y + kCell - 3) +
               "\" font-size=\"7\" text-anchor=\"middle\" fill=\"#333\" font-family=\"sans-serif\">ENTER</text>";
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

std::string svg_pawn_layer(const replay::GameState& st, const Geometry& g) {
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
  for (int s = 0; s < replay::kMaxSeats; ++s) {
    if (!st.pos.seat_present(s)) continue;
    int nest = 0, home = 0;
    for (auto b : st.pos.pawns[s]) {
      const int rel = b == replay::kNest ? -1 : replay::rel_of_byte(b);
      const std::string square = to_string(replay::square_of_rel(rel, g));
      const Spot sp = spot_of(s, b, g);
      if (sp.kind == SpotKind::nest) {
        // Parcheesi: round the START circle; Ludo: on the yard's four token spots.
        const Cell o = nest_origin(s, g);
        const double ox = px.x(o) + shape.arm_len * px.cell / 2.0, oy = px.y(o) + shape.arm_len * px.cell / 2.0;
        const double d = ludo ? px.cell : 22;
        const double dx = (nest % 2 ? 1 : -1) * d, dy = (nest / 2 ? 1 : -1) * d;
        out += circle(ox + dx, oy + dy, 12 * k, s, square, "nest");
        ++nest;
      } else if (sp.kind == SpotKind::home) {
        // In the seat's triangle, side by side.
        const double mid = px.origin + (shape.centre + 1.5) * px.cell;
        double x = mid, y = mid;
        const double along = (home - 1.5) * 11 * k, out_ = 26 * k;
        switch (side_of_seat(s, g)) {
          case Side::bottom: x += along; y += out_; break;
          case Side::right: x += out_; y += along; break;
          case Side::top: x += along; y -= out_; break;
          case Side::left: x -= out_; y += along; break;
        }
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
                    xml_escape(replay::position_id(f.state, t.geometry)) + "\">";
  std::string title = std::string(game.tag_value("Event"));
  const bool ludo = is_ludo_board(t.geometry);
  out += "<title>" + xml_escape((title.empty() ? (ludo ? "Ludo" : "Parcheesi") : title) + (f.roll_index < 0 ? std::string(", start") : ", roll " + std::to_string(f.number))) + "</title>";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#fffdf7\"/>";
  unsigned seats = 0;
  for (int s = 0; s < replay::kMaxSeats; ++s) seats |= f.state.pos.seat_present(s) ? 1u << s : 0u;
  out += svg_board_layer(seats, t.geometry);
  out += svg_pawn_layer(f.state, t.geometry);
  out += svg_dice_layer(f.roll);
  // Caption: the roll in PPN, who is to move, diagnostics.
  const double x = kMargin + 120, y0 = kBoardPx + 2 * kMargin + 22;
  std::vector<std::pair<std::string, const char*>> lines;
  lines.push_back({f.roll_index < 0 ? "Start of the game (" + t.profile + ")" : f.move_text, "#111"});
  const auto& st = f.state;
  const bool last = frame + 1 == static_cast<int>(t.frames.size());
  if (last && t.game_over && st.ranking_len)
    lines.push_back({"Game over: " + seat_name(st.ranking[0]) + " wins", "#111"});
  else if (ludo)  // one die: the same seat rolls again after a 6 (Ludo rules, Gameplay), no doublets
    lines.push_back({seat_name(st.to_move) + " to roll" + (f.roll && static_cast<int>(f.roll->seat) == st.to_move ? " again" : ""), "#444"});
  else
    lines.push_back({seat_name(st.to_move) + " to roll" + (st.doublets ? " again (doublet)" : ""), "#444"});
  for (const auto& d : f.diagnostics) {
    std::string msg = d.message;
    const std::string as_played = " (accepted as played)";
    if (msg.size() > as_played.size() && msg.compare(msg.size() - as_played.size(), as_played.size(), as_played) == 0)
      msg.resize(msg.size() - as_played.size());
    for (const auto& l : wrap_px(d.code + ": " + msg, 68)) lines.push_back({l, "#b00020"});
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
