// The canonical PPN printer (notation/SPEC.md "Canonical output"). It needs no grammar.
#pragma once

#include <cstdint>
#include <string>

#include "notation/game.hpp"

namespace ppn {

// The whole game: tags, a blank line, leading comments, one movetext entry per line, and a
// trailing blank line (so games can be concatenated into a file).
std::string to_ppn(const Game& g);
void append_ppn(std::string& out, const Game& g);

// One roll as it appears on its line, without the newline, e.g. "41. G 2-3: 30/32 32/35x +20 35/55".
// `ordinal` is printed when roll.number is empty.
std::string to_ppn(const Roll& r, std::uint32_t ordinal = 1);
// Just the play: "30/32 32/35x +20 35/55", "-", "PENALTY 59/N".
std::string play_to_ppn(const Roll& r);
std::string to_ppn(const SquareMove& m);

// A tag value with `"` and `\` escaped, quotes included.
std::string quote_tag_value(const std::string& value);

}  // namespace ppn
