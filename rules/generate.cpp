// Generation of every distinct legal play of a roll: a depth-first walk over mini-move
// sequences in the order the profile's timing allows, keeping the nodes that pass the same
// end checks as validation (checker.hpp), deduplicated by resulting position.
#include <algorithm>
#include <cstring>
#include <set>

#include "rules/checker.hpp"
#include "rules/engine.hpp"
#include "rules/ludo.hpp"

namespace ppn::rules {
namespace {
using namespace detail;

struct PosLess {
  bool operator()(const Position& a, const Position& b) const {
    return std::memcmp(&a, &b, sizeof(Position)) < 0;
  }
};

class Generator {
 public:
  Generator(const Options& o, const RollCtx& c, const State& start, LegalPlays& out)
      : o_(o), c_(c), chk_(c, start), out_(out) {}

  void run(const State& start) {
    Play cur;
    if (o_.bonus_timing() == BonusTiming::end_of_roll) dice(start, cur);
    else all(start, cur);
  }

 private:
  void record(const State& s, const Play& cur) {
    const Position p = finish(s.b, c_.mover);
    if (seen_.insert(p).second) {
      out_.plays.push_back(cur);
      out_.results.push_back(p);
    }
  }

  bool skip_slot(const State& s, int k) const {
    const auto b = s.b.me[k];
    if (b == kNest || rel_of_byte(b) == c_.g->home) return true;
    for (int j = 0; j < k; ++j)
      if (s.b.me[j] == b && c_.pair_of[j] == c_.pair_of[k]) return true;
    return false;
  }

  bool game_won(const State& s) const {
    for (auto b : s.b.me)
      if (b != byte_of_rel(c_.g->home)) return false;
    return true;
  }

  // Calls f(child, mini-move) for each legal child using the parts in `pool`.
  template <class F>
  void children(const State& s, bool dice_parts, bool bonus_parts, Play& cur, F&& f) {
    if (cur.full() || game_won(s)) return;  // Q63: nothing after the win
    if (dice_parts) {
      for (int k = 0; k < kPawnsPerSeat; ++k)
        if (s.b.me[k] == kNest) {
          State t = s;
          MiniMove m = MiniMove::enter(static_cast<std::uint8_t>(k));
          if (try_enter(t, c_, k, m.flags) == RuleCode::ok) {
            cur.push_back(m);
            f(t, cur);
            cur.pop_back();
          }
          break;
        }
    }
    std::uint32_t tried = 0;
    auto try_pool = [&](const Parts& pool) {
      for (int i = 0; i < pool.size(); ++i) {
        const int v = pool[i];
        const std::uint32_t bit = 1u << (v % 32);
        if (tried & bit) continue;
        tried |= bit;
        for (int k = 0; k < kPawnsPerSeat; ++k) {
          if (skip_slot(s, k)) continue;
          const int r = rel_of_byte(s.b.me[k]);
          for (const bool around : {false, true}) {
            // homepath_mandatory=no: turning in and going round are two different moves
            if (around && !may_go_round(c_, r, v)) break;
            State t = s;
            MiniMove m = MiniMove::move(r, v, static_cast<std::uint8_t>(k), around);
            if (try_move(t, c_, k, v, m.flags, around) == RuleCode::ok) {
              cur.push_back(m);
              f(t, cur);
              cur.pop_back();
            }
          }
        }
      }
    };
    if (dice_parts) try_pool(s.dice);
    if (bonus_parts) try_pool(s.bonus);
  }

  void dice(const State& s, Play& cur) {
    if (chk_.dice_end(s).code == RuleCode::ok) {
      State de = s;
      de.bonus_phase = true;
      bonus(de, de, cur);
    }
    children(s, true, false, cur, [&](const State& t, Play& p) { dice(t, p); });
  }

  void bonus(const State& s, const State& de, Play& cur) {
    if (chk_.bonus_end(s, de).code == RuleCode::ok && !pair_reformed(s.b, c_)) record(s, cur);
    children(s, false, true, cur, [&](const State& t, Play& p) { bonus(t, de, p); });
  }

  void all(const State& s, Play& cur) {
    if (chk_.dice_end(s).code == RuleCode::ok && chk_.bonus_greedy(s).code == RuleCode::ok &&
        !pair_reformed(s.b, c_))
      record(s, cur);
    children(s, true, true, cur, [&](const State& t, Play& p) { all(t, p); });
  }

  const Options& o_;
  const RollCtx& c_;
  Checker chk_;
  LegalPlays& out_;
  std::set<Position, PosLess> seen_;
};

}  // namespace

LegalPlays legal_plays(const Options& o, const GameState& st, int d1, int d2,
                       const FixedVec<std::uint8_t, 4>* parts) {
  if (o.ludo()) {
    if (roll_setup(st, d1, d2, o).kind == RollKind::penalty) {
      LegalPlays out;  // the third six: no move (Ludo rules, Gameplay)
      out.plays.emplace_back();
      out.results.push_back(st.pos);
      return out;
    }
    return ludo::legal_plays(o, st, d1);
  }
  LegalPlays out;
  RollCtx c;
  State s;
  if (make_roll(o, st, d1, d2, parts, nullptr, c, s) == RollKind::penalty) {
    out.plays.emplace_back();
    out.results.push_back(apply_penalty(st.pos, c.mover, o, *c.g, st.last_moved));
    return out;
  }
  const State start = s;
  Generator g(o, c, start, out);
  g.run(start);
  // blockade_limit=k14_3_turns: when some play breaks an old blockade, only those are legal.
  if (o.blockade_limit() == BlockadeLimit::k14_3_turns) {
    LegalPlays kept;
    for (std::size_t i = 0; i < out.results.size(); ++i)
      if (!k14_keeps_old_blockade(st, d1, d2, out.results[i], o)) {
        kept.plays.push_back(out.plays[i]);
        kept.results.push_back(out.results[i]);
      }
    if (!kept.plays.empty()) return kept;
  }
  // blockade_limit=break_on_six: only the plays leaving the fewest old blockades standing.
  if (o.blockade_limit() == BlockadeLimit::break_on_six && (d1 == 6 || d2 == 6)) {
    int best = kPawnsPerSeat;
    for (const auto& r : out.results) best = std::min(best, six_kept_blockades(st, d1, d2, r, o));
    LegalPlays kept;
    for (std::size_t i = 0; i < out.results.size(); ++i) {
      const int k = six_kept_blockades(st, d1, d2, out.results[i], o);
      if (k == best) {
        kept.plays.push_back(out.plays[i]);
        kept.results.push_back(out.results[i]);
      }
    }
    return kept;
  }
  return out;
}

}  // namespace ppn::rules
