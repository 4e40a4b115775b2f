// The order in which turns pass when a record does not say (RULES.md Q2). A record's [Seats]
// always gives it; a position ID does not, so `ppn legal` (replay/referee.hpp) and self-play
// (analysis/selfplay.cpp) seat the colours in this order.
#pragma once

#include <array>
#include <string_view>

#include "notation/colour.hpp"

namespace ppn::rules {

// The four colours in the order turns pass, from green. Parcheesi profiles: "Play then
// continues to the left" (Hasbro 2001 rules, How to Play), the next player's ENTER 17 squares
// behind: green, yellow, blue, red. racket-nu: Racket's server plays green, red, blue, yellow
// (RULES.md Q2 [RK]). Ludo profiles: "Players alternate turns in a clockwise direction" (Ludo
// rules, Gameplay), the way the tokens travel: green, red, blue, yellow.
std::array<Colour, 4> turn_direction(std::string_view profile);

}  // namespace ppn::rules
