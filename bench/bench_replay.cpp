#include "bench/bench_replay.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

#include "analysis/selfplay.hpp"
#include "bench/bench_util.hpp"
#include "parallel/ordered_work.hpp"
#include "replay/replayer.hpp"

namespace ppn::bench {

using parallel::OrderedWork;

namespace {

struct ReplayPass {
  double seconds = 1e300;  // the best pass
  double cpu_seconds = 1e300;  // the process CPU time of the pass with the least (CpuTimer)
  std::size_t illegal = 0, replayed = 0;
};

// Validates every roll of `games` on `jobs` threads (parallel/ordered_work.hpp, as `ppn validate
// -j` does), `repeat` times; the best pass.
ReplayPass validate_all(const std::vector<Game>& games, const replay::ReplayConfig& rc, unsigned jobs, int repeat) {
  ReplayPass best;
  for (int pass = 0; pass < repeat; ++pass) {
    std::size_t illegal = 0, replayed = 0;
    BenchTimer t;
    const CpuTimer cpu;
    {
      OrderedWork work(jobs);
      for (const auto& g : games)
        work.submit([&g, &rc, &illegal, &replayed]() -> OrderedWork::Deliver {
          const auto r = replay::replay_game(g, rc);
          const std::size_t bad = static_cast<std::size_t>(r.illegal) + r.errors();
          const auto n = static_cast<std::size_t>(r.rolls_replayed);
          return [&illegal, &replayed, bad, n] {
            illegal += bad;
            replayed += n;
          };
        });
      work.finish();
    }
    const double s = t.seconds();
    if (s < best.seconds) best.seconds = s;
    best.cpu_seconds = std::min(best.cpu_seconds, cpu.seconds());
    best.illegal = illegal;
    best.replayed = replayed;
  }
  return best;
}

int run_bench_replay(const BenchReplayArgs& a) {
  auto made = analysis::make_selfplay(a.cfg);
  if (!made) {
    std::cerr << "bench replay: " << made.error().message << "\n";
    return 2;
  }
  const analysis::Selfplay& sp = *made;

  // Baseline: self-play generation itself (legal-play generation + bot choice per roll).
  std::vector<Game> games;
  games.reserve(static_cast<std::size_t>(a.games));
  BenchTimer gen_timer;
  const CpuTimer gen_cpu;
  std::size_t rolls = 0;
  for (int i = 0; i < a.games; ++i) {
    games.push_back(sp.play_game(static_cast<std::uint64_t>(i)));
    rolls += games.back().roll_count();
  }
  const double gen_s = gen_timer.seconds();
  const double gen_cpu_s = gen_cpu.seconds();

  // Measured: validating every roll of those records (best of `repeat` passes), on one thread
  // and on `jobs`.
  replay::ReplayConfig rc;
  rc.variant = a.cfg.variant;
  rc.options = a.cfg.options;
  const ReplayPass one = validate_all(games, rc, 1, a.repeat);
  const ReplayPass many = a.jobs > 1 ? validate_all(games, rc, a.jobs, a.repeat) : one;
  const std::size_t illegal = one.illegal + many.illegal;
  const std::size_t replayed = std::min(one.replayed, many.replayed);
  const double val_rate = static_cast<double>(one.replayed) / one.seconds;
  const double many_rate = static_cast<double>(many.replayed) / many.seconds;
  const double gen_rate = static_cast<double>(rolls) / gen_s;
  // By CPU time: both sides run on one thread, so a shared machine's load leaves the ratio.
  const double val_cpu_rate = static_cast<double>(one.replayed) / one.cpu_seconds;
  const double gen_cpu_rate = static_cast<double>(rolls) / gen_cpu_s;
  std::cout << "bench replay: variant " << a.cfg.variant << ", " << games.size() << " self-play games, " << rolls
            << " rolls\n";
  std::cout << "  validate -j 1         " << fixed1(val_rate / 1e6) << " M rolls/s\n";
  std::cout << "  baseline: self-play   " << fixed1(gen_rate / 1e6) << " M rolls/s (one thread)\n";
  std::cout << "  ratio validate/selfplay " << fixed1(val_rate / gen_rate) << "x\n";
  std::cout << "  by CPU time: validate -j 1 " << fixed2(val_cpu_rate / 1e6) << " M rolls/s, self-play "
            << fixed2(gen_cpu_rate / 1e6) << " M rolls/s, ratio " << fixed1(val_cpu_rate / gen_cpu_rate) << "x\n";
  if (a.jobs > 1)
    std::cout << "  validate -j " << a.jobs << "         " << fixed1(many_rate / 1e6) << " M rolls/s, scaling "
              << fixed2(many_rate / val_rate) << "x of -j 1\n";
  if (illegal != 0 || replayed != rolls) {
    std::cerr << "bench replay: " << illegal << " problems while validating self-play games (" << replayed << " of "
              << rolls << " rolls replayed)\n";
    return 1;
  }
  return 0;
}

}  // namespace

int bench_replay(const BenchReplayArgs& a) { return run_bench_replay(a); }

}  // namespace ppn::bench
