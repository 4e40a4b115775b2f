// Internal to the engine: the end-of-phase checks of a roll (RULES.md §procedure steps
// 3-5) shared by validation (validate.cpp) and generation (generate.cpp). The searches for
// the best achievable dice use and bonus use run only when the fast paths cannot decide.
#pragma once

#include <optional>
#include <string>

#include "rules/engine.hpp"
#include "rules/roll.hpp"

namespace ppn::rules::detail {

struct DiceBest {
  int entries = -1;  // best entries (0 unless enter_obligation=max_entries)
  int parts = -1;    // best dice parts among plays with that many entries
  std::uint16_t single_mask = 0;  // die values usable by a best play of one part
  bool all4 = false;             // some play uses all four doublets-bonus parts
  int true_max_entries = 0;      // best entries regardless of the obligation
};

struct Failure {
  RuleCode code = RuleCode::ok;
  std::string detail;  // filled only on failure
};

class Checker {
 public:
  Checker(const RollCtx& c, const State& start) : c_(c), start_(start) {}

  // Dice done (end_of_roll: before the first bonus / at the end; interleaved: at the end).
  Failure dice_end(const State& s);
  // Bonus phase done (s at the end, dice_end the state when the dice were done).
  Failure bonus_end(const State& s, const State& dice_end);
  // interleaved: any pending bonus still playable.
  Failure bonus_greedy(const State& s);

  const DiceBest& dice_best();
  int bonus_best(const State& dice_end);

 private:
  void dice_search(const State& s, bool max_entries, DiceBest& best);
  void bonus_search(const State& s, int p10, int p20, int& best);
  bool bonus_complete(const State& s);
  int entry_bound() const;

  const RollCtx& c_;
  const State& start_;
  std::optional<DiceBest> best_;
};

}  // namespace ppn::rules::detail

namespace ppn::rules::detail {
// Builds the roll context and the start state. Returns the roll kind.
RollKind make_roll(const Options& o, const GameState& st, int d1, int d2,
                   const FixedVec<std::uint8_t, 4>* parts,
                   const std::array<std::uint8_t, kPawnsPerSeat>* ids, RollCtx& c, State& s);
}  // namespace ppn::rules::detail
