// The order in which turns pass when a record does not say (RULES.md Q2). A record's [Seats]
// always gives it; a position ID does not, so `ppn legal` (replay/referee.hpp) and self-play
// (analysis/selfplay.cpp) seat the colours in this order.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "notation/colour.hpp"
#include "rules/geometry.hpp"

namespace ppn::rules {

// The four colours in the order turns pass, from green. Parcheesi profiles: "Play then
// continues to the left" (Hasbro 2001 rules, How to Play), the next player's ENTER 17 squares
// behind: green, yellow, blue, red. racket-nu: Racket's server plays green, red, blue, yellow
// (RULES.md Q2 [RK]). Ludo profiles: "Players alternate turns in a clockwise direction" (Ludo
// rules, Gameplay), the way the tokens travel: green, red, blue, yellow.
std::array<Colour, 4> turn_direction(std::string_view profile);

// The seats of a game and its turn order (RULES.md Q2) from the colours taking part, in the
// order they play: `mask` has bit s set for each seat taking part; `order` lists them in that
// order, then the seats not taking part (GameState::turn_order holds all four).
struct SeatOrder {
  unsigned mask = 0;
  std::array<std::uint8_t, kMaxSeats> order{};
};
SeatOrder seat_order_of(std::span<const Colour> seats);

}  // namespace ppn::rules
