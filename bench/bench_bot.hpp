// `ppn bench bot`: one bot against the field over self-play games, its win rate with a 95%
// interval next to the baseline 1/players.
#pragma once

#include <string>

#include "analysis/selfplay.hpp"

namespace ppn::bench {

struct BenchBotArgs {
  analysis::SelfplayConfig cfg{.variant = "hasbro-2001", .options = {}, .players = 4, .seed = 2000, .max_rolls = 3000,
                               .duplicate_dice = true};
  std::string bot = "eval", field = "greedy";
  int games = 400;
  unsigned jobs = 0;  // threads (0: every core)
};

int bench_bot(const BenchBotArgs& a);

}  // namespace ppn::bench
