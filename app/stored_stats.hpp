// The statistics and analysis figures of schema migration 3 (db/SCHEMA.md), read back and
// written: `ppn stats --db` aggregates the seat_stats rows the importer stored into the very
// PlayerTotals `ppn stats FILE` sums from replays, and `ppn analyze --db` stores each seat's
// luck and move-quality figures in seat_analysis.
//
//   auto r = read_stored_stats(db, {.player = "Marta Ruiz"});   // the totals, or why not
//   auto st = store_analysis(db, game_id, ga, cfg);              // ok when stored
//
// Errors are values (E-DATABASE, notation/result.hpp); SQLite failures never escape.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"
#include "db/connection.hpp"
#include "db/importer.hpp"
#include "notation/result.hpp"

namespace ppn::app {

struct StoredStatsQuery {
  // Only this player: a stored player's name or any of its spellings (player_aliases), an
  // unnamed seat's "(colour)" key, or a colour name (every seat of that colour). "" = all.
  std::string player;
  bool games = false;  // also fill StoredStats::game_list (one entry per game, for --games)
};

// One stored game as `ppn stats` reports it.
struct StoredGame {
  std::int64_t id = 0;
  std::string source_file;
  std::int64_t source_line = 0;
  std::string profile;                 // games.variant
  int rolls = 0;                       // main-line rolls in the record
  bool has_stats = false;              // false: imported before schema version 3
  bool replayed = false, complete = false;
  int rolls_replayed = 0, lead_changes = 0;
  std::string stop_reason, error;
  std::vector<Colour> ranking;                   // finishing order (replay), filled with `games`
  std::vector<std::pair<Colour, int>> race_end;  // seats in turn order, filled with `games`
};

struct StoredStats {
  // Header figures over every stored game, as `ppn stats FILE...` counts them.
  std::size_t games = 0, complete = 0, rolls = 0, replayed = 0, lead_changes = 0;
  std::size_t without_stats = 0;       // games stored before migration 3 (not counted)
  // Games stored before migration 7: counted over the rolls their records show, even where a
  // record does not show them all (db/SCHEMA.md game_race.unseen_stretches NULL).
  std::size_t counted_before_unseen = 0;
  std::vector<StoredGame> problems;    // games not replayed to the end, or without statistics
  std::vector<StoredGame> game_list;   // every game, in id order (query.games only)
  std::vector<analysis::PlayerTotals> players;  // in order of first appearance (game id, seat order)
  bool player_found = true;            // false: query.player matched no seat
};

// Sums the stored per-seat statistics by player (players.name; an unnamed seat "(colour)").
// Error: E-DATABASE.
Result<StoredStats> read_stored_stats(db::Database& db, const StoredStatsQuery& q);
// The same of the database at `db_path`, opened for reading; one of schema version 3 or later
// (before it, no per-seat statistics were stored) and up to date. Error: E-DATABASE, its
// message as printed after "stats: ".
Result<StoredStats> read_stored_stats(const std::string& db_path, const StoredStatsQuery& q);

// The id of the stored game with this checksum (db::game_checksum), 0 when there is none.
// Error: a message.
Result<std::int64_t> find_game_by_checksum(db::Database& db, std::uint64_t checksum);

// The stored game `game` is (found by its content checksum), imported first when the database
// does not hold it yet, through the importer as `ppn import` would (under the same
// --variant/--option/--on-error), so that figures stored for it belong to a stored game
// (`ppn analyze --db`). Not stored: a game with more rolls than the database holds, and an
// unfinished copy of a stored game (a prefix duplicate, which the importer does not store).
struct StoredId {
  std::int64_t id = 0;    // 0 when refused
  bool imported = false;  // imported now
  std::string refused;    // why it is not stored (the figures are not stored either)
};
Result<StoredId> ensure_stored(db::Importer& imp, const Game& game);

// Replaces the seat_analysis rows of game `game_id` with the figures of `ga` (one row per
// present seat) and the settings of `cfg`, in one transaction. Error: a message.
Status store_analysis(db::Database& db, std::int64_t game_id, const analysis::GameAnalysis& ga,
                      const analysis::AnalyzeConfig& cfg);

}  // namespace ppn::app
