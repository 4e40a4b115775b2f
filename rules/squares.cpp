// Seats and squares in the notation's terms (see squares.hpp).
#include "rules/squares.hpp"

namespace ppn::rules {

Square square_of_rel(int rel, const Geometry& g) {
  if (rel < 0) return Square::nest();
  if (g.is_lap(rel)) return Square::ring(static_cast<std::uint8_t>(g.track(rel)));
  if (rel >= g.home) return Square::home();
  if (rel > g.last_ring) return Square::home_path(static_cast<std::uint8_t>(rel - g.last_ring));
  return Square::ring(static_cast<std::uint8_t>(rel));
}

}  // namespace ppn::rules
