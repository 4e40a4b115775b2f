#include "bench/bench_util.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <stdexcept>

namespace ppn::bench {

std::filesystem::path make_bench_dir() {
  std::random_device rd;
  const auto base = std::filesystem::temp_directory_path();
  for (int attempt = 0; attempt < 100; ++attempt) {
    auto dir = base / ("ppn-bench-" + std::to_string(rd()));
    if (std::filesystem::create_directory(dir)) return dir;
  }
  throw std::runtime_error("cannot create a directory under " + base.string());
}

ScanResult memchr_scan(const std::filesystem::path& file) {
  ScanResult r;
  std::ifstream in(file, std::ios::binary);
  constexpr std::size_t chunk = std::size_t{1} << 20;
  auto buf = std::make_unique<char[]>(chunk);
  BenchTimer t;
  while (in) {
    in.read(buf.get(), static_cast<std::streamsize>(chunk));
    const auto n = static_cast<std::size_t>(in.gcount());
    if (n == 0) break;
    r.bytes += n;
    const char* p = buf.get();
    const char* end = p + n;
    while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr) {
      ++r.lines;
      ++p;
    }
  }
  r.seconds = t.seconds();
  return r;
}

std::string fixed1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace ppn::bench
