// `ppn rate`'s use case: the players of a database's finished games rated by Plackett-Luce
// maximum likelihood (analysis/rating.hpp), plain and luck-adjusted (with the luck figures
// `ppn analyze --db` stored). The rating input model is here: which games share a ladder (one
// per rule profile unless asked otherwise), who is a candidate of a game, at which place, the
// luck-adjusted share of the first place, and which players the games connect
// (analysis/README.md "Ratings").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "notation/result.hpp"

namespace ppn::app {

// Which games are rated together. A strength is a player's strength at one game: Ludo and
// Parcheesi (and profiles whose rules differ) are different games, so by default each profile
// has a ladder of its own.
enum class RatePool : std::uint8_t { profile, board, all };

struct RateQuery {
  std::string db_path;
  std::string variant;  // "": every profile; else only the games of this profile
  std::string where;    // "": every game; else an SQL condition on table games (as `export --where`)
  RatePool pool = RatePool::profile;
};

struct RatedPlayer {
  std::string name;
  int games = 0;                                  // distinct rated games of the ladder
  double strength = 0, se = 0;                    // plain
  double adjusted_strength = 0, adjusted_se = 0;  // luck-adjusted
  int group = 1;  // the connected group (Ladder::groups) the player belongs to, 1 = the largest
};

// One ladder: the games of one pool (a profile, a board, or all of them).
struct Ladder {
  std::string pool;             // the profile, the board ("parcheesi", "ludo") or "all"
  std::size_t rated_games = 0;  // finished games rated (two or more named players, one of them placed)
  int finished = 0;             // finished games read
  int analysed = 0;             // rated games whose every seat has luck figures
  int unnamed = 0;              // seats without a player name, left out
  // Groups of players linked by rated games (who met, directly or through common opponents).
  // Strengths of two groups are not comparable: no game ever set one against the other, so
  // each group's scale rests on the prior alone.
  int groups = 0;
  std::vector<RatedPlayer> players;  // by group, then plain strength, strongest first
};

struct Ratings {
  int finished = 0;             // finished games read, over all ladders
  std::vector<Ladder> ladders;  // in order of name
};

// Rates the players of the database `q.db_path`. Error: E-DATABASE (the database, or a bad
// --where), E-ARGUMENT (an unknown --variant), its message as printed after "rate: ".
Result<Ratings> rate_players(const RateQuery& q);

}  // namespace ppn::app
