// Per-game and per-player statistics of a recorded game (issue 7 "Statistics"), computed by
// replaying it: the db importer stores them, `ppn stats` prints them.
//
//   replay::ReplayConfig cfg;                       // as for validate
//   GameStats gs = compute_game_stats(game, cfg);   // replays the game once
//   for (const SeatStats& s : gs.seats) if (s.present) ... s.captures_made.total() ...
//   StatsByPlayer t;  t.add(gs, game_number);       // sums over games, keyed by player and profile
//
// Definitions (analysis/README.md "Statistics"):
//   race      steps to HOME per seat, summed over its four pawns (rules::Game::race); a pawn
//             in the nest counts kNestSteps (71 steps from its ENTER plus the five that enters
//             it; Ludo 62), a pawn at HOME 0. Recorded for the start and after every replayed roll.
//   leader    the seat with the strictly smallest race; a lead change is a new strict leader
//             (ties keep the previous one; the first strict leader is no change).
//   capture   where the captured pawn stood: on an ENTER space (`entry`, the entry captures
//             of Hasbro 2001 rules, Safety Spaces), on another safety (`safe`, only profiles that allow it) or on an
//             ordinary square (`unsafe`).
//   blockade  two pawns of one seat on one ring square. Formed: a blockade square present
//             after its owner's roll and not before it. It stops an opponent roll when some
//             dice part of that roll would have carried one of the roller's pawns onto or past
//             it, or when it stands on the roller's ENTER and the dice could enter a pawn of
//             the nest (a 5 or a total of 5, Hasbro 2001 rules, Entering; Ludo: a 6):
//             rules::Game::stopped_by_blockade. Each roll counts once per blockading seat.
//   nest roll a roll thrown while none of the mover's pawns was on the board (all in the nest
//             or HOME, at least one in the nest).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "notation/game.hpp"
#include "replay/replayer.hpp"
#include "stats/seat_stats.hpp"

namespace ppn::analysis {

inline constexpr int kNestSteps = 76;  // 71 steps from the ENTER + the five that enters

using stats::CaptureCounts;
using stats::CaptureWhere;
std::string_view capture_where_name(CaptureWhere w);

// A seat's figures are the rows of stats/seat_stats.hpp (SeatFigures: rolls, pawns_entered,
// captures_made, ..., nest_rolls), which compute_game_stats counts; here what the seat is.
struct SeatStats : stats::SeatFigures {
  bool present = false;
  // The record holds at least one roll of this seat. A seat never observed (a partial-view
  // transcript shows only the recorder's rolls) has no figures of its own: its figures are
  // not defined (left 0 here, NULL in the db) and reports leave it out of their sums,
  // saying how many such seats they left out.
  bool observed = false;
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
  std::vector<Colour> seat_order;  // seats in turn order
  std::array<SeatStats, 4> seats;  // indexed by engine seat (Colour value)
  std::vector<Colour> ranking;     // finishing_order(): best first; empty = not finished
  // race[k][s]: steps to HOME of seat s after roll k-1 (race[0] = before the first roll);
  // absent seats hold 0.
  std::vector<std::array<int, 4>> race;
  std::vector<int> race_roll_number;  // the record's roll number of race[k] (0 for the start)
  int lead_changes = 0;
};

// Replays `game` under `cfg` (on_error is honoured as in validate; keep-prefix counts the
// rolls before the first illegal one) and counts everything above.
GameStats compute_game_stats(const ppn::Game& game, const replay::ReplayConfig& cfg);

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

// Both from one replay of `game` (its vectors are reused): the statistics, returned, and the
// outcome of every roll, in `out`.
GameStats compute_game_stats(const ppn::Game& game, const replay::ReplayConfig& cfg, ReplayOutcome& out);

// The finishing order of a replayed game, best first; empty when the game did not finish.
// The one ranking behind every place, win and "finished" (seat_stats, game_seats, games, every
// report): the replay decides, [Result] (`result_tag`) may only add places the replay could
// not see. The replay's order when the replay reached the end of the game; a [Result] order
// that begins with it and is longer extends it (a Parcheesi game ends when its first player
// finishes, the record may say who came second); a [Result] that disagrees (E-RESULT) is
// ignored; a replay that did not reach the end (a record cut short, a stop at an illegal
// roll) is not finished, whatever [Result] says.
std::vector<Colour> finishing_order(const replay::ReplayResult& res, std::string_view result_tag);

// "LINE:COL: error[CODE]: message" of the first error of a replay ("" when none).
std::string stop_reason(const replay::ReplayResult& res);

// Steps a pawn in the nest still has to go: the route plus the entering throw (Parcheesi
// kNestSteps; Ludo 56 + 6 = 62).
int nest_steps(const rules::Geometry& g);

// Sums over games for one player (or colour) under one rule profile. A player who sat in two
// seats of one game played one game, and won it when one of their seats won: `games`, `wins`
// and `finished` count distinct games (the caller numbers its games), the figures sum seats.
// The outcome of a seat not observed is known (it counts in games, wins, finished); its
// figures are not: they are left out of `sum`, and the seat is counted in `unobserved`.
struct PlayerTotals {
  std::string key;                 // player name, or "(green)" for an unnamed seat
  std::string profile;             // the games' rule profile
  bool ludo = false;
  int games = 0, wins = 0, finished = 0;
  int seats = 0;                   // seats added (more than games when a player sat twice)
  int unobserved = 0;              // of them, not observed: not in `sum`
  SeatStats sum;                   // counts summed; place/race fields unused
  void add(const GameStats& gs, int seat, std::int64_t game);

 private:
  std::int64_t last_game_ = -1, last_win_ = -1, last_finished_ = -1;
};

// The totals of many games as `ppn stats` prints them: one PlayerTotals per (player key,
// profile), in order of first appearance (game, then turn order).
struct StatsByPlayer {
  std::vector<PlayerTotals> players;
  // Adds the seats of game number `game` (increasing) whose key or colour is `only` ("" = all);
  // false when no seat matched.
  bool add(const GameStats& gs, std::int64_t game, std::string_view only = "");
 private:
  std::map<std::pair<std::string, std::string>, std::size_t> index_;
};

// Whether totals span more than one rule profile (a report then names each block's profile).
bool mixed_profiles(const std::vector<PlayerTotals>& players);

// The key a seat is aggregated under: its player tag, else "(colour)".
std::string player_key(const GameStats& gs, int seat);

}  // namespace ppn::analysis
