#include "convert/nu_export.hpp"

#include <algorithm>
#include <optional>

#include "convert/nu_ppn.hpp"
#include "notation/tags.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"

namespace ppn::convert::nu {

namespace {

// Racket's board always holds all four colours; a colour not taking part stays in its start
// area (shared/corpora/racket/README.md "players").
PositionDesc with_all_colours(PositionDesc d) {
  for (int c = 0; c < colour_count; ++c)
    if (!d.find(static_cast<Colour>(c))) d.seats.push_back(SeatPawns{static_cast<Colour>(c), std::vector<Square>(4, Square::nest())});
  canonicalize(d);
  return d;
}

// Returns 0, or 1 when the game could not be exported to its end.
int write_game(const Game& g, std::ostream& out, std::ostream& err) {
  const std::string name = g.source_file + ":" + std::to_string(g.source_line);
  out << "<!-- game " << name << " -->\n";
  // An illegal roll is still written as recorded (a referee's test case is exactly that),
  // and reported; replay goes on from the play as recorded (OnError::as_played).
  replay::ReplayConfig cfg;
  cfg.on_error = replay::OnError::as_played;
  std::optional<std::vector<std::uint8_t>> pending;
  if (auto setup = game_setup(g); setup && !setup->pending.empty()) {
    std::vector<std::uint8_t> p;
    for (const auto& part : setup->pending)
      if (!part.bonus) p.push_back(part.value);
    pending = p;
  }
  Board board = initial_board();
  std::string error;
  const auto res = replay::replay_game(g, cfg, [&](const replay::RollEvent& e) {
    if (!error.empty()) return;
    // The position in the Racket board's squares (racket_coords.hpp).
    const auto before = board_of_desc(
        with_all_colours(replay::desc_of(e.before.position(), e.before.to_move(), e.before.doublets(), racket::kBoard)),
        board);
    if (!before) {
      error = "roll " + std::to_string(e.roll_index + 1) + ": the position is not a Racket board";
      return;
    }
    board = *before;
    const Roll& r = *e.roll;
    if (r.kind == PlayKind::Penalty) {
      out << "<doubles-penalty></doubles-penalty>\n<void></void>\n";
      pending.reset();
      return;
    }
    Dice dice;
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
      for (auto v : e.before.parts(rules::Dice{r.dice[0], r.dice[1]}).parts) dice.values.push_back(v);
    }
    static const std::vector<Step> kNone;
    auto moves = moves_of_steps(board, r.seat, r.kind == PlayKind::Moves ? r.steps : kNone);
    if (!moves.error.empty()) {
      error = "roll " + std::to_string(e.roll_index + 1) + ": " + moves.error;
      return;
    }
    out << write_do_move(board, dice) << "\n" << write_moves(moves.moves) << "\n";
    // Carry the pawn ids forward: the next roll's board, made from the replay's position,
    // keeps the ids of the pawns that moved. The board moves no pawn of its own: the
    // replayer and moves_of_steps both apply through the rules core (rules/apply.hpp).
    board = moves.applied.after;
  });
  for (const auto& d : res.diagnostics) {
    const bool stop = d.severity == replay::Severity::error;
    err << g.source_file << ":" << d.line << ":" << std::max<std::uint32_t>(d.column, 1)
        << (stop ? ": error[" : ": warning[") << d.name() << "]: " << d.text()
        << (stop ? "; the export of this game (line " + std::to_string(g.source_line) + ") stops there" : "")
        << "\n";
  }
  if (res.errors() > 0 || res.illegal > 0) return 1;
  if (!error.empty()) {
    err << name << ": error: " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

const convert::Writer xml_writer = {"nu-xml", "NU course protocol XML, the server's messages per roll", write_game};

}  // namespace ppn::convert::nu
