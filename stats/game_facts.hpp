// What one replay of a game yields, as plain values: the per-seat statistics and the outcome
// of every roll. analysis computes them (analysis/game_stats.hpp: definitions and methods), db
// stores them (db/game_rows.hpp), and the application layer joins the two (app/game_rows.hpp),
// so that db stores what it is given without linking analysis.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "notation/game.hpp"
#include "replay/replayer.hpp"
#include "rules/engine.hpp"
#include "stats/seat_stats.hpp"

namespace ppn::stats {

// A seat's figures are the rows of stats/seat_stats.hpp (SeatFigures: rolls, pawns_entered,
// captures_made, ..., nest_rolls), which analysis::compute_game_stats counts; here what the seat is.
struct SeatStats : SeatFigures {
  bool present = false;
  // The record holds at least one roll of this seat. A seat never observed (a partial-view
  // transcript shows only the recorder's rolls) has no figures of its own: its figures are
  // not defined (left 0 here, NULL in the db) and reports leave it out of their sums,
  // saying how many such seats they left out.
  bool observed = false;
  // The rolls the record holds (stats/seat_stats.hpp RollsSeen): with a stretch of unseen plays
  // (replay::ReplayResult::unseen_stretches) not every roll of the game, and every roll of this
  // seat only when it is an [Observer] seat. The figures counted on rolls it does not hold are
  // not observed (NULL in the db).
  RollsSeen rolls_seen;
  std::string player;              // the [Green]/[Red]/... tag, "" when absent
  int race_start = 0, race_end = 0;
  int place = 0;                   // place in GameStats::ranking (1 = winner), 0 = not placed
  std::map<std::string, int> illegal;  // rule code -> illegal plays recorded for this seat
  int illegal_total() const {
    int n = 0;
    for (const auto& [code, k] : illegal) n += k;
    return n;
  }
};

struct GameStats {
  std::string profile;             // rule profile used
  bool ludo = false;               // a Ludo board (one die; sixes, not doublets, give another roll)
  bool replayed = false;           // false: the game could not be set up (nothing counted)
  std::string error;               // why, when not replayed
  int rolls = 0;                   // main-line rolls in the record
  int rolls_replayed = 0;
  bool complete = false;           // replayed to its end without stopping
  std::string stop_reason;         // when not complete: "LINE:COL: error[CODE]: message" of the roll that stopped it
  bool game_over = false;
  // Stretches of plays the record does not show (replay::ReplayResult::unseen_stretches).
  int unseen_stretches = 0;
  std::vector<Colour> seat_order;  // seats in turn order
  std::array<SeatStats, 4> seats;  // indexed by engine seat (Colour value)
  std::vector<Colour> ranking;     // finishing_order(): best first; empty = not finished
  // race[k][s]: steps to HOME of seat s after roll k-1 (race[0] = before the first roll);
  // absent seats hold 0.
  std::vector<std::array<int, 4>> race;
  std::vector<int> race_roll_number;  // the record's roll number of race[k] (0 for the start)
  int lead_changes = 0;
};

// What the same single replay yields besides the statistics, for a caller that keeps the game
// (the db importer stores these facts as they are: db/SCHEMA.md rolls, positions, game_seats,
// games, diagnostics).
struct RollOutcome {
  std::optional<bool> legal;        // nullopt: not replayed (after a stop)
  rules::Events events;             // what the roll did (captures, arrivals, bonuses)
};
struct PositionAfter {
  int roll_index = 0;               // the position after this roll
  rules::Position pos;
  std::uint64_t hash = 0;           // rules::compute_hash(pos): the key positions are searched by
  std::uint8_t to_move = 0;         // seat to move next
  std::uint8_t doublets = 0;        // doublets already thrown in that turn
};
struct SeatPlace {
  Colour colour = Colour::Green;
  int seat_order = 0;               // 1 = first to roll ([Seats] order)
  std::string player_name;          // [Green "..."] etc., white space collapsed; empty when absent
  std::optional<int> finish_rank;   // 1 = winner; nullopt: place unknown
};
struct ReplayOutcome {
  std::string profile;              // the profile replayed ([Variant] as written when none was set up)
  int rolls_replayed = 0;
  int illegal_rolls = 0;
  bool stop_run = false;            // --on-error stop met an illegal roll
  bool legal = true;                // no error diagnostic, no illegal roll, a usable setup
  // From the one finishing order of the statistics (finishing_order), so that the seats'
  // places, the winner and "finished" agree with GameStats::ranking.
  bool finished = false;
  std::optional<Colour> winner;
  std::vector<SeatPlace> seats;     // in [Seats] order
  std::vector<RollOutcome> rolls;   // one per main-line roll
  std::vector<PositionAfter> positions;  // after each replayed roll; none under --on-error skip
  std::vector<replay::ReplayDiagnostic> diagnostics;
};

}  // namespace ppn::stats
