// Directories of one-game files (a server's transcripts, one game per file) for the tests of
// commands that read many small files: their names and a game made illegal among them.
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdio>
#include <string>

namespace ppn::test {

// A self-play record made illegal in its roll 20: a mini-move `N/0` before the play recorded.
inline void plant_illegal_roll(std::string& game) {
  const auto roll = game.find("\n20. ");
  REQUIRE(roll != std::string::npos);
  game.insert(game.find(": ", roll) + 2, "N/0 ");
}

// The name of the n-th file of a directory of one-game files: g000.ppn, g001.ppn, ...
inline std::string one_game_file_name(std::size_t n) {
  char name[32];
  std::snprintf(name, sizeof name, "g%03zu.ppn", n);
  return name;
}

}  // namespace ppn::test
