// `ppn db copy FROM TO`: copies a whole game collection between databases, a SQLite file or a
// PostgreSQL server on either side (db/copy.hpp): the games TO lacks, with all their rows;
// idempotent. Prints `db copy: N games in FROM: C copied, P already in TO`.
// Exit codes: 0 success, 2 usage or database error (nothing copied).
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_db_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
