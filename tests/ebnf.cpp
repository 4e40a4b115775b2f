// EBNF reader and sentence generator (see ebnf.hpp).
#include "ebnf.hpp"

#include <cctype>
#include <sstream>
#include <stdexcept>

namespace ppn::test::ebnf {

namespace {

struct Tok {
  enum class Kind { ident, literal, special, punct, ellipsis, end };
  Kind kind = Kind::end;
  std::string text;
};

// Splits a rule body (the text between '=' and its ';') into tokens.
std::vector<Tok> tokenize(const std::string& s, std::string& error) {
  std::vector<Tok> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (s.compare(i, 2, "(*") == 0) {
      const auto e = s.find("*)", i + 2);
      i = e == std::string::npos ? s.size() : e + 2;
    } else if (c == '"' || c == '\'') {
      const auto e = s.find(c, i + 1);
      if (e == std::string::npos) {
        error = "unterminated literal in: " + s;
        return out;
      }
      out.push_back({Tok::Kind::literal, s.substr(i + 1, e - i - 1)});
      i = e + 1;
    } else if (c == '?') {
      const auto e = s.find('?', i + 1);
      if (e == std::string::npos) {
        error = "unterminated special sequence in: " + s;
        return out;
      }
      out.push_back({Tok::Kind::special, s.substr(i + 1, e - i - 1)});
      i = e + 1;
    } else if (s.compare(i, 3, "...") == 0) {
      out.push_back({Tok::Kind::ellipsis, "..."});
      i += 3;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t e = i;
      while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
      out.push_back({Tok::Kind::ident, s.substr(i, e - i)});
      i = e;
    } else if (std::string_view(",|[]{}()").find(c) != std::string_view::npos) {
      out.push_back({Tok::Kind::punct, std::string(1, c)});
      ++i;
    } else {
      error = std::string("unexpected '") + c + "' in: " + s;
      return out;
    }
  }
  out.push_back({Tok::Kind::end, ""});
  return out;
}

struct BodyParser {
  const std::vector<Tok>& t;
  std::size_t i = 0;
  std::string error;

  bool punct(char c) const { return t[i].kind == Tok::Kind::punct && t[i].text[0] == c; }

  Node alt() {
    Node n{Node::Kind::alt, "", {}};
    n.kids.push_back(seq());
    while (error.empty() && punct('|')) {
      ++i;
      n.kids.push_back(seq());
    }
    // `'1' | ... | '9'`: the ellipsis stands for the characters between its neighbours
    for (std::size_t k = 0; k < n.kids.size(); ++k) {
      if (n.kids[k].kind != Node::Kind::special || n.kids[k].text != "...") continue;
      if (k == 0 || k + 1 == n.kids.size() || n.kids[k - 1].kind != Node::Kind::literal ||
          n.kids[k + 1].kind != Node::Kind::literal) {
        error = "an ellipsis needs a literal on each side";
        return n;
      }
      const char a = n.kids[k - 1].text[0], b = n.kids[k + 1].text[0];
      std::vector<Node> range;
      for (char c = static_cast<char>(a + 1); c < b; ++c) range.push_back({Node::Kind::literal, std::string(1, c), {}});
      n.kids.erase(n.kids.begin() + static_cast<long>(k));
      n.kids.insert(n.kids.begin() + static_cast<long>(k), range.begin(), range.end());
    }
    return n.kids.size() == 1 ? n.kids[0] : n;
  }
  Node seq() {
    Node n{Node::Kind::seq, "", {}};
    n.kids.push_back(term());
    while (error.empty() && punct(',')) {
      ++i;
      n.kids.push_back(term());
    }
    return n.kids.size() == 1 ? n.kids[0] : n;
  }
  Node group(char close, Node::Kind kind) {
    ++i;
    Node inner = alt();
    if (!punct(close)) {
      error = std::string("expected '") + close + "'";
      return inner;
    }
    ++i;
    if (kind == Node::Kind::seq) return inner;
    return Node{kind, "", {inner}};
  }
  Node term() {
    const Tok& k = t[i];
    switch (k.kind) {
      case Tok::Kind::literal: ++i; return {Node::Kind::literal, k.text, {}};
      case Tok::Kind::ident: ++i; return {Node::Kind::ref, k.text, {}};
      case Tok::Kind::special: ++i; return {Node::Kind::special, k.text, {}};
      case Tok::Kind::ellipsis: ++i; return {Node::Kind::special, "...", {}};
      case Tok::Kind::punct:
        if (k.text == "[") return group(']', Node::Kind::opt);
        if (k.text == "{") return group('}', Node::Kind::rep);
        if (k.text == "(") return group(')', Node::Kind::seq);
        break;
      case Tok::Kind::end: break;
    }
    error = "unexpected token '" + k.text + "'";
    return {};
  }
};

// The end of a rule: the first ';' outside literals, special sequences and comments.
std::size_t rule_end(const std::string& s, std::size_t from) {
  for (std::size_t i = from; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"' || c == '\'' || c == '?') {
      const auto e = s.find(c, i + 1);
      if (e == std::string::npos) return std::string::npos;
      i = e;
    } else if (s.compare(i, 2, "(*") == 0) {
      const auto e = s.find("*)", i + 2);
      if (e == std::string::npos) return std::string::npos;
      i = e + 1;
    } else if (c == ';') {
      return i;
    }
  }
  return std::string::npos;
}

// Printable ASCII except the characters a special sequence's "except ..." list names.
std::string allowed_chars(const std::string& special) {
  std::string excluded;
  const auto at = special.find("except");
  if (at != std::string::npos) {
    const std::string list = special.substr(at + 6);
    for (std::size_t i = 0; i < list.size(); ++i)
      if (list[i] == '\'' && i + 2 < list.size() && list[i + 2] == '\'') {
        excluded += list[i + 1];
        i += 2;
      }
  }
  std::string out;
  for (char c = ' '; c <= '~'; ++c)
    if (excluded.find(c) == std::string::npos) out += c;
  return out;
}
// A special sequence that runs to the end of its line ("except LF", and not a quoted value).
bool to_end_of_line(const std::string& special) {
  return special.find("LF") != std::string::npos && special.find("'\"'") == std::string::npos;
}

}  // namespace

Grammar read_fenced(const std::string& markdown, const std::string& lang) {
  Grammar g;
  std::string text;
  {
    std::istringstream in(markdown);
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
      if (line.rfind("```", 0) == 0) {
        inside = !inside && line == "```" + lang;
        continue;
      }
      if (inside) text += line + "\n";
    }
  }
  std::size_t pos = 0;
  while (true) {
    while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
    if (pos >= text.size()) break;
    // a trailing comment line after a rule's ';' belongs to that rule
    if (text.compare(pos, 2, "(*") == 0) {
      const auto e = text.find("*)", pos);
      if (e == std::string::npos) break;
      if (!g.order.empty() && text.compare(pos, e + 2 - pos, "(* lexeme *)") == 0)
        g.rules[g.order.back()].lexeme = true;
      pos = e + 2;
      continue;
    }
    const auto eq = text.find('=', pos);
    const auto end = eq == std::string::npos ? std::string::npos : rule_end(text, eq + 1);
    if (end == std::string::npos) {
      g.error = "no rule end after: " + text.substr(pos, 40);
      return g;
    }
    Rule r;
    r.name = text.substr(pos, eq - pos);
    while (!r.name.empty() && std::isspace(static_cast<unsigned char>(r.name.back()))) r.name.pop_back();
    const auto toks = tokenize(text.substr(eq + 1, end - eq - 1), g.error);
    if (!g.error.empty()) return g;
    BodyParser p{toks, 0, {}};
    r.body = p.alt();
    if (p.error.empty() && toks[p.i].kind != Tok::Kind::end) p.error = "trailing tokens";
    if (!p.error.empty()) {
      g.error = r.name + ": " + p.error;
      return g;
    }
    g.order.push_back(r.name);
    g.rules[r.name] = std::move(r);
    pos = end + 1;
  }
  return g;
}

std::set<std::string> references(const Node& n) {
  std::set<std::string> out;
  if (n.kind == Node::Kind::ref) out.insert(n.text);
  for (const auto& k : n.kids) {
    auto sub = references(k);
    out.insert(sub.begin(), sub.end());
  }
  return out;
}

std::string Generator::sentence(const std::string& rule) {
  std::string out;
  pending_newline_ = false;
  gen_rule(rule, false, 0, out);
  out += '\n';
  return out;
}

void Generator::token(std::string& out, const std::string& text, bool lexeme) {
  if (pending_newline_) {
    out += '\n';
    pending_newline_ = false;
  } else if (!lexeme && !out.empty() && out.back() != '\n') {
    out += ' ';
  }
  out += text;
}

void Generator::gen_rule(const std::string& name, bool lexeme, int depth, std::string& out) {
  std::string leaf;
  const auto it = g_.rules.find(name);
  if (leaf_ && leaf_(name, rng_, leaf)) {
    token(out, leaf, lexeme);
    if (it != g_.rules.end() && it->second.body.kind == Node::Kind::special && to_end_of_line(it->second.body.text))
      pending_newline_ = true;
    return;
  }
  if (it == g_.rules.end()) throw std::runtime_error("no rule and no leaf for '" + name + "'");
  if (it->second.lexeme && !lexeme) {
    // the whole rule is one token: generated without separators, then placed as one
    std::string inner;
    const bool nl = pending_newline_;
    pending_newline_ = false;
    gen(it->second.body, true, depth + 1, inner);
    const bool after = pending_newline_;
    pending_newline_ = nl;
    token(out, inner, false);
    pending_newline_ = after;
    return;
  }
  gen(it->second.body, lexeme, depth + 1, out);
}

void Generator::gen(const Node& n, bool lexeme, int depth, std::string& out) {
  // Deep down, optional parts are left out and repetitions are empty, so recursion
  // (variation -> roll_line -> variation) ends.
  const bool shallow = depth < 14;
  switch (n.kind) {
    case Node::Kind::seq:
      for (const auto& k : n.kids) gen(k, lexeme, depth, out);
      return;
    case Node::Kind::alt:
      gen(n.kids[std::uniform_int_distribution<std::size_t>(0, n.kids.size() - 1)(rng_)], lexeme, depth, out);
      return;
    case Node::Kind::opt:
      if (shallow && rng_() % 2) gen(n.kids[0], lexeme, depth, out);
      return;
    case Node::Kind::rep: {
      const Node& k = n.kids[0];
      const int count = shallow ? static_cast<int>(rng_() % 3) : 0;
      if (k.kind == Node::Kind::special) {  // a run of characters is one token
        const std::string chars = allowed_chars(k.text);
        std::string run;
        for (int i = 0; i < count * 3; ++i) run += chars[rng_() % chars.size()];
        if (!run.empty()) token(out, run, true);
        if (to_end_of_line(k.text)) pending_newline_ = true;
        return;
      }
      for (int i = 0; i < count; ++i) gen(k, lexeme, depth, out);
      return;
    }
    case Node::Kind::literal: token(out, n.text, lexeme); return;
    case Node::Kind::ref: gen_rule(n.text, lexeme, depth, out); return;
    case Node::Kind::special: {
      const std::string chars = allowed_chars(n.text);
      token(out, std::string(1, chars[rng_() % chars.size()]), lexeme);
      if (to_end_of_line(n.text)) pending_newline_ = true;
      return;
    }
  }
}

}  // namespace ppn::test::ebnf
