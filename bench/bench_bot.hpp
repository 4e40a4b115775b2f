// `ppn bench bot`: one bot against the field over self-play games, its win rate with a 95%
// interval next to the baseline 1/players.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_bench_bot(CLI::App& bench, int& exit_code);

}  // namespace ppn::cli
