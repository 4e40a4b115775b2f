// Runs the X3 grammar on one game's text and finishes the Game: tag checks, canonical tag
// order and values, move numbers filled in. All X3 exceptions stop here.
#include <algorithm>
#include <cstring>
#include <exception>
#include <type_traits>

#include "notation/tags.hpp"
#include "parser/config.hpp"
#include "parser/error_handler.hpp"
#include "parser/grammar.hpp"
#include "parser/parser.hpp"

namespace ppn::parser {

std::pair<std::uint32_t, std::uint32_t> ast::ParseState::locate(const char* where) const {
  const auto off = static_cast<std::uint32_t>(where - begin);
  // line_starts[0] == 0, ascending: the last start <= off.
  const auto it = std::upper_bound(line_starts.begin(), line_starts.end(), off) - 1;
  return {first_line + static_cast<std::uint32_t>(it - line_starts.begin()), off - *it + 1};
}

namespace {

// The parser fills in omitted move numbers (notation/game.hpp Roll::number): one more than the
// previous roll's; a variation starts at the number of the roll it replaces.
void fill_numbers(std::vector<Roll>& rolls, std::uint32_t next);

void fill_roll(Roll& r, std::uint32_t& next) {
  if (!r.number) r.number = next;
  for (auto& v : r.variations) fill_numbers(v, *r.number);
  next = *r.number + 1;
}

void fill_numbers(std::vector<Roll>& rolls, std::uint32_t next) {
  for (auto& r : rolls) fill_roll(r, next);
}

// The grammar leaves each entry's byte offset in `line` (grammar_def.hpp mark_position).
// Entries come in increasing offset order (variations right after their roll), so one forward
// walk over the line starts converts them all.
class Locator {
 public:
  explicit Locator(const ast::ParseState& s) : s_(s) {}
  template <typename Entry>
  void convert(Entry& e) {
    const std::uint32_t off = e.line;
    while (next_ < s_.line_starts.size() && s_.line_starts[next_] <= off) ++next_;
    e.line = s_.first_line + static_cast<std::uint32_t>(next_ - 1);
    e.column = off - s_.line_starts[next_ - 1] + 1;
    if constexpr (std::is_same_v<Entry, Roll>) {
      for (auto& v : e.variations) {
        for (auto& r : v) convert(r);
      }
    }
  }

 private:
  const ast::ParseState& s_;
  std::size_t next_ = 1;
};

}  // namespace

std::variant<Game, ParseError> parse_game(std::string_view text, const std::string& filename,
                                          std::uint32_t first_line) {
  ast::ParseState state;
  state.begin = text.data();
  state.first_line = first_line;
  state.line_starts.push_back(0);
  for (const char* p = text.data(), *end = text.data() + text.size();
       (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr;) {
    ++p;
    state.line_starts.push_back(static_cast<std::uint32_t>(p - text.data()));
  }

  Game game;
  const char* first = text.data();
  const char* const last = text.data() + text.size();
  try {
    const ws_skipper skipper{};
    const auto skipper_ctx = x3::make_context<x3::skipper_tag>(skipper);
    const auto ctx = x3::make_context<state_tag>(state, skipper_ctx);
    const bool ok = game_grammar().parse(first, last, ctx, x3::unused, game);
    x3::skip_over(first, last, ctx);
    if (!ok || first != last) {
      return make_parse_error(text, first, describe_expectation("movetext_entry"), filename, first_line);
    }
  } catch (const x3::expectation_failure<iterator_type>& e) {
    return make_parse_error(text, e.where(), describe_expectation(e.which()), filename, first_line);
  } catch (const std::exception& e) {
    return make_parse_error(text, first, std::string("cannot parse this game: ") + e.what(), filename, first_line);
  }

  // Structured tag values are syntax too (SPEC.md "Tags").
  for (const TagProblem& p : check_tags(game)) {
    return make_parse_error(text, state.tag_positions[p.tag_index], p.message, filename, first_line);
  }
  for (Tag& t : game.tags) t.value = canonical_tag_value(t.name, t.value);
  sort_tags_canonically(game.tags);

  std::uint32_t next = 1;
  Locator locator(state);
  for (auto& e : game.movetext) {
    if (auto* r = std::get_if<Roll>(&e)) fill_roll(*r, next);
    std::visit([&](auto& entry) { locator.convert(entry); }, e);
  }

  game.source_file = filename;
  const auto skip = std::find_if_not(text.begin(), text.end(), [](char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
  });
  game.source_line = state.locate(text.data() + (skip - text.begin())).first;
  return game;
}

}  // namespace ppn::parser
