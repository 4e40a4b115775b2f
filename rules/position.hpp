// The position (where every pawn is) and the turn state beside it.
//
// Position layout (private: callers see Place, below): exactly 16 bytes, 4 seats x 4 pawns. Pawns of one
// colour are interchangeable, so each seat's 4 bytes are kept sorted ascending; one byte:
//   0          kNest    in the START circle (nest)
//   1 .. 72    rel+1    relative square rel = byte-1: 0 = own ENTER .. 63 = turn-off,
//                       64..70 = home path, 71 = HOME (kHomeByte = 72 on parcheesi68),
//                       72..75 = the lap squares 64..67 (second laps, geometry.hpp)
//   0xFF       kAbsent  the seat does not take part (all four bytes 0xFF)
// Seats are numbered by ENTER position: seat s has its ENTER at engine-absolute square
// s*arm_spacing (geometry.hpp). Which seats take part is data (RULES.md Q3).
//
// Hash: an additive Zobrist hash, sum over pawns of key(seat, byte) mod 2^64. Addition
// commutes, so it suits an unordered multiset of interchangeable pawns and updates in O(1)
// per moved pawn (hash += key(s,new) - key(s,old)).
//
// Text: a position has one text form, the PPN position ID (notation/position_id.hpp), which
// replay/bridge.hpp reads and writes (state_from_desc, position_id); the rules core writes
// no text of its own.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "rules/geometry.hpp"
#include "rules/options.hpp"

namespace ppn::rules {

inline constexpr std::uint8_t kNest = 0;
inline constexpr std::uint8_t kAbsent = 0xFF;
// The byte of a relative square, and back: the encoding above, for the rules core only.
constexpr std::uint8_t byte_of_rel(int rel) { return static_cast<std::uint8_t>(rel + 1); }
constexpr int rel_of_byte(std::uint8_t b) { return int(b) - 1; }

// Where one pawn stands, in its own seat's coordinates (geometry.hpp): the nest, or relative
// square rel (0 = own ENTER .. last_ring, the home path, HOME = Geometry::home, lap squares).
// What callers outside the rules core see of a pawn; the byte above stays inside.
class Place {
 public:
  constexpr Place() = default;
  static constexpr Place nest() { return Place(); }
  static constexpr Place at(int rel) { return Place(static_cast<std::int8_t>(rel)); }
  constexpr bool in_nest() const { return rel_ < 0; }
  constexpr int rel() const { return rel_; }  // -1 in the nest
  constexpr bool home(const Geometry& g) const { return rel_ == g.home; }
  // On the ring (a first-pass or a lap square): where captures and blockades happen.
  constexpr bool on_track(const Geometry& g) const { return rel_ >= 0 && g.on_track(rel_); }
  friend constexpr auto operator<=>(Place, Place) = default;

 private:
  explicit constexpr Place(std::int8_t rel) : rel_(rel) {}
  std::int8_t rel_ = -1;
};
using Pawns = std::array<Place, kPawnsPerSeat>;  // a seat's pawns, nearest the nest first

class Position;
namespace detail {
using Rows = std::array<std::array<std::uint8_t, kPawnsPerSeat>, kMaxSeats>;
// The bytes of a position, for the engine's own code (rules/*.cpp) only.
Rows& rows(Position& p);
const Rows& rows(const Position& p);
}  // namespace detail

class Position {
 public:
  // No seat takes part; `initial_position` and `place` fill it.
  static Position empty();

  bool seat_present(int s) const { return pawns_[s][0] != kAbsent; }
  // A seat's pawns, sorted (nest first, then by relative square; lap squares last).
  Pawns pawns(int s) const {
    Pawns out;
    for (int k = 0; k < kPawnsPerSeat; ++k) out[k] = pawns_[s][k] == kNest ? Place::nest() : Place::at(rel_of_byte(pawns_[s][k]));
    return out;
  }
  Place pawn(int s, int k) const { return pawns_[s][k] == kNest ? Place::nest() : Place::at(rel_of_byte(pawns_[s][k])); }
  // How many of seat s's pawns stand on `at`.
  int count(int s, Place at) const { return count(s, byte_of(at)); }
  // Seat s takes part with these pawns (any order), or (`remove`) takes no part.
  void place(int s, const Pawns& pawns) {
    for (int k = 0; k < kPawnsPerSeat; ++k) pawns_[s][k] = byte_of(pawns[k]);
    sort_seat(s);
  }
  void remove(int s) { pawns_[s].fill(kAbsent); }

  // For the rules core: the count of a byte, and the sorted invariant restored after an edit
  // (a sorting network of five compare-exchanges: a position is sorted after every roll).
  int count(int s, std::uint8_t b) const {
    int n = 0;
    for (auto p : pawns_[s]) n += (p == b);
    return n;
  }
  void sort_seat(int s) {
    auto& r = pawns_[s];
    const auto cx = [&r](int i, int j) {
      const std::uint8_t lo = r[i] < r[j] ? r[i] : r[j], hi = r[i] < r[j] ? r[j] : r[i];
      r[i] = lo;
      r[j] = hi;
    };
    cx(0, 1);
    cx(2, 3);
    cx(0, 2);
    cx(1, 3);
    cx(1, 2);
  }
  friend bool operator==(const Position&, const Position&) = default;

 private:
  static constexpr std::uint8_t byte_of(Place p) { return p.in_nest() ? kNest : byte_of_rel(p.rel()); }
  friend detail::Rows& detail::rows(Position& p);
  friend const detail::Rows& detail::rows(const Position& p);
  detail::Rows pawns_{};
};
namespace detail {
inline Rows& rows(Position& p) { return p.pawns_; }
inline const Rows& rows(const Position& p) { return p.pawns_; }
}  // namespace detail
static_assert(sizeof(Position) == 16, "a position packs into 16 bytes");

// Start of a game: the given seats (bit s of `seats`) have four pawns in the nest.
Position initial_position(unsigned seats_mask);

std::uint64_t zobrist_key(int seat, std::uint8_t byte);
std::uint64_t compute_hash(const Position& p);

// What the rules allow a position to hold, each failed check named (Stockfish pos_is_ok
// style). The layout checks hold on every board; the others depend on the board and the rule
// options, so that a position a record gives (a [Setup]) is judged by the rules of its profile.
enum class PositionFault : std::uint8_t {
  none,
  seat_sorted,          // "seat-sorted": a seat's bytes are not sorted
  absent_seat_partial,  // "absent-seat-partial": a seat with fewer pawns than the others
  byte_range,           // "byte-range": a pawn on a square that is not on the board
  no_seats,             // "no-seats"
  ring_capacity,        // "ring-capacity": more pawns of one colour on a track square than the
                        // board allows, more than two in all (Parcheesi), or two colours where
                        // they cannot share (`other_seat`)
  homepath_capacity,    // "homepath-capacity": too many pawns on one home-path square
  lap_square,           // "lap-square": a pawn past its turn-off without second laps (Q60)
  // Of the turn state (setup_state):
  two_finished,         // "two-finished": two seats finished where the game ends at the first
  finished_to_move,     // "finished-to-move": the seat to move has finished in a game going on
};
std::string_view position_fault_name(PositionFault f);

struct PositionProblem {
  PositionFault fault = PositionFault::none;
  int seat = -1;        // the seat at fault
  int rel = -1;         // the square, relative to `seat` (-1: none)
  int count = 0;        // how many of the seat's pawns stand there
  int other_seat = -1;  // ring-capacity: the other colour on that square; two-finished: the other finisher
  explicit operator bool() const { return fault != PositionFault::none; }
};

// The position under the rules of `o` (its board, RULES.md §board and §ludo-board, and the
// options that decide what a square holds): Parcheesi: at most two pawns on a ring or
// home-path square, of one colour except on a safety square under
// safety_sharing=two_any_colours (Q22, Q24, Q25, Q51); lap squares only with
// homepath_mandatory=no (Q60). Ludo: one token of a colour on a square under
// stacking=single_only (two on the start square with start_doubled=yes), two under
// stacking=blocks, on the track as in the home column (Q10, Q22, Q51); colours share only the
// safe squares of safe_squares (Q25). HOME holds any number (Q62).
PositionProblem position_check(const Position& p, const Options& o);
// The same words for every caller, naming the board in use (pawns and the home path on
// Parcheesi, tokens and the home column on Ludo) and citing the rule.
std::string position_problem(const PositionProblem& pr, const Options& o);

// The engine's invariants, for its own checks after every roll: the layout, and what any
// profile of the board allows (Parcheesi: second laps and, with `shared_safeties`, two colours
// on a safety square; Ludo: blocks of two, colours sharing the safe squares of `g`). nullptr
// when consistent, else the name of the failed check (position_fault_name).
const char* position_check(const Position& p, const Geometry& g = kParcheesi68,
                           bool shared_safeties = false);
// What a failed check means, in words for a message ("ring-capacity" -> "three pawns on one
// ring square, or pawns of two colours on a square that is not a safety space").
std::string position_problem(const char* check);

// Turn state beside the position (RULES.md Q5, Q47).
struct GameState {
  Position pos{};
  std::uint64_t hash = 0;
  std::uint8_t to_move = 0;      // seat
  std::uint8_t doublets = 0;     // doublets already thrown in this turn (0..2)
  std::uint8_t seats_mask = 0;   // taking part
  std::array<std::uint8_t, kMaxSeats> turn_order{0, 1, 2, 3};  // from the record (Q2)
  std::uint8_t finished_mask = 0;                  // seats with four pawns HOME
  std::array<std::uint8_t, kMaxSeats> ranking{};   // finishing order, ranking_len valid
  std::uint8_t ranking_len = 0;
  // blockade_limit=k14_3_turns (k14 rules, Blockade, RULES.md Q56): per seat, up to two blockade
  // squares (position bytes, 0 = none) standing at the end of that seat's last turn, and for
  // how many consecutive turns of its owner each has stood there.
  std::array<std::array<std::uint8_t, 2>, kMaxSeats> blockade_sq{};
  std::array<std::array<std::uint8_t, 2>, kMaxSeats> blockade_age{};
  // repeat_penalty=last_moved_except_homepath (Parchís [ES-B], RULES.md Q46): position byte
  // of the square where the mover's last moved pawn of this turn stands (kNest = no pawn
  // moved yet this turn). Set by advance_turn from the roll's play, cleared when the turn
  // passes.
  std::uint8_t last_moved = kNest;

  void set_position(const Position& p) {
    pos = p;
    hash = compute_hash(p);
  }
};

GameState initial_state(unsigned seats_mask, const std::array<std::uint8_t, kMaxSeats>& order,
                        std::uint8_t first_seat);

// A state given by a record (a [Setup]) whose seats may have finished already: checks it under
// the rules of `o` (position_check, then the finished seats: where the game ends with the first
// finisher, Parcheesi (Q63) and Ludo play_for_places=no, only one seat can have finished; in a
// game going on the seat to move has not finished). When it passes, the finished seats are
// ranked (in turn order: which of them finished first is not recorded) and, when the game is
// over by the rules (as advance_turn ends it), the seat left playing takes the last place;
// `game_over` says so.
PositionProblem setup_state(GameState& st, const Options& o, bool& game_over);

}  // namespace ppn::rules
