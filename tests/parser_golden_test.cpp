// Golden diagnostics: every tests/parser/NAME.ppn with a NAME.expected holding the exact
// error messages (ParseError::format(), file shown by its base name) and the number of games
// that parsed. Set PPN_UPDATE_GOLDEN=1 to rewrite the .expected files after a deliberate change.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "parser/parser.hpp"
#include "shared_data.hpp"

namespace {

std::string golden_output(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string out;
  const auto stats = ppn::parser::parse_stream(
      in, file.filename().string(), [](ppn::Game&) {},
      [&](const ppn::parser::ParseError& e) { out += e.format(); });
  out += "games: " + std::to_string(stats.games) + "\n";
  return out;
}

}  // namespace

TEST_CASE("parser golden error files", "[parser][golden]") {
  const auto dir = ppn::test::source_path("tests/parser");
  const bool update = std::getenv("PPN_UPDATE_GOLDEN") != nullptr;
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".ppn") continue;
    auto expected_path = entry.path();
    expected_path.replace_extension(".expected");
    if (!std::filesystem::exists(expected_path) && !update) continue;
    const std::string actual = golden_output(entry.path());
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << actual;
      continue;
    }
    ++cases;
    INFO("golden file " << entry.path().filename().string());
    CHECK(actual == ppn::test::read_file(expected_path));
  }
  if (!update) CHECK(cases >= 12);
}
