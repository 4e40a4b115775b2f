// `ppn selfplay --variant V --games N --seed S [--players K] -o FILE`: legal PPN games played
// by simple bots (deterministic for a seed); every game it writes validates.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_selfplay_command(CLI::App& app, int& exit_code);
}
