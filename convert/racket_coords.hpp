// Racket games/parcheesi's board coordinates (board.rkt), the one place that knows them:
// the NU course XML (nu_xml.hpp), its transcripts and tests, and the reference-engine JSONL
// corpora (reference_jsonl.hpp, racket_jsonl.hpp) all write boards and moves this way
// (shared/corpora/racket/README.md "Common encoding", notation/SPEC.md 3.3).
//
//   ring squares 0..67, absolute, increasing in the direction of travel; ENTER squares
//   green 5, red 22, blue 39, yellow 56 (17 apart); home-row squares 0..6 on each colour's
//   own row; HOME 71 steps from the ENTER.
//
// A "rel" is the rules core's relative square (rules/geometry.hpp): steps from the colour's
// own ENTER, ring 0..63, home row k = 64+k, HOME 71. Racket's board is the rules core's
// 68-square board with its origin moved to green's ENTER.
#pragma once

#include "notation/colour.hpp"
#include "rules/geometry.hpp"
#include "rules/squares.hpp"

namespace ppn::convert::racket {

inline constexpr const rules::Geometry& kBoard = rules::kParcheesi68;
inline constexpr int kRingSquares = 68;    // Racket board-main-size
inline constexpr int kHomeRowSquares = 7;  // Racket board-home-row-size
inline constexpr int kEnterGreen = 5;      // green's ENTER; the others follow every 17 squares
static_assert(kRingSquares == kBoard.ring_len && kHomeRowSquares == kBoard.home_path_len,
              "Racket's board is the rules core's 68-square board");

inline constexpr int kLastRing = kBoard.last_ring;  // rel of the last ring square before the home row
inline constexpr int kFirstRow = kLastRing + 1;     // rel of home-row square 0
inline constexpr int kHome = kBoard.home;           // rel of HOME: 71

// The ENTER square of a colour: 5, 22, 39, 56.
constexpr int enter_square(Colour c) { return kEnterGreen + kBoard.arm_spacing * rules::seat_of(c); }

// Steps from the colour's ENTER to ring square `abs` (0..67). Above kLastRing (64..67) the
// square lies behind its ENTER, where a pawn of that colour never stands on its first lap.
constexpr int rel_of_ring(Colour c, int abs) {
  return ((abs - enter_square(c)) % kRingSquares + kRingSquares) % kRingSquares;
}
// The ring square `rel` (0..kLastRing) steps from the colour's ENTER.
constexpr int ring_of_rel(Colour c, int rel) { return (enter_square(c) + rel) % kRingSquares; }

constexpr int rel_of_row(int row) { return kFirstRow + row; }  // home-row square 0..6
constexpr int row_of_rel(int rel) { return rel - kFirstRow; }

static_assert(enter_square(Colour::Yellow) == 56 && rel_of_ring(Colour::Green, 0) == kLastRing &&
              ring_of_rel(Colour::Red, kLastRing) == 17 && rel_of_row(kHomeRowSquares) == kHome,
              "shared/corpora/racket/README.md: exits green 0, red 17; 71 steps from ENTER to HOME");

}  // namespace ppn::convert::racket
