// The state the grammar's semantic actions share while they build the notation model in
// place (the grammar parses straight into ppn::Game, ppn::Roll, ...; see grammar_def.hpp).
// Internal to parser/: no Spirit types leak out of this folder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "notation/game.hpp"

namespace ppn::parser::ast {

// Per-game parse state reachable from every semantic action through the X3 context. One
// ParseState serves every game of a stream (parser/game_reader.hpp), so its vectors keep their
// capacity from game to game.
struct ParseState {
  const char* begin = nullptr;             // start of the game text
  const std::uint32_t* line_starts = nullptr;  // byte offset of each line of the game text
  std::size_t line_count = 0;                  // (line_starts[0] == 0, ascending)
  std::uint32_t first_line = 1;            // file line number of the game text's first line
  std::vector<const char*> tag_positions;  // where each tag pair starts, parallel to Game::tags
  // Rolls are built in place (grammar_def.hpp "roll line"): a roll is appended to the
  // movetext, or to the innermost open variation, once its first token matched; the actions
  // then write into roll_stack.back().
  std::vector<MovetextEntry>* entries = nullptr;  // the movetext being filled
  // Entries [0, entry_count) of *entries belong to this game; the ones after it are left over
  // from the previous game and are reused (reset) in place, so that their Roll vectors keep
  // their capacity instead of being freed and allocated again for every game.
  std::size_t entry_count = 0;
  std::vector<Roll*> roll_stack;                  // rolls being parsed, innermost last
  Roll* current_roll = nullptr;                   // roll_stack.back() (null when empty), kept
                                                  // at hand for the actions of every token
  std::vector<std::vector<Roll>*> variation_stack;  // open variations, innermost last
  std::uint32_t roll_start = 0;                   // byte offset where the current roll began
  // Move numbers (grammar_def.hpp number_roll): the number an unnumbered roll gets, and the
  // enclosing levels' next numbers while a variation is open.
  std::uint32_t next_number = 1;
  std::vector<std::uint32_t> number_stack;
  // Which written numbers are in sequence (W-MOVE-NUMBER, notation/SPEC.md 3.1): any number
  // on the game's first roll, a larger one after an observed position (the rolls nobody saw),
  // else next_number.
  bool any_number = true;
  bool unseen = false;
  std::vector<Diagnostic>* warnings = nullptr;  // the game's (Game::warnings)
  const std::string* filename = nullptr;
  // The move chain being read (grammar_def.hpp move_chain): its last square and how many
  // squares it has so far. A chain holds at most 8 squares (notation/SPEC.md "Limits").
  static constexpr std::uint8_t max_chain_squares = 8;
  // Variations nest by recursion in the grammar: the depth is bounded so that hostile input
  // ("((((((...") cannot exhaust the stack (notation/SPEC.md "Limits").
  static constexpr std::size_t max_variation_depth = 64;
  Square chain_from;
  std::uint32_t chain_from_at = 0;  // byte offset of chain_from in the game text
  std::uint8_t chain_squares = 0;
  std::uint8_t bonus = 0;  // the value of the bonus move being read (10 or 20)
  std::optional<Colour> owner;  // the `R:` prefix of the move being read (grammar_def.hpp pawn_owner)
  std::size_t line_cursor = 0;  // index into line_starts of the last located position
  // The current roll's line, [roll_line_begin, roll_line_end) in offsets (grammar_def.hpp
  // open_roll): its steps are nearly always on it, and are then located without a search.
  std::uint32_t roll_line_begin = 0, roll_line_end = 0;
  // Upper bounds for the limits check (parse_game.cpp check_limits, which walks every roll
  // only when one of them is over its limit): the rolls opened, main line and variations, and
  // the most steps any of them reached.
  std::size_t rolls_opened = 0;
  std::size_t most_steps = 0;

  Roll& roll() { return *current_roll; }
  void push_roll(Roll* r) {
    roll_stack.push_back(r);
    current_roll = r;
  }
  void pop_roll() {
    roll_stack.pop_back();
    current_roll = roll_stack.empty() ? nullptr : roll_stack.back();
  }
  // The owner a step gets: the prefix when it names another colour than the roll's seat.
  std::optional<Colour> foreign_owner() {
    if (owner && *owner != roll().seat) return owner;
    return std::nullopt;
  }

  // The next top-level movetext entry: a left-over one when there is one, else a new one.
  MovetextEntry& next_entry() {
    if (entry_count < entries->size()) return (*entries)[entry_count++];
    ++entry_count;
    return entries->emplace_back();
  }

  // 1-based file line and byte column of a position in the game text.
  std::pair<std::uint32_t, std::uint32_t> locate(const char* where) const;
  // Same for a byte offset, walking from the previous answer: the parser asks for positions in
  // (almost always) increasing order, so this is a step or two instead of a binary search.
  std::pair<std::uint32_t, std::uint32_t> locate_near(std::uint32_t offset) {
    while (line_cursor + 1 < line_count && line_starts[line_cursor + 1] <= offset) ++line_cursor;
    while (line_cursor > 0 && line_starts[line_cursor] > offset) --line_cursor;
    return {first_line + static_cast<std::uint32_t>(line_cursor), offset - line_starts[line_cursor] + 1};
  }
};

// Clears a Roll for reuse, keeping the capacity of its vectors.
inline void reset_roll(Roll& r) {
  r.number.reset();
  r.seat = Colour::Green;
  r.dice = {0, 0};
  r.kind = PlayKind::Moves;
  r.steps.clear();
  r.step_locations.clear();
  r.penalty_move.reset();
  r.nags.clear();
  r.comments.clear();
  r.variations.clear();
  r.line = 0;
  r.column = 0;
}

}  // namespace ppn::parser::ast
