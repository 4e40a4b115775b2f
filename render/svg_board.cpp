#include "render/svg_board.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <map>

#include "notation/colour.hpp"
#include "notation/printer.hpp"
#include "render/layout.hpp"
#include "replay/bridge.hpp"

namespace ppn::render {

namespace {

using replay::kParcheesi68;

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

double cx(Cell c) { return kMargin + c.col * kCell + kCell / 2.0; }
double cy(Cell c) { return kMargin + c.row * kCell + kCell / 2.0; }

std::string seat_name(int s) { return std::string(colour_name(static_cast<Colour>(s))); }

// seed 000's Lotus flower: a small rosette of four petals.
std::string rosette(double x, double y, const char* stroke) {
  std::string out;
  for (int k = 0; k < 4; ++k) {
    out += "<ellipse cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" rx=\"3.2\" ry=\"9\" transform=\"rotate(" +
           std::to_string(k * 45) + " " + num(x) + " " + num(y) + ")\" fill=\"none\" stroke=\"" + stroke +
           "\" stroke-width=\"1\" opacity=\"0.7\"/>";
  }
  return out;
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

std::string svg_board_layer(unsigned seats) {
  const auto& g = kParcheesi68;
  std::string out = "<g id=\"board\">";
  out += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(kSvgWidth) + "\" height=\"" +
         std::to_string(kBoardPx + 2 * kMargin) + "\" rx=\"10\" fill=\"#f4ecd8\"/>";
  // Nests: the corners, in the seat's colour, with the START circle.
  for (int s = 0; s < 4; ++s) {
    const Cell o = nest_origin(s);
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
  const std::array<std::string, 4> tri = {
      num(h0) + "," + num(h1) + " " + num(h1) + "," + num(h1) + " " + num(mid) + "," + num(mid),   // bottom
      num(h1) + "," + num(h0) + " " + num(h1) + "," + num(h1) + " " + num(mid) + "," + num(mid),   // right
      num(h0) + "," + num(h0) + " " + num(h1) + "," + num(h0) + " " + num(mid) + "," + num(mid),   // top
      num(h0) + "," + num(h0) + " " + num(h0) + "," + num(h1) + " " + num(mid) + "," + num(mid)};  // left
  for (int s = 0; s < 4; ++s)
    out += std::string("<polygon class=\"home\" data-seat=\"") + seat_name(s) + "\" points=\"" +
           tri[static_cast<std::size_t>(side_of_seat(s))] + "\" fill=\"" + kLight[s] + "\" stroke=\"" + kColour[s] +
           "\" stroke-width=\"1.5\"/>";
  out += "<text x=\"" + num(mid) + "\" y=\"" + num(mid + 4) +
         "\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" font-family=\"sans-serif\" fill=\"#333\">HOME</text>";
  out += "</g>";
  return out;
}

namespace {

std::string circle(double x, double y, double r, int seat, const std::string& square, const char* where) {
  return "<circle class=\"pawn\" data-seat=\"" + seat_name(seat) + "\" data-square=\"" + square + "\" data-where=\"" +
         where + "\" cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"" + num(r) + "\" fill=\"" + kColour[seat] +
         "\" stroke=\"#222\" stroke-width=\"1.5\"/>";
}

}  // namespace

std::string svg_pawn_layer(const replay::GameState& st) {
  const auto& g = kParcheesi68;
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
        const Cell o = nest_origin(s);
        const double ox = kMargin + o.col * kCell + kArmLen * kCell / 2.0, oy = kMargin + o.row * kCell + kArmLen * kCell / 2.0;
        const double dx = (nest % 2 ? 1 : -1) * 22, dy = (nest / 2 ? 1 : -1) * 22;
        out += circle(ox + dx, oy + dy, 12, s, square, "nest");
        ++nest;
      } else if (sp.kind == SpotKind::home) {
        // In the seat's triangle, side by side.
        const double mid = kMargin + (kCentre + 1.5) * kCell;
        double x = mid, y = mid;
        const double along = (home - 1.5) * 11, out_ = 26;
        switch (side_of_seat(s)) {
          case Side::bottom: x += along; y += out_; break;
          case Side::right: x += out_; y += along; break;
          case Side::top: x += along; y -= out_; break;
          case Side::left: x -= out_; y += along; break;
        }
        out += circle(x, y, 6, s, square, "home");
        ++home;
      } else {
        const Cell c = sp.kind == SpotKind::ring ? ring_cell(sp.abs) : home_path_cell(s, sp.index);
        on_cell[{c.row, c.col}].push_back({s, square, sp.kind == SpotKind::ring ? "ring" : "homepath"});
      }
    }
  }
  for (const auto& [rc, occ] : on_cell) {
    const Cell c{rc.first, rc.second};
    const double x = cx(c), y = cy(c);
    if (occ.size() == 1) {
      out += circle(x, y, 11, occ[0].seat, occ[0].square, occ[0].where);
      continue;
    }
    // Two pawns (at most two per square, rules.md Q22): side by side along the path. Two of
    // one colour form a blockade (seed 000 BLOCKADES): joined by a bar.
    const CellInfo info = cell_info(c, g);
    const bool vertical_path = (info.kind == CellKind::ring && (c.col == 8 || c.col == 10) && (c.row < 8 || c.row > 10)) ||
                               (info.kind == CellKind::home_path && c.col == 9);
    const double dx = vertical_path ? 0 : 7.5, dy = vertical_path ? 7.5 : 0;
    if (occ[0].seat == occ[1].seat)
      out += "<rect class=\"blockade\" data-seat=\"" + seat_name(occ[0].seat) + "\" x=\"" + num(x - dx - 8) + "\" y=\"" +
             num(y - dy - 8) + "\" width=\"" + num(2 * dx + 16) + "\" height=\"" + num(2 * dy + 16) +
             "\" rx=\"8\" fill=\"#222\"/>";
    out += circle(x - dx, y - dy, 8, occ[0].seat, occ[0].square, occ[0].where);
    out += circle(x + dx, y + dy, 8, occ[1].seat, occ[1].square, occ[1].where);
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
                    xml_escape(replay::position_id(f.state)) + "\">";
  std::string title = std::string(game.tag_value("Event"));
  out += "<title>" + xml_escape((title.empty() ? "Parcheesi" : title) + (f.roll_index < 0 ? std::string(", start") : ", roll " + std::to_string(f.number))) + "</title>";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#fffdf7\"/>";
  unsigned seats = 0;
  for (int s = 0; s < replay::kMaxSeats; ++s) seats |= f.state.pos.seat_present(s) ? 1u << s : 0u;
  out += svg_board_layer(seats);
  out += svg_pawn_layer(f.state);
  out += svg_dice_layer(f.roll);
  // Caption: the roll in PPN, who is to move, diagnostics.
  const double x = kMargin + 120, y0 = kBoardPx + 2 * kMargin + 22;
  std::vector<std::pair<std::string, const char*>> lines;
  lines.push_back({f.roll_index < 0 ? "Start of the game (" + t.profile + ")" : f.move_text, "#111"});
  const auto& st = f.state;
  const bool last = frame + 1 == static_cast<int>(t.frames.size());
  if (last && t.game_over && st.ranking_len)
    lines.push_back({"Game over: " + seat_name(st.ranking[0]) + " wins", "#111"});
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
