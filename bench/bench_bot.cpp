#include "bench/bench_bot.hpp"

#include <cstdio>
#include <iostream>
#include <memory>

#include "analysis/bot_match.hpp"
#include "bench/bench_util.hpp"

namespace ppn::bench {

namespace {

int run_bench_bot(const BenchBotArgs& a) {
  const auto hero = analysis::bot_kind_of(a.bot), field = analysis::bot_kind_of(a.field);
  if (!hero || !field) {
    std::cerr << "bench bot: the bots are random, greedy, eval, net0 and net1, not \"" << (hero ? a.field : a.bot) << "\"\n";
    return 2;
  }
  BenchTimer t;
  // Duplicate dice: whole rounds, one game per place of the turn order for each dice sequence.
  const int games = a.cfg.duplicate_dice ? (a.games + a.cfg.players - 1) / a.cfg.players * a.cfg.players : a.games;
  auto r = analysis::play_match(a.cfg, *hero, *field, games, static_cast<int>(a.jobs));
  if (!r) {
    std::cerr << "bench bot: " << r.error().message << "\n";
    return 2;
  }
  const analysis::BotMatch& m = *r;
  const auto [lo, hi] = m.interval();
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "bench bot: variant %s, %d players, %d games (seed %llu%s): one %s bot against %d %s bots, its seat "
                "rotating (%.1f s)\n  %s bot won %d of %d: %.1f%% (95%% interval %.1f%% - %.1f%%); baseline 1/%d = %.1f%% "
                "(ratio %.2f)\n",
                a.cfg.variant.c_str(), a.cfg.players, m.games, static_cast<unsigned long long>(a.cfg.seed),
                a.cfg.duplicate_dice ? (", duplicate dice: " + std::to_string(m.games / a.cfg.players) + " dice sequences, each "
                                        "played from every place").c_str()
                                     : ", independent dice",
                a.bot.c_str(), a.cfg.players - 1, a.field.c_str(), t.seconds(), a.bot.c_str(), m.wins, m.games, 100 * m.win_rate(),
                100 * lo, 100 * hi, a.cfg.players, 100.0 / a.cfg.players, m.win_rate() * a.cfg.players);
  std::cout << buf;
  std::cout << "  wins by its place in the turn order:";
  for (int k = 0; k < a.cfg.players; ++k) std::cout << (k ? ", " : " ") << k + 1 << ": " << m.wins_by_place[static_cast<std::size_t>(k)];
  std::cout << "\n";
  if (m.unfinished) std::cout << "  " << m.unfinished << " games unfinished after " << a.cfg.max_rolls << " rolls (not won)\n";
  return 0;
}

}  // namespace

int bench_bot(const BenchBotArgs& a) { return run_bench_bot(a); }

}  // namespace ppn::bench
