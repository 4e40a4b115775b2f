// Internal to the engine: the working board of one roll and single mini-move legality.
// Not part of the public API (use engine.hpp).
//
// Board keeps the mover's pawns by identity slot (me[k], position bytes, unsorted) and a
// ring occupancy map, for engine-absolute square a: ring[a] = count (bits 0-1) | lower seat
// << 2 | higher seat << 4 (both seats equal unless two colours share the square, which only
// safety_sharing=two_any_colours allows; Parchís, RULES.md Q25).
// Opponents' pawns stay in pos (sorted); the mover's row of pos is rebuilt by finish().
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "rules/geometry.hpp"
#include "rules/options.hpp"
#include "rules/play.hpp"
#include "rules/position.hpp"
#include "rules/rule_codes.hpp"

namespace ppn::rules::detail {

using Parts = FixedVec<std::uint8_t, kMaxPlayLen>;

inline int find_part(const Parts& p, int v) {
  for (int i = 0; i < p.size(); ++i)
    if (p[i] == v) return i;
  return -1;
}
inline void remove_at(Parts& p, int i) {
  p[i] = p[p.size() - 1];
  p.pop_back();
}

inline int cell_count(std::uint8_t c) { return c & 3; }
inline int cell_seat(std::uint8_t c) { return (c >> 2) & 3; }   // the lower seat
inline int cell_seat2(std::uint8_t c) { return (c >> 4) & 3; }  // the higher seat
inline bool cell_mixed(std::uint8_t c) { return cell_count(c) == 2 && cell_seat(c) != cell_seat2(c); }
inline std::uint8_t cell_add(std::uint8_t c, int seat) {
  if (cell_count(c) == 0) return static_cast<std::uint8_t>(1 | seat << 2 | seat << 4);
  const int lo = std::min(cell_seat(c), seat), hi = std::max(cell_seat(c), seat);
  return static_cast<std::uint8_t>(2 | lo << 2 | hi << 4);
}
inline std::uint8_t cell_remove(std::uint8_t c, int seat) {
  if (cell_count(c) <= 1) return 0;
  const int other = cell_seat(c) == seat ? cell_seat2(c) : cell_seat(c);
  return static_cast<std::uint8_t>(1 | other << 2 | other << 4);
}

struct Board {
  Position pos{};
  std::array<std::uint8_t, kPawnsPerSeat> me{};
  std::array<std::uint8_t, kMaxRing> ring{};
};

struct RollCtx {
  const Options* o = nullptr;
  const Geometry* g = &kParcheesi68;
  int mover = 0;
  bool four_part = false;
  // Blockade pairs at the start of the roll (Q54): slots a[i], b[i] on square sq[i].
  int npairs = 0;
  std::array<std::uint8_t, 2> pa{}, pb{}, psq{};
  std::array<std::uint8_t, kPawnsPerSeat> pair_of{0xFF, 0xFF, 0xFF, 0xFF};
  int d1 = 0, d2 = 0;
};

// Mutable state of a roll in progress.
struct State {
  Board b;
  Parts dice;                 // dice parts still unplayed
  Parts bonus;                // bonuses earned and not yet played
  std::uint8_t entries = 0;
  std::uint8_t dice_used = 0;
  std::uint8_t used10 = 0, used20 = 0;  // bonus moves played, by value
  std::uint8_t capture_bonuses = 0;
  std::uint8_t captures = 0, arrivals = 0, earned = 0;
  std::uint16_t larger_used_mask = 0;   // die part values played (bit v), for single_die
  bool bonus_phase = false;
};

// On the ring (first pass or lap square) or the home path: a pawn that can still move.
inline bool is_path_byte(const Geometry& g, std::uint8_t b) {
  return b != kNest && rel_of_byte(b) != g.home;
}

// homepath_mandatory=no (Wikipedia rules, Gameplay; Q60): a move of v from rel r may also go round the ring
// instead of turning in (try both).
inline bool may_go_round(const RollCtx& c, int r, int v) {
  return c.o->homepath_mandatory() == HomepathMandatory::no && c.g->crosses_turnoff(r, v);
}

// The working board of a roll from position p (the mover's row given by slot as `me`). The
// ring map is copied from the last one remembered when it is p's (roll.cpp RingMemo), else built.
Board make_board(const Position& p, int mover, const std::array<std::uint8_t, 4>& me,
                 const Geometry& g);
// Remembers b's ring map as position p's (b must be a board of p: finish(b) == p), for the
// next make_board of p: the position a roll ends in is where the next roll starts.
void remember_ring(const Position& p, const Geometry& g, const Board& b);
void init_pairs(RollCtx& c, const Board& b);
Position finish(const Board& b, int mover);
// Consistency of the working board (debug builds check it after every mini-move): nullptr,
// or the name of the failed check: "board-ring-map" (ring occupancy map disagrees with the
// pawns), or a position_check name.
const char* board_check(const Board& b, int mover, const Geometry& g, bool shared_safeties = false);

// Blockade pair of the roll's start re-formed on a new space (Hasbro 2001 rules, Blockades, Q54).
inline bool pair_reformed(const Board& b, const RollCtx& c) {
  if (c.o->blockade_move_together() == BlockadeMoveTogether::allowed) return false;
  for (int i = 0; i < c.npairs; ++i) {
    const auto x = b.me[c.pa[i]];
    if (x == b.me[c.pb[i]] && x != c.psq[i] && is_path_byte(*c.g, x)) return true;
  }
  return false;
}

// The one place a Parcheesi pawn moves (rules/apply.hpp is the API around it): the
// mover's pawn `slot` goes to rel `to` (0 for an entry), and the pawn of seat `victim` (-1:
// none) standing there goes back to its nest. No legality is checked: the caller has judged the
// move (try_enter, try_move) or carries out a record as written (apply_recorded). Returns the
// result flags kCaptured / kReachedHome.
std::uint8_t move_pawn(Board& b, const Geometry& g, int mover, int slot, int to, int victim);
// What the `flags` of one of the mover's mini-moves earn (the one place bonuses are earned):
// counts the capture and the arrival in `s` and adds the 20 / 10 bonus the options give.
void earn(State& s, const Options& o, std::uint8_t flags);

// Entry with slot (must be in the nest). Spends a five-value from s.dice.
RuleCode try_enter(State& s, const RollCtx& c, int slot, std::uint8_t& flags);
// Move of slot by part v (a die part in s.dice, or a pending bonus when is_bonus_part(v)).
// `around`: pass the turn-off and stay on the ring (MiniMove::around).
RuleCode try_move(State& s, const RollCtx& c, int slot, int v, std::uint8_t& flags,
                  bool around = false);
// The seat whose pawn an entry onto an ENTER holding two pawns (ring map cell, one of them
// foreign at least) captures: entry_vs_stack=capture_last_arrival, Q11.
int entry_victim(std::uint8_t cell, int mover);
// Whether the mover may enter onto its ENTER holding `enter_cell` (ring map cell), Q11.
bool entry_open(std::uint8_t enter_cell, const RollCtx& c);
// Whether an entry is possible now (five-value in dice, pawn in nest, ENTER not blockaded).
bool entry_possible(const State& s, const RollCtx& c);
// Whether some pawn can play part v now without re-forming the start pair (greedy check,
// Racket possible-to-move + blockade-moved?).
bool part_playable(const State& s, const RollCtx& c, int v);

}  // namespace ppn::rules::detail
