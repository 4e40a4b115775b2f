// `ppn bench evaluator`: the race estimate's calibration against games played on.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_bench_evaluator(CLI::App& bench, int& exit_code);

}  // namespace ppn::cli
