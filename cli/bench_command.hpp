// `ppn bench <name> ...`: speed measurements, each figure printed next to a baseline measured
// in the same run (design/performance.md). `bench` is a group; every benchmark is a file pair
// bench/bench_<name>.{hpp,cpp} of the library ppn_bench (its settings and its run); this file
// only wires each to its subcommand and options (cli/bench_command.cpp): add one function each.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_bench_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
