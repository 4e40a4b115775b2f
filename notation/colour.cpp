#include "notation/colour.hpp"

#include "notation/text_util.hpp"

namespace ppn {

namespace {
constexpr char letters[colour_count] = {'G', 'R', 'B', 'Y'};
constexpr std::string_view names[colour_count] = {"green", "red", "blue", "yellow"};
}  // namespace

char colour_letter(Colour c) { return letters[static_cast<int>(c)]; }

std::string_view colour_name(Colour c) { return names[static_cast<int>(c)]; }

std::optional<Colour> colour_from_letter(char c) {
  switch (c) {
    case 'G': case 'g': return Colour::Green;
    case 'R': case 'r': return Colour::Red;
    case 'B': case 'b': return Colour::Blue;
    case 'Y': case 'y': return Colour::Yellow;
    default: return std::nullopt;
  }
}

std::optional<Colour> colour_from_name(std::string_view name) {
  for (int i = 0; i < colour_count; ++i) {
    if (iequals(name, names[i])) return static_cast<Colour>(i);
  }
  return std::nullopt;
}

}  // namespace ppn
