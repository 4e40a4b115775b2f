// A position ID: a one-line text form of a whole position (notation/SPEC.md "Position ID").
//
//   g:N,N,12,40 r:N,N,N,N b:0,0,17,h2 y:5,63,H,H / g d0
//   g:N,N,12,40 r:N,N,N,N / r d1 [1,4,+20]
//
// Each seat's pawns in that seat's own coordinates, seats in the fixed order g r b y, pawns
// sorted N < ring ascending < home path ascending < H, so equal positions have equal IDs.
// After " / ": the seat to move, `d<n>` the rolls already thrown in this turn that earned a
// re-roll (doublets; sixes in Ludo), and, only for a position taken in the middle of a roll,
// the parts still to play in brackets (dice values 1..6, bonuses +10/+20), sorted.
// The notation knows no rules: the ID is not checked for legality (pawn counts, occupancy).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "notation/colour.hpp"
#include "notation/square.hpp"

namespace ppn {

struct SeatPawns {
  Colour seat = Colour::Green;
  std::vector<Square> pawns;  // sorted ascending (Square's operator<=>)
  friend bool operator==(const SeatPawns&, const SeatPawns&) = default;
};

// A part still to be played: a die value 1..6, or a bonus of 10 or 20.
struct PendingPart {
  std::uint8_t value = 0;
  bool bonus = false;
  friend bool operator==(const PendingPart&, const PendingPart&) = default;
  friend auto operator<=>(const PendingPart&, const PendingPart&) = default;
};

struct PositionDesc {
  static constexpr std::size_t max_pawns_per_seat = 8;
  static constexpr std::uint8_t max_rerolls = 9;

  std::vector<SeatPawns> seats;  // distinct seats, sorted by Colour
  Colour to_move = Colour::Green;
  std::uint8_t rerolls = 0;            // `d<n>`: doublets (Ludo: sixes) already thrown this turn
  std::vector<PendingPart> pending;    // empty: the mover is about to roll

  const SeatPawns* find(Colour c) const;
  friend bool operator==(const PositionDesc&, const PositionDesc&) = default;
};

// Sorts seats, pawns and pending parts into canonical order.
void canonicalize(PositionDesc& p);

struct PositionIdError {
  std::size_t offset = 0;  // byte offset into the parsed text
  std::string message;     // e.g. "expected a square (N, 0-99, h1-h9 or H)"
};

// Lenient: any amount of white space between tokens, either letter case, pawns in any order.
// The result is canonicalized.
std::variant<PositionDesc, PositionIdError> parse_position_id(std::string_view text);
// Canonical form (canonicalizes a copy first).
std::string format_position_id(const PositionDesc& p);

}  // namespace ppn
