// Where every square of the 68-square Parcheesi board sits on the physical board, as cells of a
// 19 x 19 grid. One layout serves the text board, the SVG and the HTML viewer.
//
// The board (Hasbro 2001 rules, Setup and the gameboard diagram it describes; RULES.md §board) is a
// cross: four arms of 3 x 8 cells around a 3 x 3 HOME in the middle (rows and columns 8..10),
// the four 8 x 8 corners hold the nests. Each arm gives the ring 17 squares: its two outer
// columns (8 each) and the end square of its middle column; the other 7 cells of the middle
// column are the home path of the seat sitting at that arm (h1 at the board edge, h7 next to
// HOME).
//
// Seats (engine seat = Colour: green 0, red 1, blue 2, yellow 3, replay/bridge.hpp) sit
// counter-clockwise in travel order: green at the bottom, red on the right, blue at the top,
// yellow on the left. Each player "sits so that the START circle is to their right" (Hasbro
// 2001 rules, Setup), so green's nest is the bottom-right corner, red's the top-right, blue's the top-left,
// yellow's the bottom-left. A seat's ENTER is the 5th square from the board edge on the column
// beside its nest (RULES.md §board "Own ENTER"); pawns move counter-clockwise (Hasbro 2001 rules, Moving Your Entered Pawns
// YOUR ENTERED PAWNS) and turn off at the end square of their own arm (rel 63).
//
// Engine-absolute ring square a (rules/geometry.hpp) is green's relative square a, so
// ring_cell(0) is green's ENTER, ring_cell(17) red's, ring_cell(63) green's turn-off.
//
// The 52-square Ludo board (ring_len 52, rules::kLudo52) has its own 15 x 15 layout in
// render/ludo_layout.hpp. Every function below takes the board's Geometry and answers for
// the Ludo board when is_ludo_board(g), so the drawers ask the layout and never the grid
// size: the Ludo names are "yard" for nest, "start square" for ENTER, "home column" for home
// path, "finish" for HOME, "track" for ring (Ludo rules, Rules).
#pragma once

#include <cstdint>

#include "rules/position.hpp"

namespace ppn::render {

inline constexpr int kGrid = 19;      // cells per side
inline constexpr int kArmLen = 8;     // cells from the board edge to HOME
inline constexpr int kCentre = 8;     // first row / column of the HOME block (8..10)

// The Ludo board (52-square track, RULES.md §ludo-board) rather than the Parcheesi cross.
constexpr bool is_ludo_board(const rules::Geometry& g) { return g.ring_len == 52; }

// The shape of a board's grid: the 3 x 3 centre block sits at rows and columns
// centre..centre+2, the four arm_len x arm_len corners hold the nests (yards).
struct BoardShape {
  int grid = kGrid;        // cells per side (19 Parcheesi, 15 Ludo)
  int arm_len = kArmLen;   // cells from the board edge to the centre block (8, 6)
  int centre = kCentre;    // first row / column of the centre block (8, 6)
};
BoardShape board_shape(const rules::Geometry& g = rules::kParcheesi68);

struct Cell {
  int row = 0, col = 0;
  friend constexpr bool operator==(const Cell&, const Cell&) = default;
};

enum class Side : std::uint8_t { bottom, right, top, left };
// Where a seat sits (see above; Ludo: ludo_layout.hpp).
Side side_of_seat(int seat, const rules::Geometry& g = rules::kParcheesi68);

// Cell of an engine-absolute ring square 0..ring_len-1.
Cell ring_cell(int abs, const rules::Geometry& g = rules::kParcheesi68);
// Cell of home-path square k (1..home_path_len) of a seat.
Cell home_path_cell(int seat, int k, const rules::Geometry& g = rules::kParcheesi68);
// The nest block of a seat: its top-left cell (arm_len x arm_len cells).
Cell nest_origin(int seat, const rules::Geometry& g = rules::kParcheesi68);

enum class CellKind : std::uint8_t { empty, ring, home_path, nest, home };

struct CellInfo {
  CellKind kind = CellKind::empty;
  int abs = -1;        // ring: engine-absolute square
  int seat = -1;       // home_path / nest: its owner; ring: the seat whose ENTER this is, or -1
  int index = 0;       // home_path: k (1..home_path_len)
  bool safe = false;   // ring: a safety square (Hasbro 2001 rules, Safety Spaces: "All spaces with the Lotus flower";
                       // Ludo: as the safe_squares option says, geometry.hpp)
  bool enter = false;  // ring: some seat's ENTER (Ludo: start square; safe only if the option says)
  bool turnoff = false;  // ring: the end square of an arm, some seat's last_ring (rel 63; Ludo 50)
};
CellInfo cell_info(Cell c, const rules::Geometry& g = rules::kParcheesi68);

// Where a pawn of a seat stands on the drawn board (its Place, rules/position.hpp).
enum class SpotKind : std::uint8_t { nest, ring, home_path, home };
struct Spot {
  SpotKind kind = SpotKind::nest;
  int abs = -1;  // ring
  int index = 0; // home_path k
};
Spot spot_of(int seat, rules::Place place, const rules::Geometry& g = rules::kParcheesi68);

}  // namespace ppn::render
