#include <catch2/catch.hpp>

#include "notation/position_id.hpp"

using namespace ppn;

namespace {
PositionDesc parse(const std::string& s) {
  auto r = parse_position_id(s);
  if (auto* e = std::get_if<PositionIdError>(&r)) FAIL(e->message << " at " << e->offset);
  return std::get<PositionDesc>(r);
}
}  // namespace

TEST_CASE("position id: canonical form sorts seats, pawns and pending parts", "[notation][position]") {
  const auto p = parse("Y:H,H,5,63  g:N,12,N,40 b:h2,0,17,0 r:N,N,N,N / G D0");
  CHECK(format_position_id(p) == "g:N,N,12,40 r:N,N,N,N b:0,0,17,h2 y:5,63,H,H / g d0");
  const auto q = parse("g:N r:5 / r d2 [+20,5,2,+10]");
  CHECK(format_position_id(q) == "g:N r:5 / r d2 [2,5,+10,+20]");
}

TEST_CASE("position id: round trip and equality of equal positions", "[notation][position]") {
  for (const char* id : {"g:N,N,12,40 r:N,N,N,N b:0,0,17,h2 y:5,63,H,H / g d0", "r:N,N,5,H b:h7,H,H,H / b d1",
                         "g:0 / g d0 [1,4,+20]", "y:N,50,h5,H / y d2"}) {
    const auto p = parse(id);
    CHECK(format_position_id(p) == id);
    CHECK(parse(format_position_id(p)) == p);
  }
  CHECK(parse("g:12,N / g d0") == parse("g:N,12 / g d0"));
}

TEST_CASE("position id: errors carry an offset", "[notation][position]") {
  auto bad = [](const std::string& s) {
    auto r = parse_position_id(s);
    REQUIRE(std::holds_alternative<PositionIdError>(r));
    return std::get<PositionIdError>(r);
  };
  CHECK(bad("g:N,Q / g d0").offset == 4);
  CHECK(bad("g:N / r d0").message == "the seat to move has no pawns listed");
  CHECK(bad("g:N g:N / g d0").message == "seat listed twice");
  CHECK(bad("g:N / g").message == "expected 'd' and the re-roll count (d0-d9)");
  CHECK(bad("g:N / g d0 [7]").message == "expected a pending part (a die 1-6, +10 or +20)");
  CHECK(bad("g:N,N,N,N,N,N,N,N,N / g d0").message == "more than 8 pawns for one seat");
  CHECK(bad("").message == "expected a seat letter (g, r, b or y)");
}
