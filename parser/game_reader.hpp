// The engine behind parse_game and parse_stream: runs the X3 grammar on one game's text at a
// time, reusing its buffers (and the caller's Game) from one game to the next, so that a
// stream of games costs next to no allocation once the first few games have been read.
// Internal to parser/ (no Spirit types here either).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "notation/game.hpp"
#include "parser/ast.hpp"
#include "parser/parser.hpp"

namespace ppn::parser {

// Appends the byte offset of every line of `text` to `out`: 0, then one past each '\n'.
void find_line_starts(std::string_view text, std::vector<std::uint32_t>& out);

class GameReader {
 public:
  // Parses `text` (one game, whose first line is file line `first_line`) into `game`.
  // `line_starts` are the offsets find_line_starts gives for `text` (a caller that already
  // scanned the lines hands them over instead of having them found again). Whatever `game`
  // holds on entry, e.g. the previous game, moved-from or not, is replaced; its storage is
  // reused. Returns the error instead when the text is not a valid game (then `game` holds
  // an unspecified valid value).
  std::optional<ParseError> read(std::string_view text, std::span<const std::uint32_t> line_starts,
                                 const std::string& filename, std::uint32_t first_line, Game& game);
  // The tag, roll and step limits read() enforces (the byte limits are the splitter's).
  void set_options(const ParseOptions& options) { options_ = options; }

 private:
  // The tag checks and canonical values (notation/tags.hpp) of the last value seen for each
  // tag name: most tags repeat their value from game to game ([Game], [Seats], ...), and
  // checking them again each time cost about a tenth of the parse.
  struct TagVerdict {
    std::string name, value;
    std::string problem;    // empty: the value is valid
    std::string canonical;  // its canonical form (valid values only)
  };
  static constexpr std::size_t max_verdicts = 32;  // distinct tag names remembered
  const TagVerdict& judge_tag(std::size_t index, const Tag& tag);

  // The first count limit `game` breaks, located; nullopt when it keeps them all.
  std::optional<ParseError> check_limits(std::string_view text, const std::string& filename,
                                         std::uint32_t first_line, const Game& game) const;

  ParseOptions options_;
  ast::ParseState state_;
  std::vector<TagVerdict> verdicts_;
  TagVerdict scratch_verdict_;  // when verdicts_ is full
  Game probe_;                  // a one-tag game for check_tags
};

}  // namespace ppn::parser
