// The fitted evaluator (see fitted_evaluator.hpp).
#include "analysis/fitted_evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/game_stats.hpp"

namespace ppn::analysis {

using namespace ppn::rules;

const std::array<std::string_view, kFeatures> kFeatureNames = {
    "log race estimate",  // log of the race estimate's winning chance (floored at 1e-4)
    "race / 100",         // steps to HOME
    "race / mean race",   // relative to the seats in play
    "pawns in nest",      //
    "pawns home",         //
    "pawns protected",    // on a safety square or the home path
    "exposure / 100",     // expected steps lost to captures (capture_threats().lost)
    "threat / 100",       // expected steps it takes from the others (capture_threats().made)
    "turn place / n",     // 0 for the seat to move, then k/n in turn order
    "blockades",          // squares holding two of its pawns
    "pawns in the last stretch",  // within 20 steps of HOME, not HOME
    "rearmost pawn / 100",        // steps to HOME of its pawn furthest from it
    "sum of squared steps / 10000",  // over its pawns: the race's spread over them
    "all left in nest",           // 1 when every pawn not HOME is in the nest
    "gap / 100",                  // race minus the smallest race of the other seats in play
    "leader",                     // 1 when its race is strictly the smallest
    "gap behind / 100",           // max(0, gap)
    "pawns on an entry",          // on the ENTER of a seat in play with pawns in its nest
    "entry exposure / 100",       // those pawns' progress (an entering pawn captures there)
    "log race over 1/4",          // max(0, log race estimate - log 0.25): a piecewise-linear
    "log race over 1/2",          //   term of the first feature, knots at 1/4, 1/2, 3/4 ...
    "log race over 3/4",          //
    "log race under 1/10",        // max(0, log 0.1 - log race estimate), ... and 1/10, 1/20
    "log race under 1/20",        //
    "doublet roll to come",       // the seat to move rolls again (it threw a doublet)
    "pawns in nest squared",      //
};

namespace {

constexpr FittedModel kModels[] = {
#include "analysis/fitted_weights.inc"
};

}  // namespace

SeatFeatures seat_features(const rules::Game& game, const WinProbs& race) {
  SeatFeatures out;
  const Geometry& g = game.geometry();
  out.n = seats_in_play(game, out.seat);
  if (out.n == 0) return out;
  const Position& pos = game.position();
  const Threats t = capture_threats(pos, g);
  double mean_race = 0;
  std::array<int, 4> steps{};
  for (int i = 0; i < out.n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    steps[ui] = game.race(colour_of(out.seat[ui]));
    mean_race += steps[ui];
  }
  mean_race = std::max(1.0, mean_race / out.n);
  for (int i = 0; i < out.n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    const int s = out.seat[ui];
    const auto us = static_cast<std::size_t>(s);
    int nest = 0, home = 0, protected_ = 0, blockades = 0, stretch = 0, rear = 0, on_entry = 0;
    double squared = 0, entry_exposure = 0;
    std::array<int, kMaxRing> on{};
    for (const Place pawn : pos.pawns(s)) {
      const int to_go = steps_to_go(pawn, g);
      rear = std::max(rear, to_go);
      squared += static_cast<double>(to_go) * to_go;
      if (to_go > 0 && to_go <= 20) ++stretch;
      if (pawn.in_nest()) {
        ++nest;
        continue;
      }
      const int rel = pawn.rel();
      if (rel == g.home) ++home;
      else if (g.on_home_path(rel)) ++protected_;
      else if (g.on_track(rel)) {
        const int a = g.abs_of_rel(s, rel);
        if (g.is_safe_abs(a)) ++protected_;
        if (++on[static_cast<std::size_t>(a)] == 2) ++blockades;
        for (int j = 0; j < out.n; ++j) {
          const int o = out.seat[static_cast<std::size_t>(j)];
          if (o != s && a == g.abs_of(o, 0) && pos.count(o, Place::nest()) > 0) {
            ++on_entry;
            entry_exposure += g.nest_steps() - to_go;
          }
        }
      }
    }
    int best_other = std::numeric_limits<int>::max();
    for (int j = 0; j < out.n; ++j)
      if (j != i) best_other = std::min(best_other, steps[static_cast<std::size_t>(j)]);
    const double gap = (steps[ui] - best_other) / 100.0;
    auto& f = out.f[ui];
    f[0] = std::log(std::max(race.p[us], 1e-4));
    f[1] = steps[ui] / 100.0;
    f[2] = steps[ui] / mean_race;
    f[3] = nest;
    f[4] = home;
    f[5] = protected_;
    f[6] = t.lost[us] / 100.0;
    f[7] = t.made[us] / 100.0;
    f[8] = static_cast<double>(i) / out.n;
    f[9] = blockades;
    f[10] = stretch;
    f[11] = rear / 100.0;
    f[12] = squared / 10000.0;
    f[13] = nest > 0 && nest + home == kPawnsPerSeat ? 1 : 0;
    f[14] = gap;
    f[15] = gap < 0 ? 1 : 0;
    f[16] = std::max(0.0, gap);
    f[17] = on_entry;
    f[18] = entry_exposure / 100.0;
    f[19] = std::max(0.0, f[0] - std::log(0.25));
    f[20] = std::max(0.0, f[0] - std::log(0.5));
    f[21] = std::max(0.0, f[0] - std::log(0.75));
    f[22] = std::max(0.0, std::log(0.1) - f[0]);
    f[23] = std::max(0.0, std::log(0.05) - f[0]);
    f[24] = i == 0 && game.doublets() > 0 ? 1 : 0;
    f[25] = nest * nest;
  }
  return out;
}

const FittedModel* fitted_model(bool ludo, int players) {
  for (const auto& m : kModels)
    if (m.ludo == ludo && m.players == players) return &m;
  return nullptr;
}

WinProbs fitted_estimate(const SeatFeatures& f, const FittedModel& m) {
  WinProbs w;
  std::array<double, 4> score{};
  double top = -1e300;
  for (int i = 0; i < f.n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    for (int k = 0; k < kFeatures; ++k) score[ui] += m.w[static_cast<std::size_t>(k)] * f.f[ui][static_cast<std::size_t>(k)];
    top = std::max(top, score[ui]);
  }
  double total = 0;
  for (int i = 0; i < f.n; ++i) total += std::exp(score[static_cast<std::size_t>(i)] - top);
  for (int i = 0; i < f.n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    w.p[static_cast<std::size_t>(f.seat[ui])] = std::exp(score[ui] - top) / total;
  }
  return w;
}

WinProbs Evaluator::fitted(const rules::Game& g) const {
  const WinProbs r = race(g);
  if (!g.ranking().empty()) return r;
  const SeatFeatures f = seat_features(g, r);
  if (f.n < 2) return r;
  const FittedModel* m = fitted_model(g_.ludo, f.n);
  return m ? fitted_estimate(f, *m) : r;
}

}  // namespace ppn::analysis
