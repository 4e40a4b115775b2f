// Seats and squares in the notation's terms: a colour's seat, and the relative square of a
// notation square on a board (notation/SPEC.md 3.2). The engine names squares this way in its
// messages; the notation model (notation/square.hpp, notation/colour.hpp) knows no rules.
//
// Seats: a colour's engine seat is its Colour value (green 0, red 1, blue 2, yellow 3). The
// engine puts seat s's ENTER at engine-absolute square arm_spacing*s, so the colours sit on the
// board as in notation/SPEC.md.
#pragma once

#include <optional>

#include "notation/colour.hpp"
#include "notation/square.hpp"
#include "rules/geometry.hpp"

namespace ppn::rules {

constexpr int seat_of(Colour c) { return static_cast<int>(c); }
constexpr Colour colour_of(int seat) { return static_cast<Colour>(seat); }

// Relative square of a notation square on this board: -1 for the nest, 0..last_ring for the
// ring, last_ring+k for home-path square hk, `home` for HOME. nullopt when the square does
// not exist on this board (ring 64+, h8 on Parcheesi). Inline: the replayer converts every
// recorded mini-move's two squares with it.
inline std::optional<int> rel_of_square(Square s, const Geometry& g = kParcheesi68) {
  switch (s.kind) {
    case SquareKind::Nest: return -1;
    case SquareKind::Home: return g.home;
    case SquareKind::Ring:
      // 64..67: the ring squares in front of the own ENTER, reached only on a second lap
      // (homepath_mandatory=no; geometry.hpp "lap squares").
      if (s.index >= g.ring_len) return std::nullopt;
      return g.rel_of_track(s.index);
    case SquareKind::HomePath:
      if (s.index < 1 || s.index > g.home_path_len) return std::nullopt;
      return g.last_ring + s.index;
  }
  return std::nullopt;
}
// The inverse; rel -1 is the nest.
Square square_of_rel(int rel, const Geometry& g = kParcheesi68);

}  // namespace ppn::rules
