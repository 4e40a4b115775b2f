// Luck and move quality of a recorded game (methods in analysis/README.md), and the
// annotated game `ppn analyze` writes.
//
//   AnalyzeConfig cfg;  cfg.eval.rollouts = 64;
//   GameAnalysis ga = analyze_game(game, replay_cfg, cfg);
//   for (const RollAnalysis& r : ga.rolls) ... r.luck ... r.loss ...
//   Game out = annotate_game(game, ga, cfg);   // `?`/`??` and comments, re-parses and validates
//
// Luck of a roll (race evaluator): the mover's winning chance after the best play of the
//   actual dice minus the average of the same over all 36 throws (21 distinct). It sums to
//   zero on average over fair dice.
// Move quality (rollout evaluator): at a roll with two or more distinct legal plays, the
//   mover's winning chance after the best play minus after the play made (the loss, >= 0).
//   The candidates rolled out are the play made and the best `candidates` plays by the race
//   evaluator. Rollout i of every candidate uses the same dice (common random numbers), drawn in
//   Latin-hypercube blocks (Evaluator::rollout_stratified; with `stratify` off, the luck of its
//   first `luck_rolls` rolls taken out instead, Evaluator::rollout_reduced); the rollouts go on
//   in rounds (min_rollouts, then doubling up to eval.rollouts) until every
//   threshold's verdict is resolved: a play is marked `?` when some candidate beats it by at
//   least `mistake` with confidence (the lower end of the paired difference's interval, mean -
//   q * standard error with q the Student t quantile, reaches the threshold), `??` likewise for `blunder`; a threshold whose
//   interval still straddles it when the budget is spent leaves the decision *unresolved*
//   (marked only as far as it is resolved). Every figure carries its standard error.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <array>
#include <string>
#include <vector>

#include "analysis/evaluator.hpp"
#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::analysis {

// How decisions are judged, as GNU Backgammon's analysis levels (analysis/README.md "Levels"):
// by the neural evaluator at 0-ply or 1-ply (net_play.hpp; deterministic, no error bars), or
// by rollouts (the settings below; every figure with its standard error).
enum class Level : std::uint8_t { ply0, ply1, rollout };
// "0", "1", "rollout"; and back (nullopt: not a level).
std::string_view level_name(Level l);
std::optional<Level> level_of(std::string_view name);

struct AnalyzeConfig {
  Level level = Level::ply1;
  // .rollouts: the budget per candidate (stratified: rounded down to whole blocks of 36, Ludo 6)
  EvalConfig eval{.rollouts = 8064, .horizon = 2, .seed = 1};
  int min_rollouts = 36;     // the first round of rollouts (at most eval.rollouts; stratified: rounded up to a block)
  double confidence = 0.95;  // two-sided confidence of the loss's interval (mean +- z standard errors)
  int threads = 0;           // rolls analysed in parallel; 0 = every core (the result is the same)
  int candidates = 4;        // plays rolled out besides the one made
  bool stratify = true;      // rollouts in Latin-hypercube blocks (Evaluator::rollout_stratified)
  int luck_rolls = 1;        // else: their first rolls whose luck is taken out (0-2; Evaluator::rollout_reduced)
  int width = 4;             // 1-ply: the best plays by 0-ply looked at, with the one made
  double mistake = 0.04;     // loss in winning chance for `?`
  double blunder = 0.10;     // ... for `??`
  bool luck = true;
  bool quality = true;
};

struct RollAnalysis {
  int roll_index = 0;         // 0-based among main-line rolls
  int seat = 0;               // engine seat of the mover
  int distinct_plays = 0;     // 0 for penalty rolls
  bool decision = false;      // two or more distinct plays, and the play made is among them
  double luck = 0;            // winning chance, mover's view
  double before = 0;          // mover's winning chance before the roll (race evaluator)
  double played = 0;          // rollout value of the play made (decisions only)
  double best = 0;            // rollout value of the best candidate
  double loss = 0;            // best - played, >= 0
  double loss_se = 0;         // standard error of the paired difference best - played
  int rollouts = 0;           // rollouts per candidate spent
  bool unresolved = false;    // a threshold still inside the loss's interval at the budget
  double luck_sd = 0;         // standard deviation of the roll's luck over fair dice
  std::string best_play;      // PPN of the best candidate when it is not the play made
  unsigned nag = 0;           // 0, 2 (`?`) or 4 (`??`)
};

// A seat's figures of one game, and the same summed over games (a player's totals in
// `ppn analyze`): every count, sum and error bar of the analysis is computed here.
struct AnalysisTotals {
  int games = 0;              // games summed (1 for a seat of one game)
  int rolls = 0;
  int decisions = 0;
  int mistakes = 0;           // `?` (blunders not included)
  int blunders = 0;           // `??`
  int unresolved = 0;         // decisions whose verdict the budget left unresolved
  double total_loss = 0;      // sum of losses over decisions
  double loss_var = 0;        // sum of the losses' squared standard errors
  double luck = 0;            // sum of the luck of its rolls
  double luck_var = 0;        // sum of the rolls' luck variances over fair dice
  double result = 0;          // 1 for the winner, 0 otherwise (unfinished game: race estimate); summed: wins
  // Marked decisions / decisions (0 over none), and its binomial standard error.
  double error_rate() const { return decisions ? double(mistakes + blunders) / decisions : 0.0; }
  double error_rate_se() const;
  // The total loss's standard error (the decisions' rollouts are independent).
  double loss_se() const;
  // Loss per decision and its standard error (0 over none).
  double loss_per_decision() const { return decisions ? total_loss / decisions : 0.0; }
  double loss_per_decision_se() const { return decisions ? loss_se() / decisions : 0.0; }
  // The luck sum's spread over fair dice: luck / luck_se() is how many standard deviations
  // from even the dice were (luck itself is exact for the race estimate).
  double luck_se() const;
  double luck_adjusted() const { return result - luck; }
  AnalysisTotals& operator+=(const AnalysisTotals& o);
};

struct SeatAnalysis : AnalysisTotals {
  bool present = false;
};

struct GameAnalysis {
  bool ok = false;
  Level level = Level::ply1;  // how its decisions were judged (AnalyzeConfig::level)
  std::string error;          // why nothing was analysed
  std::string profile;
  // Rollouts per candidate as run: the first round and the budget (whole Latin-hypercube
  // blocks when stratified: --min-rollouts rounded up to a block, --rollouts down).
  int first_rollouts = 0, max_rollouts = 0;
  int rollout_block = 1;  // rollouts per Latin-hypercube block (1: not stratified)
  int rolls_analysed = 0;
  bool stopped = false;       // replay stopped at an illegal roll (analysed up to it)
  std::string stop_reason;    // then: "LINE:COL: error[CODE]: message" of that roll
  std::vector<RollAnalysis> rolls;
  std::array<SeatAnalysis, 4> seats;
  std::vector<std::array<double, 4>> cumulative_luck;  // after every analysed roll, by seat
};

GameAnalysis analyze_game(const Game& game, const replay::ReplayConfig& rcfg, const AnalyzeConfig& cfg);

// Seed stability of the marks: the analyses of one game under different rollout seeds,
// decision by decision. A decision's verdict is its mark (none, `?` or `??`) and whether it was
// left unresolved; `alike`: decisions with the same verdict under every seed; `marked`:
// decisions marked or left unresolved under some seed; `same`: of them, those with the same
// verdict under every seed (a decision unresolved under every seed counts as the same: the
// unresolved counts by seed say how many there are). Added over games with +=.
struct MarkAgreement {
  int decisions = 0, alike = 0, marked = 0, same = 0;
  std::vector<int> marks, unresolved;  // by seed: decisions marked (`?` or `??`), left unresolved
  double fraction() const { return decisions ? double(alike) / decisions : 1.0; }
  double marked_fraction() const { return marked ? double(same) / marked : 1.0; }
  MarkAgreement& operator+=(const MarkAgreement& o) {
    decisions += o.decisions, alike += o.alike, marked += o.marked, same += o.same;
    marks.resize(std::max(marks.size(), o.marks.size()));
    unresolved.resize(marks.size());
    for (std::size_t i = 0; i < o.marks.size(); ++i) marks[i] += o.marks[i], unresolved[i] += o.unresolved[i];
    return *this;
  }
};
MarkAgreement mark_agreement(const std::vector<GameAnalysis>& by_seed);

// The game with the analysis written in: `?` / `??` on the rolls whose loss passes the
// thresholds (a NAG already there is kept), a comment "ppn: best ... (win A% vs B%)" on them,
// and game comments "ppn: <colour>: ..." with each seat's totals. Comments starting with "ppn:"
// from an earlier analysis are replaced, so analysing twice gives the same text.
Game annotate_game(const Game& game, const GameAnalysis& ga, const AnalyzeConfig& cfg);

}  // namespace ppn::analysis
