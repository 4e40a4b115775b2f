// The first game of a project file (a sample or a test input), parsed; the test fails when the
// file does not parse cleanly.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "parser/parser.hpp"
#include "shared_data.hpp"

namespace ppn::test {

inline Game read_first_game(const std::string& rel) {
  std::ifstream in(source_path(rel), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  auto r = parser::parse_all(ss.str(), rel);
  REQUIRE(r.errors.empty());
  REQUIRE(!r.games.empty());
  return r.games.front();
}

}  // namespace ppn::test
