// One bot against the field (`ppn bench bot`, analysis/README.md "The eval bot"): self-play
// games with one seat played by `hero` and every other seat by `field`, the hero's seat
// rotating through the turn order from game to game, and the hero's share of wins with its
// 95% interval.
//
//   BotMatch m = play_match(cfg, BotKind::eval, BotKind::greedy, 400);
//   m.win_rate(), m.interval()          // e.g. 0.41, {0.36, 0.46}
#pragma once

#include <array>
#include <string>
#include <utility>

#include "analysis/selfplay.hpp"
#include "notation/result.hpp"

namespace ppn::analysis {

struct BotMatch {
  int games = 0;
  int wins = 0;        // games the hero's seat won
  int unfinished = 0;  // games still running after cfg.max_rolls (no winner; counted as not won)
  std::array<int, 4> wins_by_place{};  // hero's wins by its place in the turn order (0 = first to roll)
  double win_rate() const { return games ? static_cast<double>(wins) / games : 0.0; }
  // The Wilson score interval of the win rate at 95% (z = 1.96).
  std::pair<double, double> interval() const;
};

// Games 0 .. games-1 of cfg.seed; game i seats the hero i-th mod cfg.players in the turn order.
// The dice are those of `ppn selfplay --seed` for the same games; under cfg.duplicate_dice,
// games are dealt in rounds of cfg.players, each round one deal (the same dice sequence,
// SelfplayConfig::duplicate_dice) with the hero in every place of the turn order, so that luck
// of the dice evens out within each round (backgammon's duplicate play). The games run on
// `threads` threads (0: every core) with the same result for any number. E-ARGUMENT for an
// unusable config or a bot that cannot play the board (bot_available).
Result<BotMatch> play_match(const SelfplayConfig& cfg, BotKind hero, BotKind field, int games, int threads = 1);

}  // namespace ppn::analysis
