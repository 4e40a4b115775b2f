// libFuzzer harness: position_id_target (fuzz/targets.hpp says what it feeds and checks).
#include "fuzz/harness.hpp"

PPN_FUZZ_HARNESS(ppn::fuzz::position_id_target)
