// `ppn import FILE... [--db PATH]`: replays and validates every game and stores it in the
// game database, a SQLite file or a PostgreSQL server (db/SCHEMA.md), unless the database already holds it.
//
// Output: after each file is committed, one line on stdout
//   games.ppn: 120 games: 118 new (2 illegal), 1 duplicate, 1 prefix duplicate, 0 syntax errors
// (a file whose line was printed is safely stored, even if the import is killed later), then
//   import: 2 files, 124 games: 120 new (2 illegal), 3 duplicates, 1 prefix duplicate, 0 syntax errors; ppn.sqlite holds 500 games
// Diagnostics of illegal games (stored with the game) and syntax errors go to stderr,
// FILE:LINE:COL located.
//
// Exit codes: 0 every game read and legal (duplicates are no error), 1 some stored game has an
// illegal roll, 2 syntax, I/O, usage or database errors (takes precedence).
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_import_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
