// Every Catch2 test case is a ctest test that runs: ctest takes a ';' in a name as a list
// separator, cuts the name there and then matches no test case, so the test never ran (nine did
// not until 2026-11-27). Test names are read from the sources and must not contain one.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "shared_data.hpp"

TEST_CASE("no test name holds a semicolon, which would keep ctest from running it", "[build][tests]") {
  const std::regex test_case(R"(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)\")");
  std::vector<std::string> bad;
  int names = 0;
  for (const auto& e : std::filesystem::directory_iterator(ppn::test::source_path("tests"))) {
    if (e.path().extension() != ".cpp") continue;
    const std::string text = ppn::test::read_file(e.path());
    for (auto it = std::sregex_iterator(text.begin(), text.end(), test_case); it != std::sregex_iterator(); ++it) {
      ++names;
      if ((*it)[1].str().find(';') != std::string::npos) bad.push_back(e.path().filename().string() + ": " + (*it)[1].str());
    }
  }
  CHECK(names > 300);
  INFO("names with ';': " << bad.size());
  for (const auto& b : bad) UNSCOPED_INFO(b);
  CHECK(bad.empty());
}
