// The iterator and context types the grammar is instantiated with (grammar.cpp) and called
// with (parse_game.cpp). Both sides build the context with the same make_context calls.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <cstdint>

#include "parser/ast.hpp"

namespace ppn::parser {
namespace x3 = boost::spirit::x3;

// White space between tokens: space, tab, CR, LF, FF, VT. A hand-written skipper, because it
// runs before nearly every token: one table-free test per byte, and no test for the end of the
// text: the grammar only ever reads a std::string's text (GameReader::read), whose terminating
// NUL is not white space and so stops the skip there at the latest.
inline constexpr std::uint64_t ws_mask =
    (1ULL << ' ') | (1ULL << '\n') | (1ULL << '\t') | (1ULL << '\r') | (1ULL << '\f') | (1ULL << '\v');
constexpr bool is_ws(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u <= ' ' && ((ws_mask >> u) & 1U) != 0;
}
struct ws_skipper : x3::parser<ws_skipper> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& /*last*/, Ctx const&, RCtx&, Attr&) const {
    const char* p = first;  // a local: the compiler need not store through `first` per byte
    while (is_ws(*p)) ++p;  // (*last is the text's NUL, see above)
    first = p;
    // x3::skip_over calls the skipper until it fails; it has already skipped everything, so
    // it "fails" at once rather than being called a second time to find nothing.
    return false;
  }
};

struct state_tag;

using iterator_type = const char*;
using skipper_context_type =
    decltype(x3::make_context<x3::skipper_tag>(std::declval<ws_skipper const&>()));
using context_type = decltype(x3::make_context<state_tag>(std::declval<ast::ParseState&>(),
                                                           std::declval<skipper_context_type const&>()));

}  // namespace ppn::parser
