// `ppn stats FILE... [--player P]`: per-game and per-player statistics with sample sizes
// (analysis/game_stats.hpp), and SVG charts (`--chart race|luck|faces -o F.svg`).
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_stats_command(CLI::App& app, int& exit_code);
}
