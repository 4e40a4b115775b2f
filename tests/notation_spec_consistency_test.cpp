// The EBNF in notation/SPEC.md and the grammar stay aligned rule for rule: every rule named
// in a ```ebnf block is an x3::rule in parser/grammar_def.hpp (and every x3::rule there is in
// the EBNF), each rule is made of the same rules in both, and random sentences generated from
// the SPEC's EBNF text (tests/ebnf.hpp) are games the X3 parser reads and prints back; every
// rule of the ```ebnf-position block is a function in notation/position_id.cpp.
#include <catch2/catch.hpp>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "ebnf.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
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

namespace {

// The body of `auto const NAME_def = ...;` in grammar_def.hpp: its lines up to the next
// declaration, comment line or blank line.
std::string x3_body(const std::string& grammar, const std::string& name) {
  const std::string head = "auto const " + name + "_def =";
  const auto at = grammar.find(head);
  if (at == std::string::npos) return {};
  std::string body;
  std::istringstream in(grammar.substr(at + head.size()));
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (!first) {
      const auto lead = line.find_first_not_of(' ');
      if (lead == std::string::npos || line.compare(lead, 2, "//") == 0 || line.compare(lead, 11, "auto const ") == 0 ||
          line.rfind("BOOST_SPIRIT_DEFINE", 0) == 0)
        break;
    }
    first = false;
    body += line + "\n";
  }
  return body;
}

std::set<std::string> x3_references(const std::string& body, const std::set<std::string>& rules) {
  std::set<std::string> out;
  const std::regex word(R"([A-Za-z_][A-Za-z0-9_]*)");
  for (std::sregex_iterator it(body.begin(), body.end(), word), end; it != end; ++it)
    if (rules.count(it->str())) out.insert(it->str());
  return out;
}

// What the SPEC leaves to prose: `letter`, `digit`, `unsigned` (section 5), and a position ID
// (section 7) for `position_text`. Tag names avoid the tags whose values are checked
// (section 2: Game, Seats, Result, Option, Setup, Observer, the seat names), since the text
// of a random value is not one of theirs.
bool prose_leaf(const std::string& name, std::mt19937& rng, std::string& out) {
  static const char* const kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  static const char* const kIds[] = {
      "g:N,N,N,N r:N,N,N,N / g d0", "g:N,N,12,40 r:N,N,N,N b:0,0,17,h2 y:5,63,H,H / g d0",
      "g:N,N,12,40 r:N,N,N,N / r d1 [1,4,+20]", "G:h1,N,N,N R:N,N,N,5 / R D2"};
  if (name == "letter") {
    out = std::string(1, kLetters[rng() % 52]);
  } else if (name == "digit") {
    out = std::string(1, static_cast<char>('0' + rng() % 10));
  } else if (name == "unsigned") {
    out = std::to_string(rng() % 100000);
  } else if (name == "position_text") {
    out = kIds[rng() % 4];
  } else if (name == "tag_name") {
    out = "X" + std::to_string(rng() % 1000) + (rng() % 2 ? "_y" : "");
  } else {
    return false;
  }
  return true;
}

}  // namespace

TEST_CASE("SPEC.md EBNF: each rule is made of the same rules as its X3 definition", "[notation][spec]") {
  const auto g = ppn::test::ebnf::read_fenced(read("notation/SPEC.md"), "ebnf");
  REQUIRE(g.error.empty());
  const auto grammar = read("parser/grammar_def.hpp");
  const std::set<std::string> names(g.order.begin(), g.order.end());
  for (const auto& name : g.order) {
    INFO("rule " << name);
    const std::string body = x3_body(grammar, name);
    REQUIRE_FALSE(body.empty());
    auto spec_refs = ppn::test::ebnf::references(g.rules.at(name).body);
    for (auto it = spec_refs.begin(); it != spec_refs.end();) it = names.count(*it) ? std::next(it) : spec_refs.erase(it);
    auto x3_refs = x3_references(body, names);
    x3_refs.erase(name);  // (a token's own name)
    CHECK(spec_refs == x3_refs);
  }
}

TEST_CASE("SPEC.md EBNF: generated sentences are games the parser reads and prints back", "[notation][spec]") {
  const auto g = ppn::test::ebnf::read_fenced(read("notation/SPEC.md"), "ebnf");
  REQUIRE(g.error.empty());
  ppn::test::ebnf::Generator gen(g, prose_leaf, 20261124);
  int steps = 0, tags = 0, comments = 0;
  for (int i = 0; i < 3000; ++i) {
    const std::string text = gen.sentence("game");
    INFO("generated game " << i << ":\n" << text);
    auto parsed = ppn::parser::parse_game(text, "generated.ppn");
    if (auto* e = std::get_if<ppn::parser::ParseError>(&parsed)) FAIL(e->format());
    const auto& game = std::get<ppn::Game>(parsed);
    tags += static_cast<int>(game.tags.size());
    comments += static_cast<int>(game.leading_comments.size());
    for (const auto& e : game.movetext)
      if (const auto* r = std::get_if<ppn::Roll>(&e)) steps += static_cast<int>(r->steps.size());
    const std::string printed = ppn::to_ppn(game);
    auto again = ppn::parser::parse_game(printed, "printed.ppn");
    REQUIRE(std::holds_alternative<ppn::Game>(again));
    CHECK(std::get<ppn::Game>(again) == game);
  }
  // the generator reached the parts of the grammar
  CHECK(steps > 1000);
  CHECK(tags > 1000);
  CHECK(comments > 100);
}
