#include "app/import.hpp"

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <system_error>

#include "app/import_reader.hpp"
#include "app/input_files.hpp"
#include "app/stop_request.hpp"
#include "db/game_record.hpp"
#include "db/schema.hpp"
#include "notation/text_util.hpp"

namespace ppn::app {

int ImportSummary::exit_code() const {
  if (interrupted_by) return 128 + interrupted_by;
  if (db_failed || total.syntax_errors || total.io_errors) return 2;
  return total.illegal ? 1 : 0;
}

Result<ImportSummary> run_import(const ImportRequest& req, ImportListener& listener) {
  ImportSummary sum;
  db::ImportOptions opts = req.options;
  const std::string& path_db = req.db;
  // With no FILE, `ppn import --db PATH` migrates an existing database and reports it: the
  // advice of the readers that refuse an older schema (db::outdated). Opening it for writing
  // migrates it; the version before says whether it did.
  std::error_code exists_ec;
  const bool existed = db::is_server_target(path_db) || std::filesystem::exists(path_db, exists_ec);
  if (req.open == ImportRequest::Open::when_a_file_reads && req.files.empty() && !existed)
    return failure(Code::argument, "no FILE given, and " + path_db +
                                       " does not exist: give the PPN files to import (with none, --db PATH "
                                       "migrates an existing database)");
  if (existed) {
    try {
      db::Database d(path_db, db::Database::Mode::read_only);
      sum.version_before = d.user_version();
    } catch (const db::DbError&) {
      // Importer::open below says what is wrong with the file.
    }
  }

  // Consecutive files share a transaction (a directory of one-game files would otherwise make
  // a commit per game): a file is reported only once a commit has covered all its games, so
  // that every file reported survives a kill -9 (app/import_run.hpp FileEnd). The reports wait
  // in input order and are given when a commit comes: the importer's own (a full --batch or
  // chunk of positions), or one made here before any other message (about a later file),
  // before a large file or one of unknown size (which makes transactions of its own), a second
  // after the last, and at the end.
  struct Waiting {
    std::string name;
    FileReport rep;
    std::size_t file_no = 0;    // 1-based, among the files named
    std::uint64_t bytes = 0;    // its size (0: unknown)
    std::size_t commits = 0;    // Importer::commits() when its last game was stored
  };
  std::vector<Waiting> waiting;
  std::uint64_t done_bytes = 0;
  auto& total = sum.total;
  std::unique_ptr<db::Importer> importer;
  auto last_report = std::chrono::steady_clock::now();
  // Gives the reports of the files a commit has covered (all of them after `commit_now`).
  auto report_committed = [&](bool commit_now) {
    if (!importer) return;
    if (commit_now && !waiting.empty()) importer->commit();  // (none open: nothing written since)
    std::size_t n = 0;
    for (; n < waiting.size() && (commit_now || importer->commits() > waiting[n].commits); ++n) {
      const auto& w = waiting[n];
      total.add(w.rep.counts);
      done_bytes += w.bytes;
      listener.file_reported(w.name, w.rep, w.file_no, done_bytes, total);
    }
    waiting.erase(waiting.begin(), waiting.begin() + static_cast<std::ptrdiff_t>(n));
    if (n) last_report = std::chrono::steady_clock::now();
  };
  auto fail = [&](std::string first, const std::string& text) {
    if (sum.db_error.empty()) sum.db_error = std::move(first);
    listener.problem(text);
    sum.db_failed = true;
  };
  // report_committed outside import_games (which handles a database error itself): a commit
  // that fails rolls the waiting files' games back, and they are not reported.
  auto settle = [&](bool commit_now) {
    try {
      report_committed(commit_now);
      return true;
    } catch (const db::DbError& e) {
      importer->rollback();
      const auto why = db::describe_db_error(path_db, e);
      fail(why, "import: " + why + " (the games of the " + plural(waiting.size(), "file", "files") +
                    " not reported yet were rolled back)\n");
      waiting.clear();
      return false;
    }
  };
  // Before a message about a later file: the files before it first, as when every file
  // committed on its own (inside import_games, whose database errors roll back).
  auto before_message = [&] { report_committed(true); };
  opts.on_diagnostics = [&](const db::GameRows& g, std::int64_t id) {
    before_message();
    listener.diagnostics(g, id);
  };
  opts.on_refused = [&](const db::RefusedGame& r) {
    before_message();
    listener.refused(r);
  };
  // The database is opened (created when missing) once a file can be read, unless asked at once.
  std::optional<Diagnostic> open_error;
  auto open_db = [&] {
    auto opened = db::Importer::open(path_db, opts);
    if (!opened) {
      open_error = std::move(opened).error();
      return false;
    }
    importer = std::move(*opened);
    sum.opened = true;
    if (sum.version_before > 0 && sum.version_before < db::schema_version())
      listener.migrated(sum.version_before, db::schema_version());
    return true;
  };
  if ((req.files.empty() || req.open == ImportRequest::Open::at_once) && !open_db()) return *open_error;

  constexpr std::uint64_t kOwnTransactionBytes = std::uint64_t{1} << 20;  // about 250 games
  for (const auto& path : req.files) {
    const std::string name = display_name(path);
    if (stop_requested()) {
      // Between two files: the files before are committed below (settle), none after is read.
      sum.interrupted_by = stop_signal().load();
      break;
    }
    std::error_code size_ec;
    const std::uint64_t size = path == "-" ? 0 : std::filesystem::file_size(path, size_ec);
    const bool large = path == "-" || size_ec || size >= kOwnTransactionBytes;
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      if (!settle(true)) break;
      listener.unopened(path, why);
      ++total.files;
      ++total.io_errors;
      continue;
    }
    if (large && !settle(true)) break;
    if (!importer && !open_db()) return *open_error;
    auto& imp = *importer;
    listener.reading(name);
    auto rep = import_games(imp, name, parsed_games(*in, name, [&](const parser::ParseError& e) {
                              before_message();
                              listener.parse_error(e);
                            }),
                            FileEnd::keep_open, [&](const ImportCounts& so_far) { listener.storing(name, so_far); });
    if (!rep.db_error.empty()) {
      // The files before it that a commit covered (a full --batch or chunk, or a retry's, in
      // this file) are stored: reported as such. The rest shared the rolled-back transaction.
      report_committed(false);
      std::string text = name + ": database error: " + rep.db_error + " (this file's uncommitted games were rolled back";
      if (!waiting.empty())
        text += ", and those of the " + plural(waiting.size(), "file", "files") +
                " before it that shared its transaction: not stored, not reported";
      fail(name + ": database error: " + rep.db_error, text + ")\n");
      waiting.clear();
      break;
    }
    const bool stop = rep.stop_run;
    const bool interrupted = rep.interrupted;
    waiting.push_back({name, std::move(rep), static_cast<std::size_t>(&path - req.files.data() + 1), size_ec ? 0 : size,
                       imp.commits()});
    if (!settle(stop || interrupted || large ||
                std::chrono::steady_clock::now() - last_report >= std::chrono::seconds(1)))
      break;
    if (interrupted) {
      // The games stored before the signal are committed and reported with their file.
      sum.interrupted_by = stop_signal().load();
      sum.interrupted_in = name;
      break;
    }
    if (stop) {
      listener.problem("import: stopped at an illegal roll (--on-error stop)\n");
      break;
    }
  }
  if (!sum.db_failed) settle(true);
  if (!importer) return sum;
  try {
    sum.held = db::count_games(importer->database());
  } catch (const db::DbError& e) {
    const auto why = db::describe_db_error(path_db, e);
    fail(why, "import: " + why + "\n");
  }
  return sum;
}

}  // namespace ppn::app
