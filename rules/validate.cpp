// Validation of one recorded roll (RULES.md §procedure, §replay-settings).
#include <algorithm>
#include <cassert>
#include <numeric>
#include <string>
#include <vector>

#include "rules/apply.hpp"
#include "rules/checker.hpp"
#include "rules/engine.hpp"
#include "rules/ludo.hpp"

namespace ppn::rules {

using ppn::rules::detail::rows;
namespace detail {

RollKind make_roll(const Options& o, const GameState& st, int d1, int d2,
                   const FixedVec<std::uint8_t, 4>* parts,
                   const std::array<std::uint8_t, kPawnsPerSeat>* ids, RollCtx& c, State& s) {
  const RollSetup setup = roll_setup(st, d1, d2, o);
  c.o = &o;
  c.mover = st.to_move;
  c.d1 = d1;
  c.d2 = d2;
  const auto& me = ids ? *ids : rows(st.pos)[c.mover];
#ifndef NDEBUG
  {
    auto sorted = me;
    std::sort(sorted.begin(), sorted.end());
    assert(sorted == rows(st.pos)[c.mover] && "ids must name the mover's pawns");
  }
#endif
  s = State{};
  s.b = make_board(st.pos, c.mover, me, *c.g);
  init_pairs(c, s.b);
  if (setup.kind == RollKind::penalty) return setup.kind;
  const auto& use = parts && !parts->empty() ? *parts : setup.parts;
  for (auto v : use) s.dice.push_back(v);
  c.four_part = s.dice.size() == 4;
  return c.four_part ? RollKind::four_part : RollKind::normal;
}

}  // namespace detail

namespace {
using namespace detail;

struct RunResult {
  Verdict v;
  bool applied_all = false;  // every mini-move applied (failure, if any, at the end checks)
  Position applied{};        // position after applying them
};

void fail(RunResult& r, RuleCode code, int index, const std::string& detail) {
  r.v.legal = false;
  Refusal& no = *(r.v.diag = std::make_unique<Refusal>());
  no.code = code;
  no.index = index;
  no.message = detail.empty() ? std::string(code_meaning(code)) : detail;
  no.citation = code_citation(code);
}

// The parts a mover still has, as a message lists them: "5 and 3", "3, +20", "none".
std::string parts_left(const State& s) {
  std::vector<std::string> items;
  for (auto v : s.dice) items.push_back(std::to_string(v));
  for (auto v : s.bonus) items.push_back("+" + std::to_string(v));
  if (items.empty()) return "none (every part is used)";
  std::string out;
  for (std::size_t k = 0; k < items.size(); ++k)
    out += (k == 0 ? "" : k + 1 == items.size() ? " and " : ", ") + items[k];
  return out;
}

void fill_events(Verdict& v, const State& s, const RollCtx& c) {
  v.events.entries = s.entries;
  v.events.dice_parts_used = s.dice_used;
  v.events.captures = s.captures;
  v.events.arrivals = s.arrivals;
  v.events.bonuses_earned = s.earned;
  v.events.bonuses_used = static_cast<std::uint8_t>(s.used10 + s.used20);
  // (whether the roll won matters only for bonuses left over)
  settle_bonuses(v.events, s.bonus.begin(), s.bonus.size(),
                 !s.bonus.empty() && seat_finished(v.result, c.mover, *c.g));
}

// Which pawn an unnamed mini-move moves when its square holds two of the mover's pawns that
// are not interchangeable for Q54 (one of them belongs to a start-of-roll blockade pair and
// the other does not, or they belong to different pairs): RULES.md §replay-settings "treat the two pawns
// on one space as interchangeable". pick[j] = 0 takes the first such pawn (lower slot), 1 the
// second, at the j-th such choice point of the run; points past `given` take 0.
struct Choices {
  std::array<std::uint8_t, kMaxPlayLen> pick{};
  int given = 0;
  int seen = 0;  // choice points met by the run
};

// seat_finished(finish(b, mover), mover) without building and sorting the position (it ran
// before every mini-move): the mover has finished when its four pawns are HOME, in any order.
bool all_home(const detail::Board& b) {
  const auto home = byte_of_rel(kParcheesi68.home);
  return b.me[0] == home && b.me[1] == home && b.me[2] == home && b.me[3] == home;
}

RunResult run_strict(const Options& o, const ValidateRequest& req, const Play& play,
                     Choices& ch) {
  RunResult r;
  RollCtx c;
  State s;
  const RollKind kind = make_roll(o, *req.state, req.d1, req.d2, req.parts, req.ids, c, s);
  if (kind == RollKind::penalty) {
    if (!play.empty()) {
      fail(r, RuleCode::penalty_expected, 0,
           "third doublet in a turn: no pawn may move, the doublets penalty applies instead");
      return r;
    }
    r.v.legal = true;
    r.v.result = apply_penalty(req.state->pos, c.mover, o, *c.g, req.state->last_moved);
    r.v.events.penalty = true;
    return r;
  }
  const State start = s;
  Checker chk(c, start);
  const bool eor = o.bonus_timing() == BonusTiming::end_of_roll;
  State dice_end;
  const Geometry& g = *c.g;
  if (play.size() > kMaxPlayLen) {
    fail(r, RuleCode::too_many_moves, kMaxPlayLen, "");
    return r;
  }
  for (int i = 0; i < play.size(); ++i) {
    const MiniMove& m = play[i];
    if (all_home(s.b)) {
      fail(r, RuleCode::game_over, i, "");
      return r;
    }
    RuleCode code;
    std::uint8_t flags = 0;
    if (m.kind == MiniKind::enter) {
      if (eor && s.bonus_phase) {
        fail(r, RuleCode::die_after_bonus, i, "an entry after a bonus move");
        return r;
      }
      int slot = -1;
      if (m.pawn != kAnyPawn) {
        if (m.pawn < kPawnsPerSeat && s.b.me[m.pawn] == kNest) slot = m.pawn;
      } else {
        for (int k = 0; k < kPawnsPerSeat && slot < 0; ++k)
          if (s.b.me[k] == kNest) slot = k;
      }
      if (slot < 0) {
        fail(r, RuleCode::no_pawn_there, i,
             m.pawn != kAnyPawn ? "pawn " + std::to_string(m.pawn) + " is not in the nest"
                                : "no pawn in the nest");
        return r;
      }
      code = try_enter(s, c, slot, flags);
    } else {
      const bool bonus = is_bonus_part(m.value);
      if (bonus && eor && !s.bonus_phase) {
        // RULES.md §procedure step 5 / Q35: bonuses come after the dice, so the dice must be done
        // when the first bonus is played.
        if (auto f = chk.dice_end(s); f.code != RuleCode::ok) {
          fail(r, f.code, i, "bonus " + std::to_string(m.value) +
                                 " played before the dice were finished: " + f.detail);
          return r;
        }
        s.bonus_phase = true;
        dice_end = s;
      } else if (!bonus && eor && s.bonus_phase) {
        fail(r, RuleCode::die_after_bonus, i,
             "die " + std::to_string(m.value) + " played after a bonus move");
        return r;
      }
      int slot = -1;
      const auto from = byte_of_rel(m.from);
      if (m.pawn != kAnyPawn) {
        if (m.pawn < kPawnsPerSeat && s.b.me[m.pawn] == from) slot = m.pawn;
      } else {
        int second = -1;
        for (int k = 0; k < kPawnsPerSeat; ++k)
          if (s.b.me[k] == from) (slot < 0 ? slot : second) = k;
        // A choice point only when the two pawns differ for the blockade rule (Q54); without
        // ids the record cannot say which one moved.
        if (second >= 0 && !req.ids && c.pair_of[slot] != c.pair_of[second]) {
          const int j = ch.seen++;
          if (j < ch.given && ch.pick[j]) slot = second;
        }
      }
      if (slot < 0 || m.from == g.home) {
        fail(r, RuleCode::no_pawn_there, i,
             (m.pawn != kAnyPawn ? "pawn " + std::to_string(m.pawn) : std::string("no pawn")) +
                 " on relative square " + std::to_string(m.from));
        return r;
      }
      code = try_move(s, c, slot, m.value, flags, m.around);
      if (code == RuleCode::wrong_part && bonus) {
        for (auto b : s.bonus)
          if (b > m.value) code = RuleCode::bonus_split;  // Q33: one pawn, the full amount
      }
      if (code == RuleCode::wrong_part) {
        // a distance that is not (or no longer) among the parts: say which ones were left
        fail(r, code, i, "the move covers " + std::to_string(m.value) + (m.value == 1 ? " square" : " squares") +
                             ", which is not one of the parts left: " + parts_left(s));
        return r;
      }
    }
    if (code != RuleCode::ok) {
      fail(r, code, i, "");
      return r;
    }
    // Stockfish-style pos_is_ok after every mini-move in debug builds.
    assert(board_check(s.b, c.mover, g, o.safety_sharing() == SafetySharing::two_any_colours) == nullptr);
  }
  r.applied_all = true;
  r.applied = finish(s.b, c.mover);
  remember_ring(r.applied, g, s.b);
  // End of the roll.
  if (eor) {
    if (!s.bonus_phase) {
      if (auto f = chk.dice_end(s); f.code != RuleCode::ok) {
        fail(r, f.code, -1, f.detail);
        return r;
      }
      dice_end = s;
    }
    if (auto f = chk.bonus_end(s, dice_end); f.code != RuleCode::ok) {
      fail(r, f.code, -1, f.detail);
      return r;
    }
  } else {
    if (auto f = chk.dice_end(s); f.code != RuleCode::ok) {
      fail(r, f.code, -1, f.detail);
      return r;
    }
    if (auto f = chk.bonus_greedy(s); f.code != RuleCode::ok) {
      fail(r, f.code, -1, f.detail);
      return r;
    }
  }
  // Hasbro 2001 rules, Blockades "The two pawns in a blockade cannot be moved forward to form a
  // blockade together on a new space" - per roll, bonus phase included (Q54).
  if (pair_reformed(s.b, c)) {
    fail(r, RuleCode::blockade_moved_together, -1, "");
    return r;
  }
  r.v.legal = true;
  r.v.result = r.applied;
  fill_events(r.v, s, c);
#ifndef NDEBUG
  if (const char* bad = position_check(r.v.result, g, o.safety_sharing() == SafetySharing::two_any_colours)) {
    (void)bad;
    assert(!"position_check failed after a legal roll");
  }
#endif
  return r;
}

// run_strict over the pawn assignments of unnamed mini-moves (see Choices): the first
// assignment (the first pawn found on each square) decides unless it is illegal and another
// one is legal; an illegal play keeps the first assignment's diagnostic. Plays without a
// choice point (the common case) run once.
RunResult run_assigned(const Options& o, const ValidateRequest& req, const Play& play) {
  Choices ch;
  RunResult first = run_strict(o, req, play, ch);
  if (first.v.legal || ch.seen == 0) return first;
  // Depth-first over the binary choice tree: advance the last 0 choice met to 1.
  int met = ch.seen;
  for (;;) {
    int i = std::min(met, kMaxPlayLen) - 1;
    while (i >= 0 && ch.pick[i]) --i;
    if (i < 0) return first;
    ch.pick[i] = 1;
    ch.given = i + 1;
    ch.seen = 0;
    RunResult r = run_strict(o, req, play, ch);
    if (r.v.legal) return r;
    met = ch.seen;
    for (int k = ch.given; k < kMaxPlayLen; ++k) ch.pick[k] = 0;
  }
}

}  // namespace

Verdict validate_play(const Options& o, const ValidateRequest& req) {
  assert(req.state && req.play);
  if (o.ludo()) return ludo::validate_play(o, req);
  RunResult r = run_assigned(o, req, *req.play);
  if (!r.v.legal && req.order == OrderStrictness::outcome && req.play->size() > 1 &&
      req.play->size() <= 8 && r.v.diag->code != RuleCode::penalty_expected) {
    // RULES.md §replay-settings order_strictness=outcome: accept when some legal order of the same
    // mini-moves gives the same result.
    const Play& rec = *req.play;
    std::array<int, kMaxPlayLen> idx{};
    std::iota(idx.begin(), idx.begin() + rec.size(), 0);
    while (std::next_permutation(idx.begin(), idx.begin() + rec.size())) {
      Play p;
      for (int i = 0; i < rec.size(); ++i) p.push_back(rec[idx[i]]);
      RunResult q = run_assigned(o, req, p);
      if (q.v.legal && (!r.applied_all || q.v.result == r.applied)) {
        r = std::move(q);
        break;
      }
    }
  }
  if (r.v.legal && k14_keeps_old_blockade(*req.state, req.d1, req.d2, r.v.result, o)) {
    // legal_plays keeps only plays that break the old blockade when any does
    const LegalPlays all = legal_plays(o, *req.state, req.d1, req.d2, req.parts);
    if (!all.results.empty() &&
        !k14_keeps_old_blockade(*req.state, req.d1, req.d2, all.results.front(), o)) {
      r.v.legal = false;
      fail(r, RuleCode::blockade_too_old, -1,
           "a blockade has stood through three turns and a legal play breaks it");
    }
  }
  if (r.v.legal && six_kept_blockades(*req.state, req.d1, req.d2, r.v.result, o) > 0) {
    // legal_plays keeps only the plays that leave the fewest blockades standing
    const LegalPlays all = legal_plays(o, *req.state, req.d1, req.d2, req.parts);
    const int kept = six_kept_blockades(*req.state, req.d1, req.d2, r.v.result, o);
    if (!all.results.empty() &&
        six_kept_blockades(*req.state, req.d1, req.d2, all.results.front(), o) < kept) {
      r.v.legal = false;
      fail(r, RuleCode::blockade_not_opened, -1,
           "a die shows 6 and a legal play opens more of the mover's blockades");
    }
  }
  if (!r.v.legal && req.max_alternatives > 0) {
    LegalPlays all = legal_plays(o, *req.state, req.d1, req.d2, req.parts);
    for (int i = 0; i < static_cast<int>(all.plays.size()) && i < req.max_alternatives; ++i)
      r.v.diag->plays.push_back(all.plays[i]);
  }
  return std::move(r.v);  // (`return r.v` copied it: a member is not moved implicitly)
}

}  // namespace ppn::rules
