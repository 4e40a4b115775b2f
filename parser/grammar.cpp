// The one translation unit that instantiates the X3 grammar (heavy templates live here only).
#include "parser/config.hpp"
#include "parser/grammar_def.hpp"

namespace ppn::parser::grammar {
BOOST_SPIRIT_INSTANTIATE(game_type, iterator_type, context_type)
}  // namespace ppn::parser::grammar
