// TD(lambda) self-play training of the neural evaluator (see neural_training.hpp).
#include "analysis/neural_training.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "analysis/evaluator.hpp"
#include "analysis/net_play.hpp"
#include "analysis/selfplay.hpp"
#include "analysis/rng.hpp"

namespace ppn::analysis {

using namespace ppn::rules;
using Game = rules::Game;

const char* training_profile(bool ludo) { return ludo ? "ludo" : "hasbro-2001"; }

namespace {

struct Step {
  NetInput in;
  std::array<double, 4> v{};  // the net's winning chances by engine seat when played
};

// One roll of `game` played by the net at 0-ply, its dice from `rng` (Ludo: one die).
void net_roll(const NeuralNet& net, Game& game, Rng& rng) {
  const Dice d{rng.die(), game.geometry().ludo ? 0 : rng.die()};
  const LegalPlays lp = game.legal_plays(d);
  game.play_legal(d, lp, lp.plays.size() > 1 ? net0_choice(net, game, d, lp) : 0);
}

// One step of gradient descent on the cross-entropy between the net's output for `in` and the
// target chances by engine seat.
void learn(NeuralNet& net, const NetInput& in, const std::array<double, 4>& target, float alpha, Eigen::VectorXf& h) {
  net.hidden_of(in, h);
  const auto p = net.slot_probs(in, h, false);  // the training target of the raw logits
  Eigen::Vector4f dz = Eigen::Vector4f::Zero();
  for (int k = 0; k < in.n; ++k)
    dz(k) = p[static_cast<std::size_t>(k)] - static_cast<float>(target[static_cast<std::size_t>(in.seat[static_cast<std::size_t>(k)])]);
  const Eigen::VectorXf dh = ((net.w2.transpose() * dz).array() * h.array() * (1.f - h.array())).matrix();
  net.w2.noalias() -= alpha * dz * h.transpose();
  net.b2 -= alpha * dz;
  for (const auto& [i, v] : in.active) net.w1.col(i).noalias() -= (alpha * v) * dh;
  net.b1 -= alpha * dh;
}

}  // namespace

long train_net(const NetTraining& t, NeuralNet& net, const std::function<void(int)>& progress) {
  const Options opts = *profile_options(training_profile(t.ludo)).options;
  const auto seating = profile_seating(training_profile(t.ludo));
  assert(seating);
  const float alpha = static_cast<float>(t.alpha);
  const Evaluator field(opts, {});  // the eval bot's
  std::vector<Step> steps;
  Eigen::VectorXf h;
  long positions = 0;
  net.temperature = {1.f, 1.f, 1.f};  // TD learns the raw logits; calibration comes after
  for (int gi = 0; gi < t.games; ++gi) {
    const int players = 2 + gi % 3;
    Rng rng(t.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(gi) * 0xD1B54A32D192ED03ull + 3);
    const std::vector<Colour> seats = seating->seats(players);
    Game game = Game::start(opts, seats);
    const Colour net_seat = seats[static_cast<std::size_t>((gi / 3) % players)];
    steps.clear();
    std::array<double, 4> z{};
    bool won = false;
    for (int k = 0; k <= t.max_rolls; ++k) {
      Step& s = steps.emplace_back();
      encode(game, s.in);
      const WinProbs w = net.evaluate(s.in);
      for (int i = 0; i < 4; ++i) s.v[static_cast<std::size_t>(i)] = w.p[static_cast<std::size_t>(i)];
      if (s.in.winner >= 0) {
        z = s.v;
        won = true;
        break;
      }
      if (k == t.max_rolls) break;
      if (t.eval_field && game.to_move() != net_seat) {
        const Dice d{rng.die(), t.ludo ? 0 : rng.die()};
        const LegalPlays lp = game.legal_plays(d);
        game.play_legal(d, lp, bot_choice(BotKind::eval, field, game, d, lp, rng));
      } else {
        net_roll(net, game, rng);
      }
    }
    // The lambda-returns, backwards from the end (the last position's value without a winner).
    const std::size_t last = steps.size() - 1;
    std::array<double, 4> g = won ? z : steps[last].v;
    for (std::size_t k = last; k-- > 0;) {
      for (std::size_t i = 0; i < 4; ++i) g[i] = (1 - t.lambda) * steps[k + 1].v[i] + t.lambda * g[i];
      learn(net, steps[k].in, g, alpha, h);
    }
    positions += static_cast<long>(last);
    if (progress) progress(gi);
  }
  return positions;
}

std::array<long, 3> fit_temperatures(NeuralNet& net, bool ludo, int games, std::uint64_t seed) {
  const Options opts = *profile_options(training_profile(ludo)).options;
  const auto seating = profile_seating(training_profile(ludo));
  assert(seating);
  struct Sample {
    Eigen::Vector4f z;
    int winner = 0;  // slot
  };
  std::array<std::vector<Sample>, 3> samples;  // by seats in play - 2
  NetInput in;
  Eigen::VectorXf h;
  // The net's own play to the end from `from` (at most 3000 rolls): the winner, or -1.
  const auto play_on = [&](Game game, Rng& rng) {
    for (int k = 0; k < 3000; ++k) {
      encode(game, in);
      if (in.winner >= 0) return in.winner;
      net_roll(net, game, rng);
    }
    return -1;
  };
  for (int gi = 0; gi < games; ++gi) {
    // The positions: those of `ppn selfplay`'s bots (greedy and random seats in turn), as the
    // calibration bench takes them, every 10 rolls; each labelled by one game the net plays on
    // from it, as the bench plays them on.
    const int players = 2 + gi % 3;
    Rng rng(seed * 0xBF58476D1CE4E5B9ull + static_cast<std::uint64_t>(gi) * 0x94D049BB133111EBull + 7);
    const std::vector<Colour> seats = seating->seats(players);
    Game game = Game::start(opts, seats);
    for (int k = 0; k < 3000 && !game.over(); ++k) {
      encode(game, in);
      if (in.winner >= 0) break;
      if (k % 10 == 0) {
        const NetInput at = in;
        net.hidden_of(at, h);
        const Eigen::Vector4f z = net.logits(h);
        Rng on(rng.next());
        if (const int winner = play_on(game, on); winner >= 0)
          for (int s = 0; s < at.n; ++s)
            if (at.seat[static_cast<std::size_t>(s)] == winner) samples[static_cast<std::size_t>(at.n - 2)].push_back({z, s});
      }
      const Dice d{rng.die(), ludo ? 0 : rng.die()};
      const LegalPlays lp = game.legal_plays(d);
      // Greedy and random bots by place in the turn order, as ppn selfplay seats them.
      const auto place = std::find(seats.begin(), seats.end(), game.to_move()) - seats.begin();
      const bool greedy = (place + gi) % 2 == 0;
      game.play_legal(d, lp, lp.plays.size() < 2 ? 0 : greedy ? greedy_choice(game, lp) : rng.below(static_cast<std::uint32_t>(lp.plays.size())));
    }
  }
  std::array<long, 3> used{};
  for (std::size_t n = 0; n < 3; ++n) {
    const auto& s = samples[n];
    used[n] = static_cast<long>(s.size());
    if (s.empty()) continue;
    const int seats = static_cast<int>(n) + 2;
    // The mean log-likelihood of the winners at temperature exp(x).
    const auto loglik = [&](double x) {
      const double t = std::exp(x);
      double sum = 0;
      for (const Sample& q : s) {
        double top = q.z(0) / t;
        for (int k = 1; k < seats; ++k) top = std::max(top, q.z(k) / t);
        double norm = 0;
        for (int k = 0; k < seats; ++k) norm += std::exp(q.z(k) / t - top);
        sum += q.z(q.winner) / t - top - std::log(norm);
      }
      return sum / static_cast<double>(s.size());
    };
    // Golden-section search for the maximum over x = log t in [log 1/4, log 4] (the
    // likelihood is unimodal in the temperature).
    double lo = std::log(0.25), hi = std::log(4.0);
    const double r = (std::sqrt(5.0) - 1) / 2;
    double a = hi - r * (hi - lo), b = lo + r * (hi - lo), fa = loglik(a), fb = loglik(b);
    for (int it = 0; it < 60; ++it) {
      if (fa < fb) lo = a, a = b, fa = fb, b = lo + r * (hi - lo), fb = loglik(b);
      else hi = b, b = a, fb = fa, a = hi - r * (hi - lo), fa = loglik(a);
    }
    net.temperature[n] = static_cast<float>(std::exp((lo + hi) / 2));
  }
  return used;
}

}  // namespace ppn::analysis
