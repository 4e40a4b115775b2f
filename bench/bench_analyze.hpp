// `ppn bench analyze`: decisions analysed per second (luck of every roll, the judgement of every
// decision) at a level, next to replay + legal-play generation of the same positions; with
// --judge, analysis as a judge: the error rates of bots of known strength.
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
  bool judge = false;     // games of random, greedy, eval and net1 bots, seats rotated: each bot's figures
};

int bench_analyze(const BenchAnalyzeArgs& a);

}  // namespace ppn::bench
