// Definition of the PPN game grammar. Every x3::rule here carries the name of the EBNF rule
// it implements in notation/SPEC.md (tests/notation_spec_consistency_test.cpp checks that every
// EBNF rule name appears below as `rule<..> const NAME = "NAME"`).
//
// The grammar parses straight into the notation model (notation/game.hpp). Semantic actions
// write into the rule's own attribute (_val), or into the roll being built (ParseState), only
// after their subject matched and once nothing can backtrack past them, so a branch that
// fails and backtracks leaves nothing behind. Expectation points (`>`) turn a failure after a
// committed token into a located error naming the rule that was expected; the messages for
// those names live in error_handler.hpp.
//
// Speed (`ppn bench parse`, floor 150 MB/s): rolls and steps are built in place rather than
// carried as attributes, the hottest leaf rules are defined by hand-written X3 primitives
// ("tokens" below), the hottest composite ones (move_chain, a roll line's head, a tag value's
// string_char run) by primitives written over their own sub-rules, so that they are made of
// the same rules as their EBNF, the hot alternatives try only what their next byte can start
// (byte_alternative), and one ParseState and Game serve a whole stream (game_reader.hpp). A
// small value that an action reads back as a whole is written as a whole, or built where it
// is kept (token_parser::store, push_step): written a byte at a time, its read waited for
// the stores to land, which cost more than the parsing around it.
#pragma once

#include <array>
#include <bit>
#include <boost/spirit/home/x3.hpp>
#include <cstring>
#include <string_view>
#include <tuple>
#include <type_traits>

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
[[noreturn, gnu::cold, gnu::noinline]] void fail_at(It where, const std::string& message) {
  throw x3::expectation_failure<It>(where, "!" + message);
}
// The expectation failure of `> subject` where `subject` failed at `where`, as X3's expect
// directive throws it; out of line, so that the hand-written rules below keep the code that
// builds the message out of their own.
template <typename It, typename Subject>
[[noreturn, gnu::cold, gnu::noinline]] void expected(It where, Subject const& subject) {
  throw x3::expectation_failure<It>(where, x3::what(subject));
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
// movetext and movetext_entry have no attribute: their entries go straight into the game
// (ParseState::next_entry). With an attribute, X3 would build every entry a second time, as a
// default-constructed placeholder in a container of its own, and destroy it again.
x3::rule<class movetext_class> const movetext = "movetext";
x3::rule<class movetext_entry_class> const movetext_entry = "movetext_entry";
x3::rule<class roll_line_class> const roll_line = "roll_line";
x3::rule<class move_number_class, std::uint32_t> const move_number = "move_number";
x3::rule<class seat_class, Colour> const seat = "seat";
x3::rule<class dice_class> const dice = "dice";  // (written into the roll: dice_def)
x3::rule<class die_class, std::uint8_t> const die = "die";
play_type const play = "play";  // (also parsed on its own: parse_play)
x3::rule<class no_play_class> const no_play = "no_play";
x3::rule<class penalty_class, std::optional<SquareMove>> const penalty = "penalty";
x3::rule<class step_class> const step = "step";
x3::rule<class bonus_move_class> const bonus_move = "bonus_move";
x3::rule<class bonus_value_class, std::uint8_t> const bonus_value = "bonus_value";
x3::rule<class bonus_target_class, std::optional<SquareMove>> const bonus_target = "bonus_target";
x3::rule<class move_chain_class> const move_chain = "move_chain";
x3::rule<class pawn_owner_class, Colour> const pawn_owner = "pawn_owner";
x3::rule<class mini_move_class, SquareMove> const mini_move = "mini_move";
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
// ---- tokens -------------------------------------------------------------------------------
// Hand-written X3 primitives for the leaves that every roll line holds several of (a square,
// a die, a seat letter, a move number). Each is one rule's whole definition and matches
// exactly what that rule's EBNF says; written by hand because X3's generic number and
// character-set parsers, combined with `!digit_char` lookaheads and semantic actions, cost
// several times as much per token (`ppn bench parse`).
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Base of the tokens: skips white space as any X3 primitive does (a no-op inside lexeme[]),
// then lets Derived::match(it, last, value) read the token; stores the value on success.
template <typename Derived, typename Value>
struct token_parser : x3::parser<Derived> {
  using attribute_type = Value;
  static bool const has_attribute = true;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx&, Attr& attr) const {
    x3::skip_over(first, last, ctx);
    It it = first;
    Value v{};
    if (!Derived::match(it, last, v)) return false;
    store(v, attr);
    first = it;
    return true;
  }

 private:
  // A value of two bytes (a Square) is stored with one 16-bit write: built field by field it
  // was written a byte at a time, and the action that reads it back whole right after (a
  // chain's mini-move) stalled until both stores had landed (store forwarding: a third of a
  // chain step's time in `perf annotate` of `ppn bench parse`).
  template <typename Attr>
  static void store(Value const& v, Attr& attr) {
    if constexpr (std::is_same_v<Attr, Value> && sizeof(Value) == 2 && std::is_trivially_copyable_v<Value>) {
      const auto whole = std::bit_cast<std::uint16_t>(v);
      std::memcpy(static_cast<void*>(&attr), &whole, sizeof whole);
    } else {
      x3::traits::move_to(v, attr);
    }
  }
};

// ring_square: digit, [digit], not followed by a digit.
struct ring_square_token : token_parser<ring_square_token, Square> {
  static bool match(const char*& it, const char* last, Square& out) {
    if (it == last || !is_digit(*it)) return false;
    unsigned v = static_cast<unsigned>(*it++ - '0');
    if (it != last && is_digit(*it)) v = v * 10 + static_cast<unsigned>(*it++ - '0');
    if (it != last && is_digit(*it)) return false;
    out = Square::ring(static_cast<std::uint8_t>(v));
    return true;
  }
};
// nest_square: 'N' (either case).
struct nest_square_token : token_parser<nest_square_token, Square> {
  static bool match(const char*& it, const char* last, Square& out) {
    if (it == last || (*it != 'N' && *it != 'n')) return false;
    ++it;
    out = Square::nest();
    return true;
  }
};
// home_path_square: 'h' (either case), '1'..'9', not followed by a digit.
struct home_path_square_token : token_parser<home_path_square_token, Square> {
  static bool match(const char*& it, const char* last, Square& out) {
    if (last - it < 2 || (it[0] != 'h' && it[0] != 'H') || it[1] < '1' || it[1] > '9') return false;
    if (last - it > 2 && is_digit(it[2])) return false;
    out = Square::home_path(static_cast<std::uint8_t>(it[1] - '0'));
    it += 2;
    return true;
  }
};
// home_square: 'H' (either case), not followed by a digit.
struct home_square_token : token_parser<home_square_token, Square> {
  static bool match(const char*& it, const char* last, Square& out) {
    if (it == last || (*it != 'h' && *it != 'H')) return false;
    if (last - it > 1 && is_digit(it[1])) return false;
    ++it;
    out = Square::home();
    return true;
  }
};
// die: '1'..'6', not followed by a digit.
struct die_token : token_parser<die_token, std::uint8_t> {
  static bool match(const char*& it, const char* last, std::uint8_t& out) {
    if (it == last || *it < '1' || *it > '6') return false;
    if (last - it > 1 && is_digit(it[1])) return false;
    out = static_cast<std::uint8_t>(*it++ - '0');
    return true;
  }
};
// seat: 'G' | 'R' | 'B' | 'Y' (either case). A table rather than a switch: the seats take
// turns, so the switch's jump mispredicted at nearly every roll.
struct seat_token : token_parser<seat_token, Colour> {
  static constexpr auto seats = [] {
    std::array<std::int8_t, 256> t{};
    t.fill(-1);
    for (const auto& [upper, c] : {std::pair{'G', Colour::Green}, std::pair{'R', Colour::Red},
                                   std::pair{'B', Colour::Blue}, std::pair{'Y', Colour::Yellow}}) {
      t[static_cast<unsigned char>(upper)] = static_cast<std::int8_t>(c);
      t[static_cast<unsigned char>(upper | 0x20)] = static_cast<std::int8_t>(c);
    }
    return t;
  }();
  static bool match(const char*& it, const char* last, Colour& out) {
    if (it == last) return false;
    const std::int8_t c = seats[static_cast<unsigned char>(*it)];
    if (c < 0) return false;
    out = static_cast<Colour>(c);
    ++it;
    return true;
  }
};
// tag_name: letter, { letter | digit | '_' }.
struct tag_name_token : token_parser<tag_name_token, std::string> {
  static bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
  static bool match(const char*& it, const char* last, std::string& out) {
    const char* const start = it;
    if (it == last || !is_letter(*it)) return false;
    ++it;
    while (it != last && (is_letter(*it) || is_digit(*it) || *it == '_')) ++it;
    out.assign(start, static_cast<std::size_t>(it - start));
    return true;
  }
};
// string_char: '\' , ( '"' | '\' ) | any byte except '"', '\', LF. After a backslash the
// escaped character is expected: anything else is the same located error X3's
// `lit('\\') > char_("\"\\")` reports (named "char-set", error_handler.cpp).
struct string_char_token : token_parser<string_char_token, char> {
  static bool match(const char*& it, const char* last, char& out) {
    if (it == last) return false;
    const char c = *it;
    if (c == '\\') {
      if (last - it < 2 || (it[1] != '"' && it[1] != '\\')) throw x3::expectation_failure<const char*>(it + 1, "char-set");
      out = it[1];
      it += 2;
      return true;
    }
    if (c == '"' || c == '\n') return false;
    out = c;
    ++it;
    return true;
  }
};
// { ? any byte except C ? } (comment text): the longest run of bytes other than C, possibly
// empty, as a view of the input (found with memchr rather than byte by byte).
template <char C>
struct bytes_except_token : x3::parser<bytes_except_token<C>> {
  using attribute_type = std::string_view;
  static bool const has_attribute = true;
  template <typename Ctx, typename RCtx, typename Attr>
  bool parse(const char*& first, const char* const& last, Ctx const& ctx, RCtx&, Attr& attr) const {
    x3::skip_over(first, last, ctx);
    const void* hit = std::memchr(first, C, static_cast<std::size_t>(last - first));
    const char* end = hit != nullptr ? static_cast<const char*>(hit) : last;
    x3::traits::move_to(std::string_view(first, static_cast<std::size_t>(end - first)), attr);
    first = end;
    return true;
  }
};
// unsigned (SPEC.md section 5): one or more digits, at most 4294967295 (an error beyond).
struct unsigned_token : token_parser<unsigned_token, std::uint32_t> {
  static bool match(const char*& it, const char* last, std::uint32_t& out) {
    if (it == last || !is_digit(*it)) return false;
    const char* const start = it;
    std::uint64_t v = 0;
    do {
      v = v * 10 + static_cast<std::uint64_t>(*it++ - '0');
      // No other token starts with a run of digits this long: an absurd number, said so.
      if (v > 0xFFFFFFFFu) fail_at(start, "number too large: a move number is at most 4294967295");
    } while (it != last && is_digit(*it));
    out = static_cast<std::uint32_t>(v);
    return true;
  }
};

auto const x_letter = lit('x') | lit('X');

// An ordered alternative `a | b | ...` that tries only the alternatives that can start with
// the next byte: each comes with a test of the bytes it can start with (at least those of its
// EBNF rule), so the choices and their order are the alternative's, but the parser does not
// enter, and fail in, every alternative before the one the byte selects. A hot alternative
// (play, step, movetext_entry) costs one byte test instead.
template <typename Starts, typename Subject>
struct starting_with {
  Starts can_start;  // bool(char)
  Subject subject;
};
template <typename... Choices>
struct byte_alternative : x3::parser<byte_alternative<Choices...>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  std::tuple<Choices...> choices;
  constexpr explicit byte_alternative(Choices... c) : choices(c...) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr& attr) const {
    x3::skip_over(first, last, ctx);
    if (first == last) return false;  // (no alternative here matches nothing)
    const char c = *first;
    return std::apply(
        [&](auto const&... choice) {
          return ((choice.can_start(c) && choice.subject.parse(first, last, ctx, rctx, attr)) || ...);
        },
        choices);
  }
};
template <typename Starts, typename Subject>
constexpr auto starts(Starts s, Subject p) {
  return starting_with<Starts, Subject>{s, p};
}
constexpr bool is_seat_letter(char c) { return seat_token::seats[static_cast<unsigned char>(c)] >= 0; }

// ---- semantic actions ---------------------------------------------------------------------
auto const assign = [](auto& ctx) { _val(ctx) = std::move(_attr(ctx)); };
template <auto V>
auto const assign_value = [](auto& ctx) { _val(ctx) = V; };

// ---- tags ---------------------------------------------------------------------------------
auto const tag_pair_def = lit('[') > tag_name > tag_value > lit(']');
auto const tag_name_def = tag_name_token();
// `*string_char`, appending each run of plain bytes at once: the kleene star called the
// string_char rule and appended its one byte for every byte of every tag value. An escape is
// still read by string_char itself (which also reports a bad one).
template <typename Sub>
struct string_chars_parser : x3::parser<string_chars_parser<Sub>> {
  using attribute_type = std::string;
  static bool const has_attribute = true;
  Sub sub;
  constexpr explicit string_chars_parser(Sub s) : sub(s) {}
  template <typename It, typename Ctx, typename RCtx>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, std::string& attr) const {
    x3::skip_over(first, last, ctx);
    for (;;) {
      It run = first;
      while (run != last && *run != '"' && *run != '\\' && *run != '\n') ++run;
      attr.append(first, run);
      first = run;
      char escaped = 0;
      if (first == last || *first != '\\' || !sub.parse(first, last, ctx, rctx, escaped)) return true;
      attr.push_back(escaped);
    }
  }
};
auto const tag_value_def = lexeme[lit('"') > string_chars_parser(string_char) > lit('"')];
// `\"` and `\\` are the only escapes; a value ends at its line (PGN export format 8.1).
auto const string_char_def = string_char_token();

// ---- game and movetext --------------------------------------------------------------------
auto const push_tag = [](auto& ctx) { _val(ctx).tags.push_back(std::move(_attr(ctx))); };
auto const push_leading = [](auto& ctx) { _val(ctx).leading_comments.push_back(std::move(_attr(ctx))); };
// The movetext entries are appended straight to the game (through ParseState::entries), so a
// roll is moved once, not through a variant temporary.
auto const open_movetext = [](auto& ctx) {
  Game& g = _val(ctx);
  g.movetext.reserve(256);
  ast::ParseState& st = x3::get<state_tag>(ctx);
  st.entries = &g.movetext;
  st.entry_count = 0;
};
auto const game_def = *(tag_pair[push_tag] | comment[push_leading]) >> eps[open_movetext] >> movetext;

auto const push_entry = [](auto& ctx) { x3::get<state_tag>(ctx).next_entry() = std::move(_attr(ctx)); };
// An observed position stands for rolls nobody saw: the next roll's number may jump forward.
auto const push_observed = [](auto& ctx) {
  x3::get<state_tag>(ctx).unseen = true;
  push_entry(ctx);
};
auto const movetext_def = *((!eoi) > movetext_entry);
// A withdrawal is only tried on a line starting with a letter, so numbered roll lines skip it.
// (Each alternative is tried only where its first byte can be: byte_alternative.)
auto const movetext_entry_def = byte_alternative(
    starts([](char c) { return is_seat_letter(c); }, withdrawal[push_entry]),
    starts([](char c) { return is_digit(c) || is_seat_letter(c); }, roll_line),
    starts([](char c) { return c == '@'; }, observed_position[push_observed]));

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
// match ended: at the roll. open_roll turns the offset into line and column.
auto const mark_roll_start = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  st.roll_start = static_cast<std::uint32_t>(x3::_where(ctx).begin() - st.begin);
};
// A main-line roll reuses a left-over entry of the previous game when there is one
// (ParseState::entry_count).
template <typename Ctx>
Roll& open_roll(Ctx const& ctx) {
  ast::ParseState& st = state_of(ctx);
  Roll* r;
  if (st.variation_stack.empty()) {
    MovetextEntry& e = st.next_entry();
    if (Roll* old = std::get_if<Roll>(&e)) {
      ast::reset_roll(*old);
      r = old;
    } else {
      r = &e.template emplace<Roll>();
    }
  } else {
    r = &st.variation_stack.back()->emplace_back();
  }
  std::tie(r->line, r->column) = st.locate_near(st.roll_start);
  st.roll_line_begin = st.line_starts[st.line_cursor];
  st.roll_line_end = st.line_cursor + 1 < st.line_count ? st.line_starts[st.line_cursor + 1] : UINT32_MAX;
  ++st.rolls_opened;
  st.push_roll(r);
  return *r;
}
// An omitted move number is one more than the previous roll's (notation/game.hpp
// Roll::number); a variation starts at the number of the roll it replaces (open_variation).
template <typename Ctx>
void number_roll(Ctx const& ctx, Roll& r, std::uint32_t number) {
  ast::ParseState& st = state_of(ctx);
  r.number = number;
  st.next_number = number + 1;
  st.any_number = false;
  st.unseen = false;
}
// A written number out of sequence is read as written, with a warning at it (W-MOVE-NUMBER).
template <typename Ctx>
void number_written_roll(Ctx const& ctx, Roll& r, std::uint32_t number) {
  ast::ParseState& st = state_of(ctx);
  if (number != st.next_number && !st.any_number && !(st.unseen && number > st.next_number)) {
    Diagnostic w;
    w.code = Code::move_number;
    w.severity = Severity::warning;
    w.file = *st.filename;
    w.line = r.line;
    w.column = r.column;
    w.message = "move number " + std::to_string(number) + " where " + std::to_string(st.next_number) +
                " follows the previous roll" + (st.variation_stack.empty() ? "" : " (in a variation)") +
                "; read as written (ppn fmt renumbers)";
    st.warnings->push_back(std::move(w));
  }
  number_roll(ctx, r, number);
}
auto const close_roll = [](auto& ctx) { state_of(ctx).pop_roll(); };
auto const push_nag = [](auto& ctx) { roll_of(ctx).nags.push_back(_attr(ctx)); };
auto const push_roll_comment = [](auto& ctx) { roll_of(ctx).comments.push_back(std::move(_attr(ctx))); };
auto const push_comment = [](auto& ctx) { _val(ctx).comments.push_back(std::move(_attr(ctx))); };

// The head of a roll line, `((move_number > seat) | seat) > dice > ':'`, hand-written over its
// rules: it opens the roll (open_roll) once its first token matched, and expects and fails
// exactly as that X3 expression did, one token after another, without its wrappers.
template <typename Number, typename Seat, typename Dice>
struct roll_head_parser : x3::parser<roll_head_parser<Number, Seat, Dice>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  Number number;
  Seat seat;
  Dice dice;
  constexpr roll_head_parser(Number n, Seat s, Dice d) : number(n), seat(s), dice(d) {}
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr&) const {
    It it = first;
    std::uint32_t n = 0;
    Colour colour{};
    if (number.parse(it, last, ctx, rctx, n)) {
      Roll& r = open_roll(ctx);
      number_written_roll(ctx, r, n);
      if (!seat.parse(it, last, ctx, rctx, colour)) expected(it, seat);
      r.seat = colour;
    } else {
      it = first;
      if (!seat.parse(it, last, ctx, rctx, colour)) return false;
      Roll& r = open_roll(ctx);
      r.seat = colour;
      number_roll(ctx, r, state_of(ctx).next_number);
    }
    if (!dice.parse(it, last, ctx, rctx, x3::unused)) expected(it, dice);
    x3::skip_over(it, last, ctx);
    if (it == last || *it != ':') expected(it, lit(':'));
    first = it + 1;
    return true;
  }
};
auto const roll_line_def = eps[mark_roll_start] >>
                           (roll_head_parser(move_number, seat, dice) > play)                            //
                           >> *(&char_("!?$") >> annotation[push_nag])                                   //
                           >> *(&char_("{;(") >> (comment[push_roll_comment] | variation))               //
                           >> eps[close_roll];

auto const move_number_def = lexeme[unsigned_token() >> +lit('.')];
auto const seat_def = seat_token();

// Each die goes straight into the roll (opened by then): through a dice attribute, the two
// bytes written one by one were read back as one word at once (a store-forwarding stall).
auto const set_die0 = [](auto& ctx) { roll_of(ctx).dice[0] = _attr(ctx); };
auto const set_die1 = [](auto& ctx) { roll_of(ctx).dice[1] = _attr(ctx); };
auto const dice_def = lexeme[die[set_die0] >> -(lit('-') > die[set_die1])];
auto const die_def = die_token();

// ---- play ---------------------------------------------------------------------------------
auto const set_no_play = [](auto& ctx) { roll_of(ctx).kind = PlayKind::NoPlay; };
auto const set_penalty = [](auto& ctx) {
  Roll& r = roll_of(ctx);
  r.kind = PlayKind::Penalty;
  r.penalty_move = _attr(ctx);
};
// A colour prefix after PENALTY (`PENALTY R:5/N`) is an error of its own: the third doublet
// sends back a pawn of the roll's own seat (SPEC.md 3.1); without this branch the `R` would be
// read as the seat of a next roll line and the message would be about dice.
auto const penalty_prefix = [](auto& ctx) {
  fail_at(x3::_where(ctx).begin(), "PENALTY sends back a pawn of the roll's own seat: no colour prefix");
};
// Steps are appended to the roll as they are read (like the roll itself, grammar_def.hpp
// "roll line"), not carried as attributes: step, bonus_move and move_chain have none.
auto const play_def = byte_alternative(
    starts([](char c) { return c == '-'; }, no_play[set_no_play]),
    starts([](char c) { return (c | 0x20) == 'p'; },
           penalty[set_penalty] >> -x3::omit[lexeme[seat_token() >> lit(':')]][penalty_prefix]),
    starts([](char c) { return c != '-' && (c | 0x20) != 'p'; }, +step));
auto const no_play_def = lit('-');
auto const penalty_def = keyword("penalty") >> -mini_move;

// A bonus move starts with '+', which no chain does (and after its '+' it cannot fail, only
// throw): the bonus move is not tried before every mini-move of every play.
auto const step_def = byte_alternative(starts([](char c) { return c == '+'; }, bonus_move),
                                       starts([](char c) { return c != '+'; }, move_chain));

// After the '+' every failure is an expectation failure, so a bonus step is appended only
// when the whole bonus move matched.
// Each step's source position is kept beside it (Roll::step_locations): a bonus step's at its
// '+', a mini-move's at its FROM square (the second mini-move of `a/b/c` at b).
// In an action, _where(ctx) begins where the match ended (see mark_roll_start): a token's start
// is found by stepping back over its letters and digits (squares and bonus values are such),
// together with any letters and digits that touch it in front (`4x4/7`: the second step at
// the first 4). `from`: the token's end, or any point inside it.
template <typename Ctx>
std::uint32_t token_start(Ctx const& ctx, const char* from) {
  const ast::ParseState& st = state_of(ctx);
  const char* p = from;
  auto alnum = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  while (p > st.begin && alnum(p[-1])) --p;
  return static_cast<std::uint32_t>(p - st.begin);
}
// The step is built where it is stored, field by field: a Step assembled on the stack and
// copied in was written a byte at a time and read back as one word (a store-forwarding
// stall, a third of a chain step's time in `perf annotate` of `ppn bench parse`).
template <typename Ctx>
void push_step(Ctx const& ctx, std::uint8_t bonus, std::optional<SquareMove> move, std::uint32_t at) {
  ast::ParseState& st = state_of(ctx);
  Roll& r = st.roll();
  Step& step = r.steps.emplace_back();
  step.bonus = bonus;
  step.move = move;
  step.owner = st.foreign_owner();
  const std::uint32_t column = at - st.roll_line_begin;  // (0-based, if on the roll's line)
  r.step_locations.push_back(column < st.roll_line_end - st.roll_line_begin ? std::pair{r.line, column + 1}
                                                                            : st.locate_near(at));
  if (r.steps.size() > st.most_steps) st.most_steps = r.steps.size();
}
auto const set_bonus = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  st.bonus = _attr(ctx);
  st.owner.reset();
  // the '+' just before the value
  st.chain_from_at = token_start(ctx, x3::_where(ctx).begin());
  if (st.chain_from_at > 0 && st.begin[st.chain_from_at - 1] == '+') --st.chain_from_at;
};
auto const push_bonus_step = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  push_step(ctx, st.bonus, _attr(ctx), st.chain_from_at);
};
auto const bonus_move_def = lit('+') > bonus_value[set_bonus] > bonus_target[push_bonus_step];
auto const bonus_value_def =
    lexeme[(lit("10")[assign_value<std::uint8_t{10}>] | lit("20")[assign_value<std::uint8_t{20}>]) >> !digit_char];
// Another colour's pawn (SPEC.md 3.1): `R:12/15`. Nothing else starts with a seat and ':', so
// after the prefix a square is expected (a located "expected a square" for `R: 12/15`).
// The prefix is remembered in the parse state
// and given to the steps the chain (or the bonus move) appends; a prefix naming the roll's own
// seat is dropped there (ParseState::foreign_owner), so `G:12/15` on Green's roll is `12/15`.
auto const set_owner = [](auto& ctx) { state_of(ctx).owner = _attr(ctx); };
auto const pawn_owner_def = lexeme[seat >> lit(':')];
auto const bonus_target_def =
    lit('-')[([](auto& ctx) { _val(ctx) = std::nullopt; })] |
    lexeme[(pawn_owner[set_owner] > mini_move[([](auto& ctx) { _val(ctx) = _attr(ctx); })]) |
           mini_move[([](auto& ctx) { _val(ctx) = _attr(ctx); })]];

// A chain `a/b/c` is written out as the mini-moves a/b and b/c (SPEC.md "Mini-moves"): each
// `/square` appends one. When no '/' follows the first square (as at the move number of the
// next roll line) the chain fails and nothing was appended.
// The chain is hand-written over its two rules, pawn_owner and square, rather than composed
// of X3 operators: it is the grammar's hottest rule (every mini-move is one), and X3's
// sequence, kleene, optional and action wrappers around each `/square` cost more than the
// parsing itself (`ppn bench parse`). It reads exactly the EBNF's sentence and fails and
// expects as the operator form did: after a pawn owner a square is expected; after '/' a
// square is expected; without an owner the chain fails, appending nothing, unless its first
// square is followed by '/'.
template <typename Owner, typename Sq>
struct move_chain_parser : x3::parser<move_chain_parser<Owner, Sq>> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  Owner owner;
  Sq square;
  constexpr move_chain_parser(Owner o, Sq s) : owner(o), square(s) {}

  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const& ctx, RCtx& rctx, Attr&) const {
    ast::ParseState& st = state_of(ctx);
    It it = first;
    Colour colour{};
    Square from{};
    const bool owned = owner.parse(it, last, ctx, rctx, colour);
    const It from_at = it;
    if (owned) {
      st.owner = colour;
      if (!square.parse(it, last, ctx, rctx, from)) expected(it, square);
    } else {
      st.owner.reset();
      if (!square.parse(it, last, ctx, rctx, from) || it == last || *it != '/') return false;
    }
    st.chain_from = from;
    st.chain_from_at = token_start(ctx, from_at);
    st.chain_squares = 1;
    bool chained = false;
    while (it != last && *it == '/') {
      ++it;
      // A square after '/' starts where it is read (token_start would find nothing to step
      // back over).
      const auto to_at = static_cast<std::uint32_t>(it - st.begin);
      Square to{};
      if (!square.parse(it, last, ctx, rctx, to)) expected(it, square);
      if (st.chain_squares == ast::ParseState::max_chain_squares) {
        fail_at(it, "a chained move has at most 7 mini-moves");
      }
      push_step(ctx, 0, SquareMove{st.chain_from, to, false}, st.chain_from_at);
      st.chain_from = to;
      st.chain_from_at = to_at;
      ++st.chain_squares;
      if (it != last && (*it == 'x' || *it == 'X')) {
        ++it;
        st.roll().steps.back().move->capture = true;
      }
      chained = true;
    }
    if (!chained) return false;
    first = it;
    return true;
  }
};
auto const move_chain_def = lexeme[move_chain_parser(pawn_owner, square)];
auto const mini_move_def = lexeme[(square >> lit('/') > square) >> capture];
auto const capture_def = x3::matches[x_letter];

// ---- squares (mover's own coordinates, SPEC.md "Squares") ---------------------------------
auto const square_def = ring_square | nest_square | home_path_square | home_square;
auto const nest_square_def = nest_square_token();
auto const home_path_square_def = home_path_square_token();
auto const home_square_def = home_square_token();
auto const ring_square_def = ring_square_token();

// ---- annotations, comments, variations ----------------------------------------------------
auto const annotation_def = lit("!!")[assign_value<std::uint16_t{3}>] | lit("??")[assign_value<std::uint16_t{4}>] |
                            lit("!?")[assign_value<std::uint16_t{5}>] | lit("?!")[assign_value<std::uint16_t{6}>] |
                            lit('!')[assign_value<std::uint16_t{1}>] | lit('?')[assign_value<std::uint16_t{2}>] |
                            nag[assign];
auto const nag_def = lexeme[(lit('$') > x3::uint_parser<std::uint16_t, 10, 1, 3>()) >> !digit_char];

// Comment text with its white space trimmed and runs of it collapsed to one space
// (notation/text_util.hpp normalize_space). Most comments, once trimmed, are written that way
// already (`{ a comment }`), and are then copied as they are.
inline bool single_spaced(std::string_view t) {  // t is trimmed
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == ' ' ? t[i + 1] == ' ' : is_ws(c)) return false;  // (t.back() is not a space)
  }
  return true;
}
auto const normalized_text = [](auto& ctx) {
  const std::string_view t = trim(_attr(ctx));
  if (single_spaced(t)) {
    _val(ctx).assign(t.data(), t.size());
  } else {
    _val(ctx) = normalize_space(t);
  }
};
auto const comment_def = brace_comment | line_comment;
auto const brace_comment_def = lexeme[lit('{') > comment_body];
auto const comment_body_def = bytes_except_token<'}'>()[normalized_text] >> lit('}');
auto const line_comment_def = lexeme[lit(';') >> bytes_except_token<'\n'>()[normalized_text]];

auto const open_variation = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  if (st.variation_stack.size() == ast::ParseState::max_variation_depth) {
    fail_at(x3::_where(ctx).begin(), "variations nest at most " + std::to_string(ast::ParseState::max_variation_depth) +
                                         " deep");
  }
  Roll& r = st.roll();
  r.variations.emplace_back();
  st.variation_stack.push_back(&r.variations.back());
  st.number_stack.push_back(st.next_number);
  st.next_number = *r.number;
};
auto const close_variation = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  st.variation_stack.pop_back();
  st.next_number = st.number_stack.back();
  st.number_stack.pop_back();
};
auto const variation_def = (lit('(')[open_variation] > roll_line) >> *roll_line > lit(')')[close_variation];

// ---- observed position and withdrawal -----------------------------------------------------
// Like mark_roll_start: where the entry starts.
auto const mark_position = [](auto& ctx) {
  ast::ParseState& st = state_of(ctx);
  std::tie(_val(ctx).line, _val(ctx).column) =
      st.locate_near(static_cast<std::uint32_t>(x3::_where(ctx).begin() - st.begin));
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
                    bonus_target, move_chain, pawn_owner, mini_move, capture, square, nest_square, home_path_square,
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
