// One recorded roll: its dice, its turn, the doubles penalty, and its play judged by the
// rules core (rules::Game); the position it yields goes to the visitor.
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

// Returns false when replay of this game stops.
bool replay_roll(Walk& walk, const Roll& r);

// The throw of a roll as the rules core takes it: two dice, or Ludo's one (d2 = 0); a one-die
// roll finishing a mid-roll [Setup] on the Parcheesi board plays its die as both.
rules::Dice dice_of(const Walk& walk, const Roll& r);

// A roll played (`walk.st` is the game after it, `before` the game before it, which only a
// visitor needs): counts it, notes the end of the game, and hands the roll to the visitor.
void roll_done(Walk& walk, const Roll& r, const rules::Game& before, const rules::RollResult& result, bool legal);

}  // namespace ppn::replay
