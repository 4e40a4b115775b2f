// An observed position (`@`, notation/SPEC.md 3.4): the replay jumps to it, after checking
// that the unseen plays since the replayed position could have led there.
#pragma once

#include "replay/walk.hpp"

namespace ppn::replay {

void observe(Walk& walk, const ObservedPosition& o);

}  // namespace ppn::replay
