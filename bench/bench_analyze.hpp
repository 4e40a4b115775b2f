// `ppn bench analyze`: decisions analysed per second (luck of every roll, rollouts of every
// decision) at a rollout setting, next to replay + legal-play generation of the same positions.
#pragma once

#include <string>

#include "analysis/game_analysis.hpp"
#include "analysis/selfplay.hpp"

namespace ppn::bench {

struct BenchAnalyzeArgs {
  analysis::SelfplayConfig cfg;
  analysis::AnalyzeConfig acfg;
  int games = 4;
  std::string stability;  // a directory of PPN files: the marks' agreement over seeds 1, 2, 3
};

int bench_analyze(const BenchAnalyzeArgs& a);

}  // namespace ppn::bench
