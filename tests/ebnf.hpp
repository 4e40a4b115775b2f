// A reader for the ISO-style EBNF of notation/SPEC.md and a random sentence generator over it,
// so that tests can check the X3 grammar against the SPEC's grammar text itself (tests/
// notation_spec_consistency_test.cpp) instead of against a hand-made copy of it.
//
// Understood: `name = body ;` (bodies may span lines), `,` sequence, `|` alternatives,
// `[ x ]` optional, `{ x }` repetition, `( x )` grouping, "..." and '...' literals,
// `'1' | ... | '9'` (a character range), `? ... ?` special sequences (kept as text) and
// `(* ... *)` comments, of which `(* lexeme *)` marks a rule written without inner white space.
#pragma once

#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace ppn::test::ebnf {

struct Node {
  enum class Kind { seq, alt, opt, rep, literal, ref, special };
  Kind kind = Kind::seq;
  std::string text;  // literal text, rule name, or special sequence text
  std::vector<Node> kids;
};

struct Rule {
  std::string name;
  Node body;
  bool lexeme = false;
};

struct Grammar {
  std::map<std::string, Rule> rules;
  std::vector<std::string> order;  // in SPEC order
  std::string error;               // non-empty: the text could not be read
};

// Reads the rules of every fenced block "```<lang>" of a Markdown text.
Grammar read_fenced(const std::string& markdown, const std::string& lang);

// The rule names a body refers to (directly).
std::set<std::string> references(const Node& n);

// Random sentences of a rule. `leaf` may produce the text of rules or special sequences the
// grammar leaves to prose (return true and fill `out`); tokens of a rule that is not a lexeme
// (nor inside one) are separated by one space, and a special sequence that runs to the end of
// its line ("except LF") is followed by a newline.
class Generator {
 public:
  using Leaf = bool (*)(const std::string& name, std::mt19937& rng, std::string& out);
  Generator(const Grammar& g, Leaf leaf, unsigned seed) : g_(g), leaf_(leaf), rng_(seed) {}
  std::string sentence(const std::string& rule);
  std::mt19937& rng() { return rng_; }

 private:
  void gen(const Node& n, bool lexeme, int depth, std::string& out);
  void gen_rule(const std::string& name, bool lexeme, int depth, std::string& out);
  void token(std::string& out, const std::string& text, bool lexeme);

  const Grammar& g_;
  Leaf leaf_;
  std::mt19937 rng_;
  bool pending_newline_ = false;  // the last token ran to the end of its line
};

}  // namespace ppn::test::ebnf
