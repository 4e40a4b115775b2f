// `ppn query [--db PATH] REPORT` / `ppn query [--db PATH] --sql "SELECT ..."`: canned
// statistics reports (db/reports.hpp: summary, players, captures, doublets, length, illegal,
// dice), each with its sample sizes, or one read-only SQL statement. The database is opened
// read-only, so a query may run while an import writes (WAL).
// Output: an aligned table (default), --format csv or --format json.
// Exit codes: 0 success, 2 usage, unknown report, SQL error or unreadable database.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_query_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
