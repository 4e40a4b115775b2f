// NU protocol values (nu_xml.hpp: Racket's absolute board) to and from the PPN model
// (notation/: squares in the mover's own coordinates, position IDs, steps).
//
// Coordinates: racket_coords.hpp (ring rel 0..63, home row k (0..6) = h(k+1), HOME after 71
// steps from the ENTER).
//
// `apply_moves` carries out a play on a Racket board the way the board itself changes
// (board.rkt): a pawn moves by its distance along its own track; a pawn landing on a ring
// square where one pawn of another colour stands sends it to its start ("bumps" it). It
// judges nothing: whether the play was allowed is the rules engine's business (replay/). It
// exists so that converters can write what a play did (capture marks `x`, arrivals, bonuses
// left unplayed) and check a recorded next board.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert::nu {

inline constexpr int kHomeSteps = racket::kHome;  // ENTER to HOME: 64 ring squares, 7 home-row squares

using racket::enter_square;  // 5, 22, 39, 56

// Where a pawn stands in its own coordinates; nullopt when `loc` is a ring square the colour
// never reaches on its first lap (rel 64..67, "behind its ENTER").
std::optional<Square> square_of_loc(Colour c, Loc loc);
// The reverse: nullopt for squares outside Racket's board (ring 64+, h8, h9).
std::optional<Loc> loc_of_square(Colour c, Square s);

// The position ID of a board: all four colours, `to_move` with `rerolls` doublets behind it.
// A ring pawn behind its ENTER (impossible in Racket) is written as ring 64..67.
PositionDesc desc_of_board(const Board& b, Colour to_move, int rerolls = 0);
// A board for a position ID, pawn ids taken from `previous` where a pawn of that colour still
// stands on the same square (so ids stay stable from one roll to the next), the others
// numbered in order. nullopt when the ID cannot be a Racket board (a seat without 4 pawns,
// a square off the board).
std::optional<Board> board_of_desc(const PositionDesc& d, const Board& previous);
// The start of a game: every pawn in its start area.
Board initial_board();

// What a play did to the board.
struct Applied {
  Board after;
  std::vector<bool> captures;  // per move: it bumped a pawn
  int captured = 0;            // pawns bumped (each earns the 20 bonus)
  int arrived = 0;             // pawns that reached HOME (each earns the 10 bonus)
  std::string error;           // non-empty: a move cannot be carried out (past HOME, bad index)
  int error_move = -1;
};
Applied apply_moves(const Board& before, const Moves& m);

bool finished(const Board& b, Colour c);  // all four pawns HOME

// A play as PPN steps in the mover's coordinates: `N/0`, `12/15`, `x` where a pawn was bumped,
// `+20 FROM/TO` / `+10 FROM/TO` for distances 20 and 10 (die parts are 1..6), then one
// `+20 -` / `+10 -` per bonus earned but not played unless the play finishes the mover
// (RULES.md Q63: left-over bonuses are then void). A move of another colour's pawn becomes a
// step with that owner (`R:N/0`, in that colour's coordinates; no forfeits are inferred for
// such a play). Error: a move PPN cannot write (past HOME); `error_move` names it.
struct StepsResult {
  std::vector<Step> steps;
  Applied applied;
  std::string error;
  int error_move = -1;
};
StepsResult steps_of_moves(const Board& before, Colour mover, const Moves& m);

// The reverse, for export: each step of a roll as an NU move naming the pawn that stands on
// its start square in `before` (as updated by the earlier steps). Forfeited bonuses are not
// moves. A step with an owner names a pawn of that colour. Error: a step whose square holds no
// pawn of its colour.
struct MovesResult {
  Moves moves;
  Applied applied;
  std::string error;
};
MovesResult moves_of_steps(const Board& before, Colour mover, const std::vector<Step>& steps);

}  // namespace ppn::convert::nu
