// ppn._Database, behind ppn.Database (ppn/database.py): `ppn import` (db/import_run.hpp, the
// games parsed by parser::parse_stream as cli/import_reader.hpp parses them), the reports and
// read-only SQL of `ppn query` (db/reports.hpp), each opened through db's open functions.
#include <pybind11/stl.h>

#include <mutex>

#include "db/import_run.hpp"
#include "db/importer.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"
#include "io/input.hpp"
#include "parser/parser.hpp"
#include "python/bindings.hpp"
#include "replay/replayer.hpp"

namespace ppn::python {

namespace {

py::tuple table(const std::variant<db::Table, std::string>& r) {
  if (auto* e = std::get_if<std::string>(&r)) {
    py::object d = diagnostic_object(Diagnostic{{}, Code::io, Severity::error, *e, {}, {}});
    raise_error("DatabaseError", d, *e);
  }
  const auto& t = std::get<db::Table>(r);
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

[[noreturn]] void db_error(const std::string& message) {
  py::object d = diagnostic_object(Diagnostic{{}, Code::io, Severity::error, message, {}, {}});
  raise_error("DatabaseError", d, message);
}

db::Database open_reading(const std::string& path) {
  auto opened = db::open_for_reading(path);
  if (auto* e = std::get_if<std::string>(&opened)) db_error(*e);
  return std::move(std::get<db::Database>(opened));
}

py::dict import_files(const std::string& path, const std::vector<std::string>& files, const std::optional<std::string>& variant,
                      const py::object& options, const std::string& on_error) {
  db::ImportOptions opts;
  if (variant) opts.replay.variant = *variant;
  opts.replay.options = option_list(options);
  auto policy = replay::parse_on_error(on_error);
  if (!policy) throw py::value_error("on_error is stop, skip, keep-prefix or as-played");
  opts.replay.on_error = *policy;
  std::mutex mu;
  std::vector<parser::ParseError> parse_errors;
  std::vector<Diagnostic> refused;
  opts.on_refused = [&](const db::RefusedGame& r) {
    std::lock_guard lock(mu);
    refused.push_back(r);
  };
  auto opened = db::Importer::open(path, opts);
  if (auto* e = std::get_if<std::string>(&opened)) db_error(*e);
  auto& imp = *std::get<std::unique_ptr<db::Importer>>(opened);
  db::ImportCounts total;
  py::list ids;
  std::string failure;
  {
    py::gil_scoped_release release;
    for (const auto& f : files) {
      io::Input in(f);
      if (!in.good()) {
        std::lock_guard lock(mu);
        parse_errors.push_back(unopened(f, in));
        ++total.files;
        ++total.io_errors;
        continue;
      }
      auto rep = db::import_games(imp, f, [&](db::ImportFeed& feed) {
        parser::parse_stream(
            in, f, [&](Game& g) { feed.game(g); },
            [&](const parser::ParseError& e) {
              feed.unread([&mu, &parse_errors, e] {
                std::lock_guard lock(mu);
                parse_errors.push_back(e);
              });
            });
      });
      if (!rep.db_error.empty()) {
        failure = f + ": database error: " + rep.db_error;
        break;
      }
      total.add(rep.counts);
      py::gil_scoped_acquire gil;
      for (auto [a, b] : rep.added_ids)
        for (auto id = a; id <= b; ++id) ids.append(id);
      if (rep.stop_run) break;
    }
  }
  if (!failure.empty()) db_error(failure);
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
    if (auto old = db::outdated(d, path); !old.empty()) db_error(old);
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
