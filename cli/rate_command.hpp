// `ppn rate --db PATH`: Plackett-Luce ratings of the players of a database's games
// (analysis/rating.hpp), plain and luck-adjusted.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_rate_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
