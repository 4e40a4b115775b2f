// A square in the mover's own coordinates (notation/SPEC.md "Squares").
//
// The notation knows no board: `h3` is just HomePath 3 and `40` is Ring 40, whatever the ring
// length. The replayer maps them to its board (RULES.md §terms: rel 0..63 ring, 64..70
// home path, 71 HOME for Parcheesi; 0..50, 51..55, 56 for Ludo).
//
// Layout (2 bytes): byte 0 = SquareKind, byte 1 = index.
//   Nest      index 0            written `N`
//   Ring      index 0..99        written `0`..`99` (one or two digits)
//   HomePath  index 1..9         written `h1`..`h9`
//   Home      index 0            written `H`
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ppn {

// The numeric order is the sort order of pawns in a position ID: N < ring < home path < H.
enum class SquareKind : std::uint8_t { Nest = 0, Ring = 1, HomePath = 2, Home = 3 };

struct Square {
  SquareKind kind = SquareKind::Nest;
  std::uint8_t index = 0;

  static constexpr std::uint8_t max_ring_index = 99;
  static constexpr std::uint8_t max_home_path_index = 9;

  static constexpr Square nest() { return {SquareKind::Nest, 0}; }
  static constexpr Square home() { return {SquareKind::Home, 0}; }
  static constexpr Square ring(std::uint8_t i) { return {SquareKind::Ring, i}; }
  static constexpr Square home_path(std::uint8_t i) { return {SquareKind::HomePath, i}; }

  // Whether the index is in range for the kind (the parser only ever builds valid squares).
  constexpr bool valid() const {
    switch (kind) {
      case SquareKind::Nest:
      case SquareKind::Home: return index == 0;
      case SquareKind::Ring: return index <= max_ring_index;
      case SquareKind::HomePath: return index >= 1 && index <= max_home_path_index;
    }
    return false;
  }

  friend constexpr bool operator==(const Square&, const Square&) = default;
  friend constexpr auto operator<=>(const Square&, const Square&) = default;
};
static_assert(sizeof(Square) == 2);

// Canonical spelling: "N", "12", "h3", "H".
std::string to_string(Square s);
void append_square(std::string& out, Square s);
// Parses exactly one square (lenient letter case: `n`, `h`, `H3` are accepted; `h`/`H` alone
// is HOME, followed by a digit it is the home path). nullopt if `text` is not exactly a square.
std::optional<Square> parse_square(std::string_view text);

}  // namespace ppn
