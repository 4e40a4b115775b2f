// `ppn analyze IN.ppn -o OUT.ppn`: luck and move quality of every game
// (analysis/game_analysis.hpp), written back as annotations and comments, with a per-seat
// summary on standard output.
#pragma once

#include "analysis/evaluator.hpp"

namespace CLI {
class App;
}

namespace ppn::cli {
void add_analyze_command(CLI::App& app, int& exit_code);
// `--leaf race|fitted` (analyze, bench analyze): what scores a rollout at its horizon.
void add_leaf_option(CLI::App* sub, analysis::Leaf& leaf);
}
