// Choosing a play with the neural evaluator (analysis/README.md "Neural evaluator"), as GNU
// Backgammon's plies count:
//
// * 0-ply (`net0_choice`): the play after which the net gives the mover the best winning
//   chance (the state after the play: the turn passed, or the doublet's roll to come).
// * 1-ply (`net1_choice`): the best `width` plays by 0-ply, each scored by the mean over the
//   next throw (21 distinct throws of two dice, doublets 1/36 and the others 2/36; Ludo's six
//   faces) of the mover's chance after the reply the next seat to throw makes at 0-ply (the
//   mover itself after a doublet); the best mean is played.
//
//   std::size_t i = net1_choice(*neural_net(false), game, dice, game.legal_plays(dice));
#pragma once

#include <cstddef>
#include <vector>

#include "analysis/neural_evaluator.hpp"

namespace ppn::analysis {

// 0-ply: the index of the best play of `plays` (the legal plays of `d` in `g`) for the mover;
// `values`, when given, receives each play's value.
std::size_t net0_choice(const NeuralNet& net, const rules::Game& g, rules::Dice d, const rules::LegalPlays& plays,
                        std::vector<double>* values = nullptr);

// The 1-ply value for `seat` of a game between rolls: the mean over the next throw of seat's
// chance after the 0-ply reply.
double net1_value(const NeuralNet& net, const rules::Game& g, int seat);

// 1-ply: the index of the best play, among the best `width` by 0-ply.
inline constexpr int kNet1Width = 4;
std::size_t net1_choice(const NeuralNet& net, const rules::Game& g, rules::Dice d, const rules::LegalPlays& plays,
                        int width = kNet1Width);

// The distinct throws of the board with their weights (36ths, Ludo 6ths): 21 or 6.
struct Throw {
  rules::Dice dice;
  double weight;
};
const std::vector<Throw>& throws_of(const rules::Geometry& g);

}  // namespace ppn::analysis
