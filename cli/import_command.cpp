#include "cli/progress.hpp"
#include "cli/rule_option.hpp"
#include "cli/import_command.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/input_files.hpp"
#include "db/importer.hpp"
#include "notation/text_util.hpp"

namespace ppn::cli {

namespace {

struct ImportArgs {
  std::vector<std::string> files;
  std::string db = "ppn.sqlite";
  std::string variant;
  std::vector<std::string> options;
  std::string on_error = "keep-prefix";
  std::string order = "strict";
  std::vector<std::string> aliases;
  int batch = 10000;
  bool quiet = false;
};

std::string describe(const db::ImportCounts& c) {
  return plural(c.games, "game", "games") + ": " + std::to_string(c.added) + " new (" + std::to_string(c.illegal) +
         " illegal), " + plural(c.duplicates, "duplicate", "duplicates") + ", " +
         plural(c.prefix_duplicates, "prefix duplicate", "prefix duplicates") + ", " +
         plural(c.syntax_errors, "syntax error", "syntax errors") +
         (c.stats_added ? ", " + plural(c.stats_added, "older game given statistics", "older games given statistics")
                        : std::string());
}

int run_import(const ImportArgs& a) {
  db::ImportOptions opts;
  opts.replay.variant = a.variant;
  opts.replay.options = a.options;
  opts.batch_games = a.batch;
  opts.aliases = a.aliases;
  // The bar over the input bytes (issue 6), drawn between files.
  std::uint64_t total_bytes = 0, done_bytes = 0;
  for (const auto& path : a.files) {
    std::error_code ec;
    const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
    total_bytes += ec ? 0 : size;
  }
  Progress bar("import", total_bytes, STDERR_FILENO, !a.quiet);
  opts.on_diagnostics = [](const db::GameRows& g) {
    for (const auto& d : g.diagnostics) {
      std::cerr << g.source_file << ":" << d.line << ":" << d.column << ": "
                << (d.severity == replay::Severity::error ? "error" : "warning") << "[" << d.code << "]: " << d.message;
      if (d.roll_index >= 0) std::cerr << " (roll " << d.roll_index + 1 << ": " << d.roll_text << ")";
      std::cerr << " [stored]\n";
    }
  };
  if (auto p = replay::parse_on_error(a.on_error)) opts.replay.on_error = *p;
  else {
    std::cerr << "import: --on-error must be stop, skip, keep-prefix or as-played\n";
    return 2;
  }
  if (a.order == "outcome") opts.replay.order = replay::OrderStrictness::outcome;
  else if (a.order != "strict") {
    std::cerr << "import: --order must be strict or outcome\n";
    return 2;
  }
  if (!a.variant.empty() && a.variant != replay::kAutoVariant) {
    auto prof = replay::profile_options(a.variant);
    if (!prof.ok()) {
      std::cerr << "import: " << prof.error << "\n";
      return 2;
    }
    for (const auto& o : a.options)
      if (auto err = replay::apply_override(*prof.options, o)) {
        std::cerr << "import: --option " << o << ": " << *err << "\n";
        return 2;
      }
  }
  auto opened = db::Importer::open(a.db, opts);
  if (auto* err = std::get_if<std::string>(&opened)) {
    std::cerr << "import: " << *err << "\n";
    return 2;
  }
  auto& imp = *std::get<std::unique_ptr<db::Importer>>(opened);

  db::ImportCounts total;
  bool db_failed = false;
  for (const auto& path : a.files) {
    const std::string name = display_name(path);
    auto in = open_input(path);
    if (!in) {
      std::cerr << name << ": error: cannot open file\n";
      ++total.files;
      ++total.io_errors;
      continue;
    }
    // Erased while a file is read: its messages come from two threads (parse errors from the
    // reader, diagnostics from the writer), and the bar is redrawn once the file is stored.
    bar.clear();
    auto rep = imp.import_stream(*in, name, [](const parser::ParseError& e) { std::cerr << e.format(); });
    if (!rep.db_error.empty()) {
      std::cerr << name << ": database error: " << rep.db_error << " (this file's uncommitted games were rolled back)\n";
      db_failed = true;
      break;
    }
    total.add(rep.counts);
    if (!a.quiet) std::cout << name << ": " << describe(rep.counts) << std::endl;  // flushed: this file is stored
    std::error_code ec;
    const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
    done_bytes += ec ? 0 : size;
    bar.update(done_bytes, std::to_string(&path - a.files.data() + 1) + "/" + std::to_string(a.files.size()) +
                               " files, " + plural(total.games, "game", "games"));
    if (rep.stop_run) {
      std::cerr << "import: stopped at an illegal roll (--on-error stop)\n";
      break;
    }
  }
  bar.finish();
  std::int64_t held = 0;
  try {
    held = imp.database().scalar("SELECT count(*) FROM games");
  } catch (const db::SqliteError& e) {
    std::cerr << "import: " << e.what() << "\n";
    db_failed = true;
  }
  std::cout << "import: " << plural(total.files, "file", "files") << ", " << describe(total);
  if (total.io_errors) std::cout << ", " << plural(total.io_errors, "I/O error", "I/O errors");
  std::cout << "; " << a.db << " holds " << plural(static_cast<std::size_t>(held), "game", "games") << std::endl;
  if (db_failed || total.syntax_errors || total.io_errors) return 2;
  return total.illegal ? 1 : 0;
}

}  // namespace

void add_import_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ImportArgs>();
  auto* sub = app.add_subcommand("import", "Replay, validate and store PPN games in the SQLite game database");
  sub->add_option("files", a->files, "PPN files ('-' for standard input)")->required();
  sub->add_option("--db", a->db, "Database file (created when missing)")->capture_default_str();
  sub->add_option("--variant", a->variant, "Rule profile for every game, overriding [Variant]: " + replay::profile_names() +
                      "; auto: inferred per game, stored under the profile picked (README \"Rule profiles\")");
  sub->add_option("--option", a->options, "Override one rule option, name=value (repeatable)")
      ->check(rule_option_check());
  sub->add_option("--on-error", a->on_error,
                  "An illegal game is stored with its diagnostics; its positions: keep-prefix (up to the illegal "
                  "roll), skip (none), as-played (all, the play applied as recorded), stop (as keep-prefix, then "
                  "stop the import)")
      ->capture_default_str();
  sub->add_option("--order", a->order, "Mini-move order: strict or outcome")->capture_default_str();
  sub->add_option("--alias", a->aliases, "ALIAS=NAME: ALIAS is another spelling of player NAME (repeatable)");
  sub->add_option("--batch", a->batch, "Games per transaction")->capture_default_str()->check(CLI::Range(1, 1000000));
  sub->add_flag("--quiet,-q", a->quiet, "Only the summary line");
  sub->callback([a, &exit_code]() { exit_code = run_import(*a); });
}

}  // namespace ppn::cli
