// `ppn stats FILE...`'s gathering: each game replayed once into its statistics
// (analysis::compute_game_stats), then counted in input order into the report's totals: games,
// rolls, the players' sums (analysis::StatsByPlayer) and every throw. The front end prints.
// (`ppn stats --db` reads the same totals back from a database: app/stored_stats.hpp.)
//
//   app::StatsTally tally("Marta Ruiz");
//   auto f = app::game_figures(game, cfg);   // on a worker
//   tally.add(f, number);                    // in input order
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "analysis/dice_audit.hpp"
#include "analysis/game_stats.hpp"
#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::app {

// One game's statistics and its throws.
struct GameFigures {
  analysis::GameStats stats;
  std::vector<std::array<int, 2>> throws;
};
GameFigures game_figures(const Game& game, const replay::ReplayConfig& cfg);

struct StatsTally {
  explicit StatsTally(std::string player) : player(std::move(player)), player_found(this->player.empty()) {}
  std::string player;  // only the seats of this player or colour ("" = every seat)
  std::size_t games = 0, complete = 0, rolls = 0, replayed = 0, lead_changes = 0;
  analysis::StatsByPlayer totals;
  bool player_found;           // some seat matched `player`
  analysis::DiceSample dice;   // every throw (`--chart faces`)
  // Counts game `number` (its database id, or its place among the files' games). A game that
  // could not be replayed counts its rolls and throws only.
  void add(const GameFigures& f, std::int64_t number);
};

}  // namespace ppn::app
