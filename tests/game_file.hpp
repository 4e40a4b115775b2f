// Project game files for tests: the sample records, the games of a file, the first game of a
// file (a sample or a test input).
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
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
  auto r = parser::parse_all(read_file(path), path);
  REQUIRE(r.errors.empty());
  return std::move(r.games);
}

// The first game of a project file (relative to the source tree), parsed; the test fails when
// the file does not parse cleanly.
inline Game read_first_game(const std::string& rel) {
  auto r = parser::parse_all(read_file(source_path(rel)), rel);
  REQUIRE(r.errors.empty());
  REQUIRE(!r.games.empty());
  return r.games.front();
}

}  // namespace ppn::test
