#include "render/ludo_layout.hpp"

#include <array>
#include <cassert>

namespace ppn::render {

namespace {

// The track in travel order from green's start square, clockwise (Ludo rules, Rules): up the bottom
// arm's left column, out along the left arm's lower row, round its end square, back along
// its upper row, and so on round the cross (ludo_layout.hpp lists every run).
constexpr std::array<Cell, 52> make_track() {
  std::array<Cell, 52> t{};
  int n = 0;
  for (int row = 13; row >= 9; --row) t[n++] = {row, 6};   // 0..4 (0: green's start)
  for (int col = 5; col >= 0; --col) t[n++] = {8, col};    // 5..10
  t[n++] = {7, 0};                                          // 11: red's rel 50
  t[n++] = {6, 0};                                          // 12
  for (int col = 1; col <= 5; ++col) t[n++] = {6, col};    // 13..17 (13: red's start)
  for (int row = 5; row >= 0; --row) t[n++] = {row, 6};    // 18..23
  t[n++] = {0, 7};                                          // 24: blue's rel 50
  t[n++] = {0, 8};                                          // 25
  for (int row = 1; row <= 5; ++row) t[n++] = {row, 8};    // 26..30 (26: blue's start)
  for (int col = 9; col <= 14; ++col) t[n++] = {6, col};   // 31..36
  t[n++] = {7, 14};                                         // 37: yellow's rel 50
  t[n++] = {8, 14};                                         // 38
  for (int col = 13; col >= 9; --col) t[n++] = {8, col};   // 39..43 (39: yellow's start)
  for (int row = 9; row <= 14; ++row) t[n++] = {row, 8};   // 44..49
  t[n++] = {14, 7};                                         // 50: green's rel 50
  t[n++] = {14, 6};                                         // 51
  return t;
}
constexpr auto kTrack = make_track();

constexpr int distance(Cell a, Cell b) {
  const int dr = a.row > b.row ? a.row - b.row : b.row - a.row;
  const int dc = a.col > b.col ? a.col - b.col : b.col - a.col;
  return dr > dc ? dr : dc;
}

// The track is a closed path: consecutive squares touch (diagonally only where it turns
// round an inner corner of the cross, as on the printed board), the last touches the first.
constexpr bool closed_path() {
  for (int a = 0; a < 52; ++a)
    if (distance(kTrack[a], kTrack[(a + 1) % 52]) != 1) return false;
  return true;
}
static_assert(closed_path(), "the 52 track squares form a closed path of neighbouring cells");

constexpr bool distinct() {
  for (int a = 0; a < 52; ++a)
    for (int b = a + 1; b < 52; ++b)
      if (kTrack[a] == kTrack[b]) return false;
  return true;
}
static_assert(distinct(), "every track square has its own cell");

static_assert(kTrack[0] == Cell{13, 6} && kTrack[13] == Cell{6, 1} && kTrack[26] == Cell{1, 8} &&
                  kTrack[39] == Cell{8, 13},
              "each start square is the 2nd square from the board edge, 13 squares apart (RULES.md §ludo-board)");
static_assert(kTrack[50] == Cell{14, 7} && kTrack[11] == Cell{7, 0} && kTrack[24] == Cell{0, 7} &&
                  kTrack[37] == Cell{7, 14},
              "rel 50 of each seat is the end square of its arm's middle column (Ludo rules, Rules)");
static_assert(kTrack[8] == Cell{8, 2} && kTrack[21] == Cell{2, 6} && kTrack[34] == Cell{6, 12} &&
                  kTrack[47] == Cell{12, 8},
              "the stars, 8 steps after each start [LU-UK], on the arm after the start's");

}  // namespace

Side ludo_side_of_seat(int seat) {
  // Clockwise from the bottom (ludo_layout.hpp): green, red, blue, yellow.
  constexpr std::array<Side, 4> kSides = {Side::bottom, Side::left, Side::top, Side::right};
  return kSides[static_cast<std::size_t>(seat & 3)];
}

Cell ludo_track_cell(int abs) {
  assert(abs >= 0 && abs < 52);
  return kTrack[static_cast<std::size_t>(abs)];
}

Cell ludo_home_column_cell(int seat, int k) {
  switch (ludo_side_of_seat(seat)) {
    case Side::bottom: return {14 - k, 7};
    case Side::left: return {7, k};
    case Side::top: return {k, 7};
    case Side::right: return {7, 14 - k};
  }
  return {};
}

Cell ludo_yard_origin(int seat) {
  switch (ludo_side_of_seat(seat)) {
    case Side::bottom: return {9, 0};   // bottom-left
    case Side::left: return {0, 0};     // top-left
    case Side::top: return {0, 9};      // top-right
    case Side::right: return {9, 9};    // bottom-right
  }
  return {};
}

}  // namespace ppn::render
