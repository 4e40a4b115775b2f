// What the benchmarks of `ppn bench` share (bench/bench_*.hpp, design/performance.md): their
// clocks, a temp dir for generated inputs, the memchr baseline, and number formats.
#pragma once

#include <chrono>
#include <ctime>
#include <filesystem>
#include <string>

namespace ppn::bench {

// Wall-clock seconds since construction.
class BenchTimer {
 public:
  BenchTimer() : start_(std::chrono::steady_clock::now()) {}
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_;
};

// Process CPU time (user + system) since construction, from std::clock: unlike the wall clock
// it does not count the time other processes held the core (the machine may be shared). On
// one thread it is that thread's time; on several, their sum.
class CpuTimer {
 public:
  CpuTimer() : start_(std::clock()) {}
  double seconds() const { return static_cast<double>(std::clock() - start_) / CLOCKS_PER_SEC; }

 private:
  std::clock_t start_;
};

// A fresh directory under the system temp dir for generated inputs (the caller removes it).
std::filesystem::path make_bench_dir();

// The baseline: reads `file` in 1 MiB chunks and counts '\n' with memchr.
struct ScanResult {
  double seconds = 0;
  std::size_t bytes = 0;
  std::size_t lines = 0;
};
ScanResult memchr_scan(const std::filesystem::path& file);

// "123.4" (one decimal), "1.23" (two).
std::string fixed1(double v);
std::string fixed2(double v);

}  // namespace ppn::bench
