// End-of-phase checks and the searches behind them (RULES.md §procedure, Q6, Q17-Q19,
// Q32-Q38, Q44, Q54).
#include "rules/checker.hpp"

#include "notation/text_util.hpp"

#include <algorithm>

namespace ppn::rules::detail {
namespace {

// Slots worth trying: skip a pawn identical (same square, same start-of-roll blockade pair)
// to an earlier one, and pawns in the nest or at HOME.
bool skip_slot(const State& s, const RollCtx& c, int k) {
  const auto b = s.b.me[k];
  if (b == kNest || rel_of_byte(b) == c.g->home) return true;
  for (int j = 0; j < k; ++j)
    if (s.b.me[j] == b && c.pair_of[j] == c.pair_of[k]) return true;
  return false;
}

// Every distinct legal move of part v from the roll state s (each pawn worth trying, turning in
// or, where the option allows, going round), handed to `then` as the state after it: the step
// of both maximality searches.
template <class Then>
void each_move(const State& s, const RollCtx& c, int v, Then&& then) {
  for (int k = 0; k < kPawnsPerSeat; ++k) {
    if (skip_slot(s, c, k)) continue;
    for (const bool around : {false, true}) {
      if (around && !may_go_round(c, rel_of_byte(s.b.me[k]), v)) break;
      State t = s;
      std::uint8_t f = 0;
      if (try_move(t, c, k, v, f, around) == RuleCode::ok) then(t);
    }
  }
}

int count_of(const Parts& p, int v) {
  int n = 0;
  for (auto x : p) n += (x == v);
  return n;
}

}  // namespace

int Checker::entry_bound() const {
  int nest = 0;
  for (auto b : start_.b.me) nest += (b == kNest);
  const int fives = count_of(start_.dice, 5);
  int sums = 0;
  if (fives == 0)
    sums = ((count_of(start_.dice, 1) && count_of(start_.dice, 4)) ||
            (count_of(start_.dice, 2) && count_of(start_.dice, 3)))
               ? 1
               : 0;
  return std::min(nest, fives + sums);
}

void Checker::dice_search(const State& s, bool max_entries, DiceBest& best) {
  // RULES.md §procedure step 3: candidates that re-form the start-of-roll blockade pair elsewhere
  // are discarded (Q54), so a part whose only use would do that counts as unplayable (Q19).
  if (!pair_reformed(s.b, c_)) {
    best.true_max_entries = std::max<int>(best.true_max_entries, s.entries);
    const int e = max_entries ? s.entries : 0;
    if (e > best.entries || (e == best.entries && s.dice_used > best.parts)) {
      best.entries = e;
      best.parts = s.dice_used;
      best.single_mask = 0;
    }
    if (e == best.entries && s.dice_used == best.parts && s.dice_used == 1)
      best.single_mask |= s.larger_used_mask;
    if (s.dice_used == 4) best.all4 = true;
  }
  if (s.dice.empty()) return;
  for (int k = 0; k < kPawnsPerSeat; ++k)
    if (s.b.me[k] == kNest) {
      State t = s;
      std::uint8_t f = 0;
      if (try_enter(t, c_, k, f) == RuleCode::ok) dice_search(t, max_entries, best);
      break;  // nest pawns are interchangeable
    }
  std::uint16_t tried = 0;
  for (int i = 0; i < s.dice.size(); ++i) {
    const int v = s.dice[i];
    if ((tried >> v) & 1) continue;
    tried = static_cast<std::uint16_t>(tried | (1u << v));
    each_move(s, c_, v, [&](const State& t) { dice_search(t, max_entries, best); });
  }
}

const DiceBest& Checker::dice_best() {
  if (!best_) {
    DiceBest b;
    State s = start_;
    dice_search(s, c_.o->enter_obligation() == EnterObligation::max_entries, b);
    best_ = b;
  }
  return *best_;
}

Failure Checker::dice_end(const State& s) {
  const Options& o = *c_.o;
  const bool eor = o.bonus_timing() == BonusTiming::end_of_roll;
  // RULES.md §procedure step 3: the blockade pair must not be re-formed when the dice are done
  // (checked again after the bonus phase). Hasbro 2001 rules, Blockades.
  if (eor && pair_reformed(s.b, c_))
    return {RuleCode::blockade_moved_together, "the blockade pair ends the dice on a new space"};
  if (c_.four_part && o.doubles_bonus_partial() == DoublesBonusPartial::all_or_nothing) {
    // Hasbro 2001 rules, Doublets Bonus: "If you can't take all four parts of your move, don't move
    // your pawns at all." (Q44)
    if (s.dice_used == 4) return {};
    const bool all4 = dice_best().all4;
    if (all4)
      return {RuleCode::doublets_partial,
              "all four parts can be played, the play uses " + std::to_string(s.dice_used)};
    if (s.dice_used > 0)
      return {RuleCode::doublets_partial,
              "the four parts cannot all be played, so no pawn may move"};
    return {};
  }
  if (o.dice_usage() == DiceUsage::maximal) {
    // Hasbro 2001 rules, Moving Your Entered Pawns "You must move whenever possible. If you cannot move by the count of both
    // dice, you may move one pawn by the count of either one of the dice." Maximal use over
    // all orders (Q17), entries first (Q6, Q19). Fast path: all parts used, as many entries
    // as there are fives.
    const bool fast = s.dice.empty() && s.entries == entry_bound();
    if (!fast) {
      const DiceBest& b = dice_best();
      if (o.enter_obligation() == EnterObligation::max_entries && s.entries < b.entries)
        return {RuleCode::entry_still_possible, plural(b.entries, "entry", "entries") +
                                                    " possible, the play makes " +
                                                    std::to_string(s.entries)};
      if (s.dice_used < b.parts)
        return {RuleCode::die_still_usable, plural(b.parts, "part", "parts") + " usable, the play uses " +
                                                std::to_string(s.dice_used)};
      // Wikipedia rules, Gameplay "If either can be used, the player must use the larger die" (Q18)
      if (o.single_die() == SingleDie::larger && b.parts == 1 && c_.d1 != c_.d2) {
        const int hi = std::max(c_.d1, c_.d2);
        if (((b.single_mask >> hi) & 1) && !((s.larger_used_mask >> hi) & 1))
          return {RuleCode::larger_die, "the larger die " + std::to_string(hi) + " can be played"};
      }
    }
  } else {
    // greedy (Racket take-turn): only the end matters; no part may still be playable.
    if (o.enter_obligation() == EnterObligation::max_entries && s.entries < entry_bound()) {
      const DiceBest& b = dice_best();
      if (s.entries < b.entries)
        return {RuleCode::entry_still_possible, plural(b.entries, "entry", "entries") +
                                                    " possible, the play makes " +
                                                    std::to_string(s.entries)};
    }
    std::uint16_t tried = 0;
    for (auto v : s.dice) {
      if ((tried >> v) & 1) continue;
      tried = static_cast<std::uint16_t>(tried | (1u << v));
      if (part_playable(s, c_, v))
        return {RuleCode::die_still_usable, "die roll " + std::to_string(v) + " can still be used"};
    }
  }
  // leftover_only (Racket): "can still enter a pawn" when a five is left unused and an entry
  // is possible at the end (RULES.md Q6, RK).
  if (o.enter_obligation() == EnterObligation::leftover_only && entry_possible(s, c_))
    return {RuleCode::entry_still_possible, "a five is left and a pawn can still enter"};
  return {};
}

bool Checker::bonus_complete(const State& s) {
  std::uint16_t tried = 0;  // bit 0: 10, bit 1: 20
  for (auto v : s.bonus) {
    const int bit = v == 10 ? 1 : 2;
    if (tried & bit) continue;
    tried = static_cast<std::uint8_t>(tried | bit);
    if (part_playable(s, c_, v)) return false;
  }
  return true;
}

void Checker::bonus_search(const State& s, int p10, int p20, int& best) {
  if (!pair_reformed(s.b, c_) && bonus_complete(s))
    best = std::max(best, std::min<int>(p10, s.used10) + std::min<int>(p20, s.used20));
  if (best == p10 + p20) return;
  std::uint16_t tried = 0;
  for (int i = 0; i < s.bonus.size(); ++i) {
    const int v = s.bonus[i];
    const int bit = v == 10 ? 1 : 2;
    if (tried & bit) continue;
    tried = static_cast<std::uint8_t>(tried | bit);
    each_move(s, c_, v, [&](const State& t) { bonus_search(t, p10, p20, best); });
  }
}

int Checker::bonus_best(const State& dice_end) {
  int best = -1;
  State s = dice_end;
  s.used10 = s.used20 = 0;
  bonus_search(s, count_of(dice_end.bonus, 10), count_of(dice_end.bonus, 20), best);
  return best;
}

Failure Checker::bonus_greedy(const State& s) {
  if (c_.o->bonus_obligation() == BonusObligation::optional) return {};
  std::uint16_t tried = 0;
  for (auto v : s.bonus) {
    const int bit = v == 10 ? 1 : 2;
    if (tried & bit) continue;
    tried = static_cast<std::uint8_t>(tried | bit);
    if (part_playable(s, c_, v))
      return {RuleCode::bonus_not_taken, "bonus " + std::to_string(v) + " can still be used"};
  }
  return {};
}

Failure Checker::bonus_end(const State& s, const State& dice_end) {
  // Hasbro 2001 rules, Capture Bonus / Home Bonus: "If you can't move one pawn the full 20 spaces, you
  // forfeit the bonus" - so a playable bonus must be played (Q32). RULES.md §procedure step 5: the
  // bonuses pending when the dice are done must be used as far as possible; a chain bonus
  // must be played if still playable; capturing is never compulsory (Q28).
  if (c_.o->bonus_obligation() == BonusObligation::optional) return {};
  if (auto f = bonus_greedy(s); f.code != RuleCode::ok) return f;
  if (c_.o->dice_usage() != DiceUsage::maximal) return {};
  const int p10 = count_of(dice_end.bonus, 10), p20 = count_of(dice_end.bonus, 20);
  const int used = std::min<int>(p10, s.used10 - dice_end.used10) +
                   std::min<int>(p20, s.used20 - dice_end.used20);
  if (used == p10 + p20) return {};
  const int best = bonus_best(dice_end);
  if (used < best)
    return {RuleCode::bonus_not_taken, plural(static_cast<std::size_t>(best), "bonus move", "bonus moves") +
                                           " possible, the play makes " + std::to_string(used)};
  return {};
}

}  // namespace ppn::rules::detail
