#include "cli/export_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/game_select.hpp"
#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "convert/json_game.hpp"
#include "convert/nu_ppn.hpp"
#include "db/game_record.hpp"
#include "db/schema.hpp"
#include "notation/tags.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"

namespace ppn::cli {

namespace {

struct ExportArgs {
  std::string to;  // nu-xml | json | ppn (ppn: --db only; its default there)
  std::vector<std::string> files;
  std::string output;
  // --db: stored games, all or those chosen by --game ID... or by --where / --sql.
  std::string db;
  std::vector<std::int64_t> games;
  std::string where;  // an SQL condition on games: SELECT id FROM games WHERE (...) ORDER BY id
  std::string sql;    // a SELECT whose first column is games.id
};

// Racket's board always holds all four colours; a colour not taking part stays in its start
// area (shared/corpora/racket/README.md "players").
PositionDesc with_all_colours(PositionDesc d) {
  for (int c = 0; c < colour_count; ++c)
    if (!d.find(static_cast<Colour>(c))) d.seats.push_back(SeatPawns{static_cast<Colour>(c), std::vector<Square>(4, Square::nest())});
  canonicalize(d);
  return d;
}

class NuXmlExporter {
 public:
  NuXmlExporter(std::ostream& out) : out_(out) {}

  // Returns 0, or 1 when the game could not be exported to its end.
  int game(const Game& g) {
    const std::string name = g.source_file + ":" + std::to_string(g.source_line);
    out_ << "<!-- game " << name << " -->\n";
    // An illegal roll is still written as recorded (a referee's test case is exactly that),
    // and reported; replay goes on from the play as recorded (OnError::as_played).
    replay::ReplayConfig cfg;
    cfg.on_error = replay::OnError::as_played;
    const auto rules = replay::rules_for_game(g, cfg);
    std::optional<std::vector<std::uint8_t>> pending;
    if (auto setup = game_setup(g); setup && !setup->pending.empty()) {
      std::vector<std::uint8_t> p;
      for (const auto& part : setup->pending)
        if (!part.bonus) p.push_back(part.value);
      pending = p;
    }
    convert::nu::Board board = convert::nu::initial_board();
    std::string error;
    const auto res = replay::replay_game(g, cfg, [&](const replay::RollEvent& e) {
      if (!error.empty()) return;
      const auto before = convert::nu::board_of_desc(with_all_colours(replay::desc_from_state(e.before)), board);
      if (!before) {
        error = "roll " + std::to_string(e.roll_index + 1) + ": the position is not a Racket board";
        return;
      }
      board = *before;
      const Roll& r = *e.roll;
      if (r.kind == PlayKind::Penalty) {
        out_ << "<doubles-penalty></doubles-penalty>\n<void></void>\n";
        pending.reset();
        return;
      }
      convert::nu::Dice dice;
      if (pending) {
        // the roll that finishes a mid-roll [Setup]: its dice first, then the other parts
        auto rest = *pending;
        for (int i = 0; i < r.dice_count(); ++i) {
          dice.values.push_back(r.dice[i]);
          auto it = std::find(rest.begin(), rest.end(), r.dice[i]);
          if (it != rest.end()) rest.erase(it);
        }
        for (auto v : rest) dice.values.push_back(v);
        pending.reset();
      } else {
        const auto setup = rules::roll_setup(e.before, r.dice[0], r.dice[1], rules.options);
        for (auto v : setup.parts) dice.values.push_back(v);
      }
      static const std::vector<Step> kNone;
      auto moves = convert::nu::moves_of_steps(board, r.seat, r.kind == PlayKind::Moves ? r.steps : kNone);
      if (!moves.error.empty()) {
        error = "roll " + std::to_string(e.roll_index + 1) + ": " + moves.error;
        return;
      }
      out_ << convert::nu::write_do_move(board, dice) << "\n" << convert::nu::write_moves(moves.moves) << "\n";
      // carry the ids forward: the next roll's board keeps the ids of the pawns that moved
      board = moves.applied.after;
    });
    for (const auto& d : res.diagnostics) {
      const bool stop = d.severity == replay::Severity::error;
      std::cerr << g.source_file << ":" << d.line << ":" << std::max<std::uint32_t>(d.column, 1)
                << (stop ? ": error[" : ": warning[") << d.name() << "]: " << d.text()
                << (stop ? "; the export of this game (line " + std::to_string(g.source_line) + ") stops there" : "")
                << "\n";
    }
    if (res.errors() > 0 || res.illegal > 0) return 1;
    if (!error.empty()) {
      std::cerr << name << ": error: " << error << "\n";
      return 1;
    }
    return 0;
  }

 private:
  std::ostream& out_;
};

// The game ids `ppn export --db` writes, in order. Error: a message.
std::variant<std::vector<std::int64_t>, std::string> chosen_ids(db::Database& database, const ExportArgs& a) {
  if (!a.games.empty()) return a.games;
  if (!a.sql.empty()) return db::select_game_ids(database, a.sql);
  return db::select_game_ids(database, "SELECT id FROM games" + (a.where.empty() ? "" : " WHERE (" + a.where + ")") +
                                           " ORDER BY id");
}

// `ppn export --db PATH`: each chosen game's stored text (PPN, byte for byte `ppn fmt` of the
// record imported), or the game parsed from it in another format. 1 when some game has no
// text (imported before schema version 5) or did not export to its end; 2 for a game id the
// database lacks or a database error.
int export_stored(const ExportArgs& a, std::ostream& out, NuXmlExporter& nu) {
  // Read-only: --where and --sql cannot change the database.
  auto opened = db::open_for_reading(a.db);
  if (auto* err = std::get_if<std::string>(&opened)) {
    std::cerr << "export: " << *err << "\n";
    return 2;
  }
  auto& database = std::get<db::Database>(opened);
  auto ids = chosen_ids(database, a);
  if (auto* err = std::get_if<std::string>(&ids)) {
    std::cerr << "export: " << a.db << ": " << *err << "\n";
    return 2;
  }
  int rc = 0;
  for (const auto id : std::get<std::vector<std::int64_t>>(ids)) {
    auto read = db::read_record(database, id);
    if (auto* err = std::get_if<std::string>(&read)) {
      std::cerr << "export: " << a.db << ": " << *err << "\n";
      return 2;
    }
    const auto& rec = std::get<std::optional<db::StoredRecord>>(read);
    if (!rec) {
      std::cerr << "export: " << a.db << ": no game " << id << "\n";
      rc = 2;
      continue;
    }
    if (!rec->ppn) {
      std::cerr << "export: " << a.db << ": " << db::missing_text_message(*rec) << "\n";
      rc = std::max(rc, 1);
      continue;
    }
    if (a.to == "ppn") {
      out << *rec->ppn;
      continue;
    }
    auto game = db::parse_record(*rec, stored_game_name(a.db, id));
    if (auto* err = std::get_if<std::string>(&game)) {
      std::cerr << "export: " << a.db << ": " << *err << "\n";
      rc = 2;
      continue;
    }
    if (a.to == "json") out << convert::json_form::game_to_json(std::get<Game>(game)).dump() << "\n";
    else rc = std::max(rc, nu.game(std::get<Game>(game)));
  }
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
  NuXmlExporter nu(out);
  if (!args.db.empty()) {
    ExportArgs a = args;
    if (a.to.empty()) a.to = "ppn";
    rc = export_stored(a, out, nu);
  }
  // nu.game() raises rc to 1 for a game exported only up to an illegal roll.
  const int read = read_games(args.files, [&](Game& g, const std::string&) {
    if (args.to == "json") out << convert::json_form::game_to_json(g).dump() << "\n";
    else rc = std::max(rc, nu.game(g));
  });
  rc = std::max(rc, read);
  return std::max(rc, finish_output("export", *output, rc));
}

}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExportArgs>();
  auto* sub = app.add_subcommand(
      "export", "Write PPN games out as NU course protocol XML or JSON; write stored games back as PPN (--db)");
  sub->add_option("--to", args->to, "output format: nu-xml or json; with --db also ppn (the default there)")
      ->check(CLI::IsMember(std::vector<std::string>{"nu-xml", "json", "ppn"}));
  sub->add_option("-o,--output", args->output, "write here instead of standard output");
  sub->add_option("files", args->files, "PPN files ('-' for standard input)");
  sub->add_option("--db", args->db, "Export the games stored in this database (ppn import): all, or as chosen below");
  sub->add_option("--game", args->games, "With --db: this game id (repeatable; in the order given)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--where", args->where,
                  "With --db: the games satisfying this SQL condition on table games, e.g. \"winner = 'red'\" or "
                  "\"id IN (SELECT game_id FROM game_seats WHERE player_name = 'Marta Ruiz')\" (in id order)");
  sub->add_option("--sql", args->sql, "With --db: the games a read-only SELECT gives as its first column (in its order)");
  sub->callback([args, &exit_code]() { exit_code = run_export(*args); });
}

}  // namespace ppn::cli
