// Single mini-move legality on the working board (RULES.md §procedure step 2).
#include "rules/roll.hpp"

namespace ppn::rules::detail {

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
      if (!g.on_track(rel)) continue;
      const int a = g.abs_of_rel(s, rel);
      b.ring[a] = cell_add(b.ring[a], s);
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

const char* board_check(const Board& b, int mover, const Geometry& g, bool shared_safeties) {
  const Position p = finish(b, mover);
  if (const char* bad = position_check(p, g, shared_safeties)) return bad;
  const Board fresh = make_board(p, mover, p.pawns[mover], g);
  if (fresh.ring != b.ring) return "board-ring-map";
  return nullptr;
}

namespace {

void ring_remove(Board& b, int a, int seat) { b.ring[a] = cell_remove(b.ring[a], seat); }
void ring_add(Board& b, int a, int seat) { b.ring[a] = cell_add(b.ring[a], seat); }

// Sends one pawn of `seat` on square a back to its nest (Hasbro 2001 rules, Capturing an Opponent's Pawn).
void capture_at(Board& b, const Geometry& g, int a, int seat) {
  // A pawn can only stand on its own squares 64..67 on a lap (Geometry: lap squares).
  const auto byte = byte_of_rel(g.rel_of_track(g.rel_of(seat, a)));
  auto& row = b.pos.pawns[seat];
  for (auto& x : row)
    if (x == byte) {
      x = kNest;
      break;
    }
  b.pos.sort_seat(seat);
  ring_remove(b, a, seat);
}

void earn_capture(State& s, const RollCtx& c) {
  ++s.captures;
  // Hasbro 2001 rules, Capture Bonus "move any one of your pawns an additional 20 spaces"; Q39: an
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
  if (cnt == 2) {
    // entry_vs_stack=capture_last_arrival (Parchís: two pieces on the salida with at least
    // one foreign piece, the entering piece captures "la última en llegar" [ES-JCF], [ES-S];
    // RULES.md Q11). The position does not record arrival order (rules/README.md
    // "Decisions"): with one own and one foreign pawn the foreign one is taken; with two
    // foreign pawns, one of the colour that comes next after the mover in seat order.
    const auto cell = s.b.ring[a];
    int victim = cell_seat(cell);
    if (victim == c.mover) victim = cell_seat2(cell);
    else if (cell_seat2(cell) != c.mover &&
             (cell_seat2(cell) - c.mover + kMaxSeats) % kMaxSeats <
                 (victim - c.mover + kMaxSeats) % kMaxSeats)
      victim = cell_seat2(cell);
    capture_at(s.b, *c.g, a, victim);
    flags |= kCaptured;
    earn_capture(s, c);
  }
  if (cnt == 1 && cell_seat(s.b.ring[a]) != c.mover &&
      c.o->safety_sharing() != SafetySharing::two_any_colours) {
    // Hasbro 2001 rules, Safety Spaces "Exception: If an opponent's pawn occupies your enter space,
    // when you enter a pawn, you capture it". Under safety_sharing=two_any_colours the two
    // colours share the salida instead (Parchís: no capture on seguros or salidas, Q25).
    capture_at(s.b, *c.g, a, cell_seat(s.b.ring[a]));
    flags |= kCaptured;
    earn_capture(s, c);
  }
  ring_add(s.b, a, c.mover);
  s.b.me[slot] = byte_of_rel(0);
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
  if (g.on_track(r)) ring_remove(s.b, g.abs_of_rel(c.mover, r), c.mover);
  if (capture) {
    // Hasbro 2001 rules, Capturing an Opponent's Pawn "When you land on an opponent's pawn by the count of any die, you
    // capture it. Return the captured pawn to its START circle"
    const int a = g.abs_of_rel(c.mover, t);
    capture_at(s.b, g, a, cell_seat(s.b.ring[a]));
    flags |= kCaptured;
  }
  if (g.on_track(t)) ring_add(s.b, g.abs_of_rel(c.mover, t), c.mover);
  s.b.me[slot] = byte_of_rel(t);
  if (bonus) {
    if (v == 10) ++s.used10;
    else ++s.used20;
  } else {
    ++s.dice_used;
    s.larger_used_mask = static_cast<std::uint16_t>(s.larger_used_mask | (1u << v));
  }
  if (capture) earn_capture(s, c);
  if (t == g.home) {
    flags |= kReachedHome;
    ++s.arrivals;
    // Hasbro 2001 rules, Home Bonus "After moving a pawn home, move any one of your pawns an
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
