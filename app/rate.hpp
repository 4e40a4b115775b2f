// `ppn rate`'s use case: the players of a database's finished games rated by Plackett-Luce
// maximum likelihood (analysis/rating.hpp), plain and luck-adjusted (with the luck figures
// `ppn analyze --db` stored). The rating input model is here: who is a candidate of a game,
// at which place, and the luck-adjusted share of the first place (analysis/README.md
// "Ratings").
#pragma once

#include <string>
#include <vector>

#include "notation/result.hpp"

namespace ppn::app {

struct RatedPlayer {
  std::string name;
  int games = 0;
  double strength = 0, se = 0;                    // plain
  double adjusted_strength = 0, adjusted_se = 0;  // luck-adjusted
};

struct Ratings {
  std::size_t rated_games = 0;  // finished games rated (two or more named players, one of them placed)
  int finished = 0;             // finished games read
  int analysed = 0;             // rated games whose every seat has luck figures
  int unnamed = 0;              // seats without a player name, left out
  std::vector<RatedPlayer> players;  // by plain strength, strongest first
};

// Rates the players of the database at `db_path`. Error: E-DATABASE, its message as printed
// after "rate: ".
Result<Ratings> rate_players(const std::string& db_path);

}  // namespace ppn::app
