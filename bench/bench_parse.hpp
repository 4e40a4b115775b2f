// `ppn bench parse [--size MB] [--keep] [FILE]`: parse speed of the streaming PPN parser.
// Without FILE it writes a synthetic file of --size MB (default 200) of realistic 4-seat
// Parcheesi games (about 150 roll lines each, with entries, captures, bonuses, comments,
// annotations) into a temp dir, then times parse_stream on it next to a memchr newline scan
// of the same file in the same run, and prints MB/s, games/s and the ratio, each by wall-clock
// time and by process CPU time (std::clock).
// Floor (design/performance.md): 150 MB/s and 0.03x the memchr scan (Release build), judged on
// the CPU-time figures, which other processes on a shared machine do not inflate.
#pragma once

#include <cstddef>
#include <string>

namespace ppn::bench {
// Writes synthetic games to `path` until it holds at least `bytes`; returns the game count.
std::size_t write_synthetic_ppn(const std::string& path, std::size_t bytes, unsigned seed = 1);

// The benchmark: `file` ("" = a synthetic file of `size_mb` MB in a temp dir, removed unless
// `keep`) parsed on one thread, and on `jobs` when more than one. The exit code.
int bench_parse(double size_mb, bool keep, const std::string& file, unsigned jobs);
}  // namespace ppn::bench
