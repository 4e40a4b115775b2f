#include "cli/table_output.hpp"

#include "cli/json_records.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>

namespace ppn::cli {

namespace {

std::string text_of(const db::Cell& c) {
  if (std::holds_alternative<std::monostate>(c)) return "";
  if (const auto* i = std::get_if<std::int64_t>(&c)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&c)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", *d);
    return buf;
  }
  return std::get<std::string>(c);
}

// A cell as JSON: NULL null, numbers numbers, text a string.
template <class Json>
Json cell_json(const db::Cell& cell) {
  if (std::holds_alternative<std::monostate>(cell)) return nullptr;
  if (const auto* i = std::get_if<std::int64_t>(&cell)) return *i;
  if (const auto* d = std::get_if<double>(&cell)) return *d;
  return std::get<std::string>(cell);
}

bool numeric(const db::Cell& c) { return std::holds_alternative<std::int64_t>(c) || std::holds_alternative<double>(c); }

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char ch : s) {
    if (ch == '"') q += '"';
    q += ch;
  }
  return q + '"';
}

}  // namespace

std::optional<TableFormat> parse_table_format(std::string_view s) {
  if (s == "table") return TableFormat::table;
  if (s == "csv") return TableFormat::csv;
  if (s == "json") return TableFormat::json;
  return std::nullopt;
}

void print_json_lines(std::ostream& out, const db::Table& t, const std::string& type) {
  for (const auto& row : t.rows) {
    nlohmann::ordered_json o{{"type", type}};
    for (std::size_t c = 0; c < t.columns.size(); ++c) o[t.columns[c]] = cell_json<nlohmann::ordered_json>(row[c]);
    out << json_text(o) << "\n";
  }
}

void print_table(std::ostream& out, const db::Table& t, TableFormat f) {
  if (f == TableFormat::json) {
    auto arr = nlohmann::json::array();
    for (const auto& row : t.rows) {
      nlohmann::json o = nlohmann::json::object();
      for (std::size_t c = 0; c < t.columns.size(); ++c) o[t.columns[c]] = cell_json<nlohmann::json>(row[c]);
      arr.push_back(std::move(o));
    }
    out << json_text(arr, 1) << "\n";
    return;
  }
  if (f == TableFormat::csv) {
    for (std::size_t c = 0; c < t.columns.size(); ++c) out << (c ? "," : "") << csv_field(t.columns[c]);
    out << "\n";
    for (const auto& row : t.rows) {
      for (std::size_t c = 0; c < row.size(); ++c) out << (c ? "," : "") << csv_field(text_of(row[c]));
      out << "\n";
    }
    return;
  }
  std::vector<std::size_t> width(t.columns.size());
  for (std::size_t c = 0; c < t.columns.size(); ++c) width[c] = t.columns[c].size();
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : t.rows) {
    cells.emplace_back();
    for (std::size_t c = 0; c < row.size(); ++c) {
      cells.back().push_back(text_of(row[c]));
      width[c] = std::max(width[c], cells.back().back().size());
    }
  }
  auto line = [&](const std::vector<std::string>& v, const std::vector<db::Cell>* row) {
    std::string s;
    for (std::size_t c = 0; c < v.size(); ++c) {
      if (c) s += "  ";
      const std::string pad(width[c] - v[c].size(), ' ');
      const bool right = row && numeric((*row)[c]);
      s += right ? pad + v[c] : v[c] + (c + 1 < v.size() ? pad : "");
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out << s << "\n";
  };
  line(t.columns, nullptr);
  std::vector<std::string> rule;
  for (auto w : width) rule.emplace_back(w, '-');
  line(rule, nullptr);
  for (std::size_t r = 0; r < cells.size(); ++r) line(cells[r], &t.rows[r]);
  out << "(" << t.rows.size() << (t.rows.size() == 1 ? " row)" : " rows)") << "\n";
}

}  // namespace ppn::cli
