// Limits of the converters' readers (notation/SPEC.md "Limits"): a file read whole is refused
// past its limit, and a JSONL line past 16 MiB is reported and skipped without being held,
// the next line still read (ppn convert --from racket-jsonl, ppn conform).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "convert/nu_xml.hpp"
#include "convert/racket_jsonl.hpp"
#include "db_helpers.hpp"
#include "convert/conform.hpp"
#include "rules/options.hpp"

TEST_CASE("limits: a file read whole is refused past its limit", "[convert][limits]") {
  const auto dir = ppn::test::fresh_dir("convert-limits");
  const auto f = ppn::test::write_file(dir / "big.log", std::string(4096, 'x'));
  std::string text;
  auto err = ppn::convert::nu::read_whole_file(f, text, 1024);
  REQUIRE(err);
  CHECK(*err == "file too large: 4096 bytes, more than 1024 (the limit for a file read whole into memory)");
  CHECK(text.empty());
  CHECK_FALSE(ppn::convert::nu::read_whole_file(f, text, 4096));
  CHECK(text.size() == 4096);
  CHECK(ppn::convert::nu::read_whole_file(dir / "missing.log", text) ==
        std::string("cannot open the file: No such file or directory"));
}

TEST_CASE("limits: a JSONL line over 16 MiB is skipped and located, the next line read", "[convert][limits]") {
  const auto dir = ppn::test::fresh_dir("jsonl-limits");
  const auto path = dir / "long.jsonl";
  {
    std::ofstream out(path, std::ios::binary);
    out << "{\"game\": 1, \"players\": [\"a\", \"b\"], \"pad\": \"";
    const std::string block(1 << 20, 'p');
    for (int i = 0; i < 17; ++i) out << block;
    out << "\"}\n{\"game\": 2, \"players\": [\"a\", \"b\"]}\n";
  }
  std::vector<ppn::Diagnostic> problems;
  long games = 0;
  const auto stats = ppn::convert::racket::read_corpus(path, [&](ppn::Game&) { ++games; }, problems);
  CHECK(stats.lines == 2);
  REQUIRE(!problems.empty());
  CHECK(problems.front().line == 1);
  CHECK(problems.front().message == "line too long: more than 16777216 bytes; skipped");
  CHECK(games == 1);  // game 2 (a header without rolls) still read

  ppn::convert::ConformConfig cfg;
  cfg.rules = *ppn::rules::profile_options("racket-nu").options;
  cfg.variant = "racket-nu";
  ppn::convert::ConformReport report;
  ppn::convert::conform_file(path.string(), cfg, report);
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors.front() == path.string() + ":1: unreadable: line too long: more than 16777216 bytes; skipped");
}
