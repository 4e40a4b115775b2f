#include "cli/bench_bot.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "analysis/bot_match.hpp"
#include "cli/bench_command.hpp"

namespace ppn::cli {

namespace {

struct BenchBotArgs {
  analysis::SelfplayConfig cfg{.variant = "hasbro-2001", .options = {}, .players = 4, .seed = 2000};
  std::string bot = "eval", field = "greedy";
  int games = 400;
};

int run_bench_bot(const BenchBotArgs& a) {
  const auto hero = analysis::bot_kind_of(a.bot), field = analysis::bot_kind_of(a.field);
  if (!hero || !field) {
    std::cerr << "bench bot: the bots are random, greedy and eval, not \"" << (hero ? a.field : a.bot) << "\"\n";
    return 2;
  }
  BenchTimer t;
  auto r = analysis::play_match(a.cfg, *hero, *field, a.games);
  if (auto* err = std::get_if<std::string>(&r)) {
    std::cerr << "bench bot: " << *err << "\n";
    return 2;
  }
  const auto& m = std::get<analysis::BotMatch>(r);
  const auto [lo, hi] = m.interval();
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "bench bot: variant %s, %d players, %d games (seed %llu): one %s bot against %d %s bots, its seat "
                "rotating (%.1f s)\n  %s bot won %d of %d: %.1f%% (95%% interval %.1f%% - %.1f%%); baseline 1/%d = %.1f%% "
                "(ratio %.2f)\n",
                a.cfg.variant.c_str(), a.cfg.players, m.games, static_cast<unsigned long long>(a.cfg.seed), a.bot.c_str(),
                a.cfg.players - 1, a.field.c_str(), t.seconds(), a.bot.c_str(), m.wins, m.games, 100 * m.win_rate(),
                100 * lo, 100 * hi, a.cfg.players, 100.0 / a.cfg.players, m.win_rate() * a.cfg.players);
  std::cout << buf;
  std::cout << "  wins by its place in the turn order:";
  for (int k = 0; k < a.cfg.players; ++k) std::cout << (k ? ", " : " ") << k + 1 << ": " << m.wins_by_place[static_cast<std::size_t>(k)];
  std::cout << "\n";
  if (m.unfinished) std::cout << "  " << m.unfinished << " games unfinished after " << a.cfg.max_rolls << " rolls (not won)\n";
  return 0;
}

}  // namespace

void add_bench_bot(CLI::App& bench, int& exit_code) {
  auto a = std::make_shared<BenchBotArgs>();
  auto* sub = bench.add_subcommand("bot", "One bot against the field: its win rate with a 95% interval vs 1/players");
  sub->add_option("--bot", a->bot, "The bot measured: random, greedy or eval")->capture_default_str();
  sub->add_option("--against", a->field, "The bot of every other seat")->capture_default_str();
  sub->add_option("--games", a->games, "Games (the bot's seat rotates)")->capture_default_str()->check(CLI::Range(1, 1000000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->callback([a, &exit_code]() { exit_code = run_bench_bot(*a); });
}

}  // namespace ppn::cli
