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
  std::int64_t known_as = 0;        // with known_duplicate: the stored game's id
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
// baseline of `ppn bench import`, bench/bench_import.cpp): its parameters, in this order. From
// first_figure on come the statistics of stats/seat_stats.hpp, one parameter per column in the
// table's order (stats::for_each_column_value gives their values).
namespace seat_param {
inline constexpr int game_id = 1, colour = 2, seat_order = 3, first_figure = 4;
inline constexpr int race_start = first_figure + stats::kSeatStatColumns, race_end = race_start + 1,
                     place = race_end + 1, illegal = place + 1, observed = illegal + 1, won = observed + 1;
}  // namespace seat_param

// "INSERT INTO seat_stats(game_id, colour, seat_order, rolls, ..., won) VALUES(?1, ...)", its
// columns and parameters in the order of seat_param.
inline const std::string& insert_seat_stats_sql() {
  static const std::string sql = [] {
    std::string columns = "game_id, colour, seat_order";
    for (const auto& s : stats::kSeatStats)
      for (int k = 0; k < s.columns(); ++k) columns += ", " + s.column_name(k);
    columns += ", race_start, race_end, place, illegal, observed, won";
    std::string values;
    for (int p = 1; p <= seat_param::won; ++p) values += (p > 1 ? ",?" : "?") + std::to_string(p);
    return "INSERT INTO seat_stats(" + columns + ") VALUES(" + values + ")";
  }();
  return sql;
}

// The parameters a seat never observed leaves NULL: every statistic, and `illegal`: its figures
// are not known, not zero (db/SCHEMA.md seat_stats).
inline constexpr auto kUnobservedSeatNullParams = [] {
  std::array<int, stats::kSeatStatColumns + 1> p{};
  for (int i = 0; i < stats::kSeatStatColumns; ++i) p[static_cast<std::size_t>(i)] = seat_param::first_figure + i;
  p.back() = seat_param::illegal;
  return p;
}();

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
