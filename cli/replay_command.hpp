// `ppn replay FILE [--game N] [--at ROLL]`: step through a recorded game.
//
// On a terminal (standard input and output both terminals) and without --at: the interactive
// stepper (render/stepper.hpp) showing the board, the dice, the play in PPN, who is to move
// and the diagnostics of each roll. Otherwise (a pipe, CI) it prints every position in turn,
// or with --at ROLL the position after roll ROLL (0: the start), and exits.
// The game is replayed under its profile with illegal rolls applied as played, so the whole
// game can be watched; an illegal roll shows its diagnostic.
//
// Exit codes: 0 shown (also when a roll is illegal: the viewer shows it), 2 I/O, syntax or
// usage error (no such game, no such roll, a game that cannot be replayed at all).
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_replay_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
