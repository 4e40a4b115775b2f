#include "bench/bench_analyze.hpp"


#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <iostream>
#include <memory>

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

int run_bench_analyze(const BenchAnalyzeArgs& a) {
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
