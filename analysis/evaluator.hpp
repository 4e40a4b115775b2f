// Position evaluation: each seat's probability of winning from a game (rules::Game, between
// rolls; methods in analysis/README.md "Evaluator").
//
//   Evaluator ev(options, {.rollouts = 64, .horizon = 8, .seed = 1});
//   WinProbs w = ev.race(game);                // cheap race-based estimate
//   WinProbs f = ev.fitted(game);              // the fitted model over position features
//   WinProbs r = ev.rollout(game, salt);       // Monte-Carlo rollouts, deterministic
//   double mine = r.p[seat_of(game.to_move())];
//
// * race(): every seat's turns still needed to bring its pawns HOME ((Game::race + expected
//   steps lost to captures) / an average advance per turn, plus a wait for a five while all
//   its pawns are in the nest) as a normal distribution; a seat wins when its finishing time,
//   shifted by its place in the turn order, comes first. A game already won is exact.
// * rollout(): plays the game on from the state `rollouts` times with the greedy bot's policy
//   (selfplay.hpp greedy_score: the best-scoring result of legal_plays) and fair dice from
//   Rng, each rollout for at most `horizon` rolls (0: to the end), scoring a finished rollout
//   1/0 and an unfinished one with race(). The dice of rollout i depend only on (seed, salt,
//   i): evaluating several plays of one roll with the same salt uses the same dice for each
//   (common random numbers), so their differences are far less noisy than each value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/game.hpp"

namespace ppn::analysis {

// Steps a pawn still has to go to HOME, from the nest the whole way (Geometry::nest_steps), as
// rules::Game::race counts a seat's.
inline int steps_to_go(rules::Place pawn, const rules::Geometry& g) {
  return pawn.in_nest() ? g.nest_steps() : g.steps_to_home(pawn.rel());
}

struct WinProbs {
  std::array<double, 4> p{};  // by engine seat; sums to 1 over the seats still playing
};

// What scores a position where a rollout stops (and what estimate() returns).
enum class Leaf : std::uint8_t {
  race,    // the race estimate
  fitted,  // the fitted model (fitted_evaluator.hpp) where one exists for the board and players
  net,     // the neural evaluator (neural_evaluator.hpp) where one was trained for the board
};

// Who plays the rollouts' rolls.
enum class Policy : std::uint8_t {
  greedy,  // the greedy bot (selfplay.hpp greedy_choice)
  net,     // the neural evaluator at 0-ply (net_play.hpp net0_choice) where one was trained for the board
};

struct EvalConfig {
  int rollouts = 64;        // rollout(): rollouts averaged; analyze_game: the budget per candidate
  int horizon = 8;          // rolls per rollout before the leaf estimate scores it; 0 = to the end
  std::uint64_t seed = 1;
  Leaf leaf = Leaf::race;
  Policy policy = Policy::greedy;
};

class Evaluator {
 public:
  Evaluator(const rules::Options& o, EvalConfig cfg) : o_(o), g_(rules::geometry_of(o)), cfg_(cfg) {}

  const rules::Options& options() const { return o_; }
  const EvalConfig& config() const { return cfg_; }

  // The race-based estimate (cheap; exact once the game is won).
  WinProbs race(const rules::Game& g) const;
  // The fitted model over position features (fitted_evaluator.hpp); the race estimate where
  // no model was fitted for the board and number of players.
  WinProbs fitted(const rules::Game& g) const;
  // The neural evaluator (the race estimate where no net was trained for the board).
  WinProbs net(const rules::Game& g) const;
  // The leaf estimate of the config: race(), fitted() or net().
  WinProbs estimate(const rules::Game& g) const {
    return cfg_.leaf == Leaf::fitted ? fitted(g) : cfg_.leaf == Leaf::net ? net(g) : race(g);
  }
  // Monte-Carlo rollouts (see above); `salt` picks the dice streams.
  WinProbs rollout(const rules::Game& g, std::uint64_t salt) const;
  // Rollout number `i` alone (the mean of i = 0 .. rollouts-1 is rollout()): its dice depend
  // only on (seed, salt, i), so rollout i of two states of one roll shares their dice.
  WinProbs rollout_one(const rules::Game& g, std::uint64_t salt, int i) const;

  // Variance reduction (analysis/README.md "Move quality"): rollout i (the same dice as
  // rollout_one) scored for `seat` with the luck of its first `luck_rolls` rolls (at most 2)
  // taken out. A roll's luck is the estimate after the greedy play of the dice thrown minus its
  // mean over every throw (36, or Ludo's 6); its mean is zero whatever came before, so the
  // value's mean is rollout_one's, with less spread. `tables` keeps the throw tables of the
  // states the first rolls reach, shared by the rollouts of one start state.
  struct LuckTables {
    // [0]: the start state's; [1 + t]: the state after first throw t's. Each: the estimate
    // after every throw (canonical order) and their mean.
    std::array<std::optional<std::pair<std::array<double, 21>, double>>, 22> t;
  };
  double rollout_reduced(const rules::Game& g, std::uint64_t salt, int i, int seat, int luck_rolls,
                         LuckTables& tables) const;

  // Stratified sampling (analysis/README.md "Move quality"): rollout i scored for `seat`, in
  // blocks of first_roll_strata() rollouts (36 ordered throws; Ludo: 6 faces). In a block,
  // rollout i's first throw is throw number i mod the strata, and each of its next rolls up to
  // kLatinRolls takes the throw that a random permutation of the block (one per roll, drawn
  // from (seed, salt, block, roll)) gives its place: a Latin hypercube, so that over a block
  // every roll takes each throw once and the part of the spread each roll makes on its own
  // (whether the next player hits, enters, ...) is gone from the block's mean. Later rolls are
  // drawn as rollout_one's. Blocks are independent: the spread of their means measures the
  // error. The rollouts of two states of one roll share their dice.
  static constexpr int kLatinRolls = 8;
  int first_roll_strata() const { return g_.ludo ? 6 : 36; }
  double rollout_stratified(const rules::Game& g, std::uint64_t salt, int i, int seat) const;

 private:
  // One roll of a rollout: the greedy play of the throw `d` in `g`; true when the game is over.
  bool rollout_step(rules::Game& g, rules::Dice d) const;
  rules::Options o_;
  rules::Geometry g_;  // the board of o_ (Ludo: one die, rules/ludo.hpp)
  EvalConfig cfg_;
};

// Expected steps lost to captures before the seat moves again: each pawn on an ordinary ring
// square with opponent pawns 1-12 squares behind it is hit with the chance that one of them
// throws the distance and loses its progress. `lost[s]`: seat s's pawns (all attackers
// together); `made[s]`: what seat s's pawns threaten to take from the others (each attacker
// on its own).
struct Threats {
  std::array<double, 4> lost{}, made{};
};
Threats capture_threats(const rules::Position& p, const rules::Geometry& g);

// The seats still playing (present, taking part, not finished), in turn order from the one to
// move; returns how many.
int seats_in_play(const rules::Game& g, std::array<int, 4>& order);

// The index of the play of `plays` (the legal plays of the throw `d` in `g`) after which
// `value` (the winning chances of the game after it, WinProbs) gives the mover the most, the
// first of equals: the choice of the eval and net0 bots and the luck of a throw. `values`,
// when given, receives each play's value for the mover.
template <class Value>
std::size_t best_play(const rules::Game& g, rules::Dice d, const rules::LegalPlays& plays, const Value& value,
                      std::vector<double>* values = nullptr) {
  const auto mover = static_cast<std::size_t>(rules::seat_of(g.to_move()));
  if (values) values->assign(plays.plays.size(), 0.0);
  std::size_t pick = 0;
  double best = -1;
  for (std::size_t i = 0; i < plays.plays.size(); ++i) {
    rules::Game after = g;
    after.play_legal(d, plays, i);
    const double v = value(after).p[mover];
    if (values) (*values)[i] = v;
    if (v > best) best = v, pick = i;
  }
  return pick;
}

}  // namespace ppn::analysis
