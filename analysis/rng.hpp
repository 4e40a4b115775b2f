// A small deterministic random generator (SplitMix64) and unbiased dice. The standard
// library's distributions are implementation-defined, so self-play and benchmarks use this
// to give the same games for the same seed on every build.
#pragma once

#include <cstdint>

namespace ppn::analysis {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), by rejection (no modulo bias).
  std::uint32_t below(std::uint32_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return static_cast<std::uint32_t>(x % n);
  }
  int die() { return static_cast<int>(below(6)) + 1; }

 private:
  std::uint64_t state_;
};

}  // namespace ppn::analysis
