// The iterator and context types the grammar is instantiated with (grammar.cpp) and called
// with (parse_game.cpp). Both sides build the context with the same make_context calls.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "parser/ast.hpp"

namespace ppn::parser {
namespace x3 = boost::spirit::x3;

// White space between tokens: space, tab, CR, LF, FF, VT. A hand-written skipper, because it
// runs between every two tokens and needs no character classification tables.
struct ws_skipper : x3::parser<ws_skipper> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, It const& last, Ctx const&, RCtx&, Attr&) const {
    const It start = first;
    while (first != last) {
      const char c = *first;
      if (c != ' ' && c != '\n' && c != '\t' && c != '\r' && c != '\f' && c != '\v') break;
      ++first;
    }
    return first != start;  // x3::skip_over loops while the skipper succeeds
  }
};

struct state_tag;

using iterator_type = const char*;
using skipper_context_type =
    decltype(x3::make_context<x3::skipper_tag>(std::declval<ws_skipper const&>()));
using context_type = decltype(x3::make_context<state_tag>(std::declval<ast::ParseState&>(),
                                                           std::declval<skipper_context_type const&>()));

}  // namespace ppn::parser
