// One recorded roll: its dice, its turn, the doubles penalty, and its play judged by the
// engine (validate_play); the position it yields goes to the visitor.
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

// Returns false when replay of this game stops.
bool replay_roll(Walk& walk, const Roll& r);

// Moves the game on past a roll whose result is `result` (advance_turn: turn, doublets,
// finishers) and hands the roll to the visitor.
void finish_roll(Walk& walk, const Roll& r, const rules::Position& result, const rules::Events& ev, bool legal,
                 bool fully_used, const rules::Play* play = nullptr);

}  // namespace ppn::replay
