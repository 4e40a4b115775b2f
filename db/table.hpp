// A query result held in memory: column names and rows of SQLite values. Reports, --sql and
// searches all produce one; cli/table_output prints it as an aligned table, CSV or JSON.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "db/connection.hpp"

namespace ppn::db {

using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;  // NULL, integer, real, text

struct Table {
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;
};

// Steps `st` to its end and collects every row (BLOBs as lower-case hex).
Table collect(Statement& st);

}  // namespace ppn::db
