// The board as text: a picture of the cross in 38 columns x 19 lines (2 columns per square;
// the Ludo board, render/ludo_layout.hpp, in 30 columns x 15 lines), with a side panel (roll,
// dice, play, who is to move, each seat's pawns in its own coordinates) and the diagnostics
// of the roll below, readable in 80 columns.
//
// Squares (plain form; the colour form adds ANSI colours: safeties on blue, home paths and
// pawns in their seat's colour):
//    .   ring square           *   safety square (Hasbro 2001 rules, Safety Spaces: "spaces with the Lotus flower";
//                                  Ludo: a safe star or start square, option safe_squares)
//   g*   green's ENTER (a safety; the lower-case letter names its seat)
//   g.   green's Ludo start square when start squares are not safe (classic Ludo, Ludo rules, Gameplay)
//    g   green's home path     G   one green pawn   GG  a green blockade   GR  a shared safety
//   G3   three or more green tokens (a Ludo block)   G+  several colours on a Ludo safe square
// Nests (the corners; Ludo: yards) list their pawns and the seat's name; HOME (the middle;
// Ludo: the finish) counts the pawns home per seat.
#pragma once

#include <string>
#include <vector>

#include "notation/game.hpp"
#include "render/timeline.hpp"

namespace ppn::render {

struct TextStyle {
  bool colour = false;  // ANSI colours (caller decides: a terminal, NO_COLOR unset, TERM != dumb)
  int width = 80;       // columns for wrapping the diagnostics
};

// The lines of the board alone: 19 of 38 visible columns, or 15 of 30 on the Ludo board.
std::vector<std::string> board_lines(const rules::Game& st, const TextStyle& style,
                                     const Game* game = nullptr,
                                     const rules::Geometry& g = rules::kParcheesi68);

// One frame of a timeline: a title line, the board with its side panel, the diagnostics.
// `title` is e.g. "samples/01.ppn, game 1".
std::string text_frame(const Timeline& t, int frame, const Game& game, const std::string& title,
                       const TextStyle& style);

// Whether colour should be used on a stream that is (not) a terminal: NO_COLOR (any value,
// https://no-color.org) and TERM=dumb turn it off.
bool colour_wanted(bool is_terminal);

// Visible width of a string holding ANSI escape sequences (UTF-8 counted by code points).
int visible_width(const std::string& s);

}  // namespace ppn::render
