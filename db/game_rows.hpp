// One game turned into the rows the database stores (db/SCHEMA.md): replayed and validated
// under its profile, checksummed, with its per-roll events, positions and statistics. Pure
// computation, no SQLite: the importer stores these rows, and `ppn bench import` inserts the
// very same rows with raw C-API calls as its baseline.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/game_stats.hpp"
#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::db {

struct SeatRow {
  Colour colour = Colour::Green;
  int seat_order = 0;               // 1 = first to roll ([Seats] order)
  std::string player_name;          // [Green "..."] etc., empty when absent
  std::optional<int> finish_rank;   // 1 = winner; nullopt: place unknown (game_seats.won still says who won)
};

struct RollRow {
  Colour colour = Colour::Green;
  std::uint8_t die1 = 0, die2 = 0;
  std::string play;                 // the play in canonical PPN ("N/0 0/6", "-", "PENALTY 41/N")
  PlayKind kind = PlayKind::Moves;  // what the record says was played (the penalty column is this)
  std::optional<bool> legal;        // nullopt: not replayed (after a stop)
  std::uint32_t number = 0;         // the roll's number as recorded (`41.`; counted when omitted)
  rules::Events events;
  std::uint32_t line = 0;
  std::uint64_t line_hash = 0;      // content checksum of the setup and rolls 0..this one
};

struct PositionRow {
  std::uint64_t hash = 0;           // rules::compute_hash of pos
  int roll_index = 0;               // the position after this roll
  rules::Position pos;
  std::uint8_t turn = 0;            // seat to move * 16 + doublets thrown in the turn
};

// A position row as the positions table keys it: (hash, id), id = roll_key(game, roll). The
// importer holds the positions of its open transaction and inserts them in chunks of up to
// kPositionChunk rows sorted by that key (schema migration 2, db/schema.cpp): sorted inserts
// walk the B-tree in order, random ones dirty a new page each.
struct StoredPosition {
  std::int64_t hash = 0;  // the bit pattern of the unsigned hash, as SQLite stores it
  std::int64_t id = 0;
  rules::Position pos;
  std::uint8_t turn = 0;
};
inline constexpr std::size_t kPositionChunk = std::size_t{1} << 17;
// Sorts by (hash, id) as SQLite orders the key.
void sort_by_key(std::vector<StoredPosition>& rows);

struct GameRows {
  std::string source_file;
  std::uint32_t source_line = 0;
  std::uint64_t checksum = 0;       // setup + every main-line entry (comments, NAGs, other tags excluded)
  std::uint64_t setup_hash = 0;     // setup only: the checksum of the game with no rolls
  std::string variant;              // profile used
  std::string result;               // [Result] as recorded ("" when absent)
  std::optional<Colour> winner;
  bool finished = false;
  bool legal = true;                // no error diagnostic
  std::string on_error;
  int rolls_replayed = 0;
  int illegal_rolls = 0;
  bool stop_run = false;            // --on-error stop met an illegal roll
  bool known_duplicate = false;     // only the checksum is filled: the database already had it
  std::vector<Tag> tags;
  std::string ppn;                  // the record in canonical PPN (`ppn fmt`): game_text, migration 5
  std::vector<SeatRow> seats;
  std::vector<RollRow> rolls;
  std::vector<PositionRow> positions;
  std::vector<replay::ReplayDiagnostic> diagnostics;
  // Every per-seat and per-game statistic, from the one computation `ppn stats` prints
  // (analysis::compute_game_stats under the same replay options): the game_race, seat_stats
  // and seat_illegal rows. The per-roll events of `rolls` are facts of single rolls.
  analysis::GameStats seat_stats;
};

// The seat_stats row both writers insert (the importer, db/importer.cpp, and the raw C-API
// baseline of `ppn bench import`, cli/bench_import.cpp), and the parameters of it a seat never
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

// Replays `game` under `cfg` (its profile from [Variant], overrides from cfg) and fills
// `out` (its vectors are reused).
void make_game_rows(const Game& game, const replay::ReplayConfig& cfg, GameRows& out);

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
