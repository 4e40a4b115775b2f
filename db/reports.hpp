// The canned statistics reports of `ppn query REPORT` and the read-only `--sql` runner. Every
// report carries its sample size (games, rolls or dice counted) beside each figure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "db/connection.hpp"
#include "db/table.hpp"
#include "notation/result.hpp"

namespace ppn::db {

struct ReportInfo {
  std::string_view name;
  std::string_view description;
  std::string_view sql;
};
// summary, players, captures, doublets, length, illegal, dice.
const std::vector<ReportInfo>& reports();
const ReportInfo* find_report(std::string_view name);

// Runs a report. Error: E-ARGUMENT for a name no report has, else E-DATABASE.
Result<Table> run_report(Database& db, std::string_view name);
// Runs one read-only SQL statement (anything that would write is refused): the user's own,
// sent as written (Statement::Kind::verbatim: no parameters). Error: E-DATABASE, also for a
// statement refused (none, more than one, one that would write).
Result<Table> run_read_only_sql(Database& db, std::string_view sql);

}  // namespace ppn::db
