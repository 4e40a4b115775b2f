// Every rules citation in the repository resolves inside it, in docs/RULES.md (issue 15,
// observation 8): a question "Q17" has its anchor (docs/RULES.md#q17), a section "RULES.md
// §procedure" its anchor, "Hasbro 2001 rules, Doublets Penalty" names a source and one of its
// sections listed there, a tag "[LU-W]" a source described there; and nothing cites the rules
// files outside the repository (the seed texts by number, the design digest).
//
// Checked: the diagnostics' citations through the engine's own API (every RuleCode, every
// option), and the text of every source, document, test and golden file of the repository.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/options.hpp"
#include "rules/rule_codes.hpp"
#include "shared_data.hpp"

namespace {

namespace fs = std::filesystem;

// What docs/RULES.md defines: anchors, source names with their sections, tags.
struct RulesReference {
  std::set<std::string> anchors;                             // "q17", "procedure", ...
  std::map<std::string, std::vector<std::string>> sections;  // "Hasbro 2001 rules" -> sections
  std::set<std::string> tags;                                // "LU-W", ...
};

RulesReference parse_reference(const std::string& text) {
  RulesReference r;
  static const std::regex anchor(R"re(<a id="([a-z0-9-]+)"></a>)re");
  for (std::sregex_iterator it(text.begin(), text.end(), anchor), end; it != end; ++it)
    r.anchors.insert((*it)[1]);
  // Under "## Sources": "### <name> rules" starts a source; "- **Section**" lines list its
  // sections (several on one line allowed); "- **[TAG]**" lines under "Other sources" give tags.
  static const std::regex bold(R"(\*\*([^*]+)\*\*)");
  static const std::regex tag(R"(^\[([A-Za-z0-9-]+)\]$)");
  std::istringstream in(text);
  std::string line, source;
  bool in_sources = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_sources = line == "## Sources";
    if (!in_sources) continue;
    if (line.rfind("### ", 0) == 0) {
      source = line.substr(4);
      if (source.size() < 6 || source.compare(source.size() - 6, 6, " rules") != 0) source.clear();
      continue;
    }
    if (line.rfind("- **", 0) != 0) continue;
    for (std::sregex_iterator it(line.begin(), line.end(), bold), end; it != end; ++it) {
      const std::string name = (*it)[1];
      std::smatch m;
      if (std::regex_match(name, m, tag))
        r.tags.insert(m[1]);
      else if (!source.empty())
        r.sections[source].push_back(name);
    }
  }
  return r;
}

const RulesReference& reference() {
  static const RulesReference r =
      parse_reference(ppn::test::read_file(ppn::test::source_path("docs/RULES.md")));
  return r;
}

// Up to n characters of `text` from `at`, a citation wrapped over lines read as one line: a
// line break with the indentation and comment marker ("//", "#", ";") after it is one space.
std::string continued(const std::string& text, std::size_t at, std::size_t n) {
  std::string out;
  for (std::size_t i = at; i < text.size() && out.size() < n; ++i) {
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    while (i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '\t')) ++i;
    for (const char* marker : {"//", "#", ";"}) {
      const std::string m = marker;
      if (text.compare(i + 1, m.size(), m) == 0) {
        i += m.size();
        break;
      }
    }
    while (i + 1 < text.size() && text[i + 1] == ' ') ++i;
    if (out.empty() || out.back() != ' ') out += ' ';
  }
  return out;
}

// Every citation in `text` that does not resolve in `ref`, one message each.
std::vector<std::string> unresolved(const std::string& text, const RulesReference& ref) {
  std::vector<std::string> bad;
  // Questions: any Q-number, alone or in a list or range ("Q46-Q49").
  static const std::regex question(R"(\bQ([0-9]+)\b)");
  for (std::sregex_iterator it(text.begin(), text.end(), question), end; it != end; ++it)
    if (!ref.anchors.count("q" + (*it)[1].str())) bad.push_back("no question " + (*it)[0].str());
  // Parts of docs/RULES.md: "§name".
  static const std::regex part(R"(§([a-z][a-z-]*))");
  for (std::sregex_iterator it(text.begin(), text.end(), part), end; it != end; ++it)
    if (!ref.anchors.count((*it)[1])) bad.push_back("no part " + (*it)[0].str());
  // "<Source> rules, <Section>": the words after the comma must start with one of its sections.
  static const std::regex source(R"(\b([A-Z][A-Za-z0-9 ]*? rules|k14 rules), )");
  for (std::sregex_iterator it(text.begin(), text.end(), source), end; it != end; ++it) {
    std::string name = (*it)[1];
    // The match may begin earlier in the sentence ("Four players, Hasbro 2001 rules, "): keep
    // the longest tail that is a source name.
    auto known = ref.sections.end();
    for (std::size_t cut = 0; cut < name.size() && known == ref.sections.end(); ++cut)
      if (cut == 0 || name[cut - 1] == ' ') known = ref.sections.find(name.substr(cut));
    const std::string after = continued(text, it->position() + it->length(), 60);
    if (known == ref.sections.end()) {
      // A capitalised phrase ending in " rules, " is a citation with a misspelt source only
      // when it names one of the texts and a capitalised section name follows.
      static const std::regex text_word(R"(\b(Hasbro|Winning|Wikipedia|Ludo|Parcheesi)\b)");
      if (!after.empty() && std::isupper(static_cast<unsigned char>(after[0])) &&
          std::regex_search(name, text_word))
        bad.push_back("no source '" + name + "'");
      continue;
    }
    const auto& secs = known->second;
    const bool ok = std::any_of(secs.begin(), secs.end(), [&](const std::string& s) {
      return after.compare(0, s.size(), s) == 0 &&
             (after.size() == s.size() || !std::isalnum(static_cast<unsigned char>(after[s.size()])));
    });
    if (!ok) bad.push_back("no section of " + known->first + ": '" + after.substr(0, 30) + "'");
  }
  // Tags of secondary sources.
  static const std::regex tag(R"(\[((?:LU|ES|WP)-[A-Za-z0-9]+|RK|NU|HUB|FAQ-org|MADN|CO)\])");
  for (std::sregex_iterator it(text.begin(), text.end(), tag), end; it != end; ++it)
    if (!ref.tags.count((*it)[1])) bad.push_back("no source tag " + (*it)[0].str());
  // Rules files outside the repository: the seed texts by number or path, the design digest.
  static const std::regex outside(R"(\bseeds? ?0[0-9][0-9]|seeds/|\brules\.md|design digest)",
                                  std::regex::icase);
  for (std::sregex_iterator it(text.begin(), text.end(), outside), end; it != end; ++it)
    if ((*it)[0].str() != "RULES.md")  // this repository's reference matches case-insensitively
      bad.push_back("outside the repository: " + (*it)[0].str());
  return bad;
}

const std::vector<std::string> kNone;  // no unresolved citation (Catch prints the others)

// Text files of the repository: everything under the source tree except version control,
// build trees and this file (whose planted bad citations are what it checks for).
std::vector<fs::path> repository_files() {
  const fs::path root = PPN_SOURCE_DIR;
  std::vector<fs::path> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const auto name = it->path().filename().string();
    if (it->is_directory()) {
      if (name == ".git" || name.rfind("build", 0) == 0) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || name == "rules_citations_test.cpp") continue;
    if (it->file_size() > 8 * 1024 * 1024) continue;
    out.push_back(it->path());
  }
  return out;
}

}  // namespace

TEST_CASE("docs/RULES.md has every question Q1-Q65, the five sources and their sections",
          "[rules][citations]") {
  const auto& ref = reference();
  for (int q = 1; q <= 65; ++q) CHECK(ref.anchors.count("q" + std::to_string(q)) == 1);
  for (const char* name : {"Hasbro 2001 rules", "Winning Moves rules", "k14 rules", "Wikipedia rules", "Ludo rules"}) {
    INFO(name);
    REQUIRE(ref.sections.count(name) == 1);
    CHECK(ref.sections.at(name).size() >= 1);
  }
  for (const char* part : {"sources", "terms", "board", "ludo-board", "options", "profiles", "procedure", "replay-settings"})
    CHECK(ref.anchors.count(part) == 1);
  const auto text = ppn::test::read_file(ppn::test::source_path("docs/RULES.md"));
  for (int q = 1; q <= 65; ++q) {
    INFO("Q" << q);
    CHECK(text.find("### Q" + std::to_string(q) + ": ") != std::string::npos);
  }
}

TEST_CASE("the citation check rejects planted bad citations and accepts good ones", "[rules][citations]") {
  const auto& ref = reference();
  for (const char* bad :
       {"(RULES.md Q99)", "Hasbro 2001 rules, Doublet Penalties 'x'", "Ludo rules, Blockades",
        "seed 000 BLOCKADES", "Seed 004: tokens", "shared/seeds/000_28cd73b940ef8392.txt",
        "rules.md Q17", "design/rules.md §4.3", "RULES.md §nowhere", "[LU-XX] text", "k14 rules, Blockades", "Hasbro rules, Blockades"}) {
    INFO(bad);
    CHECK_FALSE(unresolved(bad, ref).empty());
  }
  for (const char* good :
       {"Hasbro 2001 rules, Doublets Penalty; RULES.md Q46-Q49", "Ludo rules, Gameplay 'may not move past'",
        "Four players, Hasbro 2001 rules, Capture Bonus \"x\"", "docs/RULES.md#q17, RULES.md §procedure step 5",
        "[LU-W] and [ES-B]", "Winning Moves rules, Capture Bonus", "k14 rules, Blockade", "the Ludo rules text as written"}) {
    CHECK(unresolved(good, ref) == kNone);
  }
}

TEST_CASE("every diagnostic's and option's citation resolves in docs/RULES.md", "[rules][citations]") {
  using namespace ppn::rules;
  const auto& ref = reference();
  for (int c = 0; c < ppn::kCodeCount; ++c) {
    const auto code = static_cast<ppn::Code>(c);
    const std::string cite(ppn::code_citation(code));
    INFO(ppn::code_name(code) << ": " << cite);
    CHECK(unresolved(cite, ref) == kNone);
    CHECK(unresolved(std::string(ppn::code_meaning(code)), ref) == kNone);
    // Every rule the core enforces cites its source; a record-level code may have none.
    if (code != RuleCode::ok && is_rule_code(code)) CHECK_FALSE(cite.empty());
  }
  for (int o = 0; o < kOptionCount; ++o) {
    const auto id = static_cast<OptionId>(o);
    const std::string cite(option_citation(id));
    INFO(option_name(id) << ": " << cite);
    CHECK_FALSE(cite.empty());
    CHECK(unresolved(cite, ref) == kNone);
  }
}

TEST_CASE("every rules citation in the repository's sources, docs, tests and golden files resolves",
          "[rules][citations]") {
  const auto& ref = reference();
  const auto files = repository_files();
  REQUIRE(files.size() > 100);
  std::string report;
  for (const auto& f : files) {
    const auto text = ppn::test::read_file(f);
    if (text.find('\0') != std::string::npos) continue;  // binary
    for (const auto& b : unresolved(text, ref)) report += "\n  " + fs::relative(f, PPN_SOURCE_DIR).string() + ": " + b;
  }
  INFO(report);
  CHECK(report.empty());
}
