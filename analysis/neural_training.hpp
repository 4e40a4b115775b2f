// Training the neural evaluator by TD(lambda) self-play (analysis/README.md "Neural
// evaluator"; G. Tesauro, "Temporal difference learning and TD-Gammon", CACM 38(3), 1995).
//
//   NetTraining t{.ludo = false, .games = 500000, .seed = 1};
//   NeuralNet net = NeuralNet::random(kParcheesi68, t.hidden, t.seed);
//   train_net(t, net, [](int done) { ... });   // progress after each game
//
// Each game is played by the net itself at 0-ply, every seat taking the play after which the net
// gives it the best winning chance (with `eval_field`: the net in one seat, the eval bot in the
// others), with 2, 3 and 4 players in turn (game i: 2 + i mod 3)
// under the board's profile (hasbro-2001, ludo). After the game every position between rolls
// is moved toward its lambda-return, the winning chances by seat G_t = (1 - lambda) V(s_t+1)
// + lambda G_t+1, with G = the one-hot winner at the end (the offline lambda-return form of
// TD(lambda)), by one step of gradient descent on the cross-entropy of the softmax output. One
// thread, the dice and the weights' start drawn from the seed: the same settings give the same
// weights, bit for bit, on one build.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "analysis/neural_evaluator.hpp"

namespace ppn::analysis {

struct NetTraining {
  bool ludo = false;       // the board: Ludo's (profile "ludo"), else the Parcheesi ring (hasbro-2001)
  int games = 500000;      // the first step of the repository's weights (analysis/README.md)
  std::uint64_t seed = 1;
  int hidden = 128;        // hidden units of a new net
  double alpha = 0.02;     // learning rate
  double lambda = 0.7;
  int max_rolls = 3000;    // a game still running after this many rolls ends without a winner
  // Training against a field (`ppn train --field eval`): every seat but one is the eval bot
  // (its place in the turn order rotating with the game), so the net learns the chances of
  // positions among eval players as well as among copies of itself; every position of the game
  // is learned from, whoever moved.
  bool eval_field = false;
};

// The profile whose games train the board's net.
const char* training_profile(bool ludo);

// Plays and learns from t.games games, updating `net` in place (its temperatures reset to 1);
// `progress(i)` after game i. Returns the positions learned from.
long train_net(const NetTraining& t, NeuralNet& net, const std::function<void(int)>& progress = {});

// Calibration after training: the positions of `games` games of greedy and random bots (2 + i
// mod 3 players, their dice from `seed`, apart from the training games'), one every 10 rolls,
// each labelled with the winner of one game the net plays on from it at 0-ply (the positions
// and play-ons `ppn bench evaluator --policy net` measures); for each number of seats in play
// the temperature that maximises the likelihood of the winners (golden-section search over
// 1/4 .. 4). Sets net.temperature; returns the positions used for 2, 3 and 4 seats.
std::array<long, 3> fit_temperatures(NeuralNet& net, bool ludo, int games, std::uint64_t seed);

}  // namespace ppn::analysis
