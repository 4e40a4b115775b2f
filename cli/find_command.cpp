#include "cli/find_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/json_records.hpp"
#include "cli/progress.hpp"
#include "cli/table_output.hpp"
#include "db/schema.hpp"
#include "db/search.hpp"

namespace ppn::cli {

namespace {

struct FindArgs {
  std::string db = "ppn.sqlite";
  std::string position;
  std::vector<std::string> patterns;
  bool ignore_turn = false;
  std::string format = "table";
};

int run_find(const FindArgs& a) {
  const auto fmt = parse_table_format(a.format);
  if (!fmt) {
    std::cerr << "find: --format must be table, csv or json\n";
    return 2;
  }
  if (a.position.empty() == a.patterns.empty()) {
    std::cerr << "find: give --position ID or --pattern P (not both)\n";
    return 2;
  }
  std::vector<db::Pattern> patterns;
  for (const auto& p : a.patterns) {
    auto parsed = db::parse_pattern(p);
    if (!parsed) {
      std::cerr << "find: " << parsed.error().message << "\n";
      return 2;
    }
    patterns.push_back(*parsed);
  }
  auto opened = db::open_for_reading(a.db);
  if (!opened) {
    std::cerr << "find: " << opened.error().message << "\n";
    return 2;
  }
  auto& database = *opened;
  // A pattern reads every stored position: on a terminal, a count of those read so far.
  Progress bar("find");
  auto result = a.position.empty()
                    ? db::find_pattern(database, patterns,
                                       [&](std::uint64_t n) { bar.update(n, std::to_string(n) + " positions read"); })
                    : db::find_position(database, a.position, a.ignore_turn);
  bar.finish();
  if (!result) {
    std::cerr << "find: " << result.error().message << "\n";
    return 2;
  }
  const auto& t = *result;
  if (*fmt == TableFormat::json) {
    // JSON Lines: a hit per row, then how many (docs/JSON_OUTPUT.md).
    print_json_lines(std::cout, t, "hit");
    emit_record(std::cout, {{"type", "summary"}, {"hits", t.rows.size()}});
  } else {
    print_table(std::cout, t, *fmt);
  }
  return t.rows.empty() ? 1 : 0;
}

}  // namespace

void add_find_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<FindArgs>();
  auto* sub = app.add_subcommand("find", "Search the game database for a position or a structural pattern");
  sub->add_option("--db", a->db, "Database: a SQLite file or a postgresql:// URI")->capture_default_str();
  sub->add_option("--position", a->position, "A position ID, e.g. \"g:N,N,12,40 r:N,N,N,N / g d0\"");
  sub->add_flag("--ignore-turn", a->ignore_turn, "With --position: match the pawns only, not who is to move");
  sub->add_option("--pattern", a->patterns,
                  "blockade-on-enter:C | home-path:C:N | near-home:C:K (C a colour; repeat to require several)");
  sub->add_option("--format", a->format, "Output: table, csv, or json (JSON Lines: hit and summary records; README \"JSON output\")")->capture_default_str();
  sub->callback([a, &exit_code]() { exit_code = run_find(*a); });
}

}  // namespace ppn::cli
