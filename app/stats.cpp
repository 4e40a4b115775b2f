#include "app/stats.hpp"

namespace ppn::app {

GameFigures game_figures(const Game& game, const replay::ReplayConfig& cfg) {
  GameFigures f;
  f.stats = analysis::compute_game_stats(game, cfg);
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) f.throws.push_back({r->dice[0], r->dice[1]});
  return f;
}

void StatsTally::add(const GameFigures& f, std::int64_t number) {
  const auto& gs = f.stats;
  ++games;
  for (const auto& t : f.throws) dice.add(t[0], t[1]);
  rolls += static_cast<std::size_t>(gs.rolls);
  if (!gs.replayed) return;
  replayed += static_cast<std::size_t>(gs.rolls_replayed);
  complete += gs.complete;
  lead_changes += static_cast<std::size_t>(gs.lead_changes);
  player_found |= totals.add(gs, number, player);
}

}  // namespace ppn::app
