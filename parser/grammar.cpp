// The translation unit that instantiates the X3 game grammar (heavy templates live here and,
// for the `play` rule alone, in grammar_play.cpp).
#include "parser/config.hpp"
#include "parser/grammar_def.hpp"

namespace ppn::parser::grammar {
BOOST_SPIRIT_INSTANTIATE(game_type, iterator_type, context_type)
}  // namespace ppn::parser::grammar

namespace ppn::parser {
grammar::game_type const& game_grammar() { return grammar::game; }
}  // namespace ppn::parser
