// libFuzzer harness: racket_jsonl_target (fuzz/targets.hpp says what it feeds and checks).
#include "fuzz/harness.hpp"

PPN_FUZZ_HARNESS(ppn::fuzz::racket_jsonl_target)
