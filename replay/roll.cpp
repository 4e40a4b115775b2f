// Single mini-move legality on the working board (design/rules.md §4.3 step 2).
#include "replay/roll.hpp"

namespace ppn::replay::detail {

Board make_board(const Position& p, int mover, const std::array<std::uint8_t, 4>& me,
                 const Geometry& g) {
  Board b;
  b.pos = p;
  b.me = me;
  for (int s = 0; s < g.num_seats; ++s) {
    if (!p.seat_present(s)) continue;
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const auto byte = (s == mover) ? me[k] : p.pawns[s][k];
      if (byte == kNest) continue;
      const int rel = rel_of_byte(byte);
      if (!g.on_ring(rel)) continue;
      const int a = g.abs_of(s, rel);
      b.ring[a] = static_cast<std::uint8_t>(((b.ring[a] & 3) + 1) | (s << 2));
    }
  }
  return b;
}

void init_pairs(RollCtx& c, const Board& b) {
  c.npairs = 0;
  c.pair_of.fill(0xFF);
  for (int i = 0; i < kPawnsPerSeat; ++i)
    for (int j = i + 1; j < kPawnsPerSeat; ++j)
      if (b.me[i] == b.me[j] && is_path_byte(*c.g, b.me[i]) && c.npairs < 2) {
        c.pa[c.npairs] = static_cast<std::uint8_t>(i);
        c.pb[c.npairs] = static_cast<std::uint8_t>(j);
        c.psq[c.npairs] = b.me[i];
        c.pair_of[i] = c.pair_of[j] = static_cast<std::uint8_t>(c.npairs);
        ++c.npairs;
      }
}

Position finish(const Board& b, int mover) {
  Position p = b.pos;
  p.pawns[mover] = b.me;
  p.sort_seat(mover);
  return p;
}

const char* board_check(const Board& b, int mover, const Geometry& g) {
  const Position p = finish(b, mover);
  if (const char* bad = position_check(p, g)) return bad;
  const Board fresh = make_board(p, mover, p.pawns[mover], g);
  if (fresh.ring != b.ring) return "board-ring-map";
  return nullptr;
}

namespace {

void ring_remove(Board& b, int a) {
  const int cnt = b.ring[a] & 3;
  b.ring[a] = cnt <= 1 ? 0 : static_cast<std::uint8_t>((b.ring[a] & ~3) | (cnt - 1));
}
void ring_add(Board& b, int a, int seat) {
  b.ring[a] = static_cast<std::uint8_t>(((b.ring[a] & 3) + 1) | (seat << 2));
}

// Sends the lone opponent pawn on square a back to its nest (seed 000 CAPTURING).
void capture_at(Board& b, const Geometry& g, int a) {
  const int seat = b.ring[a] >> 2;
  const auto byte = byte_of_rel(g.rel_of(seat, a));
  auto& row = b.pos.pawns[seat];
  for (auto& x : row)
    if (x == byte) {
      x = kNest;
      break;
    }
  b.pos.sort_seat(seat);
  b.ring[a] = 0;
}

void earn_capture(State& s, const RollCtx& c) {
  ++s.captures;
  // seed 000 Capture Bonus "move any one of your pawns an additional 20 spaces"; Q39: an
  // entry capture earns it too; bonus_chain=one_per_roll: one capture bonus per roll (Q37).
  if (c.o->capture_reward() != CaptureReward::move20) return;
  if (c.o->bonus_chain() == BonusChain::one_per_roll && s.capture_bonuses > 0) return;
  ++s.capture_bonuses;
  ++s.earned;
  s.bonus.push_back(20);
}

int own_count(const Board& b, std::uint8_t byte) {
  int n = 0;
  for (auto x : b.me) n += (x == byte);
  return n;
}

}  // namespace

bool entry_possible(const State& s, const RollCtx& c) {
  bool five = find_part(s.dice, 5) >= 0 ||
              (find_part(s.dice, 1) >= 0 && find_part(s.dice, 4) >= 0) ||
              (find_part(s.dice, 2) >= 0 && find_part(s.dice, 3) >= 0);
  if (!five) return false;
  if (std::find(s.b.me.begin(), s.b.me.end(), kNest) == s.b.me.end()) return false;
  const int a = c.g->abs_of(c.mover, 0);
  return (s.b.ring[a] & 3) < 2;  // Q11: no entry into a blockade
}

RuleCode try_enter(State& s, const RollCtx& c, int slot, std::uint8_t& flags) {
  if (s.b.me[slot] != kNest) return RuleCode::no_pawn_there;
  // seed 000 ENTERING: "a 5 on one or both dice; or any combination totaling 5 (4+1 or
  // 3+2)". A die of 5 is spent first (Racket moves.rkt make-move/dice does the same); a
  // bonus never enters (Q15).
  int i = find_part(s.dice, 5);
  int used = 1;
  if (i >= 0) {
    remove_at(s.dice, i);
    s.larger_used_mask = static_cast<std::uint8_t>(s.larger_used_mask | (1u << 5));
  } else {
    int x = -1, y = -1;
    for (auto pr : {std::pair{1, 4}, std::pair{2, 3}}) {
      x = find_part(s.dice, pr.first);
      y = find_part(s.dice, pr.second);
      if (x >= 0 && y >= 0) break;
    }
    if (x < 0 || y < 0) return RuleCode::no_five;
    const int hi = std::max(x, y), lo = std::min(x, y);
    remove_at(s.dice, hi);
    remove_at(s.dice, lo);
    used = 2;
    flags |= kEnterBySum;
  }
  const int a = c.g->abs_of(c.mover, 0);
  const int cnt = s.b.ring[a] & 3;
  // seed 000 BLOCKADES "If a blockade occupies your enter space, you cannot enter a pawn"
  if (cnt == 2) return RuleCode::entry_blocked;
  if (cnt == 1 && (s.b.ring[a] >> 2) != c.mover) {
    // seed 000 SAFETY SPACES "Exception: If an opponent's pawn occupies your enter space,
    // when you enter a pawn, you capture it"
    capture_at(s.b, *c.g, a);
    flags |= kCaptured;
    earn_capture(s, c);
  }
  ring_add(s.b, a, c.mover);
  s.b.me[slot] = byte_of_rel(0);
  ++s.entries;
  s.dice_used = static_cast<std::uint8_t>(s.dice_used + used);
  return RuleCode::ok;
}

RuleCode try_move(State& s, const RollCtx& c, int slot, int v, std::uint8_t& flags) {
  const Geometry& g = *c.g;
  const bool bonus = v > 6;
  Parts& pool = bonus ? s.bonus : s.dice;
  const int pi = find_part(pool, v);
  if (pi < 0) return RuleCode::wrong_part;
  const auto from_b = s.b.me[slot];
  if (from_b == kNest || rel_of_byte(from_b) >= g.home) return RuleCode::no_pawn_there;
  const int r = rel_of_byte(from_b);
  const int t = r + v;
  // seed 000 REACHING HOME "Each pawn must enter home by exact die roll" (Q58); the home
  // path is mandatory (Q60), so rel counts straight on into it.
  if (t > g.home) {
    // homepath_mandatory=no (seed 003; Q60): from the ring such a move could pass the home
    // row onto a second lap, which is not supported yet: refused, not called an overshoot.
    const bool lap = c.o->homepath_mandatory() == HomepathMandatory::no && g.on_ring(r);
    return lap ? RuleCode::second_lap : RuleCode::overshoot;
  }
  // seed 000 BLOCKADES "A blockade cannot be landed on, passed or captured by any pawn",
  // checked on every square of this one part (Q16: intermediate landings of two dice are
  // separate mini-moves). HOME itself holds any number (Q62).
  const bool owner_passes = c.o->blockade_blocks_owner() == BlockadeBlocksOwner::no;
  for (int q = r + 1; q <= t && q < g.home; ++q) {
    bool blocked;
    if (g.on_ring(q)) {
      const auto cell = s.b.ring[g.abs_of(c.mover, q)];
      blocked = (cell & 3) == 2 && !(owner_passes && q < t && (cell >> 2) == c.mover);
    } else {
      // Q53: home-path blockades block their owner (the only one who can be there).
      const bool hp = c.o->homepath_blockades() == HomepathBlockades::yes && !owner_passes;
      blocked = own_count(s.b, byte_of_rel(q)) == 2 && (q == t || hp);
    }
    if (blocked) return q < t ? RuleCode::blockade_passed : RuleCode::blockade_landed;
  }
  bool capture = false;
  if (g.on_ring(t)) {
    const int a = g.abs_of(c.mover, t);
    const auto cell = s.b.ring[a];
    if ((cell & 3) == 1 && (cell >> 2) != c.mover) {
      // seed 000 SAFETY SPACES "Two pawns of different colors can never share a Safety
      // space. Pawns cannot be captured on Safety spaces." (Q24)
      if (g.is_safe_abs(a)) return RuleCode::safety_occupied;
      // Q30: bonus moves capture too, unless bonus_chain=no_bonus_capture.
      if (bonus && c.o->bonus_chain() == BonusChain::no_bonus_capture)
        return RuleCode::bonus_capture;
      capture = true;
    }
  }
  // legal: apply
  remove_at(pool, pi);
  if (g.on_ring(r)) ring_remove(s.b, g.abs_of(c.mover, r));
  if (capture) {
    // seed 000 CAPTURING "When you land on an opponent's pawn by the count of any die, you
    // capture it. Return the captured pawn to its START circle"
    capture_at(s.b, g, g.abs_of(c.mover, t));
    flags |= kCaptured;
  }
  if (g.on_ring(t)) ring_add(s.b, g.abs_of(c.mover, t), c.mover);
  s.b.me[slot] = byte_of_rel(t);
  if (bonus) {
    if (v == 10) ++s.used10;
    else ++s.used20;
  } else {
    ++s.dice_used;
    s.larger_used_mask = static_cast<std::uint8_t>(s.larger_used_mask | (1u << v));
  }
  if (capture) earn_capture(s, c);
  if (t == g.home) {
    flags |= kReachedHome;
    ++s.arrivals;
    // seed 000 Home Bonus "After moving a pawn home, move any one of your pawns an
    // additional 10 spaces"
    if (c.o->home_reward() == HomeReward::move10) {
      ++s.earned;
      s.bonus.push_back(10);
    }
  }
  return RuleCode::ok;
}

bool part_playable(const State& s, const RollCtx& c, int v) {
  if (c.o->dice_usage() == DiceUsage::greedy_racket) {
    // Racket possible-to-move: the first pawn (ids 3..0) that can move decides.
    for (int k = kPawnsPerSeat - 1; k >= 0; --k) {
      const auto b = s.b.me[k];
      if (b == kNest || rel_of_byte(b) >= c.g->home) continue;
      State t = s;
      std::uint8_t f = 0;
      if (try_move(t, c, k, v, f) == RuleCode::ok) return !pair_reformed(t.b, c);
    }
    return false;
  }
  for (int k = 0; k < kPawnsPerSeat; ++k) {
    const auto b = s.b.me[k];
    if (b == kNest || rel_of_byte(b) >= c.g->home) continue;
    State t = s;
    std::uint8_t f = 0;
    if (try_move(t, c, k, v, f) == RuleCode::ok && !pair_reformed(t.b, c)) return true;
  }
  return false;
}

}  // namespace ppn::replay::detail
