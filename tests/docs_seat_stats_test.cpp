// The docs list exactly the per-seat statistics of stats/seat_stats.hpp: db/SCHEMA.md the
// columns of seat_stats, docs/JSON_OUTPUT.md the fields of the `ppn stats` player record, so
// that a statistic added to the table without its line in the docs (or a line left behind by
// one removed) fails here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/json_records.hpp"
#include "db/connection.hpp"
#include "db/schema.hpp"
#include "shared_data.hpp"
#include "stats/seat_stats.hpp"

namespace {

// The names in the first cell of every markdown table row between `start` and `stop`, in
// order. A name written `_suffix` after a first `prefix_x` is `prefix_suffix`
// ("`captures_made_unsafe`, `_safe`, `_entry`").
std::vector<std::string> first_cell_names(const std::string& doc, const std::string& start, const std::string& stop) {
  const auto from = doc.find(start);
  REQUIRE(from != std::string::npos);
  const auto to = doc.find(stop, from + start.size());
  REQUIRE(to != std::string::npos);
  std::stringstream in(doc.substr(from, to - from));
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    const std::string cell = line.substr(1, line.find('|', 1) - 1);
    std::string prefix;
    for (auto at = cell.find('`'); at != std::string::npos;) {
      const auto close = cell.find('`', at + 1);
      std::string name = cell.substr(at + 1, close - at - 1);
      if (name.rfind('_', 0) == 0) name = prefix + name;
      else prefix = name.substr(0, name.rfind('_'));
      names.push_back(name);
      at = cell.find('`', close + 1);
    }
  }
  return names;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

TEST_CASE("db/SCHEMA.md lists every column of seat_stats, the statistics' among them", "[docs][stats]") {
  const auto doc = ppn::test::read_file(ppn::test::source_path("db/SCHEMA.md"));
  const auto documented = first_cell_names(doc, "\n`seat_stats`: one row per seat", "\n`seat_illegal(");
  // The columns of a database at the current version.
  ppn::db::Database db(":memory:");
  for (int k = 0; k < ppn::db::schema_version(); ++k) db.exec(std::string(ppn::db::migration_sql(k)));
  std::vector<std::string> columns;
  ppn::db::Statement q(db, "SELECT name FROM pragma_table_info('seat_stats') WHERE name NOT IN ('game_id', 'colour')");
  while (q.step()) columns.emplace_back(q.get_text(0));
  INFO("documented: " << joined(documented));
  INFO("in the table: " << joined(columns));
  CHECK(std::set<std::string>(documented.begin(), documented.end()) == std::set<std::string>(columns.begin(), columns.end()));
  CHECK(documented.size() == columns.size());
  // Each statistic's columns, in the table's order.
  std::vector<std::string> from_table, documented_figures;
  for (const auto& s : ppn::stats::kSeatStats)
    for (int k = 0; k < s.columns(); ++k) from_table.push_back(s.column_name(k));
  for (const auto& name : documented)
    if (std::find(from_table.begin(), from_table.end(), name) != from_table.end()) documented_figures.push_back(name);
  CHECK(joined(documented_figures) == joined(from_table));
}

TEST_CASE("docs/JSON_OUTPUT.md lists every field of the stats player record, the statistics' in order",
          "[docs][stats]") {
  const auto doc = ppn::test::read_file(ppn::test::source_path("docs/JSON_OUTPUT.md"));
  const auto documented = first_cell_names(doc, "\n### stats: \"player\"", "\n### ");
  std::vector<std::string> fields;
  const auto record = ppn::cli::stats_player_record(ppn::analysis::PlayerTotals{});
  for (const auto& [key, value] : record.items()) fields.push_back(key);
  CHECK(joined(documented) == joined(fields));
  std::vector<std::string> from_table, documented_figures;
  for (const auto& s : ppn::stats::kSeatStats) from_table.emplace_back(s.json);
  for (const auto& name : documented)
    if (std::find(from_table.begin(), from_table.end(), name) != from_table.end()) documented_figures.push_back(name);
  CHECK(joined(documented_figures) == joined(from_table));
}
