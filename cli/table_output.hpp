// Printing a db::Table (reports, --sql, find): an aligned text table (numbers right-aligned,
// NULL shown empty) followed by "(N rows)", CSV (RFC 4180 quoting, header line) or JSON
// (one array of objects keyed by column name).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "db/table.hpp"

namespace ppn::cli {

enum class TableFormat { table, csv, json };
std::optional<TableFormat> parse_table_format(std::string_view s);
void print_table(std::ostream& out, const db::Table& t, TableFormat f);
// JSON Lines (docs/JSON_OUTPUT.md): one object per row, {"type": type, column: value, ...} in
// column order.
void print_json_lines(std::ostream& out, const db::Table& t, const std::string& type);

}  // namespace ppn::cli
