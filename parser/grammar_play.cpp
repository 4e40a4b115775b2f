// The grammar's `play` rule on its own (parse_play.cpp), instantiated apart from the game
// (grammar.cpp). Instantiated in grammar.cpp, it changed the game's code there: in the game's
// context it is the very function the roll lines call, which the compiler then no longer
// inlined into them; and even in a context of its own the second copy of the play's code
// changed how the roll line, the steps and the move chains were inlined (objdump of
// grammar.cpp.o), the hottest code of `ppn bench parse`. In a translation unit of its own it
// leaves grammar.cpp's code byte for byte as it was.
#include "parser/config.hpp"
#include "parser/grammar_def.hpp"

namespace ppn::parser {
namespace grammar {
BOOST_SPIRIT_INSTANTIATE(play_type, iterator_type, context_type)
}  // namespace grammar

grammar::play_type const& play_grammar() { return grammar::play; }
}  // namespace ppn::parser
