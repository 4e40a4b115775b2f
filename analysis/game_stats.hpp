// Per-game and per-player statistics of a recorded game, computed by
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
//             the nest (a 5 or a total of 5, Hasbro 2001 rules, Entering Your Pawns; Ludo: a 6):
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
#include "stats/game_facts.hpp"

namespace ppn::analysis {

inline constexpr int kNestSteps = rules::kParcheesi68.nest_steps();  // 71 from the ENTER + the entering 5

// The values (stats/game_facts.hpp), in this namespace as before.
using stats::CaptureWhere;
using stats::CaptureCounts;
using stats::SeatStats;
using stats::GameStats;
using stats::RollOutcome;
using stats::PositionAfter;
using stats::SeatPlace;
using stats::ReplayOutcome;

std::string_view capture_where_name(CaptureWhere w);

// Replays `game` under `cfg` (on_error is honoured as in validate; keep-prefix counts the
// rolls before the first illegal one) and counts everything in GameStats.
GameStats compute_game_stats(const ppn::Game& game, const replay::ReplayConfig& cfg);

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
  // Of the observed seats, those whose record does not hold every roll of its game (a partial
  // view, SeatStats::rolls_seen): their figures counted on every seat's rolls
  // (stats/seat_stats.hpp, seen = all) are not in `sum`; `partial_own` of them, not even every
  // roll of their own (not an [Observer] seat): none of their figures is in `sum`. A figure
  // no observed seat showed is not observed (JSON null, "not observed").
  int partial = 0, partial_own = 0;
  // Whether `row`'s figure in `sum` is observed: some seat showed it.
  bool observed(const stats::SeatStat& row) const {
    return seats - unobserved > (row.seen == stats::Seen::own ? partial_own : partial);
  }
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
