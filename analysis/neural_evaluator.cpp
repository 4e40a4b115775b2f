// The neural evaluator (see neural_evaluator.hpp).
#include "analysis/neural_evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>

#include "analysis/rng.hpp"

namespace ppn::analysis {

using namespace ppn::rules;

namespace {

// Per slot: the track in the mover's frame (one pawn, two pawns), the home path, the nest and
// HOME thresholds, the features below.
constexpr int kSlotFeatures = 8;
constexpr int kLastStretch = 20;  // steps to HOME counted as the last stretch

int slot_size(const Geometry& g) { return 2 * g.ring_len + g.home_path_len + 8 + kSlotFeatures; }
int global_base(const Geometry& g) { return 4 * slot_size(g); }

#include "analysis/neural_weights.inc"

NeuralNet from_array(std::span<const float> a, bool ludo) {
  NeuralNet net;
  net.ludo = ludo;
  const int hidden = static_cast<int>(a[0]), inputs = static_cast<int>(a[1]);
  std::size_t k = 2;
  net.w1.resize(hidden, inputs);
  for (int i = 0; i < inputs; ++i)
    for (int h = 0; h < hidden; ++h) net.w1(h, i) = a[k++];
  net.b1.resize(hidden);
  for (int h = 0; h < hidden; ++h) net.b1(h) = a[k++];
  net.w2.resize(4, hidden);
  for (int o = 0; o < 4; ++o)
    for (int h = 0; h < hidden; ++h) net.w2(o, h) = a[k++];
  for (int o = 0; o < 4; ++o) net.b2(o) = a[k++];
  // The temperatures where the file has them (a net never calibrated has not): else 1.
  for (std::size_t t = 0; t < 3 && k < a.size(); ++t) net.temperature[t] = a[k++];
  return net;
}

const NeuralNet* load(std::span<const float> a, bool ludo) {
  if (a.size() < 2 || a[0] < 1) return nullptr;
  // Weights of another encoding (the source older than the code) are refused, not misread.
  const Geometry& g = ludo ? kLudo52 : kParcheesi68;  // the encoding depends on the sizes alone
  if (static_cast<int>(a[1]) != net_inputs(g)) return nullptr;
  // The whole layout, with or without the three temperatures: a shorter or longer array is
  // not these weights.
  const std::size_t hidden = static_cast<std::size_t>(a[0]), inputs = static_cast<std::size_t>(a[1]);
  const std::size_t size = 2 + hidden * inputs + hidden + 4 * hidden + 4;
  if (a.size() != size && a.size() != size + 3) return nullptr;
  static_assert(sizeof(float) == 4);
  return new NeuralNet(from_array(a, ludo));  // kept for the life of the program
}

}  // namespace

int net_inputs(const Geometry& g) { return global_base(g) + 5; }

void encode(const Game& game, NetInput& in) {
  in.active.clear();
  in.n = 0;
  in.winner = -1;
  for (int s = 0; s < kMaxSeats; ++s)
    if (game.finished(colour_of(s))) {
      in.winner = seat_of(game.ranking().front());
      return;
    }
  const int n = seats_in_play(game, in.seat);
  in.n = n;
  const Geometry& g = game.geometry();
  const Position& pos = game.position();
  const int L = g.ring_len, hp = g.home_path_len;
  const int enter = g.abs_of(in.seat[0], 0);
  const Threats t = capture_threats(pos, g);
  std::array<int, 4> race{};
  for (int k = 0; k < n; ++k)
    for (const Place p : pos.pawns(in.seat[static_cast<std::size_t>(k)])) race[static_cast<std::size_t>(k)] += steps_to_go(p, g);
  for (int k = 0; k < n; ++k) {
    const int seat = in.seat[static_cast<std::size_t>(k)];
    const int base = k * slot_size(g);
    int nest = 0, home = 0, safe = 0, blockades = 0, stretch = 0, prev_rel = -2;
    for (const Place p : pos.pawns(seat)) {  // sorted: pawns on one square are adjacent
      const int rel = p.rel();
      const bool again = rel == prev_rel;
      prev_rel = rel;
      if (p.in_nest()) {
        ++nest;
        continue;
      }
      if (rel == g.home) {
        ++home;
        continue;
      }
      if (g.steps_to_home(rel) <= kLastStretch) ++stretch;
      blockades += again;
      if (g.on_home_path(rel)) {
        ++safe;
        in.active.emplace_back(base + 2 * L + (rel - g.last_ring - 1), 1.f);
        continue;
      }
      const int a = g.abs_of_rel(seat, rel);
      if (g.is_safe_abs(a)) ++safe;
      const int sq = (a - enter + L) % L;
      in.active.emplace_back(base + (again ? L : 0) + sq, 1.f);
    }
    const int thresholds = base + 2 * L + hp;
    for (int c = 0; c < nest; ++c) in.active.emplace_back(thresholds + c, 1.f);
    for (int c = 0; c < home; ++c) in.active.emplace_back(thresholds + 4 + c, 1.f);
    int best_other = 1 << 20;
    for (int j = 0; j < n; ++j)
      if (j != k) best_other = std::min(best_other, race[static_cast<std::size_t>(j)]);
    const int f = thresholds + 8;
    const auto uk = static_cast<std::size_t>(k), us = static_cast<std::size_t>(seat);
    in.active.emplace_back(f + 0, 1.f);
    in.active.emplace_back(f + 1, race[uk] / 100.f);
    in.active.emplace_back(f + 2, (race[uk] - best_other) / 100.f);
    in.active.emplace_back(f + 3, static_cast<float>(t.lost[us] / 100.0));
    in.active.emplace_back(f + 4, static_cast<float>(t.made[us] / 100.0));
    if (safe) in.active.emplace_back(f + 5, safe / 4.f);
    if (blockades) in.active.emplace_back(f + 6, static_cast<float>(blockades));
    if (stretch) in.active.emplace_back(f + 7, stretch / 4.f);
  }
  const int gb = global_base(g);
  if (game.doublets() >= 1 && game.doublets() <= 2) in.active.emplace_back(gb + game.doublets() - 1, 1.f);
  if (n >= 2) in.active.emplace_back(gb + 2 + (n - 2), 1.f);
}

NeuralNet NeuralNet::random(const Geometry& g, int hidden, std::uint64_t seed) {
  NeuralNet net;
  net.ludo = g.ludo;
  const int inputs = net_inputs(g);
  Rng rng(seed);
  const auto uniform = [&rng](double scale) {
    return static_cast<float>(((rng.next() >> 11) * 0x1.0p-53 * 2 - 1) * scale);
  };
  net.w1.resize(hidden, inputs);
  // Scaled for the few dozen inputs that are non-zero at once, not the whole width.
  for (int i = 0; i < inputs; ++i)
    for (int h = 0; h < hidden; ++h) net.w1(h, i) = uniform(1.0 / std::sqrt(40.0));
  net.b1 = Eigen::VectorXf::Zero(hidden);
  net.w2.resize(4, hidden);
  for (int o = 0; o < 4; ++o)
    for (int h = 0; h < hidden; ++h) net.w2(o, h) = uniform(1.0 / std::sqrt(double(hidden)));
  net.b2.setZero();
  return net;
}

void NeuralNet::hidden_of(const NetInput& in, Eigen::VectorXf& h) const {
  h = b1;
  for (const auto& [i, v] : in.active) h.noalias() += w1.col(i) * v;
  h = (1.f + (-h.array()).exp()).inverse().matrix();
}

std::array<float, 4> NeuralNet::slot_probs(const NetInput& in, const Eigen::VectorXf& h, bool calibrated) const {
  Eigen::Vector4f z = logits(h);
  if (calibrated && in.n >= 2) z /= temperature[static_cast<std::size_t>(in.n - 2)];
  std::array<float, 4> p{};
  float top = z(0);
  for (int k = 1; k < in.n; ++k) top = std::max(top, z(k));
  float sum = 0;
  for (int k = 0; k < in.n; ++k) sum += p[static_cast<std::size_t>(k)] = std::exp(z(k) - top);
  for (int k = 0; k < in.n; ++k) p[static_cast<std::size_t>(k)] /= sum;
  return p;
}

WinProbs NeuralNet::evaluate(const NetInput& in) const {
  WinProbs w;
  if (in.winner >= 0) {
    w.p[static_cast<std::size_t>(in.winner)] = 1.0;
    return w;
  }
  thread_local Eigen::VectorXf h;
  hidden_of(in, h);
  const auto p = slot_probs(in, h);
  for (int k = 0; k < in.n; ++k) w.p[static_cast<std::size_t>(in.seat[static_cast<std::size_t>(k)])] = p[static_cast<std::size_t>(k)];
  return w;
}

WinProbs NeuralNet::evaluate(const Game& g) const {
  thread_local NetInput in;
  encode(g, in);
  return evaluate(in);
}

const NeuralNet* neural_net(bool ludo) {
  static const NeuralNet* const parcheesi = load(kNeuralParcheesi, false);
  static const NeuralNet* const ludo_net = load(kNeuralLudo, true);
  return ludo ? ludo_net : parcheesi;
}

namespace {

void append_array(std::string& out, const char* name, const NeuralNet& net) {
  std::vector<float> a{static_cast<float>(net.hidden()), static_cast<float>(net.w1.cols())};
  for (int i = 0; i < net.w1.cols(); ++i)
    for (int h = 0; h < net.hidden(); ++h) a.push_back(net.w1(h, i));
  for (int h = 0; h < net.hidden(); ++h) a.push_back(net.b1(h));
  for (int o = 0; o < 4; ++o)
    for (int h = 0; h < net.hidden(); ++h) a.push_back(net.w2(o, h));
  for (int o = 0; o < 4; ++o) a.push_back(net.b2(o));
  for (const float t : net.temperature) a.push_back(t);
  out += "inline constexpr float ";
  out += name;
  out += "[] = {";
  char buf[32];
  for (std::size_t i = 0; i < a.size(); ++i) {
    // %a: exact and the same text on every build, so a retrained file differs only where the
    // weights do.
    std::snprintf(buf, sizeof buf, "%s%af", i % 8 == 0 ? "\n    " : " ", static_cast<double>(a[i]));
    out += buf;
    out += ',';
  }
  out += "\n};\n";
}

}  // namespace

const char* neural_history() { return kNeuralHistory; }

std::string net_source(const NeuralNet& parcheesi, const NeuralNet& ludo, const std::string& header) {
  std::string out;
  std::size_t start = 0;
  while (start < header.size()) {
    const std::size_t end = std::min(header.find('\n', start), header.size());
    out += "// " + header.substr(start, end - start) + "\n";
    start = end + 1;
  }
  out += "// Layout of each array: hidden units, inputs, the input weights input by input, the hidden\n"
         "// biases, the output weights output by output, the output biases, the temperatures for 2, 3\n"
         "// and 4 seats in play (neural_evaluator.cpp).\n";
  // The history again as a string, for a later `ppn train --continue` to carry on.
  out += "inline constexpr const char* kNeuralHistory =";
  std::size_t from = 0;
  while (from < header.size()) {
    const std::size_t end = std::min(header.find('\n', from), header.size());
    out += "\n    \"";
    for (const char c : header.substr(from, end - from)) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += end < header.size() ? "\\n\"" : "\"";
    from = end + 1;
  }
  out += ";\n";
  append_array(out, "kNeuralParcheesi", parcheesi);
  append_array(out, "kNeuralLudo", ludo);
  return out;
}

}  // namespace ppn::analysis
