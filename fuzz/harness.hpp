// The libFuzzer entry point shared by every fuzz/*_fuzz.cpp: runs one target of targets.hpp
// and turns a broken invariant into a crash, which libFuzzer records as a finding.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "fuzz/targets.hpp"

#define PPN_FUZZ_HARNESS(target)                                                           \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {      \
    const std::string_view text(reinterpret_cast<const char*>(data), size);                \
    if (auto finding = (target)(text)) {                                                   \
      std::fprintf(stderr, "ppn fuzz finding: %s\n", finding->c_str());                    \
      std::abort();                                                                        \
    }                                                                                      \
    return 0;                                                                              \
  }
