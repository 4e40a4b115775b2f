// Mini-moves and plays (RULES.md §terms).
//
// A mini-move is either an entry (a pawn leaves the nest for its ENTER, spending a die of 5
// or two unused dice totalling 5) or a move (a pawn on relative square `from` advances by one
// part: a die value 1..6, a doublets-bonus value, or a bonus 20/10). A play is the ordered
// list of mini-moves of one roll. Fixed capacity, no heap.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

namespace ppn::rules {

enum class MiniKind : std::uint8_t { enter, move };

inline constexpr std::uint8_t kAnyPawn = 0xFF;

// Result flags set by the engine on each mini-move it applied.
inline constexpr std::uint8_t kCaptured = 1;     // landed on (or entered onto) a lone opponent
inline constexpr std::uint8_t kReachedHome = 2;  // arrived at HOME
inline constexpr std::uint8_t kEnterBySum = 4;   // entry spent two dice (1+4 or 2+3)

// Bonus moves are worth 20 (capture) or 10 (HOME); every other part value is a die part
// (1..6, or 7 / 12 for a six under six_counts, Parchís).
constexpr bool is_bonus_part(int v) { return v == 20 || v == 10; }
// The largest value a die part can have (six_counts=12_when_all_out).
inline constexpr int kMaxDiePart = 12;

struct MiniMove {
  MiniKind kind = MiniKind::move;
  std::uint8_t from = 0;          // relative square of the moving pawn (move only)
  std::uint8_t value = 0;         // part: 1..6 die (7 or 12 for a six under six_counts), 20/10 bonus; entries: 5
  std::uint8_t pawn = kAnyPawn;   // optional pawn identity 0..3 (see ValidateRequest::ids)
  std::uint8_t flags = 0;         // results, filled by the engine
  // homepath_mandatory=no (Wikipedia rules, Gameplay; Q60): the move passes the turn-off and stays on the
  // ring instead of turning into the home path (Geometry::dest). Moves from a lap square
  // always go round; elsewhere the flag is meaningless and must be false.
  bool around = false;

  static constexpr MiniMove enter(std::uint8_t pawn_id = kAnyPawn) {
    return {MiniKind::enter, 0, 5, pawn_id, 0, false};
  }
  static constexpr MiniMove move(int from_rel, int part, std::uint8_t pawn_id = kAnyPawn,
                                 bool around = false) {
    return {MiniKind::move, static_cast<std::uint8_t>(from_rel), static_cast<std::uint8_t>(part),
            pawn_id, 0, around};
  }
  bool is_bonus() const { return kind == MiniKind::move && is_bonus_part(value); }
  bool same_action(const MiniMove& o) const {
    return kind == o.kind && value == o.value &&
           (kind == MiniKind::enter || (from == o.from && around == o.around));
  }
};

// Small fixed-capacity vector (no heap), used for plays and part lists.
template <class T, int N>
struct FixedVec {
  std::array<T, N> items{};
  std::uint8_t n = 0;

  int size() const { return n; }
  bool empty() const { return n == 0; }
  bool full() const { return n == N; }
  void clear() { n = 0; }
  void push_back(const T& v) {
    assert(n < N);
    items[n++] = v;
  }
  void pop_back() { --n; }
  T& operator[](int i) { return items[i]; }
  const T& operator[](int i) const { return items[i]; }
  T* begin() { return items.data(); }
  T* end() { return items.data() + n; }
  const T* begin() const { return items.data(); }
  const T* end() const { return items.data() + n; }
};

// 4 dice parts + at most 12 capture and 4 home bonuses, with room to spare.
inline constexpr int kMaxPlayLen = 24;
using Play = FixedVec<MiniMove, kMaxPlayLen>;

}  // namespace ppn::rules
