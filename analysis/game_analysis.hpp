// Luck and move quality of a recorded game (issue 7; methods in analysis/README.md), and the
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
//   evaluator. Rollout i of every candidate uses the same dice (common random numbers) and has
//   the luck of its first `luck_rolls` rolls taken out (Evaluator::rollout_reduced); the
//   rollouts go on in rounds (min_rollouts, then doubling up to eval.rollouts) until every
//   threshold's verdict is resolved: a play is marked `?` when some candidate beats it by at
//   least `mistake` with confidence (the lower end of the paired difference's interval, mean -
//   q * standard error with q the Student t quantile, reaches the threshold), `??` likewise for `blunder`; a threshold whose
//   interval still straddles it when the budget is spent leaves the decision *unresolved*
//   (marked only as far as it is resolved). Every figure carries its standard error.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "analysis/evaluator.hpp"
#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::analysis {

struct AnalyzeConfig {
  EvalConfig eval{.rollouts = 1024, .horizon = 4, .seed = 1};  // .rollouts: the budget per candidate
  int min_rollouts = 32;     // the first round of rollouts (at most eval.rollouts)
  double confidence = 0.95;  // two-sided confidence of the loss's interval (mean +- z standard errors)
  int threads = 0;           // rolls analysed in parallel; 0 = every core (the result is the same)
  int candidates = 4;        // plays rolled out besides the one made
  int luck_rolls = 1;        // rollouts' first rolls whose luck is taken out (0-2; Evaluator::rollout_reduced)
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

struct SeatAnalysis {
  bool present = false;
  int rolls = 0;
  int decisions = 0;
  int mistakes = 0;           // `?` (blunders not included)
  int blunders = 0;           // `??`
  int unresolved = 0;         // decisions whose verdict the budget left unresolved
  double total_loss = 0;      // sum of losses over decisions
  double loss_var = 0;        // sum of the losses' squared standard errors
  double luck = 0;            // sum of the luck of its rolls
  double luck_var = 0;        // sum of the rolls' luck variances over fair dice
  double result = 0;          // 1 for the winner, 0 otherwise (unfinished game: race estimate)
  double error_rate() const { return decisions ? double(mistakes + blunders) / decisions : 0.0; }
  // Binomial standard error of the error rate over the decisions.
  double error_rate_se() const;
  double loss_se() const;
  // The luck sum's spread over fair dice: luck / luck_se() is how many standard deviations
  // from even the dice were (luck itself is exact for the race estimate).
  double luck_se() const;
  double luck_adjusted() const { return result - luck; }
};

struct GameAnalysis {
  bool ok = false;
  std::string error;          // why nothing was analysed
  std::string profile;
  int rolls_analysed = 0;
  bool stopped = false;       // replay stopped at an illegal roll (analysed up to it)
  std::string stop_reason;    // then: "LINE:COL: error[CODE]: message" of that roll
  std::vector<RollAnalysis> rolls;
  std::array<SeatAnalysis, 4> seats;
  std::vector<std::array<double, 4>> cumulative_luck;  // after every analysed roll, by seat
};

GameAnalysis analyze_game(const Game& game, const replay::ReplayConfig& rcfg, const AnalyzeConfig& cfg);

// Seed stability of the marks: the analyses of one game under different rollout seeds,
// decision by decision. `alike`: decisions with the same mark (none, `?` or `??`) under every
// seed; `marked`: decisions marked under some seed; `same`: of them, those marked alike under
// every seed. Added over games with +=.
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
