#include "cli/export_command.hpp"

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "convert/json_game.hpp"
#include "convert/nu_ppn.hpp"
#include "notation/tags.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"

namespace ppn::cli {

namespace {

struct ExportArgs {
  std::string to;
  std::vector<std::string> files;
  std::string output;
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
        const auto setup = replay::roll_setup(e.before, r.dice[0], r.dice[1], rules.options);
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
                << (stop ? ": error[" : ": warning[") << d.code << "]: " << d.message
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

int run_export(const ExportArgs& args) {
  auto output = open_output("export", args.output, args.files, SameAsInput::refuse);
  if (!output) return 2;
  std::ostream& out = output->stream();
  int rc = 0;
  NuXmlExporter nu(out);
  for (const auto& path : args.files) {
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      std::cerr << open_failure(path, why);
      rc = 2;
      continue;
    }
    const auto stats = parser::parse_stream(
        *in, display_name(path),
        [&](Game& g) {
          if (args.to == "json") {
            out << convert::json_form::game_to_json(g).dump() << "\n";
          } else {
            rc = std::max(rc, nu.game(g));
          }
        },
        [&](const parser::ParseError& e) { std::cerr << e.format(); });
    if (stats.errors != 0) rc = 2;
  }
  return std::max(rc, finish_output("export", *output));
}

}  // namespace

void add_export_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ExportArgs>();
  auto* sub = app.add_subcommand("export", "Write PPN games out as NU course protocol XML or JSON");
  sub->add_option("--to", args->to, "output format: nu-xml or json")
      ->required()
      ->check(CLI::IsMember(std::vector<std::string>{"nu-xml", "json"}));
  sub->add_option("-o,--output", args->output, "write here instead of standard output");
  sub->add_option("files", args->files, "PPN files ('-' for standard input)")->required();
  sub->callback([args, &exit_code]() { exit_code = run_export(*args); });
}

}  // namespace ppn::cli
