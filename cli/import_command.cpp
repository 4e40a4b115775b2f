#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "cli/import_command.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <chrono>
#include <memory>

#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "cli/import_reader.hpp"
#include "db/import_run.hpp"
#include "notation/text_util.hpp"
#include "db/schema.hpp"

namespace ppn::cli {

namespace {

struct ImportArgs {
  std::vector<std::string> files;
  std::string db = "ppn.sqlite";
  ReplayFlags replay;
  std::vector<std::string> aliases;
  int batch = 20000;
  unsigned jobs = 1;
  bool quiet = false;
  std::string format = "text";  // json: JSON Lines records (README "JSON output")
};

std::string describe(const db::ImportCounts& c) {
  return plural(c.games, "game", "games") + ": " + std::to_string(c.added) + " new (" + std::to_string(c.illegal) +
         " illegal), " + plural(c.duplicates, "duplicate", "duplicates") + ", " +
         plural(c.prefix_duplicates, "prefix duplicate", "prefix duplicates") + ", " +
         plural(c.syntax_errors, "syntax error", "syntax errors") +
         (c.stats_added ? ", " + plural(c.stats_added, "older game given statistics", "older games given statistics")
                        : std::string()) +
         (c.text_added ? ", " + plural(c.text_added, "older game given its record text", "older games given their record text")
                       : std::string());
}

// " (games 5-7, 12)": the database ids of a file's new games, which `--db PATH --game ID`
// opens in replay, render, stats, analyze and export.
std::string id_list(const std::vector<std::pair<std::int64_t, std::int64_t>>& runs) {
  if (runs.empty()) return {};
  std::int64_t n = 0;
  std::string s;
  for (const auto& [first, last] : runs) {
    n += last - first + 1;
    s += (s.empty() ? "" : ", ") + std::to_string(first);
    if (last != first) s += "-" + std::to_string(last);
  }
  return (n == 1 ? " (game " : " (games ") + s + ")";
}

int run_import(const ImportArgs& a) {
  const bool json = a.format == "json";
  db::ImportOptions opts;
  const auto cfg = replay_config(a.replay, "import");
  if (!cfg) return 2;
  opts.replay = *cfg;
  opts.batch_games = a.batch;
  opts.jobs = a.jobs;
  opts.aliases = a.aliases;
  // The bar over the input bytes (issue 6), drawn between files.
  std::uint64_t total_bytes = 0, done_bytes = 0;
  for (const auto& path : a.files) {
    std::error_code ec;
    const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
    total_bytes += ec ? 0 : size;
  }
  Progress bar("import", total_bytes, STDERR_FILENO, !a.quiet);
  opts.on_diagnostics = [](const db::GameRows& g, std::int64_t id) {
    for (const auto& d : g.replay.diagnostics) {
      std::cerr << g.source_file << ":" << d.line << ":" << d.column << ": "
                << (d.severity == replay::Severity::error ? "error" : "warning") << "[" << d.name() << "]: " << d.text();
      // The roll by its number in the record: the number `replay --db PATH --game ID --at` takes.
      if (d.roll_index >= 0 && static_cast<std::size_t>(d.roll_index) < g.rolls.size())
        std::cerr << " (roll " << g.rolls[static_cast<std::size_t>(d.roll_index)].number << ": " << d.roll_text << ")";
      std::cerr << " [stored as game " << id << "]\n";
    }
  };
  // A game the database cannot hold, where it is (as a syntax error is reported).
  opts.on_refused = [](const db::RefusedGame& r) {
    std::cerr << r.file << ":" << r.line << ":" << r.column << ": error: " << r.message << "\n";
  };
  // With no FILE, `ppn import --db PATH` migrates an existing database and reports it: the
  // advice of the readers that refuse an older schema (db::outdated). Opening it for writing
  // migrates it; the version before says whether it did.
  std::error_code exists_ec;
  const bool existed = db::is_server_target(a.db) || std::filesystem::exists(a.db, exists_ec);
  if (a.files.empty() && !existed) {
    std::cerr << "import: no FILE given, and " << a.db
              << " does not exist: give the PPN files to import (with none, --db PATH migrates an existing database)\n";
    return 2;
  }
  std::int64_t version_before = 0;
  if (existed) {
    try {
      db::Database d(a.db, db::Database::Mode::read_only);
      version_before = d.user_version();
    } catch (const db::DbError&) {
      // Importer::open below says what is wrong with the file.
    }
  }
  // The database is opened (created when missing) once a file can be read: an import of files
  // that cannot be opened leaves no empty database behind (issue 16).
  std::unique_ptr<db::Importer> importer;
  auto open_db = [&] {
    auto opened = db::Importer::open(a.db, opts);
    if (auto* err = std::get_if<std::string>(&opened)) {
      std::cerr << "import: " << *err << "\n";
      return false;
    }
    importer = std::move(std::get<std::unique_ptr<db::Importer>>(opened));
    if (version_before > 0 && version_before < db::schema_version() && !json)
      std::cout << "import: " << a.db << " migrated from schema version " << version_before << " to "
                << db::schema_version() << std::endl;
    return true;
  };
  if (a.files.empty() && !open_db()) return 2;

  db::ImportCounts total;
  bool db_failed = false;
  // Consecutive files share a transaction (a directory of one-game files would otherwise make
  // a commit per game): a file is reported only once a commit has covered all its games, so
  // that every file reported survives a kill -9 (db/import_run.hpp FileEnd). The reports wait
  // in input order and are printed when a commit comes: the importer's own (a full --batch or
  // chunk of positions), or one made here before anything else is printed (a message about a
  // later file), before a large file or one of unknown size (which makes transactions of its
  // own), a second after the last, and at the end.
  struct Waiting {
    std::string name;
    db::FileReport rep;
    std::size_t file_no = 0;    // 1-based, among the files named
    std::uint64_t bytes = 0;    // its size (0: unknown)
    std::size_t commits = 0;    // Importer::commits() when its last game was stored
  };
  std::vector<Waiting> waiting;
  auto last_report = std::chrono::steady_clock::now();
  // Prints the reports of the files a commit has covered (all of them after `commit_now`).
  auto report_committed = [&](bool commit_now) {
    if (!importer) return;
    if (commit_now && !waiting.empty()) importer->commit();  // (none open: nothing written since)
    std::size_t n = 0;
    for (; n < waiting.size() && (commit_now || importer->commits() > waiting[n].commits); ++n) {
      const auto& w = waiting[n];
      total.add(w.rep.counts);
      if (!a.quiet && json) {
        JsonRecord r{{"type", "file"}, {"file", w.name}};
        r.update(import_counts_fields(w.rep.counts));
        r["new_ids"] = id_runs(w.rep.added_ids);
        bar.clear();
        emit_record(std::cout, r);
        std::cout.flush();
      } else if (!a.quiet) {
        bar.clear();
        std::cout << w.name << ": " << describe(w.rep.counts) << id_list(w.rep.added_ids) << std::endl;
      }
      done_bytes += w.bytes;
      bar.update(done_bytes, std::to_string(w.file_no) + "/" + std::to_string(a.files.size()) + " files, " +
                                 plural(total.games, "game", "games"));
    }
    waiting.erase(waiting.begin(), waiting.begin() + static_cast<std::ptrdiff_t>(n));
    if (n) last_report = std::chrono::steady_clock::now();
  };
  // report_committed outside import_games (which handles a database error itself): a commit
  // that fails rolls the waiting files' games back, and they are not reported.
  auto settle = [&](bool commit_now) {
    try {
      report_committed(commit_now);
      return true;
    } catch (const db::DbError& e) {
      importer->rollback();
      std::cerr << "import: " << db::describe_db_error(a.db, e) << " (the games of the "
                << plural(waiting.size(), "file", "files") << " not reported yet were rolled back)\n";
      waiting.clear();
      db_failed = true;
      return false;
    }
  };
  // Before a message about a later file goes to standard error: the files before it first, as
  // when every file committed on its own (inside import_games, whose database errors roll back).
  auto before_message = [&] { report_committed(true); };
  opts.on_diagnostics = [&, print = opts.on_diagnostics](const db::GameRows& g, std::int64_t id) {
    before_message();
    print(g, id);
  };
  opts.on_refused = [&, print = opts.on_refused](const db::RefusedGame& r) {
    before_message();
    print(r);
  };
  constexpr std::uint64_t kOwnTransactionBytes = std::uint64_t{1} << 20;  // about 250 games
  for (const auto& path : a.files) {
    const std::string name = display_name(path);
    std::error_code size_ec;
    const std::uint64_t size = path == "-" ? 0 : std::filesystem::file_size(path, size_ec);
    const bool large = path == "-" || size_ec || size >= kOwnTransactionBytes;
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      if (!settle(true)) break;
      std::cerr << open_failure(path, why);
      ++total.files;
      ++total.io_errors;
      continue;
    }
    if (large && !settle(true)) break;
    if (!importer && !open_db()) return 2;
    auto& imp = *importer;
    // Erased while a file is read: its messages (parse errors and diagnostics, in input order)
    // come as its games are stored, and the bar is redrawn once the file is reported.
    bar.clear();
    auto rep = db::import_games(imp, name, parsed_games(*in, name, [&](const parser::ParseError& e) {
                                  before_message();
                                  std::cerr << e.format();
                                }),
                                db::FileEnd::keep_open);
    if (!rep.db_error.empty()) {
      // The files before it that a commit covered (a full --batch or chunk, or a retry's, in
      // this file) are stored: reported as such. The rest shared the rolled-back transaction.
      report_committed(false);
      std::cerr << name << ": database error: " << rep.db_error << " (this file's uncommitted games were rolled back";
      if (!waiting.empty())
        std::cerr << ", and those of the " << plural(waiting.size(), "file", "files")
                  << " before it that shared its transaction: not stored, not reported";
      std::cerr << ")\n";
      waiting.clear();
      db_failed = true;
      break;
    }
    const bool stop = rep.stop_run;
    waiting.push_back({name, std::move(rep), static_cast<std::size_t>(&path - a.files.data() + 1), size_ec ? 0 : size,
                       imp.commits()});
    if (!settle(stop || large || std::chrono::steady_clock::now() - last_report >= std::chrono::seconds(1))) break;
    if (stop) {
      std::cerr << "import: stopped at an illegal roll (--on-error stop)\n";
      break;
    }
  }
  if (!db_failed) settle(true);
  bar.finish();
  if (!importer) {
    std::cout << "import: " << plural(total.files, "file", "files") << ", "
              << plural(total.io_errors, "I/O error", "I/O errors") << "; nothing to import, " << a.db
              << " not opened" << std::endl;
    return 2;
  }
  std::int64_t held = 0;
  try {
    held = importer->database().scalar("SELECT count(*) FROM games");
  } catch (const db::DbError& e) {
    std::cerr << "import: " << db::describe_db_error(a.db, e) << "\n";
    db_failed = true;
  }
  if (json) {
    JsonRecord r{{"type", "summary"}, {"files", total.files}};
    r.update(import_counts_fields(total));
    r["io_errors"] = total.io_errors;
    r["db"] = a.db;
    r["db_games"] = held;
    r["schema_before"] = version_before;
    emit_record(std::cout, r);
    std::cout.flush();
  } else {
    std::cout << "import: " << plural(total.files, "file", "files") << ", " << describe(total);
    if (total.io_errors) std::cout << ", " << plural(total.io_errors, "I/O error", "I/O errors");
    std::cout << "; " << a.db << " holds " << plural(static_cast<std::size_t>(held), "game", "games") << std::endl;
  }
  if (db_failed || total.syntax_errors || total.io_errors) return 2;
  return total.illegal ? 1 : 0;
}

}  // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ImportArgs>();
  auto* sub = app.add_subcommand("import", "Replay, validate and store PPN games in the game database (a SQLite file or a PostgreSQL server)");
  sub->add_option("files", a->files,
                  "PPN files ('-' for standard input); none: migrate the existing --db database to this ppn's schema");
  sub->add_option("--db", a->db, "Database: a SQLite file (created when missing) or a postgresql:// URI")->capture_default_str();
  add_rule_options(sub, a->replay, record_variant_help("inferred per game, stored under the profile picked"));
  add_on_error_option(sub, a->replay,
                      "An illegal game is stored with its diagnostics; its positions: keep-prefix (up to the illegal "
                      "roll), skip (none), as-played (all, the play applied as recorded), stop (as keep-prefix, then "
                      "stop the import)",
                      OnErrorChoices::with_stop);
  add_order_option(sub, a->replay, "Mini-move order: strict or outcome");
  // One value per --alias: with FILE... optional, a repeatable option would otherwise take the
  // files after it as more values.
  sub->add_option("--alias", a->aliases, "ALIAS=NAME: ALIAS is another spelling of player NAME (repeatable)")
      ->allow_extra_args(false);
  sub->add_option("--batch", a->batch, "Games per transaction at most (a transaction also ends at 2,097,152 positions)")->capture_default_str()->check(CLI::Range(1, 1000000));
  add_jobs_option(sub, a->jobs)
      ->description("Workers that parse and replay the games for the one writer (default: every core); what is "
                    "stored and printed is the same for any number, in input order");
  sub->add_flag("--quiet,-q", a->quiet, "Only the summary line");
  sub->add_option("--format", a->format,
                  "Output: text, or json (JSON Lines: a file record per committed file, then a summary record; "
                  "README \"JSON output\")")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  sub->callback([a, &exit_code]() { exit_code = run_import(*a); });
}

}  // namespace ppn::cli
