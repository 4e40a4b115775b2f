// One bot against the field (see bot_match.hpp).
#include "analysis/bot_match.hpp"

#include <cmath>

namespace ppn::analysis {

std::pair<double, double> BotMatch::interval() const {
  if (games == 0) return {0.0, 1.0};
  constexpr double z = 1.96;
  const double n = games, p = win_rate();
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Result<BotMatch> play_match(const SelfplayConfig& cfg, BotKind hero, BotKind field, int games) {
  auto made = make_selfplay(cfg);
  if (!made) return std::move(made).error();
  const Selfplay& sp = *made;
  BotMatch m;
  std::vector<int> ranking;
  for (int i = 0; i < games; ++i) {
    const int seat = i % cfg.players;
    std::vector<SeatBot> bots(static_cast<std::size_t>(cfg.players));
    for (int k = 0; k < cfg.players; ++k) bots[static_cast<std::size_t>(k)].kind = k == seat ? hero : field;
    const int deal = cfg.duplicate_dice ? i / cfg.players : i;
    sp.play_game(static_cast<std::uint64_t>(deal), bots, &ranking);
    ++m.games;
    if (ranking.empty()) ++m.unfinished;
    else if (ranking[0] == seat) ++m.wins, ++m.wins_by_place[static_cast<std::size_t>(seat)];
  }
  return m;
}

}  // namespace ppn::analysis
