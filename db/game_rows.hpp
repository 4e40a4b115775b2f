// One game turned into the rows the database stores (db/SCHEMA.md): checksummed here (the
// game's identity in the database); the replay's outcome and statistics are computed above db
// (app/game_rows.hpp, one computation of analysis, which the rows hold as it is) and given to
// it as plain values (stats/game_facts.hpp). No SQLite: the importer stores these rows, and
// `ppn bench import` inserts the very same rows with raw C-API calls as its baseline.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "notation/game.hpp"
#include "replay/replayer.hpp"
#include "stats/game_facts.hpp"

namespace ppn::db {

// A main-line roll as recorded: what identifies it (db/SCHEMA.md rolls); what the replay made
// of it is GameRows::replay.rolls at the same index.
struct RollRow {
  Colour colour = Colour::Green;
  std::uint8_t die1 = 0, die2 = 0;
  std::string play;                 // the play in canonical PPN ("N/0 0/6", "-", "PENALTY 41/N")
  PlayKind kind = PlayKind::Moves;  // what the record says was played (the penalty column is this)
  std::uint32_t number = 0;         // the roll's number as recorded (`41.`; counted when omitted)
  std::uint32_t line = 0;
  std::uint64_t line_hash = 0;      // content checksum of the setup and rolls 0..this one
};

struct GameRows {
  std::string source_file;
  std::uint32_t source_line = 0;
  std::uint64_t checksum = 0;       // setup + every main-line entry (comments, NAGs, other tags excluded)
  std::uint64_t setup_hash = 0;     // setup only: the checksum of the game with no rolls
  std::string result;               // [Result] as recorded ("" when absent)
  std::string on_error;
  bool known_duplicate = false;     // only the checksum is filled: the database already had it
  std::vector<Tag> tags;
  std::string ppn;                  // the record in canonical PPN (`ppn fmt`): game_text, migration 5
  std::vector<RollRow> rolls;
  // Everything the replay computed, from the one computation `ppn stats` prints
  // (analysis::compute_game_stats under the same replay options), which the database stores
  // as it is: the statistics (game_race, seat_stats, seat_illegal), and the outcome of every
  // roll, the positions, the seats' places and the diagnostics (rolls, positions, game_seats,
  // games, diagnostics).
  stats::GameStats seat_stats;
  stats::ReplayOutcome replay;
};

// The seat_stats row both writers insert (the importer, db/importer.cpp, and the raw C-API
// baseline of `ppn bench import`, bench/bench_import.cpp), and the parameters of it a seat never
// observed leaves NULL: every figure from `rolls` (?4) to `nest_rolls` (?21), and `illegal`
// (?25): its figures are not known, not zero (db/SCHEMA.md seat_stats).
inline constexpr const char* kInsertSeatStats =
    "INSERT INTO seat_stats(game_id, colour, seat_order, rolls, pawns_entered, captures_made_unsafe, "
    "captures_made_safe, captures_made_entry, captures_suffered_unsafe, captures_suffered_safe, "
    "captures_suffered_entry, bonuses_earned, bonuses_played, bonuses_forfeited, doublets, four_part, penalties, "
    "blockades_formed, opponent_rolls_blocked, no_play, nest_rolls, race_start, race_end, place, illegal, observed, won) "
    "VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24,?25,?26,?27)";
inline constexpr std::array<int, 19> kUnobservedSeatNullParams = {4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                                                                  14, 15, 16, 17, 18, 19, 20, 21, 25};

// The content checksum alone (GameRows::checksum), without replaying: the importer's fast
// path for games the database already holds.
std::uint64_t game_checksum(const Game& game);

// Fills the rows of `game` that its record gives (source, tags, text, the checksums and the
// rolls as recorded; on_error from `cfg`), leaving seat_stats and replay as they are: the
// caller computes those (app::make_game_rows). `out`'s vectors are reused.
void fill_record_rows(const Game& game, const replay::ReplayConfig& cfg, GameRows& out);

// FNV-1a 64 over bytes, streaming (the checksum of a prefix is the state after it).
struct Fnv64 {
  std::uint64_t h = 14695981039346656037ull;
  void add(std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
  }
};

}  // namespace ppn::db
