// The board as SVG, drawn like the physical board (render/layout.hpp): the cross of squares,
// the nests in the corners in their seat's colour, coloured home paths, safety squares marked
// with a rosette (Hasbro 2001 rules, Safety Spaces: the Lotus flower; Winning Moves rules, Safety Spaces: the blue spaces), ENTER squares in their
// seat's colour, HOME in the middle with a triangle per seat. Pawns are circles in their
// colour; two pawns of one colour on a square (a blockade) are joined by a dark bar. The dice
// of the roll are drawn under the board with the roll in PPN and its diagnostics.
//
// The Ludo board (render/ludo_layout.hpp; Ludo rules, Rules, RULES.md §ludo-board) when the geometry is
// Ludo's: 15 cells of 40 px in the same 608 px square; yards in the corners in their seat's
// colour with four token spots, start squares and home columns in the seat's colour (an arrow
// on a start square shows the direction of travel), a star on every safe square (option
// safe_squares), the finish as four coloured triangles. Tokens wear a white ring so that they
// show on squares of their own colour; a block (two or more tokens of one colour) stands on a
// dark bar; one die under the board.
//
// Every pawn is a <circle class="pawn" data-seat="green" data-square="12"> (the square in the
// pawn's own coordinates, notation/SPEC.md 3.2), so tests and the HTML viewer can read the
// position back from the document.
#pragma once

#include <string>

#include "notation/game.hpp"
#include "render/timeline.hpp"

namespace ppn::render {

inline constexpr int kCell = 32;                      // px per grid cell
inline constexpr int kBoardPx = kCell * 19;           // 608
inline constexpr int kMargin = 8;
inline constexpr int kCaptionPx = 112;                // dice and caption under the board
inline constexpr int kSvgWidth = kBoardPx + 2 * kMargin;
inline constexpr int kSvgHeight = kBoardPx + 2 * kMargin + kCaptionPx;
inline constexpr int kLudoCellPx = 40;                // the Ludo board's 15 cells: 600 px

// The squares, nests and HOME (no pawns), as one <g id="board">. Nests of seats not in the
// game (bit s of `seats` clear) are drawn faded.
// The Ludo board when is_ludo_board(g) (the <g> then carries data-board="ludo52").
std::string svg_board_layer(unsigned seats = 0xF, const replay::Geometry& g = replay::kParcheesi68);
// The pawns of a position, as one <g id="pawns">.
std::string svg_pawn_layer(const replay::GameState& st, const replay::Geometry& g = replay::kParcheesi68);
// Two dice faces (one for Ludo) under the board, as one <g id="dice">; empty group for none.
std::string svg_dice_layer(const Roll* roll);

// A standalone SVG document of one frame: board, pawns, dice, the roll in PPN, who is to move
// and the roll's diagnostics.
std::string svg_frame(const Timeline& t, int frame, const Game& game);

// Text escaped for XML content and attribute values.
std::string xml_escape(const std::string& s);

}  // namespace ppn::render
