// A game given as text in a test, parsed.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "parser/parser.hpp"

namespace ppn::test {

// `text` parsed as the file "t.ppn"; the test fails when it does not parse.
inline Game parse_one(const std::string& text) {
  auto r = parser::parse_game(text, "t.ppn");
  if (auto* e = std::get_if<parser::ParseError>(&r)) FAIL(e->format());
  return std::get<Game>(r);
}

}  // namespace ppn::test
