// Attribute types the grammar needs besides the notation model (it parses straight into
// ppn::Game, ppn::Roll, ...; see grammar_def.hpp). Internal to parser/: no Spirit types leak
// out of this folder.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "notation/game.hpp"

namespace ppn::parser::ast {

// A step as written, before it becomes Steps: a bonus move (`+20 35/55`, `+20 -`) or a
// mini-move, possibly chained (`12/15x/19`, expanded into 12/15x and 15/19). Fixed capacity so
// that the common case costs no allocation; max_squares bounds a chain (a roll has at most 4
// die parts; the limit is documented in notation/SPEC.md "Limits").
struct WrittenStep {
  static constexpr std::size_t max_squares = 8;
  std::uint8_t bonus = 0;   // 10 or 20 for a bonus move
  bool forfeited = false;   // `+20 -`
  std::uint8_t size = 0;    // squares used
  std::array<Square, max_squares> squares{};
  std::array<bool, max_squares> capture{};  // capture[i]: `x` after squares[i]
};

// Per-game parse state reachable from every semantic action through the X3 context.
struct ParseState {
  const char* begin = nullptr;             // start of the game text
  std::vector<std::uint32_t> line_starts;  // byte offset of each line of the game text
  std::uint32_t first_line = 1;            // file line number of the game text's first line
  std::vector<const char*> tag_positions;  // where each tag pair starts, parallel to Game::tags
  // Rolls are built in place (grammar_def.hpp "roll line"): a roll is appended to the
  // movetext, or to the innermost open variation, once its first token matched; the actions
  // then write into roll_stack.back().
  std::vector<MovetextEntry>* entries = nullptr;  // the movetext being filled
  std::vector<Roll*> roll_stack;                  // rolls being parsed, innermost last
  std::vector<std::vector<Roll>*> variation_stack;  // open variations, innermost last
  std::uint32_t roll_start = 0;                   // byte offset where the current roll began

  Roll& roll() { return *roll_stack.back(); }

  // 1-based file line and byte column of a position in the game text.
  std::pair<std::uint32_t, std::uint32_t> locate(const char* where) const;
};

}  // namespace ppn::parser::ast
