#include "app/game_rows.hpp"

#include "analysis/game_stats.hpp"

namespace ppn::app {

void make_game_rows(const Game& game, const replay::ReplayConfig& cfg, db::GameRows& out) {
  db::fill_record_rows(game, cfg, out);
  // One replay for the statistics and the outcome of every roll (analysis computes both).
  out.seat_stats = analysis::compute_game_stats(game, cfg, out.replay);
}

}  // namespace ppn::app
