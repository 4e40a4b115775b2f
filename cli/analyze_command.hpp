// `ppn analyze IN.ppn -o OUT.ppn`: luck and move quality of every game
// (analysis/game_analysis.hpp), written back as annotations and comments, with a per-seat
// summary on standard output.
#pragma once

#include <optional>
#include <string>

#include "analysis/evaluator.hpp"
#include "analysis/game_analysis.hpp"

namespace CLI {
class App;
class Option;
}

namespace ppn::cli {
void add_analyze_command(CLI::App& app, int& exit_code);
// `--leaf race|fitted` (analyze, bench analyze): what scores a rollout at its horizon.
void add_leaf_option(CLI::App* sub, analysis::Leaf& leaf);
// `--policy greedy|net` (analyze, bench analyze): who plays the rollouts.
void add_policy_option(CLI::App* sub, analysis::Policy& policy);
// `--level 0|1|rollout` (analyze, bench analyze), and the error for a rollout option given
// without `--level rollout` (nullopt: none); `seed`: --seed is the rollouts' (analyze), not
// the games' (bench analyze).
CLI::Option* add_level_option(CLI::App* sub, analysis::Level& level);
std::optional<std::string> rollout_options_without_level(const CLI::App& sub, analysis::Level level, bool seed);
}
