// Seats and squares in the notation's terms (see squares.hpp).
#include "rules/squares.hpp"

namespace ppn::rules {

std::optional<int> rel_of_square(Square s, const Geometry& g) {
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

Square square_of_rel(int rel, const Geometry& g) {
  if (rel < 0) return Square::nest();
  if (g.is_lap(rel)) return Square::ring(static_cast<std::uint8_t>(g.track(rel)));
  if (rel >= g.home) return Square::home();
  if (rel > g.last_ring) return Square::home_path(static_cast<std::uint8_t>(rel - g.last_ring));
  return Square::ring(static_cast<std::uint8_t>(rel));
}

}  // namespace ppn::rules
