// The ring arithmetic of rules/geometry.hpp: wrap and wrap_up (division-free in the usual
// case) are exactly the remainders they replace, on every board, for every value far beyond
// what a move can reach.
#include <catch2/catch.hpp>

#include "rules/geometry.hpp"

TEST_CASE("geometry: wrap and wrap_up are the remainders they stand for", "[rules][geometry]") {
  for (const auto* g : {&ppn::rules::kParcheesi68, &ppn::rules::kLudo52}) {
    const int n = g->ring_len;
    INFO("ring of " << n);
    for (int x = -5 * n; x <= 5 * n; ++x) {
      INFO("x = " << x);
      REQUIRE(g->wrap(x) == x % n);
      REQUIRE(g->wrap_up(x) == (x % n + n) % n);
    }
    for (int seat = 0; seat < ppn::rules::kMaxSeats; ++seat)
      for (int a = 0; a < n; ++a) REQUIRE(g->abs_of(seat, g->rel_of(seat, a)) == a);
  }
}
