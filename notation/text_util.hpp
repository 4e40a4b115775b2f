// Small ASCII text helpers shared by the notation files (no locale, no allocation).
#pragma once
#include <cstddef>
#include <utility>
#include <optional>

#include <string>
#include <string_view>

namespace ppn {

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
constexpr char to_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  }
  return true;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A count with its noun in agreement: plural(1, "entry", "entries") == "1 entry",
// plural(2, ...) == "2 entries", plural(0, ...) == "0 entries". Every count in a message or a
// summary is written with it.
inline std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  std::string out = std::to_string(n);
  out += ' ';
  out += n == 1 ? one : many;
  return out;
}

// Trims and collapses every run of white space (newlines included) into one space. Comment
// text is stored this way so that a comment always prints on the line of its roll.
std::string normalize_space(std::string_view s);

// The first byte of `text` that is not UTF-8 text (notation/SPEC.md 4: files are UTF-8): a
// control byte other than tab, LF, CR, FF and VT, or a byte that does not start or continue a
// well-formed UTF-8 sequence (overlong forms, surrogates and code points past U+10FFFF
// included). Returns its offset and what is wrong, or nullopt when all of it is UTF-8 text.
// The parser checks every game with it before the grammar, so no later stage (JSON export,
// the database, the HTML viewer) meets malformed text.
std::optional<std::pair<std::size_t, std::string>> find_bad_byte(std::string_view text);
// `text` with every such byte replaced by '?' (and line ends by spaces): for text a
// converter takes from outside data into a tag value, which must print back as PPN.
std::string printable_text(std::string_view text);

}  // namespace ppn
