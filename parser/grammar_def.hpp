// Definition of the PPN game grammar. Every x3::rule here carries the name of the EBNF rule
// it implements in notation/SPEC.md (tests/notation_spec_consistency.cpp checks that every
// EBNF rule name appears below as `rule<..> const NAME = "NAME"`).
//
// The grammar parses straight into the notation model (notation/game.hpp). Semantic actions
// write into the rule's own attribute (_val) only after their subject matched, so a branch
// that fails and backtracks leaves nothing behind. Expectation points (`>`) turn a failure
// after a committed token into a located error naming the rule that was expected; the
// messages for those names live in error_handler.hpp.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "notation/position_id.hpp"
#include "notation/text_util.hpp"
#include "parser/ast.hpp"
#include "parser/ast_adapted.hpp"
#include "parser/config.hpp"
#include "parser/grammar.hpp"

namespace ppn::parser::grammar {

using x3::_attr;
using x3::_val;
using x3::char_;
using x3::eoi;
using x3::eps;
using x3::lexeme;
using x3::lit;
using x3::raw;

// An error found by a semantic action (not by a failed expectation): `which` starts with '!'
// and holds the whole message (error_handler.hpp).
template <typename It>
[[noreturn]] void fail_at(It where, const std::string& message) {
  throw x3::expectation_failure<It>(where, "!" + message);
}

}  // namespace ppn::parser::grammar

// Error messages name the rule whose expectation failed. X3 names a rule by its name string
// but a parser with a semantic action, or a number parser, by its C++ type; these two
// specializations give them readable names (mapped to messages in error_handler.cpp).
namespace boost::spirit::x3 {
template <typename Subject, typename F>
struct get_info<action<Subject, F>> {
  using result_type = std::string;
  std::string operator()(action<Subject, F> const& p) const { return what(p.subject); }
};
template <typename T, unsigned Radix, unsigned Min, int Max>
struct get_info<uint_parser<T, Radix, Min, Max>> {
  using result_type = std::string;
  std::string operator()(uint_parser<T, Radix, Min, Max> const&) const { return "uint"; }
};
}  // namespace boost::spirit::x3

namespace ppn::parser::grammar {

// ---- rule declarations (names as in SPEC.md) ----------------------------------------------
struct tag_pair_class;

game_type const game = "game";
x3::rule<tag_pair_class, Tag> const tag_pair = "tag_pair";
x3::rule<class tag_name_class, std::string> const tag_name = "tag_name";
x3::rule<class tag_value_class, std::string> const tag_value = "tag_value";
x3::rule<class string_char_class, char> const string_char = "string_char";
x3::rule<class movetext_class, std::vector<MovetextEntry>> const movetext = "movetext";
x3::rule<class movetext_entry_class, MovetextEntry> const movetext_entry = "movetext_entry";
x3::rule<class roll_line_class> const roll_line = "roll_line";
x3::rule<class move_number_class, std::uint32_t> const move_number = "move_number";
x3::rule<class seat_class, Colour> const seat = "seat";
x3::rule<class dice_class, std::array<std::uint8_t, 2>> const dice = "dice";
x3::rule<class die_class, std::uint8_t> const die = "die";
x3::rule<class play_class> const play = "play";
x3::rule<class no_play_class> const no_play = "no_play";
x3::rule<class penalty_class, std::optional<MiniMove>> const penalty = "penalty";
x3::rule<class step_class, ast::WrittenStep> const step = "step";
x3::rule<class bonus_move_class, ast::WrittenStep> const bonus_move = "bonus_move";
x3::rule<class bonus_value_class, std::uint8_t> const bonus_value = "bonus_value";
x3::rule<class bonus_target_class, std::optional<MiniMove>> const bonus_target = "bonus_target";
x3::rule<class move_chain_class, ast::WrittenStep> const move_chain = "move_chain";
x3::rule<class mini_move_class, MiniMove> const mini_move = "mini_move";
x3::rule<class capture_class, bool> const capture = "capture";
x3::rule<class square_class, Square> const square = "square";
x3::rule<class nest_square_class, Square> const nest_square = "nest_square";
x3::rule<class home_path_square_class, Square> const home_path_square = "home_path_square";
x3::rule<class home_square_class, Square> const home_square = "home_square";
x3::rule<class ring_square_class, Square> const ring_square = "ring_square";
x3::rule<class annotation_class, std::uint16_t> const annotation = "annotation";
x3::rule<class nag_class, std::uint16_t> const nag = "nag";
x3::rule<class comment_class, std::string> const comment = "comment";
x3::rule<class brace_comment_class, std::string> const brace_comment = "brace_comment";
x3::rule<class comment_body_class, std::string> const comment_body = "comment_body";
x3::rule<class line_comment_class, std::string> const line_comment = "line_comment";
x3::rule<class variation_class> const variation = "variation";
x3::rule<class observed_position_class, ObservedPosition> const observed_position = "observed_position";
x3::rule<class position_text_class, std::string_view> const position_text = "position_text";
x3::rule<class withdrawal_class, Withdrawal> const withdrawal = "withdrawal";
x3::rule<class withdrawal_kind_class, WithdrawalKind> const withdrawal_kind = "withdrawal_kind";

// ---- character classes (ASCII only, no locale) --------------------------------------------
auto const digit_char = char_('0', '9');
auto const letter_char = char_('A', 'Z') | char_('a', 'z');
auto const word_char = letter_char | digit_char | char_('_');

// A keyword in any letter case that is not the prefix of a longer word (`PENALTY`, `resigns`).
// Hand-written: x3::no_case calls the C library's toupper per character, which showed up
// as the largest single cost in `ppn bench parse`.
struct keyword_parser : x3::parser<keyword_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  std::string_view lower;  // the keyword in lower case
  constexpr explicit keyword_parser(std::string_view w) : lower(w) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr&) const {
    x3::skip_over(first, last, ctx);
    It it = first;
    for (char want : lower) {
      if (it == last || ppn::to_lower(*it) != want) return false;
      ++it;
    }
    if (it != last) {
      const char c = *it;
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') return false;
    }
    first = it;
    return true;
  }
};
constexpr keyword_parser keyword(std::string_view lower) { return keyword_parser(lower); }
auto const n_letter = lit('N') | lit('n');
auto const h_letter = lit('h') | lit('H');
auto const x_letter = lit('x') | lit('X');

// ---- semantic actions ---------------------------------------------------------------------
auto const assign = [](auto& ctx) { _val(ctx) = std::move(_attr(ctx)); };
template <auto V>
auto const assign_value = [](auto& ctx) { _val(ctx) = V; };

// ---- tags ---------------------------------------------------------------------------------
auto const tag_pair_def = lit('[') > tag_name > tag_value > lit(']');
auto const tag_name_def = lexeme[letter_char >> *word_char];
auto const tag_value_def = lexeme[lit('"') > *string_char > lit('"')];
// `\"` and `\\` are the only escapes; a value ends at its line (PGN export format 8.1).
auto const string_char_def = (lit('\\') > char_("\"\\")) | ~char_("\"\\\n");

// ---- game and movetext --------------------------------------------------------------------
auto const push_tag = [](auto& ctx) { _val(ctx).tags.push_back(std::move(_attr(ctx))); };
auto const push_leading = [](auto& ctx) { _val(ctx).leading_comments.push_back(std::move(_attr(ctx))); };
// The movetext entries are appended straight to the game (through ParseState::entries), so a
// roll is moved once, not through a variant temporary.
auto const open_movetext = [](auto& ctx) {
  Game& g = _val(ctx);
  g.movetext.reserve(256);
  x3::get<state_tag>(ctx).entries = &g.movetext;
};
auto const game_def = *(tag_pair[push_tag] | comment[push_leading]) >> eps[open_movetext] >> movetext;

auto const push_entry = [](auto& ctx) { x3::get<state_tag>(ctx).entries->emplace_back(std::move(_attr(ctx))); };
auto const movetext_def = *(!eoi > movetext_entry);
// A withdrawal is only tried on a line starting with a letter, so numbered roll lines skip it.
auto const movetext_entry_def =
    (&letter_char >> withdrawal[push_entry]) | roll_line | observed_position[push_entry];

// ---- roll line ----------------------------------------------------------------------------
// Built in place (ParseState::roll_stack) rather than through a Roll attribute: moving a
// Roll through X3's attribute temporaries cost about a fifth of the parse time. The roll is
// opened by the action of its first token (number or seat); after that every failure is an
// expectation failure that abandons the whole game, so nothing needs undoing.
template <typename Ctx>
ast::ParseState& state_of(Ctx const& ctx) {
  return x3::get<state_tag>(ctx);
}
template <typename Ctx>
Roll& roll_of(Ctx const& ctx) {
  return x3::get<state_tag>(ctx).roll();
}
// `eps` skips the white space before the roll, and in Boost 1.81 _where(ctx) starts where the
// match ended: at the roll. The offset becomes line and column in parse_game.cpp.
auto const mark_roll_start = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  st.roll_start = static_cast<std::uint32_t>(x3::_where(ctx).begin() - st.begin);
};
template <typename Ctx>
Roll& open_roll(Ctx const& ctx) {
  ast::ParseState& st = state_of(ctx);
  Roll* r = st.variation_stack.empty() ? &std::get<Roll>(st.entries->emplace_back(std::in_place_type<Roll>))
                                       : &st.variation_stack.back()->emplace_back();
  r->line = st.roll_start;
  st.roll_stack.push_back(r);
  return *r;
}
auto const open_numbered_roll = [](auto& ctx) { open_roll(ctx).number = _attr(ctx); };
auto const open_seat_roll = [](auto& ctx) { open_roll(ctx).seat = _attr(ctx); };
auto const close_roll = [](auto& ctx) { state_of(ctx).roll_stack.pop_back(); };
auto const set_seat = [](auto& ctx) { roll_of(ctx).seat = _attr(ctx); };
auto const set_dice = [](auto& ctx) { roll_of(ctx).dice = _attr(ctx); };
auto const push_nag = [](auto& ctx) { roll_of(ctx).nags.push_back(_attr(ctx)); };
auto const push_roll_comment = [](auto& ctx) { roll_of(ctx).comments.push_back(std::move(_attr(ctx))); };
auto const push_comment = [](auto& ctx) { _val(ctx).comments.push_back(std::move(_attr(ctx))); };

auto const roll_line_def = eps[mark_roll_start] >>
                           (((move_number[open_numbered_roll] > seat[set_seat]) | seat[open_seat_roll])  //
                            > dice[set_dice] > lit(':') > play)                                          //
                           >> *(&char_("!?$") >> annotation[push_nag])                                   //
                           >> *(&char_("{;(") >> (comment[push_roll_comment] | variation))               //
                           >> eps[close_roll];

auto const move_number_def = lexeme[x3::uint_parser<std::uint32_t>() >> +lit('.')];
auto const seat_def = char_("GRBYgrby")[([](auto& ctx) { _val(ctx) = *colour_from_letter(_attr(ctx)); })];

auto const set_die0 = [](auto& ctx) { _val(ctx)[0] = _attr(ctx); };
auto const set_die1 = [](auto& ctx) { _val(ctx)[1] = _attr(ctx); };
auto const dice_def = lexeme[die[set_die0] >> -(lit('-') > die[set_die1])];
auto const die_def =
    lexeme[char_('1', '6')[([](auto& ctx) { _val(ctx) = static_cast<std::uint8_t>(_attr(ctx) - '0'); })] >>
           !digit_char];

// ---- play ---------------------------------------------------------------------------------
auto const set_no_play = [](auto& ctx) { roll_of(ctx).kind = PlayKind::NoPlay; };
auto const set_penalty = [](auto& ctx) {
  Roll& r = roll_of(ctx);
  r.kind = PlayKind::Penalty;
  r.penalty_move = _attr(ctx);
};
// A chain `a/b/c` is written out as the mini-moves a/b and b/c (SPEC.md "Mini-moves").
auto const push_step = [](auto& ctx) {
  const ast::WrittenStep& w = _attr(ctx);
  auto& steps = roll_of(ctx).steps;
  if (steps.capacity() == 0) steps.reserve(4);  // one allocation for most plays
  if (w.bonus != 0 && w.forfeited) {
    steps.push_back(Step{w.bonus, std::nullopt});
    return;
  }
  for (std::uint8_t i = 1; i < w.size; ++i) {
    steps.push_back(Step{i == 1 ? w.bonus : std::uint8_t{0},
                         MiniMove{w.squares[i - 1], w.squares[i], w.capture[i]}});
  }
};
auto const play_def = no_play[set_no_play] | penalty[set_penalty] | +step[push_step];
auto const no_play_def = lit('-');
auto const penalty_def = keyword("penalty") >> -mini_move;

auto const step_def = bonus_move | move_chain;

auto const set_bonus = [](auto& ctx) { _val(ctx).bonus = _attr(ctx); };
auto const set_bonus_target = [](auto& ctx) {
  ast::WrittenStep& w = _val(ctx);
  const std::optional<MiniMove>& m = _attr(ctx);
  if (!m) {
    w.forfeited = true;
    return;
  }
  w.squares[0] = m->from;
  w.squares[1] = m->to;
  w.capture[1] = m->capture;
  w.size = 2;
};
auto const bonus_move_def = lit('+') > bonus_value[set_bonus] > bonus_target[set_bonus_target];
auto const bonus_value_def =
    lexeme[(lit("10")[assign_value<std::uint8_t{10}>] | lit("20")[assign_value<std::uint8_t{20}>]) >> !digit_char];
auto const bonus_target_def =
    lit('-')[([](auto& ctx) { _val(ctx) = std::nullopt; })] | mini_move[([](auto& ctx) { _val(ctx) = _attr(ctx); })];

auto const chain_first = [](auto& ctx) {
  ast::WrittenStep& w = _val(ctx);
  w.squares[0] = _attr(ctx);
  w.size = 1;
};
auto const chain_next = [](auto& ctx) {
  ast::WrittenStep& w = _val(ctx);
  if (w.size == ast::WrittenStep::max_squares) {
    fail_at(x3::_where(ctx).begin(), "a chained move has at most 7 mini-moves");
  }
  w.squares[w.size] = _attr(ctx);
  w.capture[w.size] = false;
  ++w.size;
};
auto const chain_capture = [](auto& ctx) { _val(ctx).capture[_val(ctx).size - 1] = true; };
auto const move_chain_def =
    lexeme[square[chain_first] >> +((lit('/') > square[chain_next]) >> -(x_letter[chain_capture]))];
auto const mini_move_def = lexeme[(square >> lit('/') > square) >> capture];
auto const capture_def = x3::matches[x_letter];

// ---- squares (mover's own coordinates, SPEC.md "Squares") ---------------------------------
auto const square_def = ring_square | nest_square | home_path_square | home_square;
auto const nest_square_def = n_letter[assign_value<Square::nest()>];
auto const home_path_square_def = lexeme[h_letter >> char_('1', '9')[([](auto& ctx) {
                                           _val(ctx) = Square::home_path(static_cast<std::uint8_t>(_attr(ctx) - '0'));
                                         })] >>
                                         !digit_char];
auto const home_square_def = lexeme[h_letter >> !digit_char][assign_value<Square::home()>];
auto const ring_square_def = lexeme[x3::uint_parser<std::uint8_t, 10, 1, 2>()[([](auto& ctx) {
                                      _val(ctx) = Square::ring(_attr(ctx));
                                    })] >>
                                    !digit_char];

// ---- annotations, comments, variations ----------------------------------------------------
auto const annotation_def = lit("!!")[assign_value<std::uint16_t{3}>] | lit("??")[assign_value<std::uint16_t{4}>] |
                            lit("!?")[assign_value<std::uint16_t{5}>] | lit("?!")[assign_value<std::uint16_t{6}>] |
                            lit('!')[assign_value<std::uint16_t{1}>] | lit('?')[assign_value<std::uint16_t{2}>] |
                            nag[assign];
auto const nag_def = lexeme[(lit('$') > x3::uint_parser<std::uint16_t, 10, 1, 3>()) >> !digit_char];

auto const normalized_text = [](auto& ctx) {
  auto range = _attr(ctx);
  _val(ctx) = normalize_space(std::string_view(range.begin(), static_cast<std::size_t>(range.size())));
};
auto const comment_def = brace_comment | line_comment;
auto const brace_comment_def = lexeme[lit('{') > comment_body];
auto const comment_body_def = raw[*~char_('}')][normalized_text] >> lit('}');
auto const line_comment_def = lexeme[lit(';') >> raw[*~char_('\n')][normalized_text]];

auto const open_variation = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  Roll& r = st.roll();
  r.variations.emplace_back();
  st.variation_stack.push_back(&r.variations.back());
};
auto const close_variation = [](auto& ctx) { state_of(ctx).variation_stack.pop_back(); };
auto const variation_def = (lit('(')[open_variation] > roll_line) >> *roll_line > lit(')')[close_variation];

// ---- observed position and withdrawal -----------------------------------------------------
// Like mark_roll_start: the entry's byte offset, held in `line` until parse_game.cpp converts it.
auto const mark_position = [](auto& ctx) {
  _val(ctx).line = static_cast<std::uint32_t>(x3::_where(ctx).begin() - state_of(ctx).begin);
  _val(ctx).column = 0;
};
auto const set_observed = [](auto& ctx) {
  std::string_view text = _attr(ctx);
  auto parsed = parse_position_id(text);
  if (auto* err = std::get_if<PositionIdError>(&parsed)) {
    fail_at(text.data() + err->offset, "bad position ID: " + err->message);
  }
  _val(ctx).position = std::move(std::get<PositionDesc>(parsed));
};
auto const observed_position_def = eps[mark_position] >> (lit('@') > position_text[set_observed]) >> *comment[push_comment];
auto const position_text_def = lexeme[raw[+~char_("\n{;")][([](auto& ctx) {
  auto range = _attr(ctx);
  _val(ctx) = std::string_view(range.begin(), static_cast<std::size_t>(range.size()));
})]];

auto const set_kind = [](auto& ctx) { _val(ctx).kind = _attr(ctx); };
auto const set_withdrawal_seat = [](auto& ctx) { _val(ctx).seat = _attr(ctx); };
auto const withdrawal_def = eps[mark_position] >> seat[set_withdrawal_seat] >> withdrawal_kind[set_kind] >> *comment[push_comment];
auto const withdrawal_kind_def = keyword("resigns")[assign_value<WithdrawalKind::Resigns>] |
                                 keyword("abandons")[assign_value<WithdrawalKind::Abandons>];

BOOST_SPIRIT_DEFINE(game, tag_pair, tag_name, tag_value, string_char, movetext, movetext_entry, roll_line,
                    move_number, seat, dice, die, play, no_play, penalty, step, bonus_move, bonus_value,
                    bonus_target, move_chain, mini_move, capture, square, nest_square, home_path_square,
                    home_square, ring_square, annotation, nag, comment, brace_comment, comment_body,
                    line_comment, variation, observed_position, position_text, withdrawal, withdrawal_kind)

// ---- source positions ---------------------------------------------------------------------
// The tag positions (for the tag-value checks in parse_game.cpp) come from on_success.
struct tag_pair_class {
  template <typename It, typename Attr, typename Ctx>
  void on_success(It const& first, It const&, Attr&, Ctx const& ctx) {
    x3::get<state_tag>(ctx).tag_positions.push_back(first);
  }
};

}  // namespace ppn::parser::grammar

namespace ppn::parser {
grammar::game_type const& game_grammar() { return grammar::game; }
}  // namespace ppn::parser
