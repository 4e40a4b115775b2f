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

#include <array>
#include <cstddef>
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
std::string svg_board_layer(unsigned seats = 0xF, const rules::Geometry& g = rules::kParcheesi68);
// The pawns of a position, as one <g id="pawns">.
std::string svg_pawn_layer(const rules::Position& p, const rules::Geometry& g = rules::kParcheesi68);
// The players' names beside their nests (`names` by seat, from nest_label), as one
// <g id="names"> of <text class="player-name" data-seat="green">; seats not in the game and
// empty names get none.
std::string svg_names_layer(const std::array<std::string, 4>& names, unsigned seats,
                            const rules::Geometry& g = rules::kParcheesi68);
// The label of a seat's nest: the player's name ([Green "..."]), else the colour ("Green"),
// at most kNameChars characters (a longer name ends in an ellipsis).
inline constexpr std::size_t kNameChars = 22;
std::string nest_label(const Game& game, int seat);

// The last play of a frame (Frame::moves), drawn under the pawns as one <g id="last-play">:
// each mini-move's from-square outlined dashed (class "last-from"), its to-square filled
// orange ("last-to"), the squares passed joined by an orange line ("last-path") ending in an
// arrowhead ("last-arrow"); a PENALTY's pawn's square outlined too ("last-from penalty").
// Marks carry the square in data-seat / data-square like the pawns. A no-play roll marks nothing.
std::string svg_last_play_layer(const Frame& f, const rules::Geometry& g = rules::kParcheesi68);
// Over the pawns, as one <g id="capture-marks">: a red cross badge in the corner of every square
// where the roll captured a pawn ("capture-mark", data-seat / data-square of the captured pawn),
// a dark one where a PENALTY took the mover's pawn ("penalty-mark").
std::string svg_capture_layer(const Frame& f, const rules::Geometry& g = rules::kParcheesi68);
// Two dice faces (one for Ludo) under the board, as one <g id="dice">; empty group for none.
std::string svg_dice_layer(const Roll* roll);

// A standalone SVG document of one frame: board, the players' names, the last play, pawns,
// captures, dice, the roll in PPN, who is to move and the roll's diagnostics.
std::string svg_frame(const Timeline& t, int frame, const Game& game);

// The centre of square `sq` (in seat's own coordinates, notation/SPEC.md 3.2) in the board's
// SVG coordinates: its square, its nest's centre, its HOME triangle (where the viewers draw a
// pawn standing there).
std::pair<double, double> square_point(int seat, const Square& sq, const rules::Geometry& g = rules::kParcheesi68);
// Text escaped for XML content and attribute values.
std::string xml_escape(const std::string& s);

}  // namespace ppn::render
