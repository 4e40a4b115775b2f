// libFuzzer harness: nu_transcript_target (fuzz/targets.hpp says what it feeds and checks).
#include "fuzz/harness.hpp"

PPN_FUZZ_HARNESS(ppn::fuzz::nu_transcript_target)
