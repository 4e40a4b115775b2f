// Project game files for tests: the sample records, the games of a file, the first game of a
// file (a sample or a test input).
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "parser/parser.hpp"
#include "shared_data.hpp"

namespace ppn::test {

// samples/*.ppn as full paths, in name order.
inline std::vector<std::string> sample_files() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(source_path("samples")))
    if (e.path().extension() == ".ppn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Every game of a file (a path), parsed; the test fails when the file does not parse cleanly.
inline std::vector<Game> games_in(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  auto r = parser::parse_all(ss.str(), path);
  REQUIRE(r.errors.empty());
  return std::move(r.games);
}

// The first game of a project file (relative to the source tree), parsed; the test fails when
// the file does not parse cleanly.
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
