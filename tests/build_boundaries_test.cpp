// The boundaries the design draws inside the libraries, beyond which library may include which
// (tests/build_layering_test.cpp), checked on the source tree (docs/ARCHITECTURE.md):
//   * only the rules core knows the encoding of a position and the turn machinery: outside
//     rules/ and its own tests (tests/rules_*), no source names the position bytes
//     (rel_of_byte, byte_of_rel, kNest, kAbsent), indexes pawns[ ], advances a turn
//     (advance_turn), or reads the turn state's seat bitmasks (seats_mask, finished_mask):
//     they call rules::Game (rules/game.hpp);
//   * the command line and the web server only wire and present: no SQLite call (sqlite3_) and
//     no SQL text in cli/ or serve/; the database code is db/'s, the use cases app/'s;
//   * one error type: no function returns std::variant<..., std::string>, a value or an error
//     message: a call that can fail returns ppn::Result or ppn::Status (notation/result.hpp).
//     Only a return type is checked, so that a value type whose last alternative is text (a
//     query's cell, db::Cell: NULL, integer, real or text) is no breach.
// boundary_problems() names every breach; the second test plants breaches to show each is found.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "shared_data.hpp"

namespace fs = std::filesystem;

namespace {

// The text without its comment lines (those that start with //): SQL named in a comment is no SQL.
std::string code_lines(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = std::min(text.find('\n', at), text.size());
    const auto first = text.find_first_not_of(" \t", at);
    if (first >= end || text.compare(first, 2, "//") != 0) out.append(text, at, end - at).push_back('\n');
    at = end + 1;
  }
  return out;
}

// The source folders of the project (the libraries, the front ends, the tests, the fuzzers).
bool is_source(const fs::path& p) {
  const auto ext = p.extension().string();
  return ext == ".cpp" || ext == ".hpp" || ext == ".inc";
}

// The problems of one file, `rel` its path from the root ("cli/app.cpp").
std::vector<std::string> file_problems(const std::string& rel, const std::string& all) {
  std::vector<std::string> out;
  const std::string text = code_lines(all);
  const bool rules_core = rel.rfind("rules/", 0) == 0 || rel.rfind("tests/rules_", 0) == 0 || rel.rfind("tests/rules/", 0) == 0;
  const bool this_test = rel == "tests/build_boundaries_test.cpp";
  if (!rules_core && !this_test) {
    static const std::regex encoding(R"(\b(rel_of_byte|byte_of_rel|kNest|kAbsent|advance_turn|seats_mask|finished_mask)\b|\bpawns\[)");
    std::smatch m;
    if (std::regex_search(text, m, encoding))
      out.push_back(rel + ": uses the rules core's encoding or turn machinery (" + m.str() + "): call rules::Game");
  }
  if (rel.rfind("cli/", 0) == 0 || rel.rfind("serve/", 0) == 0) {
    if (text.find("sqlite3_") != std::string::npos) out.push_back(rel + ": calls SQLite (sqlite3_): that is db/'s");
    // SQL keywords in a string literal (upper case, as the project writes its SQL).
    static const std::regex sql(R"("[^"\n]*\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE TABLE|CREATE INDEX)\b[^"\n]*")");
    std::smatch m;
    if (std::regex_search(text, m, sql)) out.push_back(rel + ": holds SQL text (" + m.str() + "): that is db/'s or app/'s");
  }
  if (!this_test) {
    // variant<..., std::string> as a return type: before a function's name and its '(' (a
    // declaration, a definition, Class::name), or after a trailing '->'.
    static const std::regex variant(
        R"(variant<[^;{}()]*,\s*std::string\s*>\s*[\w:]+\s*\(|->\s*(std::)?variant<[^;{}()]*,\s*std::string\s*>)");
    std::smatch m;
    if (std::regex_search(text, m, variant))
      out.push_back(rel + ": " + m.str() + ": a call that can fail returns ppn::Result (notation/result.hpp)");
  }
  return out;
}

std::vector<std::string> boundary_problems(const fs::path& root) {
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    const auto name = it->path().filename().string();
    if (it->is_directory() && (name.rfind("build", 0) == 0 || name.front() == '.')) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || !is_source(it->path())) continue;
    const auto rel = fs::relative(it->path(), root).generic_string();
    for (auto& p : file_problems(rel, ppn::test::read_file(it->path()))) out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

TEST_CASE("only the rules core knows the position's encoding, cli holds no SQL, one error type", "[build][boundaries]") {
  const auto problems = boundary_problems(PPN_SOURCE_DIR);
  for (const auto& p : problems) UNSCOPED_INFO(p);
  CHECK(problems.empty());
}

TEST_CASE("the boundary check finds planted breaches", "[build][boundaries]") {
  CHECK(file_problems("render/x.cpp", "int r = rel_of_byte(b);").size() == 1);
  CHECK(file_problems("analysis/x.cpp", "for (auto b : p.pawns[s]) {}").size() == 1);
  CHECK(file_problems("replay/x.cpp", "if (st.seats_mask >> s & 1) {}").size() == 1);
  CHECK(file_problems("analysis/x.cpp", "advance_turn(st, 1, 2, r, o);").size() == 1);
  CHECK(file_problems("rules/turn.cpp", "advance_turn(st, 1, 2, r, o);").empty());
  CHECK(file_problems("tests/rules_plays_test.cpp", "rel_of_byte(b)").empty());
  CHECK(file_problems("cli/x.cpp", "sqlite3_step(s);").size() == 1);
  CHECK(file_problems("serve/x.cpp", R"(db::Statement st(d, "SELECT id FROM games");)").size() == 1);
  CHECK(file_problems("cli/x.cpp", R"(run("SELECT id FROM games");)").size() == 1);
  CHECK(file_problems("db/x.cpp", R"(run("SELECT id FROM games");)").empty());
  CHECK(file_problems("cli/x.cpp", R"(std::cout << "Select a game";)").empty());
  CHECK(file_problems("cli/x.hpp", R"(// `ppn query --sql "SELECT ..."`: canned reports)").empty());
  CHECK(file_problems("db/x.hpp", "std::variant<Table, std::string> run(Database&);").size() == 1);
  CHECK(file_problems("db/x.hpp", "static std::variant<std::unique_ptr<Importer>, std::string>\n"
                                  "  open(const std::string& p);").size() == 1);
  CHECK(file_problems("db/x.cpp", "std::variant<Table, std::string> Finder::find(Database& db) {").size() == 1);
  CHECK(file_problems("app/x.cpp", "auto f = [](Database& d) -> std::variant<Table, std::string> {").size() == 1);
  CHECK(file_problems("db/x.hpp", "Result<Table> run(Database&);").empty());
  // A value type whose last alternative is text is no error variant.
  CHECK(file_problems("db/x.hpp", "using Cell = std::variant<std::monostate, std::int64_t, double, std::string>;")
            .empty());
  CHECK(file_problems("cli/x.cpp", "std::string text(const Cell& c) { return std::get<std::string>(c); }").empty());
}
