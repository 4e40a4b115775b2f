#include "render/layout.hpp"

#include <array>
#include <cassert>

#include "render/ludo_layout.hpp"

namespace ppn::render {

namespace {

// The ring in travel order from green's ENTER (row 14 of the right column of the bottom arm),
// counter-clockwise: up to HOME's corner, out along the lower row of the right arm, round its
// end square, back along its upper row, and so on round the cross (layout.hpp).
constexpr std::array<Cell, 68> make_ring() {
  std::array<Cell, 68> r{};
  int n = 0;
  for (int row = 14; row >= 11; --row) r[n++] = {row, 10};  // 0..3
  for (int col = 11; col <= 18; ++col) r[n++] = {10, col};  // 4..11
  r[n++] = {9, 18};                                         // 12: red's turn-off
  for (int col = 18; col >= 11; --col) r[n++] = {8, col};   // 13..20 (17: red's ENTER)
  for (int row = 7; row >= 0; --row) r[n++] = {row, 10};    // 21..28
  r[n++] = {0, 9};                                          // 29: blue's turn-off
  for (int row = 0; row <= 7; ++row) r[n++] = {row, 8};     // 30..37 (34: blue's ENTER)
  for (int col = 7; col >= 0; --col) r[n++] = {8, col};     // 38..45
  r[n++] = {9, 0};                                          // 46: yellow's turn-off
  for (int col = 0; col <= 7; ++col) r[n++] = {10, col};    // 47..54 (51: yellow's ENTER)
  for (int row = 11; row <= 18; ++row) r[n++] = {row, 8};   // 55..62
  r[n++] = {18, 9};                                         // 63: green's turn-off
  for (int row = 18; row >= 15; --row) r[n++] = {row, 10};  // 64..67
  return r;
}
constexpr auto kRing = make_ring();
static_assert(kRing[0] == Cell{14, 10} && kRing[17] == Cell{8, 14} && kRing[34] == Cell{4, 8} &&
                  kRing[51] == Cell{10, 4} && kRing[67] == Cell{15, 10},
              "each ENTER is the 5th square from the board edge beside its nest");
static_assert(kRing[7] == Cell{10, 14} && kRing[24] == Cell{4, 10} && kRing[41] == Cell{8, 4} &&
                  kRing[58] == Cell{14, 8},
              "the four other safeties face the ENTERs across their arms");

}  // namespace

BoardShape board_shape(const rules::Geometry& g) {
  if (is_ludo_board(g)) return {kLudoGrid, kLudoArmLen, kLudoCentre};
  return {};
}

Side side_of_seat(int seat, const rules::Geometry& g) {
  if (is_ludo_board(g)) return ludo_side_of_seat(seat);
  return static_cast<Side>(seat & 3);
}

Cell ring_cell(int abs, const rules::Geometry& g) {
  if (is_ludo_board(g)) return ludo_track_cell(abs);
  assert(abs >= 0 && abs < 68);
  return kRing[static_cast<std::size_t>(abs)];
}

Cell home_path_cell(int seat, int k, const rules::Geometry& g) {
  if (is_ludo_board(g)) return ludo_home_column_cell(seat, k);
  switch (side_of_seat(seat)) {
    case Side::bottom: return {18 - k, 9};
    case Side::right: return {9, 18 - k};
    case Side::top: return {k, 9};
    case Side::left: return {9, k};
  }
  return {};
}

Cell nest_origin(int seat, const rules::Geometry& g) {
  if (is_ludo_board(g)) return ludo_yard_origin(seat);
  switch (side_of_seat(seat)) {
    case Side::bottom: return {11, 11};
    case Side::right: return {0, 11};
    case Side::top: return {0, 0};
    case Side::left: return {11, 0};
  }
  return {};
}

CellInfo cell_info(Cell c, const rules::Geometry& g) {
  CellInfo info;
  const BoardShape shape = board_shape(g);
  if (c.row < 0 || c.col < 0 || c.row >= shape.grid || c.col >= shape.grid) return info;
  const bool mid_r = c.row >= shape.centre && c.row <= shape.centre + 2;
  const bool mid_c = c.col >= shape.centre && c.col <= shape.centre + 2;
  if (mid_r && mid_c) {
    info.kind = CellKind::home;
    return info;
  }
  if (!mid_r && !mid_c) {
    info.kind = CellKind::nest;
    for (int s = 0; s < 4; ++s) {
      const Cell o = nest_origin(s, g);
      if (c.row >= o.row && c.row < o.row + shape.arm_len && c.col >= o.col && c.col < o.col + shape.arm_len)
        info.seat = s;
    }
    return info;
  }
  for (int s = 0; s < 4; ++s)
    for (int k = 1; k <= g.home_path_len; ++k)
      if (home_path_cell(s, k, g) == c) {
        info.kind = CellKind::home_path;
        info.seat = s;
        info.index = k;
        return info;
      }
  for (int a = 0; a < g.ring_len; ++a)
    if (ring_cell(a, g) == c) {
      info.kind = CellKind::ring;
      info.abs = a;
      info.safe = g.is_safe_abs(a);
      info.enter = a % g.arm_spacing == 0;
      if (info.enter) info.seat = a / g.arm_spacing;
      info.turnoff = a % g.arm_spacing == g.last_ring % g.arm_spacing;  // some seat's last_ring
      return info;
    }
  return info;
}

Spot spot_of(int seat, rules::Place place, const rules::Geometry& g) {
  Spot s;
  if (place.in_nest()) return s;
  const int rel = place.rel();
  if (rel == g.home) s.kind = SpotKind::home;
  else if (g.on_home_path(rel)) {
    s.kind = SpotKind::home_path;
    s.index = rel - g.last_ring;
  } else {
    s.kind = SpotKind::ring;
    s.abs = g.abs_of_rel(seat, rel);
  }
  return s;
}

}  // namespace ppn::render
