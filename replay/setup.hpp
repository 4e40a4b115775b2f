// A game's start, before its first roll: the seats and their turn order ([Seats], else the
// order of the record), the [Observer] seats, and the starting position (the initial one, or
// [Setup], with the parts of a roll it was taken in the middle of).
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

// Fills walk.st, walk.observer_mask and walk.setup_parts. False (after a diagnostic): the game
// cannot be replayed.
bool set_up_game(Walk& walk);

}  // namespace ppn::replay
