// `ppn bench evaluator`: the race estimate's and the fitted evaluator's calibration against games
// played on (-o: the calibration chart); `--train -o FILE`: fits the evaluator and writes its weights.
#pragma once

#include <string>

#include "analysis/evaluator_training.hpp"
#include "analysis/selfplay.hpp"

namespace ppn::bench {

struct BenchEvaluatorArgs {
  analysis::SelfplayConfig cfg{.variant = "hasbro-2001", .options = {}, .players = 4, .seed = 1000};  // held apart from the seeds of the fits (99, 5000)
  // 200 games of 16 play-ons: every decile's standard error 1.3 points or less, in 3-50 s on 2
  // threads (analysis/README.md "Evaluator calibration").
  int games = 200;
  int every = 10;      // a position every this many rolls
  int playouts = 16;   // games played on from each position
  unsigned jobs = 1;   // threads (the default, every core, is set with the option)
  std::string output;  // the calibration chart (SVG), or with --train the weights file
  bool train = false;
  analysis::Policy policy = analysis::Policy::greedy;  // who plays the games played on
  analysis::TrainingConfig training;
};

int bench_evaluator(const BenchEvaluatorArgs& a);

}  // namespace ppn::bench
