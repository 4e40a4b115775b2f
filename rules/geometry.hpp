// Board geometry as data: ring length, arm spacing, home-path length, route length and the
// safety squares, all in one value so that another board (Ludo's 52-square track) is a
// different Geometry, not different code.
//
// Coordinates (RULES.md §terms and §board):
//   * relative square ("rel") of a pawn, counted from its own seat's ENTER:
//       0 = own ENTER, 1..last_ring = ring squares in travel order (last_ring = 63 is the
//       turn-off in front of the home path), last_ring+1 .. last_ring+home_path_len = home
//       path (64..70), home = last_ring+home_path_len+1 = 71 = HOME.
//   * second laps (homepath_mandatory=no, Wikipedia rules, Gameplay; RULES.md Q60): a pawn that passes its
//       turn-off stays on the ring, on the squares in front of its own ENTER (ring squares
//       last_ring+1 .. ring_len-1 = 64..67 counted from the ENTER, the "lap" squares), and
//       from there on round to its ENTER again. Lap squares have the relative numbers
//       home+1 .. home+lap_len (72..75) so that they never collide with the home path; the
//       "track" number of a ring square is 0..ring_len-1 either way. The lap count itself is
//       not kept: a pawn may turn in or go round again at every pass, so it does not matter.
//   * engine-absolute ring square ("abs") 0..ring_len-1: seat 0's relative ring coordinate;
//       seat s's ENTER is abs s*arm_spacing. abs = (rel + s*arm_spacing) mod ring_len.
//     (The Racket corpus numbers the ring differently; conversion lives in the JSONL reader.)
#pragma once

#include <array>
#include <cstdint>

namespace ppn::rules {

inline constexpr int kMaxSeats = 4;
inline constexpr int kPawnsPerSeat = 4;
inline constexpr int kMaxRing = 128;  // capacity of ring-indexed arrays and bitsets

struct Geometry {
  std::uint8_t ring_len = 68;      // [WP-68], Racket board-main-size (RULES.md §board)
  std::uint8_t arm_spacing = 17;   // ENTERs at rel 0, 17, 34, 51 (RULES.md §board)
  std::uint8_t last_ring = 63;     // own turn-off: ENTER - 5 == rel 63 (RULES.md §board)
  std::uint8_t home_path_len = 7;  // Hasbro 2001 rules, Reaching Home "home path"; Racket board-home-row-size 7
  std::uint8_t home = 71;          // HOME, "counting the HOME square as a space" (Hasbro 2001 rules, Reaching Home)
  std::uint8_t num_seats = 4;
  // Ludo's track (make_ludo52): tokens of any colours share a safe square, up to two of one
  // colour share any square (rules/ludo.cpp).
  bool ludo = false;
  // Safety squares by engine-absolute ring square (bit i set = square i is safe).
  std::array<std::uint64_t, 2> safe_abs{};

  constexpr bool is_safe_abs(int a) const { return (safe_abs[a >> 6] >> (a & 63)) & 1u; }
  // Ring arithmetic without a division in the usual case (a division was the costliest part of
  // building a roll's board): wrap(x) == x % ring_len for every x, and wrap_up(x) == (x %
  // ring_len + ring_len) % ring_len.
  constexpr int wrap(int x) const { return x >= 0 && x < ring_len ? x : x >= ring_len && x < 2 * ring_len ? x - ring_len : x % ring_len; }
  constexpr int wrap_up(int x) const { return x >= 0 ? wrap(x) : x >= -ring_len ? x + ring_len : (x % ring_len + ring_len) % ring_len; }
  constexpr int abs_of(int seat, int rel) const { return wrap(rel + seat * arm_spacing); }
  constexpr int rel_of(int seat, int abs) const { return wrap_up(abs - seat * arm_spacing); }
  constexpr bool on_ring(int rel) const { return rel >= 0 && rel <= last_ring; }
  constexpr bool on_home_path(int rel) const { return rel > last_ring && rel < home; }

  // Second laps (see above).
  constexpr int lap_len() const { return ring_len - last_ring - 1; }
  constexpr bool is_lap(int rel) const { return rel > home && rel <= home + lap_len(); }
  // On the shared ring: a first-pass ring square or a lap square.
  constexpr bool on_track(int rel) const { return on_ring(rel) || is_lap(rel); }
  // Ring square counted from the own ENTER, 0..ring_len-1 (only for on_track rels).
  constexpr int track(int rel) const { return rel <= last_ring ? rel : rel - home + last_ring; }
  constexpr int rel_of_track(int t) const { return t <= last_ring ? t : t - last_ring + home; }
  constexpr int abs_of_rel(int seat, int rel) const { return abs_of(seat, track(rel)); }
  // Where a move of v from rel r ends: straight on (into the home path; > home is an
  // overshoot) or, with `around` or from a lap square, round the ring.
  constexpr int dest(int r, int v, bool around) const {
    return around || is_lap(r) ? rel_of_track(wrap(track(r) + v)) : r + v;
  }
  // dest(), with an overshoot past HOME read as HOME (for moves already judged).
  constexpr int dest_at_most_home(int r, int v, bool around) const {
    const int t = dest(r, v, around);
    return around || is_lap(r) || t < home ? t : home;
  }
  // Whether a move of v from r can choose between turning in and going round.
  constexpr bool crosses_turnoff(int r, int v) const { return on_ring(r) && r + v > last_ring; }
  // Steps still to go to HOME; from a lap square the pawn has to go round again.
  constexpr int steps_to_home(int rel) const {
    return is_lap(rel) ? home + ring_len - track(rel) : home - rel;
  }
  // The same for a pawn in the nest: the whole way from its ENTER (start square) plus the die
  // that enters it, a 5 on Parcheesi (Hasbro 2001 rules, Entering Your Pawns), a 6 on Ludo
  // (Ludo rules, Gameplay).
  constexpr int nest_steps() const { return home + (ludo ? 6 : 5); }
};

// The 68-square Parcheesi board: 12 safety squares at rel {17k, 17k+7, 17k+12} (the four
// ENTERs, the four turn-offs at 17k+12 of the next arm, and four more), RULES.md §board; Hasbro 2001 rules,
// Safety Spaces "All spaces with the Lotus flower (including ENTER spaces) are Safety spaces".
constexpr Geometry make_parcheesi68() {
  Geometry g;
  for (int k = 0; k < 4; ++k)
    for (int off : {0, 7, 12}) {
      const int a = 17 * k + off;
      g.safe_abs[a >> 6] |= std::uint64_t{1} << (a & 63);
    }
  return g;
}

inline constexpr Geometry kParcheesi68 = make_parcheesi68();

static_assert(kParcheesi68.home == kParcheesi68.last_ring + kParcheesi68.home_path_len + 1,
              "HOME is one step past the last home-path square");
static_assert(kParcheesi68.is_lap(72) && kParcheesi68.track(72) == 64 &&
                  kParcheesi68.rel_of_track(67) == 75 && kParcheesi68.dest(62, 4, true) == 74 && kParcheesi68.dest(62, 6, true) == 0 &&
                  kParcheesi68.dest(74, 5, false) == 3 && kParcheesi68.dest(60, 6, false) == 66,
              "lap squares 64..67 are rels 72..75 and wrap to the ENTER");
static_assert(kParcheesi68.is_safe_abs(0) && kParcheesi68.is_safe_abs(63) &&
                  !kParcheesi68.is_safe_abs(1),
              "safety squares as in RULES.md §board");

// The 52-square Ludo track (RULES.md §ludo-board; Ludo rules, Rules): start squares 13 apart (rel 0 of
// each seat, engine-absolute 13*s), the token's own track rel 0..50 (50 = "the square below
// his home column", Ludo rules, Rules), home column rel 51..55 (h1..h5), the finish (HOME) rel 56: 56
// steps from the start square. rel 51 of the ring (the square behind a seat's own start) is
// never visited by that seat's tokens. Safe squares are an option (safe_squares, options.hpp):
// none (the classic text: only "home column squares are always safe", Ludo rules, Gameplay), the four
// start squares, or the starts and the four stars 8 steps after each start (rel 8) [LU-UK].
enum class LudoSafes : std::uint8_t { none, starts, starts_and_stars };

constexpr Geometry make_ludo52(LudoSafes safes) {
  Geometry g;
  g.ring_len = 52;
  g.arm_spacing = 13;
  g.last_ring = 50;
  g.home_path_len = 5;
  g.home = 56;
  g.ludo = true;
  for (int k = 0; k < 4; ++k) {
    auto mark = [&](int a) { g.safe_abs[a >> 6] |= std::uint64_t{1} << (a & 63); };
    if (safes != LudoSafes::none) mark(13 * k);
    if (safes == LudoSafes::starts_and_stars) mark(13 * k + 8);
  }
  return g;
}

inline constexpr Geometry kLudo52 = make_ludo52(LudoSafes::none);

static_assert(kLudo52.home == kLudo52.last_ring + kLudo52.home_path_len + 1 && kLudo52.home == 56,
              "the finish is 56 steps from the start square (RULES.md §ludo-board)");
static_assert(make_ludo52(LudoSafes::starts_and_stars).is_safe_abs(21) &&
                  !make_ludo52(LudoSafes::starts).is_safe_abs(21) && make_ludo52(LudoSafes::starts).is_safe_abs(39),
              "stars 8 steps after each start");

}  // namespace ppn::rules
