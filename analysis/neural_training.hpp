// Training the neural evaluator by TD(lambda) self-play (analysis/README.md "Neural
// evaluator"; G. Tesauro, "Temporal difference learning and TD-Gammon", CACM 38(3), 1995).
//
//   NetTraining t{.ludo = false, .games = 500000, .seed = 1};
//   NeuralNet net = NeuralNet::random(kParcheesi68, t.hidden, t.seed);
//   train_net(t, net, [](int done) { ... });   // progress after each game
//
// Each game is played by the net itself at 0-ply (every seat takes the play after which the
// net gives it the best winning chance), with 2, 3 and 4 players in turn (game i: 2 + i mod 3)
// under the board's profile (hasbro-2001, ludo). After the game every position between rolls
// is moved toward its lambda-return, the winning chances by seat G_t = (1 - lambda) V(s_t+1)
// + lambda G_t+1, with G = the one-hot winner at the end (the offline lambda-return form of
// TD(lambda)), by one step of gradient descent on the cross-entropy of the softmax output. One
// thread, the dice and the weights' start drawn from the seed: the same settings give the same
// weights, bit for bit, on one build.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "analysis/neural_evaluator.hpp"

namespace ppn::analysis {

struct NetTraining {
  bool ludo = false;       // the board: Ludo's (profile "ludo"), else the Parcheesi ring (hasbro-2001)
  int games = 500000;      // the repository's weights: `ppn train` at these defaults
  std::uint64_t seed = 1;
  int hidden = 128;        // hidden units of a new net
  double alpha = 0.02;     // learning rate
  double lambda = 0.7;
  int max_rolls = 3000;    // a game still running after this many rolls ends without a winner
};

// The profile whose games train the board's net.
const char* training_profile(bool ludo);

// Plays and learns from t.games games, updating `net` in place; `progress(i)` after game i.
// Returns the positions learned from.
long train_net(const NetTraining& t, NeuralNet& net, const std::function<void(int)>& progress = {});

}  // namespace ppn::analysis
