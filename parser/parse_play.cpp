// parse_play (parser.hpp): one roll's play on its own, run through the grammar's `play` rule
// (instantiated in grammar_play.cpp) in the state a roll line leaves once its head is read.
// A translation unit of its own, apart from parse_game.cpp and grammar.cpp, so that the game
// parser's code is left exactly as it was (see grammar_play.cpp).
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "notation/text_util.hpp"
#include "parser/ast.hpp"
#include "parser/config.hpp"
#include "parser/error_handler.hpp"
#include "parser/grammar.hpp"
#include "parser/parser.hpp"

namespace ppn::parser {

namespace {

// What ends a play inside a record, and so is no part of a play typed on its own: the end of
// its line, a comment, a variation, an annotation.
constexpr std::string_view not_in_a_play = "\n\r{};()!?$";

// The error for a play whose text goes on at `rest` (not at its end) after the play rule
// matched: what a record holding the play would report there. A record reads its movetext's
// next entry (the play's annotations, comments and variations are refused up front), so the
// game grammar reads the rest as a record's movetext would, and its error is the play's; where
// it reads a whole entry (another roll line, a withdrawal, an observed position) the play
// ends there. `state` is the play's, its roll closed.
ParseError error_after_play(const std::string& text, const char* rest, ast::ParseState& state,
                            const std::string& filename) {
  constexpr std::uint32_t first_line = 1;
  // A record's movetext holds no tag: the game grammar, which starts with the tags, would read one.
  if (*rest == '[') return make_parse_error(text, rest, describe_expectation("movetext_entry"), filename, first_line);
  state.roll_stack.clear();
  state.current_roll = nullptr;
  state.variation_stack.clear();
  state.number_stack.clear();
  state.next_number = 2;
  const char* first = rest;
  const char* const last = text.data() + text.size();
  try {
    const ws_skipper skipper{};
    const auto skipper_ctx = x3::make_context<x3::skipper_tag>(skipper);
    const auto ctx = x3::make_context<state_tag>(state, skipper_ctx);
    Game game;
    state.warnings = &game.warnings;  // (a play has no move numbers to warn about)
    state.filename = &filename;
    const bool ok = game_grammar().parse(first, last, ctx, x3::unused, game);
    x3::skip_over(first, last, ctx);
    if (!ok || first != last) {
      return make_parse_error(text, first, describe_expectation("movetext_entry"), filename, first_line);
    }
  } catch (const x3::expectation_failure<iterator_type>& e) {
    return make_parse_error(text, e.where(), describe_expectation(e.which()), filename, first_line);
  } catch (const std::exception& e) {
    return make_parse_error(text, first, std::string("cannot parse this play: ") + e.what(), filename, first_line);
  }
  return make_parse_error(text, rest,
                          "expected the end of the play (one roll's play: no other roll line, withdrawal or position)",
                          filename, first_line);
}

}  // namespace

std::variant<Roll, ParseError> parse_play(std::string_view text, Colour seat, const std::string& filename) {
  constexpr std::uint32_t first_line = 1;
  // A std::string: the grammar's skipper relies on the NUL that ends its text (config.hpp).
  const std::string buffer(text);
  // The same byte check as a game's, and then one line of the play and nothing after it; the
  // first of the two problems is reported.
  auto bad = find_bad_byte(buffer);
  const std::size_t ends = buffer.find_first_of(not_in_a_play);
  if (bad && bad->first <= ends) {
    return make_parse_error(buffer, buffer.data() + bad->first, std::move(bad->second), filename, first_line);
  }
  if (ends != std::string::npos) {
    return make_parse_error(buffer, buffer.data() + ends,
                            "a play is one line of mini-moves (no comments or variations)", filename, first_line);
  }

  // The state as a roll line leaves it once its head is read (grammar_def.hpp open_roll): the
  // roll open on the stack, its line (the whole text) known, so that its steps are located
  // from it.
  ast::ParseState state;
  const std::uint32_t line_start = 0;
  state.begin = buffer.data();
  state.line_starts = &line_start;
  state.line_count = 1;
  state.first_line = first_line;
  Roll roll;
  roll.seat = seat;
  roll.line = first_line;
  roll.column = 1;
  state.roll_line_begin = 0;
  state.roll_line_end = UINT32_MAX;
  state.rolls_opened = 1;
  state.push_roll(&roll);

  const char* first = buffer.data();
  const char* const last = buffer.data() + buffer.size();
  try {
    const ws_skipper skipper{};
    const auto skipper_ctx = x3::make_context<x3::skipper_tag>(skipper);
    const auto ctx = x3::make_context<state_tag>(state, skipper_ctx);
    // In a roll line the play is expected (`':' > play`): no play is the same error here.
    if (!play_grammar().parse(first, last, ctx, x3::unused, x3::unused)) {
      return make_parse_error(buffer, first, describe_expectation("play"), filename, first_line);
    }
    x3::skip_over(first, last, ctx);
  } catch (const x3::expectation_failure<iterator_type>& e) {
    return make_parse_error(buffer, e.where(), describe_expectation(e.which()), filename, first_line);
  } catch (const std::exception& e) {
    return make_parse_error(buffer, first, std::string("cannot parse this play: ") + e.what(), filename, first_line);
  }
  if (first != last) return error_after_play(buffer, first, state, filename);
  // The limit a record's roll keeps (GameReader::check_limits), located at the roll as there.
  if (const std::size_t most = ParseOptions{}.max_steps_per_roll; roll.steps.size() > most) {
    return make_parse_error(buffer, buffer.data(), "too many moves in one roll: at most " + std::to_string(most),
                            filename, first_line);
  }
  return roll;
}

}  // namespace ppn::parser
