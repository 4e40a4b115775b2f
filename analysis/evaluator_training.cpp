// Training the fitted evaluator (see evaluator_training.hpp).
#include "analysis/evaluator_training.hpp"

#include "analysis/neural_evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "parallel/ordered_work.hpp"
#include "replay/replayer.hpp"

namespace ppn::analysis {

namespace {

using Vec = std::array<double, kFeatures>;
using Mat = std::array<Vec, kFeatures>;

// Per sample: the model's choice probabilities over its seats.
std::array<double, 4> probabilities(const SeatFeatures& f, const Vec& w) {
  std::array<double, 4> s{};
  double top = -1e300;
  for (int i = 0; i < f.n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    for (std::size_t k = 0; k < kFeatures; ++k) s[ui] += w[k] * f.f[ui][k];
    top = std::max(top, s[ui]);
  }
  double total = 0;
  for (int i = 0; i < f.n; ++i) total += s[static_cast<std::size_t>(i)] = std::exp(s[static_cast<std::size_t>(i)] - top);
  for (int i = 0; i < f.n; ++i) s[static_cast<std::size_t>(i)] /= total;
  return s;
}

double objective(const std::vector<TrainingSample>& samples, const Vec& w, double l2) {
  double ll = 0;
  for (const auto& s : samples) ll += std::log(std::max(probabilities(s.f, w)[static_cast<std::size_t>(s.winner)], 1e-300));
  for (double x : w) ll -= l2 / 2 * x * x;
  return ll;
}

// Solves a x = b for a symmetric positive definite a (Gaussian elimination, partial pivoting).
Vec solve(Mat a, Vec b) {
  constexpr std::size_t n = kFeatures;
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
    std::swap(a[c], a[p]);
    std::swap(b[c], b[p]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double m = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= m * a[c][k];
      b[r] -= m * b[c];
    }
  }
  Vec x{};
  for (std::size_t c = n; c-- > 0;) {
    double v = b[c];
    for (std::size_t k = c + 1; k < n; ++k) v -= a[c][k] * x[k];
    x[c] = v / a[c][c];
  }
  return x;
}

}  // namespace

Result<std::vector<TrainingSample>> training_samples(const TrainingConfig& cfg) {
  SelfplayConfig sc;
  sc.variant = cfg.variant;
  sc.players = cfg.players;
  sc.seed = cfg.seed;
  auto made = make_selfplay(sc);
  if (!made) return std::move(made).error();
  const Selfplay& sp = *made;
  replay::ReplayConfig rc;
  rc.variant = cfg.variant;
  std::vector<TrainingSample> out;
  using Samples = std::vector<TrainingSample>;
  parallel::for_each_index(
      static_cast<std::size_t>(std::max(0, cfg.games)), cfg.threads, 0,
      [&](std::size_t i) {
        Samples game_samples;
        const Game g = sp.play_game(static_cast<std::uint64_t>(i));
        const auto rules = replay::rules_for_game(g, rc);
        // One game played on to the end by the greedy policy labels each position.
        const Evaluator ev(rules.options, {.rollouts = 1, .horizon = 0, .seed = cfg.seed ^ 0x5EEDull});
        replay::replay_game(g, rc, [&](const replay::RollEvent& e) {
          if (e.roll_index % cfg.every != 0 || !e.before.ranking().empty()) return;
          const WinProbs end = ev.rollout_one(e.before, static_cast<std::uint64_t>(i) * 100003u + static_cast<std::uint64_t>(e.roll_index), 0);
          TrainingSample s;
          s.f = seat_features(e.before, ev.race(e.before));
          if (s.f.n < 2) return;
          s.winner = -1;
          for (int k = 0; k < s.f.n; ++k)
            if (end.p[static_cast<std::size_t>(s.f.seat[static_cast<std::size_t>(k)])] > 0.5) s.winner = k;
          if (s.winner >= 0) game_samples.push_back(s);
        });
        return game_samples;
      },
      [&](std::size_t, Samples&& game_samples) { out.insert(out.end(), game_samples.begin(), game_samples.end()); });
  return out;
}

FittedModel fit_model(const std::vector<TrainingSample>& samples, bool ludo, int players, double l2) {
  FittedModel m{ludo, players, {}};
  Vec& w = m.w;
  double current = objective(samples, w, l2);
  for (int it = 0; it < 100; ++it) {
    Vec grad{};
    Mat h{};  // the negative Hessian: sum of the features' covariances under the model, plus l2
    for (const auto& s : samples) {
      const auto p = probabilities(s.f, w);
      Vec mean{};
      for (int i = 0; i < s.f.n; ++i)
        for (std::size_t k = 0; k < kFeatures; ++k) mean[k] += p[static_cast<std::size_t>(i)] * s.f.f[static_cast<std::size_t>(i)][k];
      for (std::size_t k = 0; k < kFeatures; ++k) grad[k] += s.f.f[static_cast<std::size_t>(s.winner)][k] - mean[k];
      for (int i = 0; i < s.f.n; ++i) {
        const auto& fi = s.f.f[static_cast<std::size_t>(i)];
        const double pi = p[static_cast<std::size_t>(i)];
        for (std::size_t a = 0; a < kFeatures; ++a)
          for (std::size_t b = 0; b < kFeatures; ++b) h[a][b] += pi * (fi[a] - mean[a]) * (fi[b] - mean[b]);
      }
    }
    for (std::size_t k = 0; k < kFeatures; ++k) {
      grad[k] -= l2 * w[k];
      h[k][k] += l2;
    }
    const Vec step = solve(h, grad);
    double scale = 1;
    Vec next{};
    for (int half = 0; half < 30; ++half, scale /= 2) {
      for (std::size_t k = 0; k < kFeatures; ++k) next[k] = w[k] + scale * step[k];
      if (objective(samples, next, l2) >= current - 1e-12) break;
    }
    double moved = 0;
    for (std::size_t k = 0; k < kFeatures; ++k) moved = std::max(moved, std::fabs(next[k] - w[k]));
    w = next;
    current = objective(samples, w, l2);
    if (moved < 1e-10) break;
  }
  return m;
}

double mean_log_likelihood(const std::vector<TrainingSample>& samples, const FittedModel& m) {
  return samples.empty() ? 0.0 : objective(samples, m.w, 0) / static_cast<double>(samples.size());
}

Result<EvaluatorCalibration> measure_calibration(const SelfplayConfig& cfg, int games, int every, int playouts,
                                                 int threads, Policy policy) {
  auto made = make_selfplay(cfg);
  if (!made) return std::move(made).error();
  const Selfplay& sp = *made;
  replay::ReplayConfig rc;
  rc.variant = cfg.variant;
  rc.options = cfg.options;
  EvaluatorCalibration out;
  struct GameResult {
    std::size_t positions = 0;
    Calibration race, fitted, net;
    double brier_difference = 0;  // sum over the outcomes of (fitted - o)^2 - (race - o)^2
    double net_vs_fitted = 0;     // ... of (net - o)^2 - (fitted - o)^2
  };
  parallel::for_each_index(
      static_cast<std::size_t>(std::max(0, games)), threads, 0,
      [&](std::size_t i) {
        GameResult gr;
        const Game g = sp.play_game(static_cast<std::uint64_t>(i));
        const auto rules = replay::rules_for_game(g, rc);
        // Played on to the end by the policy (horizon 0), each position on its own dice.
        const Evaluator ev(rules.options, {.rollouts = playouts, .horizon = 0, .seed = cfg.seed, .policy = policy});
        const NeuralNet* net = neural_net(rules.options.ludo());
        replay::replay_game(g, rc, [&](const replay::RollEvent& e) {
          if (e.roll_index % every != 0 || !e.before.ranking().empty()) return;
          ++gr.positions;
          const WinProbs race = ev.race(e.before), fit = ev.fitted(e.before);
          const WinProbs nv = net ? net->evaluate(e.before) : WinProbs{};
          std::array<double, 4> won{};
          for (int k = 0; k < playouts; ++k) {
            const WinProbs r = ev.rollout_one(e.before, static_cast<std::uint64_t>(i) * 100003u + static_cast<std::uint64_t>(e.roll_index), k);
            for (std::size_t s = 0; s < 4; ++s) won[s] += r.p[s] / playouts;
          }
          for (int s = 0; s < 4; ++s)
            if (e.before.position().seat_present(s)) {
              const auto us = static_cast<std::size_t>(s);
              gr.race.add(race.p[us], won[us], playouts, cfg.players);
              gr.fitted.add(fit.p[us], won[us], playouts, cfg.players);
              // The outcomes' own variance is the same for both: it cancels.
              const double df = fit.p[us] - won[us], dr = race.p[us] - won[us];
              gr.brier_difference += playouts * (df * df - dr * dr);
              if (net) {
                gr.net.add(nv.p[us], won[us], playouts, cfg.players);
                const double dn = nv.p[us] - won[us];
                gr.net_vs_fitted += playouts * (dn * dn - df * df);
              }
            }
        });
        return gr;
      },
      [&](std::size_t, GameResult&& gr) {
        out.positions += gr.positions;
        out.race.add_game(gr.race);
        out.fitted.add_game(gr.fitted);
        out.net.add_game(gr.net);
        if (gr.race.games > 0) out.brier_difference.add(gr.brier_difference, gr.race.games);
        if (gr.net.games > 0) out.net_vs_fitted.add(gr.net_vs_fitted, gr.net.games);
      });
  return out;
}

std::string weights_source(const std::vector<FittedModel>& models, const std::string& command) {
  std::string s = "// Generated by `" + command + "`; do not edit.\n";
  s += "// The fitted evaluator's weights (analysis/fitted_evaluator.hpp): {ludo, players, {";
  for (std::size_t k = 0; k < kFeatures; ++k) s += (k ? ", " : "") + std::string(kFeatureNames[k]);
  s += "}}.\n";
  char buf[64];
  for (const auto& m : models) {
    s += std::string("{") + (m.ludo ? "true" : "false") + ", " + std::to_string(m.players) + ", {";
    for (std::size_t k = 0; k < kFeatures; ++k) {
      std::snprintf(buf, sizeof buf, "%s%.17g", k ? ", " : "", m.w[k]);
      s += buf;
    }
    s += "}},\n";
  }
  return s;
}

}  // namespace ppn::analysis
