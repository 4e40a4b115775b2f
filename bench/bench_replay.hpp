// `ppn bench replay [--games N] [--variant V] [--seed S]`: rolls/s of validating self-play
// records with the replayer, next to the rolls/s of self-play generation in the same run.
#pragma once

#include "analysis/selfplay.hpp"

namespace ppn::bench {

struct BenchReplayArgs {
  analysis::SelfplayConfig cfg;
  int games = 2000;
  int repeat = 3;
  unsigned jobs = 1;
};

int bench_replay(const BenchReplayArgs& a);

}  // namespace ppn::bench
