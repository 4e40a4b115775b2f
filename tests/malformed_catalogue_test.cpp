// The malformed-input catalogue: every tests/malformed/NAME.ppn, one quirk of hostile or
// careless input each (truncated games, binary junk, wrong encodings, BOMs, CRLF, absurd
// numbers, unknown variants and options, contradictory and duplicate tags, ...), and beside it
// NAME.expected: the exact output of `ppn validate tests/malformed/NAME.ppn` (standard output
// and error) and its exit code. tests/malformed/README.md says what each case pins and why.
// Set PPN_UPDATE_GOLDEN=1 to rewrite the .expected files after a deliberate change.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "shared_data.hpp"

TEST_CASE("malformed-input catalogue: ppn validate's exact messages", "[malformed][cli]") {
  const auto src = ppn::test::source_path("");
  const auto dir = src / "tests/malformed";
  const bool update = std::getenv("PPN_UPDATE_GOLDEN") != nullptr;
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".ppn") continue;
    const std::string name = entry.path().stem().string();
    auto expected_path = entry.path();
    expected_path.replace_extension(".expected");
    // Relative file name, so the messages do not depend on where the tree is.
    const auto r = ppn::test::run_ppn_shell("cd '" + src.string() + "' && " + ppn::test::ppn_binary() +
                                            " validate tests/malformed/" + name + ".ppn; echo \"exit: $?\"");
    if (update) {
      std::ofstream(expected_path, std::ios::binary) << r.out;
      continue;
    }
    ++cases;
    INFO("catalogue case " << name);
    REQUIRE(std::filesystem::exists(expected_path));
    CHECK(r.out == ppn::test::read_file(expected_path));
  }
  if (!update) CHECK(cases >= 20);
}
