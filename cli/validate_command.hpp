// `ppn validate FILE...`: parses every game and re-validates every roll under the game's rule
// profile ([Variant], [Option] tags; --variant / --option override them).
//
// Text output: one diagnostic per problem on stdout,
//   FILE:LINE:COL: error[CODE]: message
//     roll:     14. G 5-1: 13/18 18/19
//     position: g:N,N,0,13 ... / g d0
//     legal:    N/0 13/14 | N/0 0/1
// then a summary line per file and a final line:
//   validate: 3 files, 12 games, 1843 rolls, 1 illegal roll, 0 syntax errors
// Syntax and I/O errors go to stderr in the parser's located format (with a caret line).
// --format json prints JSON Lines instead: {"type":"diagnostic",...} per problem,
// {"type":"file",...} per file and one {"type":"summary",...} (docs/JSON_OUTPUT.md).
//
// Exit codes: 0 every game read and every roll legal, 1 some roll is illegal (or a record
// contradicts its replay), 2 a syntax or I/O error (takes precedence).
#pragma once

#include <cstddef>

namespace CLI {
class App;
}

namespace ppn::cli {

void add_validate_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
