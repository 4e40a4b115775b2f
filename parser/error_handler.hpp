// Turning X3 expectation failures into ParseError values: the rule name X3 reports (`which`)
// is mapped to a message for people. Used only by parse_game.cpp.
#pragma once

#include <string>
#include <string_view>

#include "parser/parser.hpp"

namespace ppn::parser {

// "expected <what>" for an X3 `which` (a rule name from grammar_def.hpp, or a quoted literal).
// A `which` starting with '!' is already a whole message (grammar_def.hpp fail_at).
std::string describe_expectation(std::string_view which);

// A located error in a game's text. `where` points into `text` (or one past its end).
ParseError make_parse_error(std::string_view text, const char* where, std::string message,
                            const std::string& filename, std::uint32_t first_line);

}  // namespace ppn::parser
