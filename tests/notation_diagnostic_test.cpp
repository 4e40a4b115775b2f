// One diagnostic value (issue 17): every code is an enum value with a stable name, documented
// in rules/RULE_CODES.md, and no stage spells a code or decides by one outside the code table.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "notation/diagnostic.hpp"
#include "shared_data.hpp"

namespace fs = std::filesystem;
using namespace ppn;
using ppn::test::read_file;
using ppn::test::source_path;

TEST_CASE("every code's name round-trips, is unique and gives its class", "[notation][diagnostic]") {
  std::set<std::string> names;
  for (int c = 0; c < kCodeCount; ++c) {
    const auto code = static_cast<Code>(c);
    const std::string name(code_name(code));
    INFO(c << ": " << name);
    CHECK(names.insert(name).second);
    REQUIRE(code_from_name(name).has_value());
    CHECK(*code_from_name(name) == code);
    if (code == Code::ok) continue;
    // The stable names say the class: W- is a warning, E- an error.
    REQUIRE(name.size() > 2);
    CHECK((name.rfind("E-", 0) == 0 || name.rfind("W-", 0) == 0));
    CHECK((code_class(code) == Severity::warning) == (name.rfind("W-", 0) == 0));
    CHECK_FALSE(code_meaning(code).empty());
  }
  CHECK_FALSE(code_from_name("E-NO-SUCH-CODE").has_value());
  CHECK_FALSE(code_from_name("e-result").has_value());  // names are exact
  CHECK(code_name(Code::result) == "E-RESULT");
  CHECK(code_name(Code::capture_mark) == "W-CAPTURE-MARK");
  CHECK(code_name(Code::syntax) == "E-SYNTAX");
}

TEST_CASE("rules/RULE_CODES.md documents exactly the codes of the enum", "[notation][diagnostic][docs]") {
  const std::string doc = read_file(source_path("rules/RULE_CODES.md"));
  REQUIRE_FALSE(doc.empty());
  // Every code is a row of one of its tables: "| `E-...` |".
  for (int c = 1; c < kCodeCount; ++c) {
    const std::string name(code_name(static_cast<Code>(c)));
    INFO(name);
    CHECK(doc.find("| `" + name + "` |") != std::string::npos);
  }
  // And every code the document names is one.
  const std::regex code_re("`([EW]-[A-Z0-9-]+)`");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), code_re); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    if (name.back() == '-') continue;  // a family named by its prefix (W-VARIANT-*)
    INFO(name);
    CHECK(code_from_name(name).has_value());
  }
}

TEST_CASE("no source spells a code outside the code table", "[notation][diagnostic]") {
  // A code written as a string literal ("E-RESULT") or tested by its prefix (rfind("W-", 0))
  // is a decision by text: stages use ppn::Code and code_class instead. notation/diagnostic.cpp
  // holds the one table of names.
  const fs::path root = PPN_SOURCE_DIR;
  const std::regex literal(R"re("[EW]-[A-Z0-9-]*")re");
  std::string report;
  int files = 0;
  for (const char* dir : {"notation", "parser", "rules", "replay", "convert", "db", "analysis", "render", "cli",
                          "io", "fuzz"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      if (e.path() == root / "notation" / "diagnostic.cpp") continue;
      ++files;
      std::istringstream in(read_file(e.path()));
      std::string line;
      for (int no = 1; std::getline(in, line); ++no) {
        const auto code = line.find("//");
        const std::string text = code == std::string::npos ? line : line.substr(0, code);
        if (std::regex_search(text, literal))
          report += "\n  " + fs::relative(e.path(), root).string() + ":" + std::to_string(no) + ": " + line;
      }
    }
  }
  CHECK(files > 100);
  INFO("code names spelled outside notation/diagnostic.cpp:" << report);
  CHECK(report.empty());
}

TEST_CASE("a diagnostic prints its message with its citation", "[notation][diagnostic]") {
  Diagnostic d;
  d.code = Code::overshoot;
  d.message = "the move would pass HOME";
  CHECK(d.text() == "the move would pass HOME");
  d.citation = code_citation(Code::overshoot);
  CHECK(d.text() == "the move would pass HOME [" + std::string(code_citation(Code::overshoot)) + "]");
  CHECK(d.name() == "E-OVERSHOOT");
  // Every located value is a Location.
  Location& where = d;
  where.line = 3;
  CHECK(d.line == 3);
}
