// TD(lambda) self-play training of the neural evaluator (see neural_training.hpp).
#include "analysis/neural_training.hpp"

#include <cassert>
#include <vector>

#include "analysis/net_play.hpp"
#include "analysis/rng.hpp"

namespace ppn::analysis {

using namespace ppn::rules;

const char* training_profile(bool ludo) { return ludo ? "ludo" : "hasbro-2001"; }

namespace {

struct Step {
  NetInput in;
  std::array<double, 4> v{};  // the net's winning chances by engine seat when played
};

// One step of gradient descent on the cross-entropy between the net's output for `in` and the
// target chances by engine seat.
void learn(NeuralNet& net, const NetInput& in, const std::array<double, 4>& target, float alpha, Eigen::VectorXf& h) {
  net.hidden_of(in, h);
  const auto p = net.slot_probs(in, h);
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
  std::vector<Step> steps;
  Eigen::VectorXf h;
  long positions = 0;
  for (int gi = 0; gi < t.games; ++gi) {
    const int players = 2 + gi % 3;
    Rng rng(t.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(gi) * 0xD1B54A32D192ED03ull + 3);
    Game game = Game::start(opts, seating->seats(players));
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
      const Dice d{rng.die(), t.ludo ? 0 : rng.die()};
      const LegalPlays lp = game.legal_plays(d);
      game.play_legal(d, lp, lp.plays.size() > 1 ? net0_choice(net, game, d, lp) : 0);
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

}  // namespace ppn::analysis
