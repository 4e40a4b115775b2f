// libFuzzer harness: json_game_target (fuzz/targets.hpp says what it feeds and checks).
#include "fuzz/harness.hpp"

PPN_FUZZ_HARNESS(ppn::fuzz::json_game_target)
