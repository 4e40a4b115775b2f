// The engine behind parse_game and parse_stream: runs the X3 grammar on one game's text at a
// time, reusing its buffers (and the caller's Game) from one game to the next, so that a
// stream of games costs next to no allocation once the first few games have been read.
// Internal to parser/ (no Spirit types here either).
#pragma once

#include <cstdint>
#include <memory>
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

// Whether the first line of a game's text that is neither blank nor a `;` comment starts the
// way PPN does: a tag (`[Event`), a roll (`1. G 6-3`, `G 6-3`, `7. G 6`), a withdrawal
// (`G RESIGNS`) or an observed position (`@`). A README, a binary, JSON or a log does not.
bool starts_like_ppn(std::string_view text);

class GameReader {
 public:
  // Parses `text` (one game, whose first line is file line `first_line`) into `game`. A
  // std::string, not any view: the grammar's skipper relies on the NUL that ends its text
  // (parser/config.hpp).
  // `line_starts` are the offsets find_line_starts gives for `text` (a caller that already
  // scanned the lines hands them over instead of having them found again). Whatever `game`
  // holds on entry, e.g. the previous game, moved-from or not, is replaced; its storage is
  // reused. Returns the error instead when the text is not a valid game (then `game` holds
  // an unspecified valid value, and the error the partial game, ParseError::partial).
  std::optional<ParseError> read(const std::string& text, std::span<const std::uint32_t> line_starts,
                                 const std::string& filename, std::uint32_t first_line, Game& game);
  // The tag, roll and step limits read() enforces (the byte limits are the splitter's).
  void set_options(const ParseOptions& options) { options_ = options; }
  // Whether the last text read showed anything of PPN: a tag or a movetext entry read, or a
  // first line that starts like a tag or a roll. The splitter (stream.cpp) calls a file whose
  // first game fails without it not a PPN file.
  bool recognised() const { return recognised_; }

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

  // read() once the text's bytes are known to be UTF-8 text.
  std::optional<ParseError> parse(const std::string& text, std::span<const std::uint32_t> line_starts,
                                  const std::string& filename, std::uint32_t first_line, Game& game);
  // A text whose tag lines hold bytes 0xA0-0xFF that are no part of UTF-8 (as older tools
  // write Latin-1 names, notation/SPEC.md 9 "Text encoding"): into latin1_text_ and
  // latin1_lines_ with each such byte read as its Latin-1 character in UTF-8, one W-LATIN1 per
  // line changed appended to `warnings`. False (and nothing changed) when no tag line has one.
  bool transcode_latin1_tags(std::string_view text, const std::string& filename, std::uint32_t first_line,
                             std::vector<Diagnostic>& warnings);
  const TagVerdict& judge_tag(std::size_t index, const Tag& tag);

  // The checks after the grammar (limits, tag values, contradicting tags) and the finishing
  // touches (canonical tag order, source location); the first problem, located, if any.
  std::optional<ParseError> finish(std::string_view text, const std::string& filename, std::uint32_t first_line,
                                   Game& game);
  // The partial game of a text the grammar failed on: its tags and the movetext entries before
  // the one the error lies in; null when the error lies in the tags or they fail finish().
  std::shared_ptr<const Game> salvage(std::string_view text, const std::string& filename, std::uint32_t first_line,
                                      const Game& game);

  // The first count limit `game` breaks, located; nullopt when it keeps them all.
  std::optional<ParseError> check_limits(std::string_view text, const std::string& filename,
                                         std::uint32_t first_line, const Game& game) const;

  ParseOptions options_;
  ast::ParseState state_;
  std::vector<TagVerdict> verdicts_;
  TagVerdict scratch_verdict_;  // when verdicts_ is full
  Game probe_;                  // a one-tag game for check_tags
  bool recognised_ = false;
  std::string latin1_text_;                  // transcode_latin1_tags's output
  std::vector<std::uint32_t> latin1_lines_;
};

}  // namespace ppn::parser
