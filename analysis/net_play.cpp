// Choosing a play with the neural evaluator (see net_play.hpp).
#include "analysis/net_play.hpp"

#include <algorithm>
#include <numeric>

namespace ppn::analysis {

using namespace ppn::rules;

const std::vector<Throw>& throws_of(const Geometry& g) {
  static const std::vector<Throw> two = [] {
    std::vector<Throw> t;
    for (int a = 1; a <= 6; ++a)
      for (int b = a; b <= 6; ++b) t.push_back({{a, b}, a == b ? 1.0 / 36 : 2.0 / 36});
    return t;
  }();
  static const std::vector<Throw> one = [] {
    std::vector<Throw> t;
    for (int a = 1; a <= 6; ++a) t.push_back({{a, 0}, 1.0 / 6});
    return t;
  }();
  return g.ludo ? one : two;
}

std::size_t net0_choice(const NeuralNet& net, const Game& g, Dice d, const LegalPlays& plays, std::vector<double>* values) {
  return best_play(g, d, plays, [&net](const Game& after) { return net.evaluate(after); }, values);
}

double net1_value(const NeuralNet& net, const Game& g, int seat) {
  const auto us = static_cast<std::size_t>(seat);
  if (g.over() || !g.playing(colour_of(seat))) return net.evaluate(g).p[us];
  double mean = 0;
  for (const Throw& t : throws_of(g.geometry())) {
    const LegalPlays lp = g.legal_plays(t.dice);
    const auto replier = static_cast<std::size_t>(seat_of(g.to_move()));
    double best = -1, ours = 0;
    for (std::size_t i = 0; i < lp.plays.size(); ++i) {
      Game after = g;
      after.play_legal(t.dice, lp, i);
      const WinProbs w = net.evaluate(after);
      if (w.p[replier] > best) best = w.p[replier], ours = w.p[us];
    }
    mean += t.weight * ours;
  }
  return mean;
}

std::size_t net1_choice(const NeuralNet& net, const Game& g, Dice d, const LegalPlays& plays, int width) {
  if (plays.plays.size() < 2) return 0;
  std::vector<double> v0;
  net0_choice(net, g, d, plays, &v0);
  std::vector<std::size_t> order(plays.plays.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Stable: plays of one value keep the generator's order, so the choice is deterministic.
  std::stable_sort(order.begin(), order.end(), [&v0](std::size_t a, std::size_t b) { return v0[a] > v0[b]; });
  order.resize(std::min(order.size(), static_cast<std::size_t>(std::max(1, width))));
  const int mover = seat_of(g.to_move());
  std::size_t pick = order[0];
  double best = -1;
  for (const std::size_t i : order) {
    Game after = g;
    after.play_legal(d, plays, i);
    if (const double v = net1_value(net, after, mover); v > best) best = v, pick = i;
  }
  return pick;
}

}  // namespace ppn::analysis
