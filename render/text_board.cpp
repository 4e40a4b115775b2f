#include "render/text_board.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string_view>

#include "notation/colour.hpp"
#include "notation/printer.hpp"
#include "render/layout.hpp"
#include "replay/bridge.hpp"

namespace ppn::render {

namespace {

using rules::Geometry;

// ANSI SGR sequences. Pawns: black letters on the seat's bright colour; home paths: the
// seat's colour on the default background; safeties: blue background.
constexpr std::array<const char*, 4> kFg = {"\x1b[32m", "\x1b[31m", "\x1b[34m", "\x1b[33m"};
constexpr std::array<const char*, 4> kPawn = {"\x1b[1;30;102m", "\x1b[1;30;101m", "\x1b[1;97;104m",
                                              "\x1b[1;30;103m"};
constexpr const char* kSafe = "\x1b[37;44m";
constexpr const char* kRingStyle = "\x1b[90m";
constexpr const char* kReset = "\x1b[0m";

char upper(int seat) { return colour_letter(static_cast<Colour>(seat)); }
char lower(int seat) { return static_cast<char>(upper(seat) - 'A' + 'a'); }

struct Canvas {
  // grid x grid cells (19 Parcheesi, 15 Ludo), each 2 visible columns with an optional style.
  struct Piece {
    std::string text = "  ";
    std::string style;
  };
  explicit Canvas(int grid) : grid(grid), cells(static_cast<std::size_t>(grid), std::vector<Piece>(static_cast<std::size_t>(grid))) {}
  int grid;
  std::vector<std::vector<Piece>> cells;
  // Text written over nest / HOME blocks: (row, first col) -> text with its own styling,
  // spanning whole cells.
  void put(int row, int col, std::string text, std::string style = {}) {
    // text of visible width 2*n is split over n cells
    int w = 0;
    std::string chunk;
    int c = col;
    for (char ch : text) {
      chunk += ch;
      if (++w == 2) {
        if (c < grid) cells[row][c] = {chunk, style};
        chunk.clear();
        w = 0;
        ++c;
      }
    }
    if (!chunk.empty() && c < grid) cells[row][c] = {chunk + " ", style};
  }
  std::vector<std::string> lines(bool colour) const {
    std::vector<std::string> out;
    for (const auto& row : cells) {
      std::string line;
      std::string_view current;
      for (const auto& p : row) {
        if (colour && p.style != current) {
          if (!current.empty()) line += kReset;
          if (!p.style.empty()) line += p.style;
          current = p.style;
        }
        line += p.text;
      }
      if (colour && !current.empty()) line += kReset;
      out.push_back(std::move(line));
    }
    return out;
  }
};

int pawns_at(const rules::Game& st, int seat, SpotKind kind, const Geometry& g) {
  int n = 0;
  for (auto p : st.position().pawns(seat)) n += spot_of(seat, p, g).kind == kind;
  return n;
}

// Whether a seat whose pawns are on the board has finished, or withdrawn from the game, and
// whether it is the one to throw.
struct SeatStatus {
  bool finished = false, out = false, mover = false;
};
SeatStatus seat_status(const rules::Game& st, int s) {
  const Colour c = static_cast<Colour>(s);
  SeatStatus r;
  r.finished = st.finished(c);
  r.out = !st.takes_part(c) && !r.finished;
  r.mover = st.to_move() == c && !r.out;
  return r;
}

// Two columns for n pawns (tokens) of one seat on a square: "G " (or "G*" on a safe square),
// "GG" a blockade / block, "G3" three or more (a Ludo block may hold more than two, Ludo rules, Gameplay
// "the pieces are doubled").
std::string stack_text(int seat, int n, bool safe) {
  if (n == 1) return std::string(1, upper(seat)) + (safe ? '*' : ' ');
  if (n == 2) return std::string(2, upper(seat));
  return std::string(1, upper(seat)) + std::to_string(n % 10);
}

std::string player_name(const Game* game, int seat) { return game ? player_tag(*game, seat) : std::string(); }

std::string pad(std::string s, std::size_t n) {
  if (s.size() > n) s.resize(n);
  s.resize(n, ' ');
  return s;
}

// A Parcheesi nest (8 x 8 cells): the seat's name, its player, the pawns in the nest and at
// HOME, whether it has finished or withdrawn.
void put_nests(Canvas& cv, const rules::Game& st, const Game* game, const Geometry& g) {
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    const Cell o = nest_origin(s, g);
    std::string name(colour_name(static_cast<Colour>(s)));
    for (auto& ch : name) ch = static_cast<char>(ch - 'a' + 'A');
    if (!st.position().seat_present(s)) {
      cv.put(o.row + 3, o.col + 1, pad(name, 12), kRingStyle);
      cv.put(o.row + 4, o.col + 1, pad("(not playing)", 14), kRingStyle);
      continue;
    }
    const auto [finished, out, mover] = seat_status(st, s);
    cv.put(o.row + 1, o.col + 1, pad((mover ? "> " : "  ") + name, 14), std::string(kFg[s]) + "\x1b[1m");
    const std::string who = player_name(game, s);
    if (!who.empty()) cv.put(o.row + 2, o.col + 1, pad("  " + who, 14), kFg[s]);
    const int in_nest = pawns_at(st, s, SpotKind::nest, g);
    std::string pawns;
    for (int k = 0; k < in_nest; ++k) pawns += std::string(1, upper(s)) + " ";
    cv.put(o.row + 4, o.col + 1, pad("  nest " + std::to_string(in_nest), 14), kFg[s]);
    if (in_nest) cv.put(o.row + 5, o.col + 2, pad(pawns, 8), kPawn[s]);
    const int home = pawns_at(st, s, SpotKind::home, g);
    cv.put(o.row + 6, o.col + 1, pad("  HOME " + std::to_string(home), 14), kFg[s]);
    if (out) cv.put(o.row + 7, o.col + 1, pad("  withdrawn", 14), kRingStyle);
    else if (finished) cv.put(o.row + 7, o.col + 1, pad("  finished", 14), kFg[s]);
  }
}

// A Ludo yard (6 x 6 cells, 12 columns): the seat's name, its player, the tokens in the
// yard and at the finish, one line each, kept one column clear of the track on both sides.
void put_yards(Canvas& cv, const rules::Game& st, const Game* game, const Geometry& g) {
  auto line = [&](Cell o, int i, const std::string& text, const std::string& style) {
    cv.put(o.row + i, o.col, " " + pad(text, 10) + " ", style);
  };
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    const Cell o = nest_origin(s, g);
    std::string name(colour_name(static_cast<Colour>(s)));
    for (auto& ch : name) ch = static_cast<char>(ch - 'a' + 'A');
    if (!st.position().seat_present(s)) {
      line(o, 0, "  " + name, kRingStyle);
      line(o, 1, "no player", kRingStyle);
      continue;
    }
    const auto [finished, out, mover] = seat_status(st, s);
    line(o, 0, (mover ? "> " : "  ") + name, std::string(kFg[s]) + "\x1b[1m");
    const std::string who = player_name(game, s);
    if (!who.empty()) line(o, 1, who, kFg[s]);
    const int in_yard = pawns_at(st, s, SpotKind::nest, g);
    line(o, 2, "yard " + std::to_string(in_yard), kFg[s]);
    if (in_yard) {
      std::string tokens;
      for (int k = 0; k < in_yard; ++k) tokens += std::string(k ? " " : "") + upper(s);
      cv.put(o.row + 3, o.col + 1, pad(tokens, 8), kPawn[s]);
    }
    line(o, 4, "HOME " + std::to_string(pawns_at(st, s, SpotKind::home, g)), kFg[s]);
    if (out) line(o, 5, "withdrawn", kRingStyle);
    else if (finished) line(o, 5, "finished", kFg[s]);
  }
}

}  // namespace

int visible_width(const std::string& s) {
  int w = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == 0x1b) {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    if ((c & 0xC0) != 0x80) ++w;
  }
  return w;
}

bool colour_wanted(bool is_terminal) {
  if (!is_terminal) return false;
  if (const char* nc = std::getenv("NO_COLOR"); nc && *nc) return false;
  if (const char* term = std::getenv("TERM"); !term || std::string_view(term) == "dumb") return false;
  return true;
}

std::vector<std::string> board_lines(const rules::Game& st, const TextStyle& style, const Game* game,
                                     const Geometry& g) {
  const BoardShape shape = board_shape(g);
  const bool ludo = is_ludo_board(g);
  Canvas cv(shape.grid);
  // Squares.
  for (int r = 0; r < shape.grid; ++r)
    for (int c = 0; c < shape.grid; ++c) {
      const CellInfo info = cell_info({r, c}, g);
      auto& p = cv.cells[r][c];
      switch (info.kind) {
        case CellKind::ring:
          // Parcheesi ENTERs are always safeties (Hasbro 2001 rules, Safety Spaces); a Ludo start square is safe only
          // under safe_squares=starts / starts_and_stars (RULES.md §ludo-board), else "g." in its
          // seat's colour ([LU-W]: the start square is coloured).
          if (info.enter) p = {std::string(1, lower(info.seat)) + (info.safe ? "*" : "."), info.safe ? kSafe : kFg[info.seat]};
          else if (info.safe) p = {" *", kSafe};
          else p = {" .", kRingStyle};
          break;
        case CellKind::home_path: p = {std::string(" ") + lower(info.seat), kFg[info.seat]}; break;
        default: break;
      }
    }
  // Pawns on the ring and home paths: up to two per square on the Parcheesi board (Q22), any
  // colours (Parchís shares safeties between two colours, RULES.md Q25); a Ludo block may
  // hold more, and modern Ludo's safe squares hold tokens of several colours [LU-UK].
  std::array<std::array<int, rules::kMaxSeats>, rules::kMaxRing> ring{};
  std::array<int, rules::kMaxRing> ring_seat;
  ring_seat.fill(-1);
  std::array<std::array<int, 8>, rules::kMaxSeats> column{};  // home path k of seat s
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    if (!st.position().seat_present(s)) continue;
    for (auto p : st.position().pawns(s)) {
      const Spot sp = spot_of(s, p, g);
      if (sp.kind == SpotKind::ring) {
        ++ring[sp.abs][s];
        if (ring_seat[sp.abs] < 0) ring_seat[sp.abs] = s;
      } else if (sp.kind == SpotKind::home_path && sp.index >= 1 && sp.index < 8) {
        ++column[s][sp.index];
      }
    }
  }
  for (int s = 0; s < rules::kMaxSeats; ++s)
    for (int k = 1; k <= g.home_path_len && k < 8; ++k)
      if (column[s][k]) {
        const Cell c = home_path_cell(s, k, g);
        cv.cells[c.row][c.col] = {stack_text(s, column[s][k], false), kPawn[s]};
      }
  for (int a = 0; a < g.ring_len; ++a) {
    const int first = ring_seat[a];
    if (first < 0) continue;
    const Cell c = ring_cell(a, g);
    int total = 0, colours = 0;
    for (int n : ring[a]) total += n, colours += n > 0;
    std::string text;
    if (colours == 1) text = stack_text(first, total, g.is_safe_abs(a));
    else if (total == 2) {  // two colours: both letters, in seat order
      for (int s = 0; s < rules::kMaxSeats; ++s)
        if (ring[a][s]) text += upper(s);
    } else text = std::string(1, upper(first)) + "+";  // several colours (Ludo safe squares)
    cv.cells[c.row][c.col] = {text, kPawn[first]};
  }
  // Nests (yards): the seat's name, its pawns there, and who is to move.
  if (ludo) put_yards(cv, st, game, g);
  else put_nests(cv, st, game, g);
  // HOME: pawns home per seat, each on the side of its home path; "HM" in the middle.
  auto home_count = [&](int s) {
    if (!st.position().seat_present(s)) return std::string("  ");
    return std::string(1, upper(s)) + std::to_string(pawns_at(st, s, SpotKind::home, g));
  };
  const int h = shape.centre;
  cv.put(h + 1, h + 1, "HM", "\x1b[1m");
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    switch (side_of_seat(s, g)) {
      case Side::bottom: cv.put(h + 2, h + 1, home_count(s), kFg[s]); break;
      case Side::right: cv.put(h + 1, h + 2, home_count(s), kFg[s]); break;
      case Side::top: cv.put(h, h + 1, home_count(s), kFg[s]); break;
      case Side::left: cv.put(h + 1, h, home_count(s), kFg[s]); break;
    }
  }
  return cv.lines(style.colour);
}

namespace {

std::vector<std::string> wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::vector<std::string> out;
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    const std::string lead = out.empty() ? "" : indent;
    if (!line.empty() && lead.size() + line.size() + 1 + word.size() > width) {
      out.push_back(lead + line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    i = j + 1;
  }
  if (!line.empty()) out.push_back((out.empty() ? "" : indent) + line);
  return out;
}

std::string seat_label(int s) {
  std::string n(colour_name(static_cast<Colour>(s)));
  return n;
}

}  // namespace

std::string text_frame(const Timeline& t, int frame, const Game& game, const std::string& title,
                       const TextStyle& style) {
  const Frame& f = t.frames[static_cast<std::size_t>(frame)];
  const auto& st = f.game;
  const auto& g = t.geometry;
  const bool ludo = is_ludo_board(g);
  const int total = static_cast<int>(t.frames.size()) - 1;
  std::vector<std::string> panel;
  if (f.roll_index < 0) panel.push_back("Start of the game");
  else panel.push_back("Roll " + std::to_string(f.number) + "  (" + std::to_string(frame) + " of " +
                       std::to_string(total) + ")");
  panel.push_back("");
  if (f.roll) {
    const Roll& r = *f.roll;
    std::string dice = r.dice_count() == 1 ? "die " : "dice ";  // Ludo: one die (Ludo rules, Rules)
    for (int i = 0; i < r.dice_count(); ++i) dice += "[" + std::to_string(r.dice[i]) + "]";
    panel.push_back(seat_label(static_cast<int>(r.seat)) + " rolled " + dice);
    const std::string play = play_to_ppn(r);
    for (auto& l : wrap("play " + play, 40, "     ")) panel.push_back(l);
    std::string what;
    if (f.penalty) what = ludo ? "third six: PENALTY" : "third doublet: PENALTY";  // Ludo rules, Gameplay / Hasbro 2001 rules, Doublets Penalty
    if (f.captures) what += std::string(what.empty() ? "" : ", ") + std::to_string(f.captures) + " capture" +
                            (f.captures > 1 ? "s" : "");
    if (!f.applied)
      what += std::string(what.empty() ? "" : ", ") +
              (f.diagnostics.empty() ? "not replayed (replay stopped earlier)" : "not replayed");
    else if (!f.legal) what += std::string(what.empty() ? "" : ", ") + "ILLEGAL (shown as played)";
    if (!what.empty()) panel.push_back(what);
  } else {
    panel.push_back("profile " + t.profile);
  }
  panel.push_back("");
  const bool over = frame == total && t.game_over;
  const std::vector<Colour> ranking = st.ranking();
  if (over && !ranking.empty()) panel.push_back("Game over: " + seat_label(rules::seat_of(ranking.front())) + " wins");
  else if (over) panel.push_back("Game over");
  else {
    const int m = rules::seat_of(st.to_move());
    std::string next = seat_label(m) + " to roll";
    if (ludo) {  // one die: the same seat rolls again after a 6 (Ludo rules, Gameplay)
      if (f.roll && static_cast<int>(f.roll->seat) == m) next += " again";
    } else if (st.doublets() > 0) {
      next += " again (doublet " + std::to_string(st.doublets()) + ")";
    }
    panel.push_back(next);
  }
  panel.push_back("");
  panel.push_back(ludo ? "Tokens (each in its own squares):" : "Pawns (each in its own squares):");
  for (int s : seats_in_order(st)) {
    std::string line = std::string(1, upper(s)) + "  ";
    for (auto p : st.position().pawns(s)) line += to_string(rules::square_of_rel(p.rel(), g)) + " ";
    const std::string lead = style.colour ? std::string(kFg[s]) : "";
    panel.push_back(lead + line + (style.colour ? kReset : ""));
  }
  const auto board = board_lines(st, style, &game, g);
  std::string out = title + "\n";
  // The panel beside the board; on the shorter Ludo board (15 lines) what does not fit goes
  // on under the panel's column.
  const std::string under(static_cast<std::size_t>(visible_width(board.front())), ' ');
  for (std::size_t i = 0; i < std::max(board.size(), panel.size()); ++i) {
    out += i < board.size() ? board[i] : under;
    if (i < panel.size()) out += "  " + panel[i];
    out += "\n";
  }
  const std::size_t width = static_cast<std::size_t>(style.width > 20 ? style.width - 1 : 79);
  for (const auto& d : f.diagnostics) {
    const bool warn_only = code_class(d.code) == Severity::warning;
    std::string head = (warn_only ? "warning[" : "error[") + std::string(d.name()) + "]: ";
    std::string text = head + cited(d.message, d.citation);  // the board shows the play as played: no note
    if (d.step_index >= 0) text += " (mini-move " + std::to_string(d.step_index + 1) + ")";
    const auto lines = wrap(text, width, "  ");
    for (std::size_t i = 0; i < lines.size(); ++i)
      out += (style.colour && i == 0 ? std::string(warn_only ? "\x1b[33m" : "\x1b[1;31m") : "") + lines[i] +
             (style.colour && i == 0 ? kReset : "") + "\n";
    if (!d.alternatives.empty()) {
      std::string alts = "legal: ";
      for (std::size_t i = 0; i < d.alternatives.size(); ++i) alts += (i ? " | " : "") + d.alternatives[i];
      for (const auto& l : wrap(alts, width, "       ")) out += "  " + l + "\n";
    }
  }
  if (frame == total)
    for (const auto& d : t.game_diagnostics) {
      for (const auto& l : wrap("game: " + std::string(d.name()) + ": " + d.text(), width, "  ")) out += l + "\n";
    }
  return out;
}

}  // namespace ppn::render
