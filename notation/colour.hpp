// The four seat colours and their one-letter and full-name spellings.
// Racket's colour names are used (docs/RULES.md §board): green, red, blue, yellow.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace ppn {

// The numeric order is the canonical seat order of a position ID (notation/SPEC.md "Position
// ID"): g, r, b, y. It says nothing about turn order, which comes from the [Seats] tag.
enum class Colour : std::uint8_t { Green = 0, Red = 1, Blue = 2, Yellow = 3 };

inline constexpr int colour_count = 4;

// 'G', 'R', 'B', 'Y'.
char colour_letter(Colour c);
// "green", "red", "blue", "yellow".
std::string_view colour_name(Colour c);
// Either letter case; nullopt for anything else.
std::optional<Colour> colour_from_letter(char c);
// Full name, any letter case ("Green", "RED"); nullopt for anything else.
std::optional<Colour> colour_from_name(std::string_view name);

}  // namespace ppn
