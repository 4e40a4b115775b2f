// Withdrawals in a record.
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

// A withdrawal (`R RESIGNS`, `R ABANDONS`; notation/SPEC.md 3). No rules text covers it; the
// decisions (replay/README.md "Withdrawals"): the seat leaves the turn order, its pawns stay
// where they are (they can still block and be captured), and when one seat is left playing
// it wins, or takes the next place when others have finished (play_for_places).
void withdraw(Walk& walk, const Withdrawal& w);

}  // namespace ppn::replay
