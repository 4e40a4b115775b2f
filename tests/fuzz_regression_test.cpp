// Every input under tests/fuzz_regressions/<harness>/ (crashes, hangs and broken invariants the
// fuzzers found, plus hand-picked nasty inputs) replayed through the same target code as the
// libFuzzer harness (fuzz/targets.hpp), in the normal build: no crash, no exception escaping,
// and every invariant the target checks holds. fuzz/README.md lists the findings.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/targets.hpp"
#include "shared_data.hpp"

TEST_CASE("fuzz regression inputs replay cleanly through their harness's target", "[fuzz][regression]") {
  const auto root = ppn::test::source_path("tests/fuzz_regressions");
  for (const auto& target : ppn::fuzz::targets) {
    const auto dir = root / std::string(target.name);
    INFO("harness " << target.name);
    REQUIRE(std::filesystem::is_directory(dir));
    int inputs = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      ++inputs;
      INFO("input " << entry.path().filename().string());
      const std::string data = ppn::test::read_file(entry.path());
      const auto start = std::chrono::steady_clock::now();
      ppn::fuzz::Finding finding;
      REQUIRE_NOTHROW(finding = target.run(data));
      CHECK_FALSE(finding.has_value());
      if (finding) FAIL_CHECK(*finding);
      // A hang the fuzzer found must stay fixed: no input here takes long (the harness's
      // timeout is 10 s in an instrumented build).
      CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    }
    CHECK(inputs >= 2);  // the hand-picked ones at least
  }
}
