#include "db/table.hpp"

namespace ppn::db {

Table collect(Statement& st) {
  Table t;
  for (int c = 0; c < st.columns(); ++c) t.columns.emplace_back(st.column_name(c));
  while (st.step()) {
    std::vector<Cell> row;
    row.reserve(t.columns.size());
    for (int c = 0; c < st.columns(); ++c) {
      switch (st.column_type(c)) {
        case ColumnType::integer: row.emplace_back(st.get_int(c)); break;
        case ColumnType::real: row.emplace_back(st.get_double(c)); break;
        case ColumnType::text: row.emplace_back(std::string(st.get_text(c))); break;
        case ColumnType::blob: {
          static constexpr char hex[] = "0123456789abcdef";
          std::string s;
          for (auto b : st.get_blob(c)) {
            s += hex[b >> 4];
            s += hex[b & 15];
          }
          row.emplace_back(std::move(s));
          break;
        }
        default: row.emplace_back(std::monostate{});
      }
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace ppn::db
