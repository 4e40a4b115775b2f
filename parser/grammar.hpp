// Declaration of the PPN game grammar (Boost.Spirit X3). Included only inside parser/.
// Defined in grammar_def.hpp, instantiated in grammar.cpp.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "notation/game.hpp"

namespace ppn::parser {
namespace x3 = boost::spirit::x3;

namespace grammar {
struct game_class;
using game_type = x3::rule<game_class, ppn::Game>;
BOOST_SPIRIT_DECLARE(game_type)
}  // namespace grammar

// The grammar of one game (notation/SPEC.md, rule `game`).
grammar::game_type const& game_grammar();

}  // namespace ppn::parser
