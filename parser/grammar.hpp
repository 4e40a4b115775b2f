// Declaration of the PPN game grammar (Boost.Spirit X3). Included only inside parser/.
// Defined in grammar_def.hpp, instantiated in grammar.cpp: the whole game, and one roll's play
// on its own (parse_play).
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "notation/game.hpp"

namespace ppn::parser {
namespace x3 = boost::spirit::x3;

namespace grammar {
struct game_class;
using game_type = x3::rule<game_class, ppn::Game>;
class play_class;
using play_type = x3::rule<play_class>;
BOOST_SPIRIT_DECLARE(game_type, play_type)
}  // namespace grammar

// The grammar of one game (notation/SPEC.md, rule `game`).
grammar::game_type const& game_grammar();
// The grammar of one roll's play (SPEC.md, rule `play`): it writes into the roll on top of
// the ParseState's roll stack (ast::ParseState::roll), as inside a roll line.
grammar::play_type const& play_grammar();

}  // namespace ppn::parser
