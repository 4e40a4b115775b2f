// The neural evaluator (analysis/README.md "Neural evaluator"): each seat's winning chance
// from a game between rolls, by a net of one hidden layer over a raw encoding of the board
// from the mover's point of view (TD-Gammon's encoding adapted), trained by TD(lambda)
// self-play (neural_training.hpp). One net per board (the Parcheesi ring, Ludo's track); the
// number of players is an input. The weights are in the repository (neural_weights.inc,
// written by `ppn train`); the forward pass is Eigen, with no training framework.
//
//   const NeuralNet* net = neural_net(game.geometry().ludo);   // null: no weights for the board
//   WinProbs w = net->evaluate(game);                            // by engine seat
//
// Encoding (`encode`): the seats in play in turn order from the mover (slot 0) to slot 3; per
// slot, each of its pawns on the track at its square counted from the mover's ENTER (two
// units: one pawn, two pawns), on its home path, in its nest and HOME (thresholds 1-4), and a
// few features: in play, race / 100, race behind the best other / 100, steps its pawns may lose
// to captures before it moves again / 100 and take from others / 100 (capture_threats), pawns
// safe, blockades, pawns in the last 20 steps; and the mover's doublets (sixes) of the turn and
// the number of seats in play. Only a few dozen of the inputs are non-zero, so the hidden layer
// sums the columns of those (sparse input). Outputs: one logit per slot, a softmax over the
// slots in play.
#pragma once

#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/evaluator.hpp"
#include "rules/game.hpp"

namespace ppn::analysis {

// The non-zero inputs of one position, and which engine seat each slot is.
struct NetInput {
  std::vector<std::pair<int, float>> active;  // (input index, value)
  std::array<int, 4> seat{};                  // engine seat of slot k (k < n)
  int n = 0;                                  // seats in play
  int winner = -1;                            // engine seat of a game already won (no net needed)
};

// The encoding's size for a board.
int net_inputs(const rules::Geometry& g);
// Encodes the game as above (into `in`, reusing its storage).
void encode(const rules::Game& game, NetInput& in);

struct NeuralNet {
  bool ludo = false;
  Eigen::MatrixXf w1;  // hidden x inputs (column-major: one input's weights contiguous)
  Eigen::VectorXf b1;  // hidden
  Eigen::Matrix<float, 4, Eigen::Dynamic> w2;  // 4 x hidden
  Eigen::Vector4f b2;
  // Calibration: the logits are divided by temperature[n - 2] for n seats in play (Platt's
  // scaling with one parameter, C. Guo et al., "On calibration of modern neural networks",
  // ICML 2017), fitted after training (neural_training.hpp fit_temperatures); 1 during it.
  std::array<float, 3> temperature{1.f, 1.f, 1.f};

  // A net of `hidden` units for the board, weights drawn from `seed` (uniform, +-1/sqrt(fan-in)).
  static NeuralNet random(const rules::Geometry& g, int hidden, std::uint64_t seed);
  int hidden() const { return static_cast<int>(b1.size()); }

  // The hidden layer's output for an input (sigmoid units).
  void hidden_of(const NetInput& in, Eigen::VectorXf& h) const;
  // Winning chances by slot (0 beyond n) from the hidden layer's output, at the net's
  // temperature (`calibrated`) or at 1 (training).
  std::array<float, 4> slot_probs(const NetInput& in, const Eigen::VectorXf& h, bool calibrated = true) const;
  // The output logits by slot.
  Eigen::Vector4f logits(const Eigen::VectorXf& h) const { return w2 * h + b2; }
  // Winning chances by engine seat.
  WinProbs evaluate(const NetInput& in) const;
  WinProbs evaluate(const rules::Game& g) const;
};

// The repository's net for the board; null when none was trained.
const NeuralNet* neural_net(bool ludo);

// How the repository's weights were made: the commands and games of neural_weights.inc.
const char* neural_history();
// The weights as C++ source (neural_weights.inc's form): `header` first, as comments, and as
// the string neural_history() returns.
std::string net_source(const NeuralNet& parcheesi, const NeuralNet& ludo, const std::string& header);

}  // namespace ppn::analysis
