// ppn._Database, behind ppn.Database (ppn/database.py): `ppn import` (app/import.hpp, the use
// case the CLI's import runs too, opening the database at once), the reports and
// read-only SQL of `ppn query` (db/reports.hpp), each opened through db's open functions.
#include <pybind11/stl.h>

#include <optional>

#include "app/import.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"
#include "parser/parser.hpp"
#include "python/bindings.hpp"
#include "replay/replayer.hpp"

namespace ppn::python {

namespace {

// ppn.DatabaseError carrying the diagnostic, its text the message.
[[noreturn]] void db_error(const Diagnostic& d) { raise_error("DatabaseError", diagnostic_object(d), d.message); }

py::tuple table(const Result<db::Table>& r) {
  if (!r) db_error(r.error());
  const auto& t = *r;
  py::list rows;
  for (const auto& row : t.rows) {
    py::tuple tup(row.size());
    for (std::size_t i = 0; i < row.size(); ++i)
      tup[i] = std::visit([](const auto& v) -> py::object {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) return py::none();
        else return py::cast(v);
      }, row[i]);
    rows.append(tup);
  }
  return py::make_tuple(t.columns, rows);
}

db::Database open_reading(const std::string& path) {
  auto opened = db::open_for_reading(path);
  if (!opened) db_error(opened.error());
  return std::move(*opened);
}

// What the module keeps of an import (app/import.hpp): the new ids and the errors, as
// diagnostics, collected on the importing thread without the GIL.
class ImportCollector final : public app::ImportListener {
 public:
  std::vector<std::int64_t> ids;
  std::vector<parser::ParseError> parse_errors;  // syntax errors and files that cannot be opened
  std::vector<Diagnostic> refused_games;

  void file_reported(const std::string&, const app::FileReport& rep, std::size_t, std::uint64_t,
                     const app::ImportCounts&) override {
    for (auto [a, b] : rep.added_ids)
      for (auto id = a; id <= b; ++id) ids.push_back(id);
  }
  void unopened(const std::string& path, const std::string& why) override {
    parser::ParseError e;
    e.code = Code::io;
    e.file = path;
    e.whole_file = true;
    e.message = "cannot open the file: " + why;
    parse_errors.push_back(std::move(e));
  }
  void refused(const db::RefusedGame& r) override { refused_games.push_back(r); }
  void parse_error(const parser::ParseError& e) override { parse_errors.push_back(e); }
};

py::dict import_files(const std::string& path, const std::vector<std::string>& files, const std::optional<std::string>& variant,
                      const py::object& options, const std::string& on_error) {
  app::ImportRequest req;
  req.db = path;
  req.files = files;
  req.open = app::ImportRequest::Open::at_once;
  if (variant) req.options.replay.variant = *variant;
  req.options.replay.options = option_list(options);
  auto policy = replay::parse_on_error(on_error);
  if (!policy) throw py::value_error("on_error is stop, skip, keep-prefix or as-played");
  req.options.replay.on_error = *policy;
  ImportCollector got;
  std::optional<Result<app::ImportSummary>> done;
  {
    py::gil_scoped_release release;
    done.emplace(app::run_import(req, got));
  }
  if (!*done) db_error(done->error());
  const auto& sum = **done;
  if (sum.db_failed) db_error(failure(Code::database, sum.db_error));
  const auto& total = sum.total;
  py::list ids;
  for (auto id : got.ids) ids.append(id);
  const auto& parse_errors = got.parse_errors;
  const auto& refused = got.refused_games;
  py::dict d;
  d["files"] = total.files;
  d["games"] = total.games;
  d["new"] = total.added;
  d["illegal"] = total.illegal;
  d["duplicates"] = total.duplicates;
  d["prefix_duplicates"] = total.prefix_duplicates;
  d["syntax_errors"] = total.syntax_errors;
  d["io_errors"] = total.io_errors;
  d["new_ids"] = ids;
  py::list errors;
  for (const auto& e : parse_errors) errors.append(diagnostic_object(e));
  for (const auto& r : refused) errors.append(diagnostic_object(r));
  d["errors"] = errors;
  return d;
}

}  // namespace

void bind_database(py::module_& m) {
  m.def("_db_import", &import_files, py::arg("path"), py::arg("files"), py::arg("variant"), py::arg("options"),
        py::arg("on_error"));
  m.def("_db_report", [](const std::string& path, const std::string& name) {
    auto d = open_reading(path);
    if (auto old = db::outdated(d, path); !old.empty()) db_error(failure(Code::database, old));
    return table(db::run_report(d, name));
  });
  m.def("_db_sql", [](const std::string& path, const std::string& sql) {
    auto d = open_reading(path);
    return table(db::run_read_only_sql(d, sql));
  });
  m.def("_db_report_names", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& r : db::reports()) out.emplace_back(std::string(r.name), std::string(r.description));
    return out;
  });
}

}  // namespace ppn::python
