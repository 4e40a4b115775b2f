#include "cli/query_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/table_output.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"

namespace ppn::cli {

namespace {

struct QueryArgs {
  std::string db = "ppn.sqlite";
  std::string report;
  std::string sql;
  std::string format = "table";
};

std::string report_list() {
  std::string s;
  for (const auto& r : db::reports()) s += "  " + std::string(r.name) + ": " + std::string(r.description) + "\n";
  return s;
}

int run_query(const QueryArgs& a) {
  const auto fmt = parse_table_format(a.format);
  if (!fmt) {
    std::cerr << "query: --format must be table, csv or json\n";
    return 2;
  }
  if (a.report.empty() == a.sql.empty()) {
    std::cerr << "query: give a REPORT or --sql (not both); reports:\n" << report_list();
    return 2;
  }
  if (!a.report.empty() && !db::find_report(a.report)) {
    std::cerr << "query: unknown report '" << a.report << "'; reports:\n" << report_list();
    return 2;
  }
  auto opened = db::open_for_reading(a.db);
  if (!opened) {
    std::cerr << "query: " << opened.error().message << "\n";
    return 2;
  }
  auto& database = *opened;
  // The reports read the current tables; --sql is the user's own and may suit any version.
  if (const auto old = db::outdated(database, a.db); !old.empty() && !a.report.empty()) {
    std::cerr << "query: " << old << "\n";
    return 2;
  }
  auto result = a.sql.empty() ? db::run_report(database, a.report) : db::run_read_only_sql(database, a.sql);
  if (!result) {
    std::cerr << "query: " << result.error().message << "\n";
    return 2;
  }
  print_table(std::cout, *result, *fmt);
  return 0;
}

}  // namespace

void add_query_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<QueryArgs>();
  std::string names;
  for (const auto& r : db::reports()) (names += names.empty() ? "" : ", ") += r.name;
  auto* sub = app.add_subcommand("query", "Statistics reports and read-only SQL over the game database");
  sub->add_option("report", a->report, "Report: " + names);
  sub->add_option("--db", a->db, "Database: a SQLite file or a postgresql:// URI")->capture_default_str();
  sub->add_option("--sql", a->sql, "Run one read-only SQL statement instead of a report (schema: db/SCHEMA.md)");
  sub->add_option("--format", a->format, "Output: table, csv or json")->capture_default_str();
  sub->callback([a, &exit_code]() { exit_code = run_query(*a); });
}

}  // namespace ppn::cli
