// `ppn render FILE [--game N] --at ROLL -o board.svg`: an SVG picture of the position after
// roll ROLL (0: the start), drawn like the physical board, with the dice of that roll, the
// roll in PPN and its diagnostics (render/svg_board.hpp).
// `ppn render FILE [--game N] --html -o game.html`: one self-contained HTML file replaying the
// game step by step (render/html_viewer.hpp).
// Without -o (or with -o -) the document goes to standard output.
//
// Illegal rolls are shown as played, with their diagnostic at that roll. Exit codes: 0
// written, 2 I/O, syntax or usage error (no such game or roll, neither --at nor --html).
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_render_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
