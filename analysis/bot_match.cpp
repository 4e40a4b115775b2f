// One bot against the field (see bot_match.hpp).
#include "analysis/bot_match.hpp"

#include <cmath>

#include "parallel/ordered_work.hpp"
#include "rules/options.hpp"

namespace ppn::analysis {

std::pair<double, double> BotMatch::interval() const {
  if (games == 0) return {0.0, 1.0};
  constexpr double z = 1.96;
  const double n = games, p = win_rate();
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Result<BotMatch> play_match(const SelfplayConfig& cfg, BotKind hero, BotKind field, int games, int threads) {
  auto made = make_selfplay(cfg);
  if (!made) return std::move(made).error();
  const bool ludo = rules::geometry_of(*rules::profile_options(cfg.variant).options).ludo;
  for (const BotKind k : {hero, field})
    if (!bot_available(k, ludo))
      return failure(Code::argument, "the " + std::string(bot_kind_name(k)) + " bot has no trained net for this board");
  const Selfplay& sp = *made;
  BotMatch m;
  parallel::for_each_index(
      static_cast<std::size_t>(games), threads, 0,
      [&](std::size_t i) {
        const int seat = static_cast<int>(i) % cfg.players;
        std::vector<SeatBot> bots(static_cast<std::size_t>(cfg.players));
        for (int k = 0; k < cfg.players; ++k) bots[static_cast<std::size_t>(k)].kind = k == seat ? hero : field;
        const std::size_t deal = cfg.duplicate_dice ? i / static_cast<std::size_t>(cfg.players) : i;
        std::vector<int> ranking;
        sp.play_game(deal, bots, &ranking);
        return ranking.empty() ? -1 : ranking[0];  // the winner's place in the turn order
      },
      [&](std::size_t i, int winner) {
        const int seat = static_cast<int>(i) % cfg.players;
        ++m.games;
        if (winner < 0) ++m.unfinished;
        else if (winner == seat) ++m.wins, ++m.wins_by_place[static_cast<std::size_t>(seat)];
      });
  return m;
}

}  // namespace ppn::analysis
