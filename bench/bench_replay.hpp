// `ppn bench replay [--games N] [--variant V] [--seed S]`: rolls/s of validating self-play
// records with the replayer, next to the rolls/s of self-play generation in the same run.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_bench_replay(CLI::App& bench, int& exit_code);
}
