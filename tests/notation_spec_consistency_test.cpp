// The EBNF in notation/SPEC.md and the grammar stay aligned rule for rule: every rule named
// in a ```ebnf block is an x3::rule in parser/grammar_def.hpp (and every x3::rule there is in
// the EBNF); every rule of the ```ebnf-position block is a function in notation/position_id.cpp.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "shared_data.hpp"

namespace {
std::string read(const std::string& rel) {
  std::ifstream in(ppn::test::source_path(rel));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Rule names defined (`name =`) in the fenced blocks of the given language.
std::set<std::string> ebnf_rules(const std::string& spec, const std::string& lang) {
  std::set<std::string> out;
  std::istringstream in(spec);
  std::string line;
  bool inside = false;
  const std::regex def(R"(^([a-z_]+)\s*=)");
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) {
      inside = !inside && line == "```" + lang;
      continue;
    }
    std::smatch m;
    if (inside && std::regex_search(line, m, def)) out.insert(m[1]);
  }
  return out;
}
}  // namespace

TEST_CASE("SPEC.md EBNF rules match the X3 grammar", "[notation][spec]") {
  const auto spec = read("notation/SPEC.md");
  const auto grammar = read("parser/grammar_def.hpp");
  const auto rules = ebnf_rules(spec, "ebnf");
  REQUIRE(rules.size() >= 30);
  std::set<std::string> x3_rules;
  const std::regex decl(R"#(const ([a-z_]+) = "([a-z_]+)";)#");
  for (std::sregex_iterator it(grammar.begin(), grammar.end(), decl), end; it != end; ++it) {
    CHECK((*it)[1] == (*it)[2]);  // the variable and its name string agree
    x3_rules.insert((*it)[1]);
  }
  for (const auto& r : rules) {
    INFO("EBNF rule " << r);
    CHECK(x3_rules.count(r) == 1);
  }
  for (const auto& r : x3_rules) {
    INFO("X3 rule " << r);
    CHECK(rules.count(r) == 1);
  }
}

TEST_CASE("SPEC.md position ID EBNF matches notation/position_id.cpp", "[notation][spec]") {
  const auto rules = ebnf_rules(read("notation/SPEC.md"), "ebnf-position");
  const auto code = read("notation/position_id.cpp");
  REQUIRE(rules.size() >= 5);
  for (const auto& r : rules) {
    INFO("position rule " << r);
    CHECK(code.find("bool " + r + "(") != std::string::npos);
  }
}
