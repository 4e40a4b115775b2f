// Position encoding, hash and consistency check (rules/position.hpp).
#include <catch2/catch.hpp>

#include "rules/engine.hpp"

using namespace ppn::rules;

TEST_CASE("a position is 16 bytes and prints in relative terms", "[replay][position]") {
  STATIC_REQUIRE(sizeof(Position) == 16);
  const Position p = initial_position(0b0101);
  CHECK(position_text(p) == "s0[N N N N] s1[-] s2[N N N N] s3[-]");
  auto q = parse_position_text("s0[70 H 3 N] s1[N N N N] s2[-] s3[12 12 N H]");
  REQUIRE(q);
  CHECK(position_text(*q) == "s0[N 3 70 H] s1[N N N N] s2[-] s3[N 12 12 H]");
  CHECK(parse_position_text(position_text(*q)) == q);
  CHECK_FALSE(parse_position_text("s0[N N N] s1[-] s2[-] s3[-]"));
}

TEST_CASE("position_check names the failed check", "[replay][position]") {
  Position p = initial_position(0b1111);
  CHECK(position_check(p) == nullptr);
  p.pawns[0] = {byte_of_rel(10), byte_of_rel(10), byte_of_rel(10), kNest};
  p.sort_seat(0);
  CHECK(std::string(position_check(p)) == "ring-capacity");
  CHECK_THAT(position_problem(position_check(p)), Catch::Contains("two colours"));  // for messages
  p = initial_position(0b1111);
  p.pawns[0] = {byte_of_rel(10), 0, 0, 0};  // unsorted
  CHECK(std::string(position_check(p)) == "seat-sorted");
  p = initial_position(0b1111);
  p.pawns[0][3] = byte_of_rel(5);   // seat 0 on abs 5
  p.pawns[1][3] = byte_of_rel(56);  // seat 1's rel 56 = abs 5: two colours on one square
  CHECK(std::string(position_check(p)) == "ring-capacity");
  CHECK(std::string(position_check(initial_position(0))) == "no-seats");
}

TEST_CASE("the additive Zobrist hash updates per moved pawn", "[replay][position]") {
  Position p = initial_position(0b1111);
  std::uint64_t h = compute_hash(p);
  // seat 2 enters a pawn: nest -> rel 0
  h += zobrist_key(2, byte_of_rel(0)) - zobrist_key(2, kNest);
  p.pawns[2][0] = byte_of_rel(0);
  p.sort_seat(2);
  CHECK(h == compute_hash(p));
  CHECK(h != compute_hash(initial_position(0b1111)));
}
