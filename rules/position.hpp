// The position (where every pawn is) and the turn state beside it.
//
// Position layout: exactly 16 bytes, pawns[seat][k] for 4 seats x 4 pawns. Pawns of one
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
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/geometry.hpp"

namespace ppn::rules {

inline constexpr std::uint8_t kNest = 0;
inline constexpr std::uint8_t kAbsent = 0xFF;
constexpr std::uint8_t byte_of_rel(int rel) { return static_cast<std::uint8_t>(rel + 1); }
constexpr int rel_of_byte(std::uint8_t b) { return int(b) - 1; }

struct Position {
  std::array<std::array<std::uint8_t, kPawnsPerSeat>, kMaxSeats> pawns{};

  bool seat_present(int s) const { return pawns[s][0] != kAbsent; }
  int count(int s, std::uint8_t b) const {
    int n = 0;
    for (auto p : pawns[s]) n += (p == b);
    return n;
  }
  void sort_seat(int s);  // restores the sorted invariant after an edit
  friend bool operator==(const Position&, const Position&) = default;
};
static_assert(sizeof(Position) == 16, "a position packs into 16 bytes");

// Start of a game: the given seats (bit s of `seats`) have four pawns in the nest.
Position initial_position(unsigned seats_mask);

std::uint64_t zobrist_key(int seat, std::uint8_t byte);
std::uint64_t compute_hash(const Position& p);

// Consistency check (Stockfish pos_is_ok style). Returns nullptr when consistent, else the
// name of the first failed check: "seat-sorted", "absent-seat-partial", "byte-range",
// "ring-capacity" (more than two pawns, or two colours, on one ring square; with
// `shared_safeties`, safety_sharing=two_any_colours of RULES.md Q25, two colours may share a
// safety square), "homepath-capacity", "no-seats".
const char* position_check(const Position& p, const Geometry& g = kParcheesi68,
                           bool shared_safeties = false);
// What a failed check means, in words for a message ("ring-capacity" -> "three pawns on one
// ring square, or pawns of two colours on a square that is not a safety space").
std::string position_problem(const char* check);

// Text in relative terms, e.g. "s0[N N 5 64] s1[N N N N] s2[-] s3[H H H 70]" (N nest,
// H HOME, - absent seat, numbers are relative squares of that seat).
std::string position_text(const Position& p, const Geometry& g = kParcheesi68);
// Inverse of position_text (order of pawns within a seat is free); nullopt when malformed
// or inconsistent.
std::optional<Position> parse_position_text(std::string_view text,
                                            const Geometry& g = kParcheesi68);

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

}  // namespace ppn::rules
