// Runs the X3 grammar on one game's text and finishes the Game: tag checks, canonical tag
// order and values. All X3 exceptions stop here.
#include <array>
#include <cstdint>
#include <algorithm>
#include <cstring>
#include <exception>
#include <string>

#include "notation/tags.hpp"
#include "notation/text_util.hpp"
#include "parser/config.hpp"
#include "parser/error_handler.hpp"
#include "parser/game_reader.hpp"
#include "parser/grammar.hpp"
#include "parser/parser.hpp"

namespace ppn::parser {

std::pair<std::uint32_t, std::uint32_t> ast::ParseState::locate(const char* where) const {
  const auto off = static_cast<std::uint32_t>(where - begin);
  // line_starts[0] == 0, ascending: the last start <= off.
  const auto it = std::upper_bound(line_starts, line_starts + line_count, off) - 1;
  return {first_line + static_cast<std::uint32_t>(it - line_starts), off - *it + 1};
}

namespace {

// A tag's index in single_valued_tags (notation/game.hpp) is looked up once per tag and serves
// both the duplicate check and the canonical order (GameReader::finish).
static_assert([] {
  for (std::size_t i = 0; i < tag_roster.size(); ++i)
    if (single_valued_tags[i] != tag_roster[i]) return false;
  return true;
}());
constexpr std::size_t not_single_valued = single_valued_tags.size();
constexpr std::size_t single_valued_index(std::string_view name) {
  std::size_t k = 0;
  while (k < single_valued_tags.size() && single_valued_tags[k] != name) ++k;
  return k;
}

// Whether `word` is one of the space-separated words of `list`.
bool has_word(std::string_view list, std::string_view word) {
  while (!list.empty()) {
    const auto sp = list.find(' ');
    if (list.substr(0, sp) == word) return true;
    list.remove_prefix(sp == std::string_view::npos ? list.size() : sp + 1);
  }
  return false;
}

}  // namespace

void find_line_starts(std::string_view text, std::vector<std::uint32_t>& out) {
  out.push_back(0);
  for (const char *p = text.data(), *end = text.data() + text.size();
       (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr;) {
    ++p;
    out.push_back(static_cast<std::uint32_t>(p - text.data()));
  }
}

bool starts_like_ppn(std::string_view text) {
  std::size_t i = 0;
  const auto at = [&](std::size_t k) { return k < text.size() ? text[k] : '\0'; };
  // Comments before the first tag or roll: `; ...` to the end of the line, `{ ... }` (which
  // may span lines): a file may open with notes about the games that follow.
  for (;;) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (at(i) == ';') i = text.find('\n', i);
    else if (at(i) == '{') {
      i = text.find('}', i);
      if (i != std::string_view::npos) ++i;
    } else break;
    if (i == std::string_view::npos) return false;
  }
  const auto skip_blanks = [&](std::size_t k) {
    while (at(k) == ' ' || at(k) == '\t') ++k;
    return k;
  };
  const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
  if (at(i) == '[') return letter(at(skip_blanks(i + 1)));
  if (at(i) == '@') return true;
  if (at(i) >= '0' && at(i) <= '9') {
    while (at(i) >= '0' && at(i) <= '9') ++i;
    if (at(i) != '.') return false;
    while (at(i) == '.') ++i;
    i = skip_blanks(i);
  }
  if (at(i) == '\0' || std::strchr("GRBYgrby", at(i)) == nullptr) return false;
  i = skip_blanks(i + 1);
  if (at(i) >= '1' && at(i) <= '6') return true;
  std::string word;
  while (letter(at(i)) && word.size() < 8) word.push_back(static_cast<char>(at(i++) | 0x20));
  return word == "resigns" || word == "abandons";
}

std::optional<ParseError> GameReader::read(const std::string& text, std::span<const std::uint32_t> line_starts,
                                           const std::string& filename, std::uint32_t first_line, Game& game) {
  game.warnings.clear();
  recognised_ = starts_like_ppn(text);
  auto bad = find_bad_byte(text);
  if (bad && transcode_latin1_tags(text, filename, first_line, game.warnings)) {
    std::string transcoded = std::move(latin1_text_);
    std::vector<std::uint32_t> lines = std::move(latin1_lines_);
    std::optional<ParseError> error;
    if (auto still = find_bad_byte(transcoded)) {
      error = make_parse_error(transcoded, transcoded.data() + still->first, std::move(still->second), filename,
                               first_line);
    } else {
      error = parse(transcoded, lines, filename, first_line, game);
    }
    latin1_text_ = std::move(transcoded);  // (its storage kept for the next such game)
    latin1_lines_ = std::move(lines);
    return error;
  }
  if (bad) return make_parse_error(text, text.data() + bad->first, std::move(bad->second), filename, first_line);
  return parse(text, line_starts, filename, first_line, game);
}

bool GameReader::transcode_latin1_tags(std::string_view text, const std::string& filename,
                                       std::uint32_t first_line, std::vector<Diagnostic>& warnings) {
  latin1_text_.clear();
  latin1_lines_.clear();
  bool changed = false;
  std::uint32_t line = first_line;
  for (std::size_t begin = 0; begin < text.size(); ++line) {
    const std::size_t nl = text.find('\n', begin);
    const std::size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string_view rest = text.substr(begin, end - begin);
    const std::size_t visible = rest.find_first_not_of(" \t");
    const bool tag_line = visible != std::string_view::npos && rest[visible] == '[';
    std::optional<std::size_t> first_byte;  // the line's first byte read as Latin-1
    for (std::size_t done = 0; tag_line;) {
      const auto bad = find_bad_byte(rest);
      const auto b = bad ? static_cast<unsigned char>(rest[bad->first]) : 0u;
      if (!bad || b < 0xA0) break;  // UTF-8 to its end, or a byte that is no Latin-1 character
      latin1_text_.append(rest.substr(0, bad->first));
      latin1_text_.push_back(static_cast<char>(0xC0 | (b >> 6)));
      latin1_text_.push_back(static_cast<char>(0x80 | (b & 0x3F)));
      if (!first_byte) first_byte = done + bad->first;
      done += bad->first + 1;
      rest.remove_prefix(bad->first + 1);
    }
    latin1_text_.append(rest);
    if (first_byte) {
      changed = true;
      const std::string_view line_text = text.substr(begin, end - begin);
      const std::size_t name_at = std::min(line_text.find_first_not_of(" \t", visible + 1), line_text.size());
      const std::size_t name_end = std::min(line_text.find_first_of(" \t\"]\r\n", name_at), line_text.size());
      Diagnostic w;
      w.code = Code::latin1;
      w.severity = Severity::warning;
      w.file = filename;
      w.line = line;
      w.column = static_cast<std::uint32_t>(*first_byte + 1);
      w.message = "the tag [" + std::string(line_text.substr(name_at, name_end - name_at)) +
                  "] is not UTF-8: its bytes 0xA0-0xFF were read as Latin-1 and stored as UTF-8";
      warnings.push_back(std::move(w));
    }
    begin = end;
  }
  if (changed) find_line_starts(latin1_text_, latin1_lines_);
  return changed;
}

std::optional<ParseError> GameReader::parse(const std::string& text, std::span<const std::uint32_t> line_starts,
                                            const std::string& filename, std::uint32_t first_line, Game& game) {
  ast::ParseState& state = state_;
  state.begin = text.data();
  state.line_starts = line_starts.data();
  state.line_count = line_starts.size();
  state.line_cursor = 0;
  state.first_line = first_line;
  state.tag_positions.clear();
  state.entries = nullptr;
  state.entry_count = 0;
  state.roll_stack.clear();
  state.current_roll = nullptr;
  state.variation_stack.clear();
  state.next_number = 1;
  state.number_stack.clear();
  state.rolls_opened = 0;
  state.most_steps = 0;

  // The game's storage is reused (game_reader.hpp); the movetext entries are reset one by one
  // as the grammar reaches them (ast::ParseState::entry_count).
  game.tags.clear();
  game.leading_comments.clear();
  state.warnings = &game.warnings;
  state.filename = &filename;
  state.any_number = true;
  state.unseen = false;

  const char* first = text.data();
  const char* const last = text.data() + text.size();
  std::optional<ParseError> error;
  try {
    const ws_skipper skipper{};
    const auto skipper_ctx = x3::make_context<x3::skipper_tag>(skipper);
    const auto ctx = x3::make_context<state_tag>(state, skipper_ctx);
    const bool ok = game_grammar().parse(first, last, ctx, x3::unused, game);
    x3::skip_over(first, last, ctx);
    if (!ok || first != last) {
      error = make_parse_error(text, first, describe_expectation("movetext_entry"), filename, first_line);
    }
  } catch (const x3::expectation_failure<iterator_type>& e) {
    error = make_parse_error(text, e.where(), describe_expectation(e.which()), filename, first_line);
  } catch (const std::exception& e) {
    error = make_parse_error(text, first, std::string("cannot parse this game: ") + e.what(), filename, first_line);
  }
  if (error) {
    error->partial = salvage(text, filename, first_line, game);
    return error;
  }
  // The left-over entries of the previous game that this one did not reuse.
  game.movetext.erase(game.movetext.begin() + static_cast<std::ptrdiff_t>(state.entry_count), game.movetext.end());
  if (!game.tags.empty() || !game.movetext.empty()) recognised_ = true;
  return finish(text, filename, first_line, game);
}

std::shared_ptr<const Game> GameReader::salvage(std::string_view text, const std::string& filename,
                                                std::uint32_t first_line, const Game& game) {
  if (!game.tags.empty()) recognised_ = true;
  // The movetext is opened once every tag has been read (grammar_def.hpp open_movetext):
  // before that the error lies in the tags, and nothing of the game is usable.
  if (state_.entries == nullptr) return nullptr;
  // A roll still open (ast::ParseState::roll_stack) holds the error: the entries before it
  // are complete. Withdrawals and observed positions are appended only once read whole.
  const std::size_t keep = state_.entry_count - (state_.roll_stack.empty() ? 0 : 1);
  if (keep > 0) recognised_ = true;
  // With neither a tag nor a complete entry there is no game to hand over: its text would be
  // nothing (or only comments), which is no game (SPEC.md 4).
  if (keep == 0 && game.tags.empty()) return nullptr;
  auto partial = std::make_shared<Game>();
  partial->tags = game.tags;
  partial->leading_comments = game.leading_comments;
  // The warnings about what the partial game holds: none from the entry left out with the error.
  partial->warnings = game.warnings;
  if (keep < state_.entry_count)
    if (const Roll* cut = std::get_if<Roll>(&game.movetext[keep]))
      std::erase_if(partial->warnings, [&](const Diagnostic& w) { return w.code == Code::move_number && w.line >= cut->line; });
  partial->movetext.assign(game.movetext.begin(), game.movetext.begin() + static_cast<std::ptrdiff_t>(keep));
  // The tags must pass the same checks as a whole game's: a partial game is replayed under them.
  if (finish(text, filename, first_line, *partial)) return nullptr;
  return partial;
}

std::optional<ParseError> GameReader::finish(std::string_view text, const std::string& filename,
                                             std::uint32_t first_line, Game& game) {
  const ast::ParseState& state = state_;
  if (auto error = check_limits(text, filename, first_line, game)) return error;
  // Each tag's index among the single-valued ones: a second one of them is an error. Whether
  // sort_tags_canonically would leave the tags as they are: its order (notation/game.hpp) is
  // roster tags first in roster order, then the others, stable; so the tags are in order when
  // their ranks never decrease. Files written by ppn are, and then the sort is skipped.
  constexpr std::size_t absent = SIZE_MAX;
  std::array<std::size_t, single_valued_tags.size()> first_at;  // the index of each, or absent
  first_at.fill(absent);
  bool canonical_order = true;
  std::size_t previous_rank = 0;
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    const std::size_t kind = single_valued_index(game.tags[i].name);
    const std::size_t rank = std::min(kind, tag_roster.size());
    canonical_order = canonical_order && rank >= previous_rank;
    previous_rank = rank;
    if (kind == not_single_valued) continue;
    if (first_at[kind] != absent) {
      return make_parse_error(text, state.tag_positions[i],
                              "duplicate tag [" + game.tags[i].name + "] (already given on line " +
                                  std::to_string(state.locate(state.tag_positions[first_at[kind]]).first) + ")",
                              filename, first_line);
    }
    first_at[kind] = i;
  }

  // Structured tag values are syntax too (SPEC.md "Tags").
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    Tag& t = game.tags[i];
    const TagVerdict& v = judge_tag(i, t);
    if (!v.problem.empty()) return make_parse_error(text, state.tag_positions[i], v.problem, filename, first_line);
    if (v.canonical != t.value) t.value = v.canonical;
  }
  // Tags that contradict each other: [Result] may only name colours of [Seats] (SPEC.md 2).
  const std::size_t seats_at = first_at[single_valued_index("Seats")], result_at = first_at[single_valued_index("Result")];
  if (seats_at != absent && result_at != absent) {
    const std::string_view seats = game.tags[seats_at].value;
    std::string_view result = game.tags[result_at].value;
    if (result == "*") result = {};  // (no result yet)
    while (!result.empty()) {
      const auto sp = result.find(' ');
      const std::string_view colour = result.substr(0, sp);
      if (!colour.empty() && !has_word(seats, colour)) {
        return make_parse_error(text, state.tag_positions[result_at],
                                "[Result] names " + std::string(colour) + ", which is not in [Seats \"" +
                                    game.tags[seats_at].value + "\"]",
                                filename, first_line);
      }
      result.remove_prefix(sp == std::string_view::npos ? result.size() : sp + 1);
    }
  }
  // Each tag's own line, for a diagnostic about it ([Result], [Variant], [Option]): the tags
  // were read in order, so one walk down the lines finds them all.
  std::size_t line = 0;
  for (std::size_t i = 0; i < game.tags.size() && i < state.tag_positions.size(); ++i) {
    const auto offset = static_cast<std::uint32_t>(state.tag_positions[i] - state.begin);
    while (line + 1 < state.line_count && state.line_starts[line + 1] <= offset) ++line;
    game.tags[i].line = state.first_line + static_cast<std::uint32_t>(line);
  }
  if (!canonical_order) sort_tags_canonically(game.tags);

  game.source_file = filename;
  const auto skip = std::find_if_not(text.begin(), text.end(), [](char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
  });
  game.source_line = state.locate(text.data() + (skip - text.begin())).first;
  return std::nullopt;
}

std::optional<ParseError> GameReader::check_limits(std::string_view text, const std::string& filename,
                                                   std::uint32_t first_line, const Game& game) const {
  if (game.tags.size() > options_.max_tags) {
    return make_parse_error(text, state_.tag_positions[options_.max_tags],
                            "too many tags: a game has at most " + std::to_string(options_.max_tags), filename,
                            first_line);
  }
  // Where a roll starts in `text`, from its file line and column.
  const auto where = [&](const Roll& r) {
    const std::size_t line = r.line >= first_line ? r.line - first_line : 0;
    std::size_t offset = line < state_.line_count ? state_.line_starts[line] : 0;
    if (r.column > 0) offset += r.column - 1;
    return text.data() + std::min(offset, text.size());
  };
  std::size_t rolls = 0;
  std::optional<ParseError> error;
  // Variations nest (at most ParseState::max_variation_depth deep), so this recursion is bounded.
  const auto visit = [&](const auto& self, const Roll& r) -> bool {
    if (++rolls > options_.max_rolls) {
      error = make_parse_error(text, where(r),
                               "too many rolls: a game has at most " + std::to_string(options_.max_rolls) +
                                   " (main line and variations)",
                               filename, first_line);
      return false;
    }
    if (r.steps.size() > options_.max_steps_per_roll) {
      error = make_parse_error(text, where(r),
                               "too many moves in one roll: at most " + std::to_string(options_.max_steps_per_roll),
                               filename, first_line);
      return false;
    }
    for (const auto& v : r.variations)
      for (const Roll& vr : v)
        if (!self(self, vr)) return false;
    return true;
  };
  // Walked only when the parse saw a limit broken (ParseState::rolls_opened, most_steps are
  // upper bounds of what the game holds): the walk cost 3% of `bench parse`.
  if (state_.rolls_opened > options_.max_rolls || state_.most_steps > options_.max_steps_per_roll)
    for (const MovetextEntry& e : game.movetext)
      if (const Roll* r = std::get_if<Roll>(&e))
        if (!visit(visit, *r)) return error;
  if (game.movetext.size() > options_.max_rolls) {
    return make_parse_error(text, text.data(),
                            "too many movetext entries: a game has at most " + std::to_string(options_.max_rolls),
                            filename, first_line);
  }
  return std::nullopt;
}

const GameReader::TagVerdict& GameReader::judge_tag(std::size_t index, const Tag& tag) {
  // Tags mostly come in the same order game after game: look at the same position first.
  TagVerdict* v = nullptr;
  if (index < verdicts_.size() && verdicts_[index].name == tag.name) {
    v = &verdicts_[index];
  } else {
    for (TagVerdict& known : verdicts_) {
      if (known.name == tag.name) v = &known;
    }
  }
  if (v != nullptr && v->value == tag.value) return *v;
  if (v == nullptr) v = verdicts_.size() < max_verdicts ? &verdicts_.emplace_back() : &scratch_verdict_;
  // check_tags judges each tag on its own (a TagProblem is located at one tag), so a game
  // holding just this tag gets the same verdict.
  probe_.tags.resize(1);
  probe_.tags[0] = tag;
  const auto problems = check_tags(probe_);
  v->name = tag.name;
  v->value = tag.value;
  v->problem = problems.empty() ? std::string() : problems.front().message;
  v->canonical = problems.empty() ? canonical_tag_value(tag.name, tag.value) : tag.value;
  return *v;
}

std::variant<Game, ParseError> parse_game(std::string_view text, const std::string& filename,
                                          std::uint32_t first_line) {
  std::vector<std::uint32_t> line_starts;
  find_line_starts(text, line_starts);
  GameReader reader;
  Game game;
  if (auto error = reader.read(std::string(text), line_starts, filename, first_line, game)) return std::move(*error);
  return game;
}

}  // namespace ppn::parser
