// Position encoding, hash and consistency check (rules/position.hpp); its text form, the PPN
// position ID (replay/bridge.hpp).
#include <catch2/catch.hpp>

#include "tests/rules_helpers.hpp"
#include "rules/engine.hpp"

using namespace ppn::rules;
using ppn::rules::detail::rows;

TEST_CASE("a position is 16 bytes and its text is the PPN position ID", "[replay][position]") {
  STATIC_REQUIRE(sizeof(Position) == 16);
  const Position p = initial_position(0b0101);
  CHECK(ppn::test::id_of(p) == "g:N,N,N,N b:N,N,N,N / g d0");
  // each seat in its own coordinates, pawns in any order in, sorted out
  const Position q = ppn::test::position_of("g:h7,H,3,N r:N,N,N,N y:12,12,N,H / g d0");
  CHECK(rows(q)[0] == std::array<std::uint8_t, 4>{kNest, byte_of_rel(3), byte_of_rel(70), byte_of_rel(71)});
  CHECK_FALSE(q.seat_present(2));
  CHECK(ppn::test::id_of(q) == "g:N,3,h7,H r:N,N,N,N y:N,12,12,H / g d0");
  CHECK(ppn::test::position_of(ppn::test::id_of(q)) == q);
  const auto three = ppn::replay::position_from_desc(std::get<ppn::PositionDesc>(ppn::parse_position_id("g:N,N,N / g d0")),
                                                     ppn::rules::kParcheesi68);
  CHECK_FALSE(three.ok());
}

TEST_CASE("position_check names the failed check", "[replay][position]") {
  Position p = initial_position(0b1111);
  CHECK(position_check(p) == nullptr);
  rows(p)[0] = {byte_of_rel(10), byte_of_rel(10), byte_of_rel(10), kNest};
  p.sort_seat(0);
  CHECK(std::string(position_check(p)) == "ring-capacity");
  CHECK_THAT(position_problem(position_check(p)), Catch::Contains("two colours"));  // for messages
  p = initial_position(0b1111);
  rows(p)[0] = {byte_of_rel(10), 0, 0, 0};  // unsorted
  CHECK(std::string(position_check(p)) == "seat-sorted");
  p = initial_position(0b1111);
  rows(p)[0][3] = byte_of_rel(5);   // seat 0 on abs 5
  rows(p)[1][3] = byte_of_rel(56);  // seat 1's rel 56 = abs 5: two colours on one square
  CHECK(std::string(position_check(p)) == "ring-capacity");
  CHECK(std::string(position_check(initial_position(0))) == "no-seats");
}

TEST_CASE("the additive Zobrist hash updates per moved pawn", "[replay][position]") {
  Position p = initial_position(0b1111);
  std::uint64_t h = compute_hash(p);
  // seat 2 enters a pawn: nest -> rel 0
  h += zobrist_key(2, byte_of_rel(0)) - zobrist_key(2, kNest);
  rows(p)[2][0] = byte_of_rel(0);
  p.sort_seat(2);
  CHECK(h == compute_hash(p));
  CHECK(h != compute_hash(initial_position(0b1111)));
}
