// Where every square of the 52-square Ludo board sits on the physical board, as cells of a
// 15 x 15 grid (rows top to bottom, columns left to right). The Ludo counterpart of
// render/layout.hpp; layout.hpp's functions dispatch here when the geometry is Ludo's.
//
// The board (RULES.md §ludo-board; Ludo rules, Gameplay and [LU-W]) is a cross: four arms of 3 columns x
// 6 squares around a 3 x 3 finish in the middle (rows and columns 6..8); the four 6 x 6
// corners are the yards. Each arm gives the track 13 squares: its two outer columns (6 each)
// and the end square of its middle column. The other 5 cells of the middle column are the
// home column of the seat at that arm (h1 next to the end square, h5 next to the finish);
// the end square is that seat's rel 50, "the square below his home column" (Ludo rules, Rules). The
// 6th coloured square of the arm, not in the home column, is the seat's start square (rel 0):
// the second square from the board edge on the outer column that leads towards the centre,
// beside the seat's yard (RULES.md §ludo-board "Arms").
//
// Direction. Ludo rules, Rules: tokens "race ... clockwise around the board" and turns pass clockwise;
// the engine's seats follow the track in the order green 0 -> red 1 -> blue 2 -> yellow 3
// (start squares at engine-absolute 13*s, rules/geometry.hpp). Going clockwise from the
// bottom that puts green at the bottom, red on the left, blue at the top and yellow on the
// right. (The Parcheesi board, layout.hpp, has red on the right and yellow on the left
// because its pawns move counter-clockwise, Hasbro 2001 rules, Moving Your Entered Pawns; green and blue keep their sides.)
// Yards: each seat's yard is the corner its start square's outer column leads out of, i.e.
// the corner on the seat's left as it faces the centre: green bottom-left, red top-left,
// blue top-right, yellow bottom-right. This is the usual printed Ludo board turned so that
// its colours follow the engine's order.
//
// Track cells by engine-absolute square a (= green's rel a), clockwise from green's start:
//   a  0..4   column 6, rows 13..9 (up the bottom arm's left column; a 0 = green's start)
//   a  5..10  row 8, columns 5..0  (out along the left arm's lower row; a 8 = a star)
//   a 11      (7, 0)  end square of the left arm (red's rel 50)
//   a 12      (6, 0)
//   a 13..17  row 6, columns 1..5  (a 13 = red's start)
//   a 18..23  column 6, rows 5..0  (a 21 = a star)
//   a 24      (0, 7)  end square of the top arm (blue's rel 50)
//   a 25      (0, 8)
//   a 26..30  column 8, rows 1..5  (a 26 = blue's start)
//   a 31..36  row 6, columns 9..14 (a 34 = a star)
//   a 37      (7, 14) end square of the right arm (yellow's rel 50)
//   a 38      (8, 14)
//   a 39..43  row 8, columns 13..9 (a 39 = yellow's start)
//   a 44..49  column 8, rows 9..14 (a 47 = a star)
//   a 50      (14, 7) end square of the bottom arm (green's rel 50)
//   a 51      (14, 6) (green's rel 51: never visited by green, geometry.hpp)
// Home columns: green (14-k, 7), red (7, k), blue (k, 7), yellow (7, 14-k) for h1..h5.
// Checked by static_asserts in ludo_layout.cpp and by tests/render_ludo_test.cpp.
#pragma once

#include "render/layout.hpp"

namespace ppn::render {

inline constexpr int kLudoGrid = 15;    // cells per side
inline constexpr int kLudoArmLen = 6;   // cells from the board edge to the finish
inline constexpr int kLudoCentre = 6;   // first row / column of the finish block (6..8)

// Where a seat sits on the Ludo board (see above).
Side ludo_side_of_seat(int seat);
// Cell of an engine-absolute track square 0..51.
Cell ludo_track_cell(int abs);
// Cell of home-column square k (1..5) of a seat.
Cell ludo_home_column_cell(int seat, int k);
// The yard of a seat: its top-left cell (6 x 6 cells).
Cell ludo_yard_origin(int seat);

}  // namespace ppn::render
