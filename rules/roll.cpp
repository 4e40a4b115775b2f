// Single mini-move legality on the working board (RULES.md §procedure step 2).
#include "rules/roll.hpp"

#include <cstring>

namespace ppn::rules::detail {

using ppn::rules::detail::rows;

namespace {

// The ring occupancy map of a position, from scratch (16 pawns).
std::array<std::uint8_t, kMaxRing> build_ring(const Position& p, int mover, const std::array<std::uint8_t, 4>& me,
                                              const Geometry& g) {
  std::array<std::uint8_t, kMaxRing> ring{};
  for (int s = 0; s < g.num_seats; ++s) {
    if (!p.seat_present(s)) continue;
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const auto byte = (s == mover) ? me[k] : rows(p)[s][k];
      if (byte == kNest) continue;
      const int rel = rel_of_byte(byte);
      if (!g.on_track(rel)) continue;
      const int a = g.abs_of_rel(s, rel);
      ring[a] = cell_add(ring[a], s);
    }
  }
  return ring;
}

// The ring map is a function of the position and the board's layout alone (the mover's slot
// order does not change it). A roll starts where the previous one ended, so the map that roll
// ended with (remember_ring) is copied instead of being rebuilt from the 16 pawns, which for
// every validated roll would be the largest cost of validation after the moves themselves.
// One per thread; a miss builds the map from the pawns.
struct RingMemo {
  bool valid = false;
  Position pos{};
  std::uint8_t ring_len = 0, arm_spacing = 0, last_ring = 0, home = 0, num_seats = 0;
  std::array<std::uint8_t, kMaxRing> ring{};

  bool holds(const Position& p, const Geometry& g) const {
    return valid && std::memcmp(&pos, &p, sizeof p) == 0 && ring_len == g.ring_len && arm_spacing == g.arm_spacing &&
           last_ring == g.last_ring && home == g.home && num_seats == g.num_seats;
  }
  void keep(const Position& p, const Geometry& g, const std::array<std::uint8_t, kMaxRing>& r) {
    valid = true;
    pos = p;
    ring_len = g.ring_len;
    arm_spacing = g.arm_spacing;
    last_ring = g.last_ring;
    home = g.home;
    num_seats = g.num_seats;
    ring = r;
  }
};
thread_local RingMemo ring_memo;

}  // namespace

Board make_board(const Position& p, int mover, const std::array<std::uint8_t, 4>& me,
                 const Geometry& g) {
  Board b;
  b.pos = p;
  b.me = me;
  RingMemo& memo = ring_memo;
  if (memo.holds(p, g)) {
    b.ring = memo.ring;
  } else {
    b.ring = build_ring(p, mover, me, g);
    memo.keep(p, g, b.ring);
  }
  return b;
}

void remember_ring(const Position& p, const Geometry& g, const Board& b) { ring_memo.keep(p, g, b.ring); }

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
  rows(p)[mover] = b.me;
  p.sort_seat(mover);
  return p;
}

const char* board_check(const Board& b, int mover, const Geometry& g, bool shared_safeties) {
  const Position p = finish(b, mover);
  if (const char* bad = position_check(p, g, shared_safeties)) return bad;
  // Built from scratch, never the remembered map (make_board), which this check vouches for.
  if (build_ring(p, mover, rows(p)[mover], g) != b.ring) return "board-ring-map";
  return nullptr;
}

namespace {

void ring_remove(Board& b, int a, int seat) { b.ring[a] = cell_remove(b.ring[a], seat); }
void ring_add(Board& b, int a, int seat) { b.ring[a] = cell_add(b.ring[a], seat); }

// Sends one pawn of `seat` on square a back to its nest (Hasbro 2001 rules, Capturing an Opponent's Pawn).
void capture_at(Board& b, const Geometry& g, int a, int seat) {
  // A pawn can only stand on its own squares 64..67 on a lap (Geometry: lap squares).
  const auto byte = byte_of_rel(g.rel_of_track(g.rel_of(seat, a)));
  auto& row = rows(b.pos)[seat];
  for (auto& x : row)
    if (x == byte) {
      x = kNest;
      break;
    }
  b.pos.sort_seat(seat);
  ring_remove(b, a, seat);
}

int own_count(const Board& b, std::uint8_t byte) {
  int n = 0;
  for (auto x : b.me) n += (x == byte);
  return n;
}

// The bodies of move_pawn and earn (roll.hpp).
[[gnu::always_inline]] inline std::uint8_t move_pawn_inline(Board& b, const Geometry& g, int mover, int slot, int to,
                                                            int victim) {
  std::uint8_t flags = 0;
  const auto from = b.me[slot];
  if (from != kNest && g.on_track(rel_of_byte(from))) ring_remove(b, g.abs_of_rel(mover, rel_of_byte(from)), mover);
  if (g.on_track(to)) {
    const int a = g.abs_of_rel(mover, to);
    if (victim >= 0) {
      // Hasbro 2001 rules, Capturing an Opponent's Pawn "Return the captured pawn to its START circle"
      capture_at(b, g, a, victim);
      flags |= kCaptured;
    }
    ring_add(b, a, mover);
  }
  b.me[slot] = byte_of_rel(to);
  if (to == g.home) flags |= kReachedHome;
  return flags;
}

[[gnu::always_inline]] inline void earn_inline(State& s, const Options& o, std::uint8_t flags) {
  if (flags & kCaptured) {
    ++s.captures;
    // Hasbro 2001 rules, Capture Bonus "move any one of your pawns an additional 20 spaces"; Q39:
    // an entry capture earns it too; bonus_chain=one_per_roll: one capture bonus per roll (Q37).
    if (o.capture_reward() == CaptureReward::move20 &&
        !(o.bonus_chain() == BonusChain::one_per_roll && s.capture_bonuses > 0)) {
      ++s.capture_bonuses;
      ++s.earned;
      s.bonus.push_back(20);
    }
  }
  if (flags & kReachedHome) {
    ++s.arrivals;
    // Hasbro 2001 rules, Home Bonus "After moving a pawn home, move any one of your pawns an
    // additional 10 spaces"
    if (o.home_reward() == HomeReward::move10) {
      ++s.earned;
      s.bonus.push_back(10);
    }
  }
}

}  // namespace

// The out-of-line entry points of the two primitives (rules/apply.cpp); try_enter and
// try_move, on the engine's hot path, call the same bodies inlined.
std::uint8_t move_pawn(Board& b, const Geometry& g, int mover, int slot, int to, int victim) {
  return move_pawn_inline(b, g, mover, slot, to, victim);
}

void earn(State& s, const Options& o, std::uint8_t flags) { earn_inline(s, o, flags); }

int entry_victim(std::uint8_t cell, int mover) {
  // entry_vs_stack=capture_last_arrival (Parchís: two pieces on the salida with at least
  // one foreign piece, the entering piece captures "la última en llegar" [ES-JCF], [ES-S];
  // RULES.md Q11). The position does not record arrival order (rules/README.md
  // "Decisions"): with one own and one foreign pawn the foreign one is taken; with two
  // foreign pawns, one of the colour that comes next after the mover in seat order.
  int victim = cell_seat(cell);
  if (victim == mover) victim = cell_seat2(cell);
  else if (cell_seat2(cell) != mover &&
           (cell_seat2(cell) - mover + kMaxSeats) % kMaxSeats < (victim - mover + kMaxSeats) % kMaxSeats)
    victim = cell_seat2(cell);
  return victim;
}

bool entry_open(std::uint8_t enter_cell, const RollCtx& c) {
  if (cell_count(enter_cell) < 2) return true;
  // Q11: hasbro-2001 "If a blockade occupies your enter space, you cannot enter a pawn";
  // entry_vs_stack=capture_last_arrival: only two pawns of the mover's own colour bar the
  // entry ([ES-JCF]).
  if (c.o->entry_vs_stack() != EntryVsStack::capture_last_arrival) return false;
  return !(cell_seat(enter_cell) == c.mover && cell_seat2(enter_cell) == c.mover);
}

bool entry_possible(const State& s, const RollCtx& c) {
  bool five = find_part(s.dice, 5) >= 0 ||
              (find_part(s.dice, 1) >= 0 && find_part(s.dice, 4) >= 0) ||
              (find_part(s.dice, 2) >= 0 && find_part(s.dice, 3) >= 0);
  if (!five) return false;
  if (std::find(s.b.me.begin(), s.b.me.end(), kNest) == s.b.me.end()) return false;
  const int a = c.g->abs_of(c.mover, 0);
  return entry_open(s.b.ring[a], c);  // Q11
}

RuleCode try_enter(State& s, const RollCtx& c, int slot, std::uint8_t& flags) {
  if (s.b.me[slot] != kNest) return RuleCode::no_pawn_there;
  // Hasbro 2001 rules, Entering Your Pawns: "a 5 on one or both dice; or any combination totaling 5 (4+1 or
  // 3+2)". A die of 5 is spent first (Racket moves.rkt make-move/dice does the same); a
  // bonus never enters (Q15).
  int i = find_part(s.dice, 5);
  int used = 1;
  if (i >= 0) {
    remove_at(s.dice, i);
    s.larger_used_mask = static_cast<std::uint16_t>(s.larger_used_mask | (1u << 5));
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
  const int cnt = cell_count(s.b.ring[a]);
  // Hasbro 2001 rules, Blockades "If a blockade occupies your enter space, you cannot enter a pawn"
  if (!entry_open(s.b.ring[a], c)) return RuleCode::entry_blocked;
  int victim = -1;
  if (cnt == 2) victim = entry_victim(s.b.ring[a], c.mover);
  if (cnt == 1 && cell_seat(s.b.ring[a]) != c.mover &&
      c.o->safety_sharing() != SafetySharing::two_any_colours) {
    // Hasbro 2001 rules, Safety Spaces "Exception: If an opponent's pawn occupies your enter space,
    // when you enter a pawn, you capture it". Under safety_sharing=two_any_colours the two
    // colours share the salida instead (Parchís: no capture on seguros or salidas, Q25).
    victim = cell_seat(s.b.ring[a]);
  }
  const std::uint8_t done = move_pawn_inline(s.b, *c.g, c.mover, slot, 0, victim);
  flags |= done;
  earn_inline(s, *c.o, done);
  ++s.entries;
  s.dice_used = static_cast<std::uint8_t>(s.dice_used + used);
  return RuleCode::ok;
}

RuleCode try_move(State& s, const RollCtx& c, int slot, int v, std::uint8_t& flags,
                  bool around) {
  const Geometry& g = *c.g;
  const bool bonus = is_bonus_part(v);
  Parts& pool = bonus ? s.bonus : s.dice;
  const int pi = find_part(pool, v);
  if (pi < 0) return RuleCode::wrong_part;
  const auto from_b = s.b.me[slot];
  if (from_b == kNest || rel_of_byte(from_b) == g.home) return RuleCode::no_pawn_there;
  const int r = rel_of_byte(from_b);
  // Hasbro 2001 rules, Reaching Home "move your pawns up your home path" (Q60): under homepath_mandatory=yes a pawn
  // always turns in. homepath_mandatory=no (Wikipedia rules, Gameplay "A piece is not required to enter the
  // home row and can pass the row and start another circuit"): a move that passes the
  // turn-off may go round instead, and a pawn on a lap square can only go round.
  if (around && !g.is_lap(r)) {
    if (!g.crosses_turnoff(r, v)) return RuleCode::no_pawn_there;  // nothing to go round
    if (c.o->homepath_mandatory() == HomepathMandatory::yes) return RuleCode::second_lap;
  }
  const bool round = around || g.is_lap(r);
  const int t = g.dest(r, v, round);
  // Hasbro 2001 rules, Reaching Home "Each pawn must enter home by exact die roll" (Q58).
  if (t > g.home && !round) return RuleCode::overshoot;
  // Hasbro 2001 rules, Blockades "A blockade cannot be landed on, passed or captured by any pawn",
  // checked on every square of this one part (Q16: intermediate landings of two dice are
  // separate mini-moves). HOME itself holds any number (Q62).
  const bool owner_passes = c.o->blockade_blocks_owner() == BlockadeBlocksOwner::no;
  for (int i = 1; i <= v; ++i) {
    const int q = round ? g.dest(r, i, true) : r + i;
    if (q == g.home) break;
    bool blocked;
    if (g.on_track(q)) {
      const auto cell = s.b.ring[g.abs_of_rel(c.mover, q)];
      // A square holds at most two pawns (Q22), so a full square cannot be landed on. Two
      // colours sharing a seguro (safety_sharing=two_any_colours) are no barrera: only "dos
      // fichas del mismo color" form one (Parchís [ES-B]), so they can be passed.
      const bool own_pair = cell_seat(cell) == c.mover && cell_seat2(cell) == c.mover;
      blocked = cell_count(cell) == 2 &&
                (i == v || (!cell_mixed(cell) && !(owner_passes && own_pair)));
    } else {
      // Q53: home-path blockades block their owner (the only one who can be there).
      const bool hp = c.o->homepath_blockades() == HomepathBlockades::yes && !owner_passes;
      blocked = own_count(s.b, byte_of_rel(q)) == 2 && (i == v || hp);
    }
    if (blocked) return i < v ? RuleCode::blockade_passed : RuleCode::blockade_landed;
  }
  bool capture = false;
  if (g.on_track(t)) {
    const int a = g.abs_of_rel(c.mover, t);
    const auto cell = s.b.ring[a];
    if (cell_count(cell) == 1 && cell_seat(cell) != c.mover) {
      // Hasbro 2001 rules, Safety Spaces "Two pawns of different colors can never share a Safety
      // space. Pawns cannot be captured on Safety spaces." (Q24). safety_sharing=
      // two_any_colours: Parchís seguros and salidas hold two colours, no capture there
      // ([ES-V], [ES-JCF]; RULES.md Q25).
      if (g.is_safe_abs(a)) {
        if (c.o->safety_sharing() != SafetySharing::two_any_colours)
          return RuleCode::safety_occupied;
      } else {
        // Q30: bonus moves capture too, unless bonus_chain=no_bonus_capture.
        if (bonus && c.o->bonus_chain() == BonusChain::no_bonus_capture)
          return RuleCode::bonus_capture;
        capture = true;
      }
    }
  }
  // legal: apply
  remove_at(pool, pi);
  int victim = -1;
  if (capture) victim = cell_seat(s.b.ring[g.abs_of_rel(c.mover, t)]);
  const std::uint8_t done = move_pawn_inline(s.b, g, c.mover, slot, t, victim);
  flags |= done;
  if (bonus) {
    if (v == 10) ++s.used10;
    else ++s.used20;
  } else {
    ++s.dice_used;
    s.larger_used_mask = static_cast<std::uint16_t>(s.larger_used_mask | (1u << v));
  }
  earn_inline(s, *c.o, done);
  return RuleCode::ok;
}

bool part_playable(const State& s, const RollCtx& c, int v) {
  if (c.o->dice_usage() == DiceUsage::greedy_racket) {
    // Racket possible-to-move: the first pawn (ids 3..0) that can move decides.
    for (int k = kPawnsPerSeat - 1; k >= 0; --k) {
      const auto b = s.b.me[k];
      if (b == kNest || rel_of_byte(b) == c.g->home) continue;
      State t = s;
      std::uint8_t f = 0;
      if (try_move(t, c, k, v, f) == RuleCode::ok) return !pair_reformed(t.b, c);
    }
    return false;
  }
  for (int k = 0; k < kPawnsPerSeat; ++k) {
    const auto b = s.b.me[k];
    if (b == kNest || rel_of_byte(b) == c.g->home) continue;
    for (const bool around : {false, true}) {
      if (around && !may_go_round(c, rel_of_byte(b), v)) break;
      State t = s;
      std::uint8_t f = 0;
      if (try_move(t, c, k, v, f, around) == RuleCode::ok && !pair_reformed(t.b, c)) return true;
    }
  }
  return false;
}

}  // namespace ppn::rules::detail
