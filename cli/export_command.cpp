#include "app/stored_game.hpp"
#include "cli/export_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>
#include <unistd.h>

#include "cli/game_select.hpp"
#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "convert/formats.hpp"
#include "db/game_record.hpp"
#include "db/schema.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

namespace {

struct ExportArgs {
  std::string to;  // nu-xml | json | ppn (ppn: --db only; its default there)
  std::vector<std::string> files;
  std::string output;
  // --db: stored games, all or those chosen by --game ID... or by --where / --sql.
  std::string db;
  std::vector<std::int64_t> games;
  std::string where;  // a condition on table games (app::chosen_game_ids)
  std::string sql;    // a query whose first column is games.id
};

// `ppn export --db PATH`: each chosen game's stored text (PPN, byte for byte `ppn fmt` of the
// record imported), or the game parsed from it in another format. 1 when some game has no
// text (imported before schema version 5) or did not export to its end; 2 for a game id the
// database lacks or a database error.
int export_stored(const ExportArgs& a, std::ostream& out, const convert::Writer* writer) {
  // Read-only: --where and --sql cannot change the database.
  auto opened = db::open_for_reading(a.db);
  if (!opened) {
    std::cerr << "export: " << opened.error().message << "\n";
    return 2;
  }
  auto& database = *opened;
  auto ids = app::chosen_game_ids(database, a.games, a.where, a.sql);
  if (!ids) {
    std::cerr << "export: " << a.db << ": " << ids.error().message << "\n";
    return 2;
  }
  // On a terminal, a bar over the chosen games (not when the games go to that terminal).
  const bool printing_here = a.output.empty() && ::isatty(STDOUT_FILENO) && ::isatty(STDERR_FILENO);
  Progress bar("export", ids->size(), STDERR_FILENO, !printing_here);
  const auto say = [&]() -> std::ostream& {
    bar.clear();
    return std::cerr << "export: " << a.db << ": ";
  };
  int rc = 0;
  std::uint64_t done = 0;
  for (const auto id : *ids) {
    bar.update(done, "game " + std::to_string(done + 1) + " of " + std::to_string(ids->size()));
    ++done;
    auto read = db::read_record(database, id);
    if (!read) {
      say() << read.error().message << "\n";
      return 2;
    }
    const auto& rec = *read;
    if (!rec) {
      say() << "no game " << id << "\n";
      rc = 2;
      continue;
    }
    if (!rec->ppn) {
      say() << db::missing_text_message(*rec) << "\n";
      rc = std::max(rc, 1);
      continue;
    }
    if (a.to == "ppn") {
      out << *rec->ppn;
      continue;
    }
    auto game = app::parse_record(*rec, stored_game_name(a.db, id));
    if (!game) {
      say() << game.error().message << "\n";
      rc = 2;
      continue;
    }
    // The writer's reports, printed (the bar erased first) only when there are some.
    std::ostringstream said;
    rc = std::max(rc, writer->write(*game, out, said));
    if (!said.str().empty()) {
      bar.clear();
      std::cerr << said.str();
    }
  }
  bar.finish();
  return rc;
}

int run_export(const ExportArgs& args) {
  if (args.db.empty()) {
    if (args.to.empty() || args.to == "ppn") {
      std::cerr << "export: give --to nu-xml or --to json for PPN files (--to ppn writes stored games: --db PATH; "
                   "`ppn fmt` formats files)\n";
      return 2;
    }
    if (args.files.empty()) {
      std::cerr << "export: give PPN files, or --db PATH\n";
      return 2;
    }
    if (!args.games.empty() || !args.where.empty() || !args.sql.empty()) {
      std::cerr << "export: --game, --where and --sql choose stored games: they need --db PATH\n";
      return 2;
    }
  } else if (!args.files.empty()) {
    std::cerr << "export: give PPN files or --db PATH, not both\n";
    return 2;
  } else if ((!args.games.empty()) + (!args.where.empty()) + (!args.sql.empty()) > 1) {
    std::cerr << "export: choose the stored games by one of --game, --where, --sql\n";
    return 2;
  }
  // Neither a PPN file read nor the database may be the output.
  auto output = open_output("export", args.output, args.files, SameAsInput::refuse, {args.db});
  if (!output) return 2;
  std::ostream& out = output->stream();
  int rc = 0;
  const convert::Writer* writer = convert::find_writer(args.to);  // nullptr: --to ppn (--db)
  if (!args.db.empty()) {
    ExportArgs a = args;
    if (a.to.empty()) a.to = "ppn";
    rc = export_stored(a, out, writer);
  }
  // A writer raises rc to 1 for a game exported only up to an illegal roll.
  const int read = read_games(args.files, [&](Game& g, const std::string&) { rc = std::max(rc, writer->write(g, out, std::cerr)); });
  rc = std::max(rc, read);
  return std::max(rc, finish_output("export", *output, rc));
}

}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExportArgs>();
  auto* sub = app.add_subcommand(
      "export", "Write PPN games out as NU course protocol XML or JSON; write stored games back as PPN (--db)");
  std::string formats;
  auto choices = convert::writer_names();
  for (const auto& name : choices) formats += (formats.empty() ? "" : " or ") + name;
  choices.push_back("ppn");
  sub->add_option("--to", args->to, "output format: " + formats + "; with --db also ppn (the default there)")
      ->check(CLI::IsMember(choices));
  sub->add_option("-o,--output", args->output, "write here instead of standard output");
  sub->add_option("files", args->files, "PPN files ('-' for standard input)");
  sub->add_option("--db", args->db, "Export the games stored in this database (ppn import): all, or as chosen below");
  sub->add_option("--game", args->games, "With --db: this game id (repeatable; in the order given)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--where", args->where, db::kWhereHelp);
  sub->add_option("--sql", args->sql, db::kSqlHelp);
  sub->callback([args, &exit_code]() { exit_code = run_export(*args); });
}

}  // namespace ppn::cli
