// Position evaluation (see evaluator.hpp).
#include "analysis/evaluator.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "analysis/game_stats.hpp"
#include "analysis/net_play.hpp"
#include "analysis/rng.hpp"
#include "analysis/selfplay.hpp"

namespace ppn::analysis {

using namespace ppn::rules;

namespace {

// Race model constants (analysis/README.md "Evaluator"): about 7 steps per turn (two dice
// average 7; doublets' extra rolls and bonuses roughly pay for blocked dice and dice spent
// entering), a spread of the turns still needed that grows with them, and a wait for a five
// while every pawn is in the nest. The spread was fitted coarsely by the Brier score of the
// estimate against the winners of 300 greedy/random self-play games (hasbro-2001, seed 99):
// 0.139 with four players (0.1875 for always 1/4), 0.185 with two (0.25 for 1/2).
constexpr double kStepsPerTurn = 7.0;
constexpr double kSpreadSqrt = 1.5;  // sigma = kSpreadSqrt * sqrt(mu) + kSpreadLinear * mu
constexpr double kSpreadLinear = 0.15;
constexpr double kNestWait = 36.0 / 15.0;  // expected rolls to throw a five (a 5, 1+4 or 2+3)
constexpr int kGrid = 64;
// Rolls out of 36 that move some pawn exactly d squares with one die or both (the backgammon
// hit table; the 20 bonus and entry captures are left out), d = 1..12.
constexpr int kHitWays[13] = {0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3};

double normal_cdf(double x) { return 0.5 * std::erfc(-x * M_SQRT1_2); }

}  // namespace

Threats capture_threats(const Position& p, const Geometry& g) {
  Threats t;
  for (int seat = 0; seat < kMaxSeats; ++seat) {
    if (!p.seat_present(seat)) continue;
    for (const Place pawn : p.pawns(seat)) {
      if (pawn.in_nest()) continue;
      const int rel = pawn.rel();
      if (!g.on_track(rel)) continue;
      const int a = g.abs_of_rel(seat, rel);
      if (g.is_safe_abs(a)) continue;
      const double progress = g.nest_steps() - g.steps_to_home(rel);
      double safe = 1.0;
      for (int o = 0; o < kMaxSeats; ++o) {
        if (o == seat || !p.seat_present(o)) continue;
        double safe_from_o = 1.0;
        for (const Place attacker : p.pawns(o)) {
          if (attacker.in_nest()) continue;
          const int orel = attacker.rel();
          if (!g.on_track(orel)) continue;
          const int d = (a - g.abs_of_rel(o, orel) + g.ring_len) % g.ring_len;
          // Only squares the attacker still passes before its turn-off (rel 63).
          if (d >= 1 && d <= 12 && (g.is_lap(orel) || g.track(orel) + d <= g.last_ring))
            safe_from_o *= 1.0 - (g.ludo ? (d <= 6 ? 1.0 / 6.0 : 0.0) : kHitWays[d] / 36.0);  // Ludo: one die
        }
        t.made[static_cast<std::size_t>(o)] += (1.0 - safe_from_o) * progress;
        safe *= safe_from_o;
      }
      t.lost[static_cast<std::size_t>(seat)] += (1.0 - safe) * progress;
    }
  }
  return t;
}

int seats_in_play(const rules::Game& g, std::array<int, kMaxSeats>& order) {
  const std::vector<Colour> turns = g.turn_order();
  std::size_t start = 0;
  for (std::size_t i = 0; i < turns.size(); ++i)
    if (turns[i] == g.to_move()) start = i;
  int n = 0;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const Colour c = turns[(start + i) % turns.size()];
    if (g.playing(c)) order[static_cast<std::size_t>(n++)] = seat_of(c);
  }
  return n;
}

WinProbs Evaluator::race(const rules::Game& g) const {
  WinProbs w;
  if (const auto ranking = g.ranking(); !ranking.empty()) {
    w.p[static_cast<std::size_t>(seat_of(ranking.front()))] = 1.0;
    return w;
  }
  // Seats still playing, in turn order from the one to move.
  std::array<int, kMaxSeats> order{};
  const int n = seats_in_play(g, order);
  if (n == 0) return w;
  if (n == 1) {
    w.p[order[0]] = 1.0;
    return w;
  }
  double mu[kMaxSeats], sigma[kMaxSeats];
  double lo = 1e9, hi = -1e9;
  const Threats threats = capture_threats(g.position(), g_);
  for (int i = 0; i < n; ++i) {
    const int s = order[i];
    const int steps = g.race(colour_of(s));
    bool on_board = false;
    for (const Place pawn : g.pawns(colour_of(s))) on_board |= !pawn.in_nest() && !pawn.home(g_);
    // Ludo: one die, 3.5 a throw and another throw after a 6 (3.5 * 36/30 = 4.2 a turn); a
    // token waits six throws on average for the 6 that enters it (Ludo rules, Gameplay).
    const double per_turn = g_.ludo ? 4.2 : kStepsPerTurn, wait = g_.ludo ? 6.0 : kNestWait;
    double turns = (steps + threats.lost[static_cast<std::size_t>(s)]) / per_turn + (on_board ? 0.0 : wait);
    turns = std::max(turns, 1.0);
    sigma[i] = kSpreadSqrt * std::sqrt(turns) + kSpreadLinear * turns;
    // The seat i-th to move finishes its T-th turn at time T - 1 + i/n.
    mu[i] = turns - 1.0 + static_cast<double>(i) / n;
    lo = std::min(lo, mu[i] - 5 * sigma[i]);
    hi = std::max(hi, mu[i] + 5 * sigma[i]);
  }
  // P(seat i first) = integral of f_i(t) * prod_{j != i} (1 - F_j(t)) dt, on a grid of
  // intervals: the mass of T_i in each interval times the others' survival at its midpoint.
  const double dt = (hi - lo) / kGrid;
  double total = 0;
  double prob[kMaxSeats] = {};
  double cdf_prev[kMaxSeats];
  for (int i = 0; i < n; ++i) cdf_prev[i] = normal_cdf((lo - mu[i]) / sigma[i]);
  for (int k = 1; k <= kGrid; ++k) {
    const double t = lo + k * dt, mid = t - dt / 2;
    double cdf[kMaxSeats], surv_mid[kMaxSeats];
    for (int i = 0; i < n; ++i) {
      cdf[i] = normal_cdf((t - mu[i]) / sigma[i]);
      surv_mid[i] = 1.0 - normal_cdf((mid - mu[i]) / sigma[i]);
    }
    for (int i = 0; i < n; ++i) {
      double v = cdf[i] - cdf_prev[i];
      for (int j = 0; j < n; ++j)
        if (j != i) v *= surv_mid[j];
      prob[i] += v;
    }
    for (int i = 0; i < n; ++i) cdf_prev[i] = cdf[i];
  }
  for (int i = 0; i < n; ++i) total += prob[i];
  if (total <= 0) {
    // Far outside the grid's reach: the smallest expected finish wins.
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (mu[i] < mu[best]) best = i;
    w.p[order[best]] = 1.0;
    return w;
  }
  for (int i = 0; i < n; ++i) w.p[order[i]] = prob[i] / total;
  return w;
}

WinProbs Evaluator::rollout(const rules::Game& start, std::uint64_t salt) const {
  if (!start.ranking().empty()) return race(start);
  WinProbs sum;
  const int runs = std::max(1, cfg_.rollouts);
  for (int i = 0; i < runs; ++i) {
    const WinProbs r = rollout_one(start, salt, i);
    for (int s = 0; s < kMaxSeats; ++s) sum.p[s] += r.p[s];
  }
  for (auto& v : sum.p) v /= runs;
  return sum;
}

namespace {

Rng rollout_rng(std::uint64_t seed, std::uint64_t salt, int i) {
  return Rng(seed * 0x9E3779B97F4A7C15ull ^ (salt + 0x632BE59BD9B4E019ull) * 0xD1B54A32D192ED03ull ^
             static_cast<std::uint64_t>(i) * 0xBF58476D1CE4E5B9ull);
}

// The throws in canonical order: Ludo's six faces (weight 1/6), else the 21 unordered throws
// (a <= b; doublets 1/36, mixed 2/36). Returns how many.
int canonical_throws(bool ludo, std::array<std::array<int, 3>, 21>& out) {
  int n = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = ludo ? 0 : a; b <= (ludo ? 0 : 6); ++b) out[static_cast<std::size_t>(n++)] = {a, b, ludo ? 1 : (a == b ? 1 : 2)};
  return n;
}

int throw_index(bool ludo, int d1, int d2) {
  if (ludo) return d1 - 1;
  const int a = std::min(d1, d2), b = std::max(d1, d2);
  return (a - 1) * 6 - (a - 1) * (a - 2) / 2 + (b - a);  // rows of 6, 5, ... unordered pairs
}

}  // namespace

bool Evaluator::rollout_step(rules::Game& g, Dice d) const {
  const LegalPlays lp = g.legal_plays(d);
  if (lp.plays.empty()) return true;  // cannot happen: the empty play is legal when nothing else is
  const NeuralNet* n = cfg_.policy == Policy::net && lp.plays.size() > 1 ? neural_net(g_.ludo) : nullptr;
  return g.play_legal(d, lp, n ? net0_choice(*n, g, d, lp) : greedy_choice(g, lp)).over;
}

WinProbs Evaluator::net(const rules::Game& g) const {
  const NeuralNet* n = neural_net(g_.ludo);
  return n ? n->evaluate(g) : race(g);
}

WinProbs Evaluator::rollout_one(const rules::Game& start, std::uint64_t salt, int i) const {
  if (!start.ranking().empty()) return race(start);
  Rng rng = rollout_rng(cfg_.seed, salt, i);
  rules::Game g = start;
  bool over = false;
  for (int k = 0; (cfg_.horizon <= 0 || k < cfg_.horizon) && !over; ++k) {
    const int d1 = rng.die(), d2 = g_.ludo ? 0 : rng.die();
    over = rollout_step(g, {d1, d2});
  }
  return estimate(g);
}

double Evaluator::rollout_reduced(const rules::Game& start, std::uint64_t salt, int i, int seat, int luck_rolls,
                                  LuckTables& tables) const {
  if (!start.ranking().empty()) return race(start).p[seat];
  std::array<std::array<int, 3>, 21> throws{};
  const int nt = canonical_throws(g_.ludo, throws);
  // The estimate after every throw from `from`, and their mean.
  auto table_of = [&](const rules::Game& from) {
    std::pair<std::array<double, 21>, double> t{};
    double total = 0;
    for (int j = 0; j < nt; ++j) {
      rules::Game s = from;
      rollout_step(s, {throws[j][0], throws[j][1]});
      t.first[static_cast<std::size_t>(j)] = estimate(s).p[seat];
      total += throws[j][2] * t.first[static_cast<std::size_t>(j)];
    }
    t.second = total / (g_.ludo ? 6.0 : 36.0);
    return t;
  };
  Rng rng = rollout_rng(cfg_.seed, salt, i);
  rules::Game g = start;
  bool over = false;
  double luck = 0;
  int first = -1;
  for (int k = 0; (cfg_.horizon <= 0 || k < cfg_.horizon) && !over; ++k) {
    const int d1 = rng.die(), d2 = g_.ludo ? 0 : rng.die();
    if (k < std::min(luck_rolls, 2)) {
      auto& slot = tables.t[k == 0 ? 0u : 1u + static_cast<std::size_t>(first)];
      if (!slot) slot = table_of(g);
      const int j = throw_index(g_.ludo, d1, d2);
      luck += slot->first[static_cast<std::size_t>(j)] - slot->second;
      if (k == 0) first = j;
    }
    over = rollout_step(g, {d1, d2});
  }
  return estimate(g).p[seat] - luck;
}

double Evaluator::rollout_stratified(const rules::Game& start, std::uint64_t salt, int i, int seat) const {
  if (!start.ranking().empty()) return race(start).p[seat];
  const int strata = first_roll_strata();
  const int block = i / strata, j = i % strata;
  Rng rng = rollout_rng(cfg_.seed, salt, i);
  rules::Game g = start;
  bool over = false;
  for (int k = 0; (cfg_.horizon <= 0 || k < cfg_.horizon) && !over; ++k) {
    int h = j;  // the first roll: the rollout's stratum
    if (k > 0 && k < kLatinRolls) {
      // Roll k: place j of the block's own random permutation of the throws for that roll.
      Rng perm_rng = rollout_rng(cfg_.seed ^ (0x5851F42D4C957F2Dull * static_cast<std::uint64_t>(k)), salt,
                                 block);
      std::array<int, 36> perm{};
      for (int t = 0; t < strata; ++t) perm[static_cast<std::size_t>(t)] = t;
      for (int t = strata - 1; t > 0; --t)
        std::swap(perm[static_cast<std::size_t>(t)], perm[perm_rng.below(static_cast<std::uint32_t>(t + 1))]);
      h = perm[static_cast<std::size_t>(j)];
    }
    int d1 = g_.ludo ? 1 + h : 1 + h / 6, d2 = g_.ludo ? 0 : 1 + h % 6;
    if (k >= kLatinRolls) d1 = rng.die(), d2 = g_.ludo ? 0 : rng.die();
    over = rollout_step(g, {d1, d2});
  }
  return estimate(g).p[seat];
}

}  // namespace ppn::analysis
