// `ppn bench evaluator`: the race estimate's and the fitted evaluator's calibration against games
// played on (-o: the calibration chart); `--train -o FILE`: fits the evaluator and writes its weights.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_bench_evaluator(CLI::App& bench, int& exit_code);

}  // namespace ppn::cli
