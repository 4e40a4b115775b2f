#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "cli/import_command.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <system_error>

#include "cli/input_files.hpp"
#include "cli/interrupt.hpp"
#include "cli/json_records.hpp"
#include "app/import.hpp"
#include "notation/text_util.hpp"

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
  std::string format = "text";  // json: JSON Lines records (docs/JSON_OUTPUT.md)
};

std::string describe(const app::ImportCounts& c) {
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

// " (duplicates of games 3, 4)": the stored game each duplicate or prefix duplicate matched, in
// input order, consecutive ids as one run.
std::string matched_list(const std::vector<std::int64_t>& ids) {
  if (ids.empty()) return {};
  std::vector<std::pair<std::int64_t, std::int64_t>> runs;
  for (const auto id : ids)
    if (!runs.empty() && runs.back().second + 1 == id) runs.back().second = id;
    else runs.emplace_back(id, id);
  std::string s = id_list(runs);  // " (game 3)" / " (games 3-4, 9)"
  return (ids.size() == 1 ? " (duplicate of " : " (duplicates of ") + s.substr(2);
}

// What `ppn import` prints of the import (app/import.hpp): the report of each file a commit
// covered on stdout, the messages on stderr, the bar over the input bytes between files.
class ImportPrinter final : public app::ImportListener {
 public:
  ImportPrinter(const ImportArgs& a, Progress& bar) : a_(a), bar_(bar) {}

  void migrated(std::int64_t from, std::int64_t to) override {
    if (a_.format != "json")
      std::cout << "import: " << a_.db << " migrated from schema version " << from << " to " << to << std::endl;
  }
  // While a file is read: the games handled so far, the bar erased before each message about
  // the file (parse errors and diagnostics, in input order, as its games are stored).
  void reading(const std::string&) override { bar_.clear(); }
  void storing(const std::string& name, const app::ImportCounts& so_far) override {
    // The count first: a long name is what the terminal's width cuts.
    bar_.update(done_bytes_, plural(so_far.games, "game", "games") + " of " + name);
  }
  void file_reported(const std::string& name, const app::FileReport& rep, std::size_t file_no, std::uint64_t done_bytes,
                     const app::ImportCounts& total) override {
    if (!a_.quiet && a_.format == "json") {
      JsonRecord r{{"type", "file"}, {"file", name}};
      r.update(import_counts_fields(rep.counts));
      r["new_ids"] = id_runs(rep.added_ids);
      r["duplicate_of"] = rep.duplicate_of;
      bar_.clear();
      emit_record(std::cout, r);
      std::cout.flush();
    } else if (!a_.quiet) {
      bar_.clear();
      std::cout << name << ": " << describe(rep.counts) << id_list(rep.added_ids) << matched_list(rep.duplicate_of)
                << std::endl;
    }
    done_bytes_ = done_bytes;
    bar_.update(done_bytes, std::to_string(file_no) + "/" + std::to_string(a_.files.size()) + " files, " +
                                plural(total.games, "game", "games"));
  }
  void unopened(const std::string& path, const std::string& why) override {
    bar_.clear();
    std::cerr << open_failure(path, why);
  }
  void diagnostics(const db::GameRows& g, std::int64_t id) override {
    bar_.clear();
    for (const auto& d : g.replay.diagnostics) {
      std::cerr << g.source_file << ":" << d.line << ":" << d.column << ": "
                << (d.severity == replay::Severity::error ? "error" : "warning") << "[" << d.name() << "]: " << d.text();
      // The roll by its number in the record: the number `replay --db PATH --game ID --at` takes.
      if (d.roll_index >= 0 && static_cast<std::size_t>(d.roll_index) < g.rolls.size())
        std::cerr << " (roll " << g.rolls[static_cast<std::size_t>(d.roll_index)].number << ": " << d.roll_text << ")";
      std::cerr << " [stored as game " << id << "]\n";
    }
  }
  // A game the database cannot hold, where it is (as a syntax error is reported).
  void refused(const db::RefusedGame& r) override {
    bar_.clear();
    std::cerr << r.file << ":" << r.line << ":" << r.column << ": error: " << r.message << "\n";
  }
  void parse_error(const parser::ParseError& e) override {
    bar_.clear();
    std::cerr << e.format();
  }
  void problem(const std::string& text) override {
    bar_.clear();
    std::cerr << text;
  }

 private:
  const ImportArgs& a_;
  Progress& bar_;
  std::uint64_t done_bytes_ = 0;  // the input bytes of the files reported
};

int run_import(const ImportArgs& a) {
  const bool json = a.format == "json";
  app::ImportRequest req;
  req.db = a.db;
  req.files = a.files;
  const auto cfg = replay_config(a.replay, "import");
  if (!cfg) return 2;
  req.options.replay = *cfg;
  req.options.batch_games = a.batch;
  req.options.jobs = a.jobs;
  req.options.aliases = a.aliases;
  // The bar over the input bytes, drawn between files.
  std::uint64_t total_bytes = 0;
  for (const auto& path : a.files) {
    std::error_code ec;
    const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
    total_bytes += ec ? 0 : size;
  }
  Progress bar("import", total_bytes, STDERR_FILENO, !a.quiet);
  ImportPrinter printer(a, bar);
  // Ctrl-C or SIGTERM: the import stops between two games and commits what it stored.
  StopOnSignal stop_on_signal;
  const auto done = app::run_import(req, printer);
  if (!done) {
    std::cerr << "import: " << done.error().message << "\n";
    return 2;
  }
  bar.finish();
  const auto& sum = *done;
  const auto& total = sum.total;
  if (!sum.opened) {
    std::cout << "import: " << plural(total.files, "file", "files") << ", "
              << plural(total.io_errors, "I/O error", "I/O errors") << "; nothing to import, " << a.db
              << " not opened" << std::endl;
    return 2;
  }
  if (json) {
    JsonRecord r{{"type", "summary"}, {"files", total.files}};
    r.update(import_counts_fields(total));
    r["io_errors"] = total.io_errors;
    r["db"] = a.db;
    r["db_games"] = sum.held;
    r["schema_before"] = sum.version_before;
    r["interrupted"] = sum.interrupted_by ? JsonRecord(signal_name(sum.interrupted_by)) : JsonRecord(nullptr);
    emit_record(std::cout, r);
    std::cout.flush();
  } else {
    std::cout << "import: " << plural(total.files, "file", "files") << ", " << describe(total);
    if (total.io_errors) std::cout << ", " << plural(total.io_errors, "I/O error", "I/O errors");
    std::cout << "; " << a.db << " holds " << plural(static_cast<std::size_t>(sum.held), "game", "games") << std::endl;
  }
  if (sum.interrupted_by) {
    std::cerr << "import: interrupted by " << signal_name(sum.interrupted_by) << ": the "
              << plural(total.added, "new game", "new games") << " counted above " << (total.added == 1 ? "is" : "are")
              << " stored and committed";
    if (!sum.interrupted_in.empty())
      std::cerr << " (" << sum.interrupted_in << " only in part: the games its line counts)";
    std::cerr << "; the files not reported were not read. To import the rest, run the same command again: the "
                 "games stored are skipped as duplicates\n";
  }
  return sum.exit_code();
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
