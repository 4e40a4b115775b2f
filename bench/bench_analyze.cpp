#include "bench/bench_analyze.hpp"


#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <iostream>
#include <memory>

#include "analysis/calibration.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/selfplay.hpp"
#include "bench/bench_util.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"

namespace ppn::bench {

namespace {

// The seed stability of the marks over every game of the .ppn files of `dir` (analysis/README.md
// "Move quality"): each game analysed with rollout seeds 1, 2 and 3 at the settings given.
int stability(const std::string& dir, const analysis::AnalyzeConfig& acfg) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".ppn") files.push_back(e.path());
  if (ec) {
    std::cerr << "bench analyze: " << dir << ": " << ec.message() << "\n";
    return 2;
  }
  std::sort(files.begin(), files.end());
  analysis::MarkAgreement total;
  int games = 0;
  BenchTimer t;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto parsed = parser::parse_all(text, f.string());
    for (const auto& g : parsed.games) {
      std::vector<analysis::GameAnalysis> by_seed;
      for (std::uint64_t seed : {1, 2, 3}) {
        analysis::AnalyzeConfig c = acfg;
        c.eval.seed = seed;
        by_seed.push_back(analysis::analyze_game(g, {}, c));
      }
      if (!by_seed.front().ok) continue;
      total += analysis::mark_agreement(by_seed);
      ++games;
    }
  }
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "  seed stability (seeds 1, 2, 3): %d games of %zu files, %d decisions, %.1f%% with the same verdict "
                "(none, ?, ?? or unresolved); of the %d marked or unresolved under some seed, %.1f%% the same (%.1f s)\n",
                games, files.size(), total.decisions, 100 * total.fraction(), total.marked,
                100 * total.marked_fraction(), t.seconds());
  std::cout << buf;
  for (std::size_t k = 0; k < total.marks.size(); ++k) {
    std::snprintf(buf, sizeof buf, "    seed %zu: %d decisions marked, %d unresolved (%.1f%% of the decisions)\n", k + 1,
                  total.marks[k], total.unresolved[k],
                  total.decisions ? 100.0 * total.unresolved[k] / total.decisions : 0.0);
    std::cout << buf;
  }
  return 0;
}

// Analysis as a judge (analysis/README.md "Levels"): `a.games` games of four bots of known
// strength (random, greedy, eval, net1; with two or three players some sit each game out), the bots
// moved one seat on each game, every game analysed at the level; each bot's error rate and
// loss per decision with their standard errors, and the spread of the result against the
// luck-adjusted result over the bot-games (gnubg's variance reduction).
int judge(const BenchAnalyzeArgs& a) {
  auto made = analysis::make_selfplay(a.cfg);
  if (!made) {
    std::cerr << "bench analyze: " << made.error().message << "\n";
    return 2;
  }
  const std::array<analysis::BotKind, 4> kinds{analysis::BotKind::random, analysis::BotKind::greedy,
                                               analysis::BotKind::eval, analysis::BotKind::net1};
  const int n = a.cfg.players;
  const std::vector<int> order = made->seat_order();
  std::array<analysis::AnalysisTotals, 4> totals;
  std::array<analysis::ClusteredRatio, 4> loss;                    // loss per decision, each bot-game a cluster
  std::array<std::vector<std::pair<double, double>>, 4> outcomes;  // (result, luck-adjusted) per bot-game
  BenchTimer t;
  for (int i = 0; i < a.games; ++i) {
    // Game i: the bot of seat k in turn order is kinds[(k + i) mod 4]; with fewer players the
    // bots take turns sitting out.
    std::vector<analysis::SeatBot> bots(static_cast<std::size_t>(n));
    std::vector<int> kind_of(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      kind_of[static_cast<std::size_t>(k)] = (k + i) % 4;
      bots[static_cast<std::size_t>(k)].kind = kinds[static_cast<std::size_t>((k + i) % 4)];
    }
    const Game g = made->play_game(static_cast<std::uint64_t>(i), bots);
    const analysis::GameAnalysis ga = analysis::analyze_game(g, {}, a.acfg);
    if (!ga.ok) {
      std::cerr << "bench analyze: a self-play game could not be analysed: " << ga.error << "\n";
      return 1;
    }
    for (int k = 0; k < n; ++k) {
      const auto& sa = ga.seats[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
      const auto b = static_cast<std::size_t>(kind_of[static_cast<std::size_t>(k)]);
      totals[b] += sa;
      loss[b].add(sa.total_loss, sa.decisions);
      outcomes[b].push_back({sa.result, sa.luck_adjusted()});
    }
  }
  char buf[400];
  std::snprintf(buf, sizeof buf,
                "bench analyze --judge: variant %s, %d players, %d games (seed %llu), bots random, greedy, eval, net1 "
                "moved one seat on each game, analysed at %s (%.1f s)\n",
                a.cfg.variant.c_str(), n, a.games, static_cast<unsigned long long>(a.cfg.seed),
                a.acfg.level == analysis::Level::rollout ? "rollouts" : (std::string(analysis::level_name(a.acfg.level)) + "-ply").c_str(),
                t.seconds());
  std::cout << buf
            << "  bot     bot-games decisions  loss/decision (95% interval)   marked ?/??    wins\n";
  std::array<std::pair<double, double>, 4> interval{};
  double all_r = 0, all_l = 0, all_rr = 0, all_ll = 0, all_m = 0;
  for (std::size_t b = 0; b < 4; ++b) {
    const auto& tot = totals[b];
    if (outcomes[b].empty()) continue;
    const double v = loss[b].value(), se = std::max(0.0, loss[b].se());
    interval[b] = {v - 1.96 * se, v + 1.96 * se};
    std::snprintf(buf, sizeof buf, "  %-7s %9zu %9d  %.4f (%.4f - %.4f)       %5.1f%% +- %.1f  %5.0f\n",
                  std::string(analysis::bot_kind_name(kinds[b])).c_str(), outcomes[b].size(), tot.decisions, v,
                  std::max(0.0, interval[b].first), interval[b].second, 100 * tot.error_rate(), 100 * tot.error_rate_se(),
                  tot.result);
    std::cout << buf;
    for (const auto& [r, l] : outcomes[b]) all_r += r, all_l += l, all_rr += r * r, all_ll += l * l, all_m += 1;
  }
  // Whether the losses per decision order the bots by strength, their intervals apart.
  bool ordered = true;
  for (std::size_t b = 0; b + 1 < 4; ++b)
    if (!outcomes[b].empty() && !outcomes[b + 1].empty()) ordered = ordered && interval[b].first > interval[b + 1].second;
  std::cout << "  loss per decision orders random > greedy > eval > net1 with the 95% intervals apart: "
            << (ordered ? "yes" : "no") << "\n";
  // The luck-adjusted result against the result, over every bot-game (gnubg's variance reduction).
  const double vr = all_m > 1 ? (all_rr - all_r * all_r / all_m) / (all_m - 1) : 0.0;
  const double vl = all_m > 1 ? (all_ll - all_l * all_l / all_m) / (all_m - 1) : 0.0;
  std::snprintf(buf, sizeof buf,
                "  result variance %.4f, luck-adjusted result variance %.4f: %.0f%% less (over %.0f bot-games)\n", vr, vl,
                vr > 0 ? 100 * (1 - vl / vr) : 0.0, all_m);
  std::cout << buf;
  return 0;
}

int run_bench_analyze(const BenchAnalyzeArgs& a) {
  if (a.judge) return judge(a);
  auto made = analysis::make_selfplay(a.cfg);
  if (!made) {
    std::cerr << "bench analyze: " << made.error().message << "\n";
    return 2;
  }
  const analysis::Selfplay& sp = *made;
  std::vector<Game> games;
  std::size_t rolls = 0;
  for (int i = 0; i < a.games; ++i) {
    games.push_back(sp.play_game(static_cast<std::uint64_t>(i)));
    rolls += games.back().roll_count();
  }
  replay::ReplayConfig rc;
  rc.variant = a.cfg.variant;
  rc.options = a.cfg.options;

  // Baseline: replaying the same games and generating every legal play of every position
  // (the engine work one decision needs before any evaluation), best of 3 passes.
  const auto rules = replay::rules_for_game(games.front(), rc);
  double base_s = 1e300;
  std::size_t positions = 0, plays = 0;
  for (int pass = 0; pass < 3; ++pass) {
    positions = plays = 0;
    BenchTimer t;
    for (const auto& g : games)
      replay::replay_game(g, rc, [&](const replay::RollEvent& e) {
        ++positions;
        plays += e.before.legal_plays({e.roll->dice[0], e.roll->dice[1]}).plays.size();
      });
    base_s = std::min(base_s, t.seconds());
  }

  // Measured: the whole analysis (luck of every roll, rollouts of every decision), on -j
  // threads; then on one thread, for the speed-up.
  const int threads = a.acfg.threads > 0 ? a.acfg.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  double one_thread_s = 0;
  if (a.acfg.threads != 1) {
    analysis::AnalyzeConfig one = a.acfg;
    one.threads = 1;
    BenchTimer t1;
    for (const auto& g : games) analysis::analyze_game(g, rc, one);
    one_thread_s = t1.seconds();
  }
  BenchTimer t;
  std::size_t decisions = 0, analysed = 0;
  double worst_game = 0;
  std::size_t worst_rolls = 0;
  for (const auto& g : games) {
    BenchTimer gt;
    const auto ga = analysis::analyze_game(g, rc, a.acfg);
    const double s = gt.seconds();
    if (!ga.ok) {
      std::cerr << "bench analyze: a self-play game could not be analysed: " << ga.error << "\n";
      return 1;
    }
    if (s > worst_game) worst_game = s, worst_rolls = ga.rolls.size();
    analysed += ga.rolls.size();
    for (const auto& r : ga.rolls) decisions += r.decision;
  }
  const double an_s = t.seconds();
  const double dec_rate = static_cast<double>(decisions) / an_s;
  const double base_rate = static_cast<double>(positions) / base_s;
  char buf[400];
  std::cout << "bench analyze: variant " << a.cfg.variant << ", " << games.size() << " self-play games, "
            << a.cfg.players << " players, " << rolls << " rolls, " << decisions << " decisions; ";
  if (a.acfg.level == analysis::Level::rollout)
    std::cout << a.acfg.eval.rollouts << " rollouts of " << a.acfg.eval.horizon << " rolls, " << a.acfg.candidates
              << " candidates, ";
  else
    std::cout << "the neural evaluator at " << analysis::level_name(a.acfg.level) << "-ply, ";
  std::cout << threads << " threads\n";
  std::snprintf(buf, sizeof buf, "  analyze               %.1f decisions/s (%.1f rolls/s; %.2f s for all)\n", dec_rate,
                static_cast<double>(analysed) / an_s, an_s);
  std::cout << buf;
  std::snprintf(buf, sizeof buf, "  baseline: replay + legal plays of the same positions  %.0f positions/s (%zu plays)\n",
                base_rate, plays);
  std::cout << buf;
  if (one_thread_s > 0) {
    std::snprintf(buf, sizeof buf, "  one thread            %.2f s for all: %.2fx faster on %d threads\n", one_thread_s,
                  one_thread_s / an_s, threads);
    std::cout << buf;
  }
  std::snprintf(buf, sizeof buf, "  ratio analyze/baseline %.2g (an analysed decision costs %.0f baseline positions)\n",
                dec_rate / base_rate, base_rate / dec_rate);
  std::cout << buf;
  const double per_roll = an_s / static_cast<double>(analysed);
  std::snprintf(buf, sizeof buf,
                "  per game: slowest %.2f s (%zu rolls); %.2f s per 150 rolls at this game mix\n", worst_game,
                worst_rolls, per_roll * 150);
  std::cout << buf;
  if (const double one = a.acfg.threads == 1 ? an_s : one_thread_s; one > 0) {
    std::snprintf(buf, sizeof buf, "  one thread: %.2f s per 150 rolls\n", one / static_cast<double>(analysed) * 150);
    std::cout << buf;
  }
  return a.stability.empty() ? 0 : stability(a.stability, a.acfg);
}

}  // namespace

int bench_analyze(const BenchAnalyzeArgs& a) { return run_bench_analyze(a); }

}  // namespace ppn::bench
