// `ppn import`'s use case, for every front end (the CLI's `ppn import`, the Python module's
// Database.import_files): PPN files read, replayed and stored in a game database, with the
// commit and report policy written once. Consecutive files share a transaction (a directory of
// one-game files would otherwise make a commit per game); a file is reported only once a commit
// has covered all its games, so that every file reported survives a kill -9 (app/import_run.hpp
// FileEnd). The front end only presents what the listener is told, in order, on the calling
// thread.
//
//   app::ImportRequest req{.db = "ppn.sqlite", .files = {"games.ppn"}};
//   MyListener l;                                   // prints, or collects
//   auto r = app::run_import(req, l);               // the summary, or why nothing was imported
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/import_run.hpp"
#include "db/importer.hpp"
#include "notation/result.hpp"
#include "parser/parser.hpp"

namespace ppn::app {

struct ImportRequest {
  std::string db = "ppn.sqlite";
  std::vector<std::string> files;  // '-' for standard input
  // replay, batch_games, jobs, aliases; on_diagnostics and on_refused are the listener's.
  db::ImportOptions options;
  // When the database is opened (created when missing): once a file can be read, so that an
  // import of files that cannot be opened leaves no empty database behind (`ppn import`, which
  // with no file migrates an existing database and refuses a missing one); or before anything
  // is read (the Python module: the database exists afterwards, whatever the files).
  enum class Open { when_a_file_reads, at_once } open = Open::when_a_file_reads;
};

// What happens, as it happens. Every call is made on the calling thread, in input order.
class ImportListener {
 public:
  virtual ~ImportListener() = default;
  // An existing database of an older schema was opened and migrated.
  virtual void migrated(std::int64_t /*from*/, std::int64_t /*to*/) {}
  // A file is about to be read (its messages come while it is).
  virtual void reading(const std::string& /*name*/) {}
  // A game of the file being read was handled (stored, or found stored): the file's counts so
  // far, uncommitted (a progress figure, not a report).
  virtual void storing(const std::string& /*name*/, const ImportCounts& /*so_far*/) {}
  // A file a commit covered: its report, its number among the files named (1-based), the
  // input bytes of the files reported so far, and the totals so far.
  virtual void file_reported(const std::string& /*name*/, const FileReport& /*rep*/, std::size_t /*file_no*/,
                             std::uint64_t /*done_bytes*/, const ImportCounts& /*total*/) {}
  // An input that cannot be opened (counted as an I/O error).
  virtual void unopened(const std::string& /*path*/, const std::string& /*why*/) {}
  // A game stored with diagnostics (an illegal roll, a warning), with its database id.
  virtual void diagnostics(const db::GameRows& /*game*/, std::int64_t /*id*/) {}
  // A game the database cannot hold (counted with the syntax errors).
  virtual void refused(const db::RefusedGame& /*r*/) {}
  // A game that could not be read.
  virtual void parse_error(const parser::ParseError& /*e*/) {}
  // A database error or an --on-error stop: the line (with its newline) for standard error.
  virtual void problem(const std::string& /*text*/) {}
};

struct ImportSummary {
  ImportCounts total;
  bool opened = false;              // false: no file could be read, the database was not opened
  std::int64_t version_before = 0;  // the schema version the database had (0: new)
  std::int64_t held = 0;            // games the database holds afterwards
  bool db_failed = false;           // a database error (its games rolled back, see problem())
  std::string db_error;             // the first one: "FILE: database error: ..." or the commit's
  // A signal stopped the import (app/stop_request.hpp): its number (0: none), and the file in
  // hand then ("" : between two files), of which only the games reported are stored. The
  // games and files reported were committed; the files after it were not read.
  int interrupted_by = 0;
  std::string interrupted_in;
  // 128 + the signal when one stopped the import (the shell's code for a command a signal
  // ended); 2: a database, syntax or I/O error; 1: some stored game has an illegal roll; 0: none.
  int exit_code() const;
};

// Imports `req.files` into `req.db`. Error (nothing imported): E-ARGUMENT for no file and no
// database to migrate, E-DATABASE when the database cannot be opened; the message as printed
// after "import: ".
Result<ImportSummary> run_import(const ImportRequest& req, ImportListener& listener);

}  // namespace ppn::app
