// The [Result] tag checked against the end of the replay.
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

// A [Result] that names another winner, says finished when nobody has won, or "*" when the
// game is over is reported (E-RESULT). Not checked when the replay stopped early or the game
// was read only in part (ReplayConfig::partial).
void check_result(Walk& walk);

}  // namespace ppn::replay
