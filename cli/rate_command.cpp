#include "cli/rate_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "app/rate.hpp"
#include "cli/progress.hpp"
#include "db/connection.hpp"
#include "db/game_record.hpp"

namespace ppn::cli {

namespace {

struct RateArgs {
  app::RateQuery query;
};

void print_ladder(const app::Ladder& l) {
  std::cout << "rate: " << l.pool << ": " << l.rated_games << " of " << l.finished
            << " finished games rated (the others have fewer than two named players, or place none of them), "
            << l.players.size() << " players; " << l.analysed << " games with luck figures (ppn analyze --db); "
            << l.unnamed << " seats without a player name left out\n";
  if (l.groups > 1)
    std::cout << "  " << l.groups
              << " groups of players who never met, directly or through common opponents: strengths compare only "
                 "within a group (column group)\n";
  std::cout << "  Plackett-Luce log-strength +- standard error (0 = a reference player; a difference d means "
               "odds e^d to 1 between two players)\n";
  char line[300];
  const bool grouped = l.groups > 1;
  std::snprintf(line, sizeof line, "  %4s  %-24s %5s%s  %15s  %15s\n", "rank", "player", "games", grouped ? "  group" : "",
                "strength", "luck-adjusted");
  std::cout << line;
  int rank = 0;
  for (const auto& p : l.players) {
    char group[16] = "";
    if (grouped) std::snprintf(group, sizeof group, "  %5d", p.group);
    std::snprintf(line, sizeof line, "  %4d  %-24s %5d%s  %+7.2f +- %4.2f  %+7.2f +- %4.2f\n", ++rank, p.name.c_str(),
                  p.games, group, p.strength, p.se, p.adjusted_strength, p.adjusted_se);
    std::cout << line;
  }
}

int run_rate(const RateArgs& a) {
  // On a terminal, a line saying what is being done meanwhile.
  Progress bar("rate");
  bar.update(0, "rating the players of " + db::database_name(a.query.db_path));
  auto rated = app::rate_players(a.query);
  bar.finish();
  if (!rated) {
    std::cerr << "rate: " << rated.error().message << "\n";
    return 2;
  }
  const auto& r = *rated;
  if (r.ladders.empty()) std::cout << "rate: no finished game to rate\n";
  for (const auto& l : r.ladders) print_ladder(l);
  return 0;
}
}  // namespace

void add_rate_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RateArgs>();
  auto* sub = app.add_subcommand(
      "rate",
      "Rate the players of a database's games (Plackett-Luce maximum likelihood; luck-adjusted with analyze --db), "
      "one ladder per rule profile");
  sub->add_option("--db", a->query.db_path, "The database (ppn import)")->required();
  sub->add_option("--variant", a->query.variant, "Only the games of this rule profile");
  sub->add_option("--where", a->query.where, db::kWhereHelp);
  auto* query = &a->query;
  sub->add_option_function<std::string>(
         "--pool",
         [query](const std::string& v) {
           query->pool = v == "board" ? app::RatePool::board : v == "all" ? app::RatePool::all : app::RatePool::profile;
         },
         "Which games share a ladder: profile (one per rule profile, the default), board (Parcheesi, Ludo) or all")
      ->check(CLI::IsMember({"profile", "board", "all"}))
      ->default_str("profile");
  sub->callback([a, &exit_code]() { exit_code = run_rate(*a); });
}

}  // namespace ppn::cli
