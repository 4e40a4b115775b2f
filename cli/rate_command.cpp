#include "cli/rate_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "app/rate.hpp"

namespace ppn::cli {

namespace {

struct RateArgs {
  std::string db;
};

int run_rate(const RateArgs& a) {
  auto rated = app::rate_players(a.db);
  if (!rated) {
    std::cerr << "rate: " << rated.error().message << "\n";
    return 2;
  }
  const auto& r = *rated;
  std::cout << "rate: " << r.rated_games << " of " << r.finished << " finished games rated (the others have fewer than two named players, or place none of them), " << r.players.size() << " players; " << r.analysed
            << " games with luck figures (ppn analyze --db); " << r.unnamed
            << " seats without a player name left out\n";
  std::cout << "  Plackett-Luce log-strength +- standard error (0 = a reference player; a difference d means "
               "odds e^d to 1 between two players)\n";
  char line[300];
  std::snprintf(line, sizeof line, "  %4s  %-24s %5s  %15s  %15s\n", "rank", "player", "games", "strength",
                "luck-adjusted");
  std::cout << line;
  int rank = 0;
  for (const auto& p : r.players) {
    std::snprintf(line, sizeof line, "  %4d  %-24s %5d  %+7.2f +- %4.2f  %+7.2f +- %4.2f\n", ++rank, p.name.c_str(),
                  p.games, p.strength, p.se, p.adjusted_strength, p.adjusted_se);
    std::cout << line;
  }
  return 0;
}
}  // namespace

void add_rate_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RateArgs>();
  auto* sub = app.add_subcommand(
      "rate", "Rate the players of a database's games (Plackett-Luce maximum likelihood; luck-adjusted with analyze --db)");
  sub->add_option("--db", a->db, "The database (ppn import)")->required();
  sub->callback([a, &exit_code]() { exit_code = run_rate(*a); });
}

}  // namespace ppn::cli
