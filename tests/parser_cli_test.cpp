// Runs the built ppn binary: fmt and validate output and exit codes.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli_run.hpp"

namespace {
using ppn::test::Run;
Run run(const std::string& args) { return ppn::test::run_ppn(args); }
}  // namespace

TEST_CASE("cli: fmt prints the canonical form and is idempotent", "[parser][cli]") {
  const auto features = ppn::test::source_path("tests/parser/features.ppn").string();
  const Run first = run("fmt " + features);
  CHECK(first.code == 0);
  CHECK(first.out.find("5. Y 3-6: 0/3 3/9 { a chain, written out in full by ppn fmt }\n") != std::string::npos);
  const auto tmp = std::filesystem::temp_directory_path() / "ppn-cli-fmt-test.ppn";
  std::ofstream(tmp, std::ios::binary) << first.out;
  const Run second = run("fmt " + tmp.string());
  CHECK(second.code == 0);
  CHECK(second.out == first.out);
  const Run via_o = run("fmt -o " + tmp.string() + ".out " + tmp.string());
  CHECK(via_o.code == 0);
  std::filesystem::remove(tmp);
  std::filesystem::remove(tmp.string() + ".out");
}

TEST_CASE("cli: validate --syntax-only exit codes and summary", "[parser][cli]") {
  // features.ppn is not rules-legal, so only the syntax check applies to it.
  const auto good = ppn::test::source_path("tests/parser/features.ppn").string();
  const auto bad = ppn::test::source_path("tests/parser/recovery.ppn").string();
  const Run ok = run("validate --syntax-only " + good);
  CHECK(ok.code == 0);
  CHECK(ok.out.find("validate: 1 file, 1 game, 16 rolls, 0 illegal rolls, 0 syntax errors") != std::string::npos);
  const Run failed = run("validate --syntax-only " + good + " " + bad);
  CHECK(failed.code == 2);
  CHECK(failed.out.find("validate: 2 files, 3 games, 20 rolls, 0 illegal rolls, 1 syntax error") != std::string::npos);
  CHECK(run("validate /nonexistent/file.ppn").code == 2);
  CHECK(run("fmt " + bad).code == 2);
}
