// Racket boards and moves (nu_xml.hpp values, read from XML or from reference JSONL) in the
// rules core's terms, and back: the one adapter between Racket's board and rules::Position.
// Seats are the colours' engine seats (green 0, red 1, blue 2, yellow 3: rules/squares.hpp);
// coordinates are converted by racket_coords.hpp.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "convert/nu_xml.hpp"
#include "rules/engine.hpp"

namespace ppn::convert::racket {

// A position with pawn identities: `pos` is the rules core's position, `ids[s][k]` where the
// pawn stands that Racket calls (colour of seat s, id k) (the nest for a colour not taking part).
struct PawnPosition {
  rules::Position pos = rules::Position::empty();
  std::array<rules::Pawns, rules::kMaxSeats> ids{};
};

// Where one pawn stands (rules/position.hpp Place) from its Racket location; a ring square
// behind the colour's own ENTER (rel 64..67) is read as the lap square there
// (Geometry::rel_of_track), which position_of_board refuses.
rules::Place place_of_loc(Colour c, nu::Loc loc);
// The Racket location `rel` steps from the colour's ENTER (rel 0..71; start for the nest).
nu::Loc loc_of_rel(Colour c, int rel);

// Every pawn of a board, all four colours, as the rules core's position, refusing nothing (a
// ring pawn behind its own ENTER stands on the lap square there): what a play carried out on
// a Racket board starts from (nu_ppn.cpp).
rules::Position any_position_of_board(const nu::Board& b);

// Reads a board; `seats` marks the colours taking part (the others' pawns, listed in
// their start areas, become absent). Error: a ring pawn behind its own ENTER, or a position
// the rules core calls inconsistent.
std::optional<std::string> position_of_board(const nu::Board& b, unsigned seats, PawnPosition& out);
// Writes a position back (absent colours in their start areas); nullopt when a pawn stands
// where Racket's board has no square (a second-lap square).
std::optional<nu::Board> board_of_position(const PawnPosition& p);

// A recorded play as the rules core's mini-moves, in the mover's coordinates. `forced` is set
// when a mini-move cannot be expressed in engine terms and is illegal as such (another
// colour's pawn, a start square no pawn can occupy, a non-positive distance, more mini-moves
// than any play has): forced_index names the first.
struct EnginePlay {
  rules::Play play;
  std::optional<rules::RuleCode> forced;
  int forced_index = -1;
  std::string forced_detail;
};
EnginePlay play_of_moves(const nu::Moves& m, Colour mover);

}  // namespace ppn::convert::racket
