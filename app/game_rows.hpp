// A game's rows as `ppn import` stores them: the record's part (db::fill_record_rows: source,
// text, checksums, the rolls as recorded) and, from one replay under the import's settings, the
// outcome of every roll and the statistics (analysis::compute_game_stats, the computation `ppn
// stats` prints), which db stores as it is given them.
#pragma once

#include "db/game_rows.hpp"
#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::app {

// Checksums `game` and replays it under `cfg` (its profile from [Variant], overrides from cfg)
// into `out` (its vectors are reused).
void make_game_rows(const Game& game, const replay::ReplayConfig& cfg, db::GameRows& out);

}  // namespace ppn::app
