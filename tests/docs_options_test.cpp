// The user docs list every rule option with all its values, and every profile with the options
// it changes (docs/RULES.md §options, §profiles), checked against rules/options.cpp's own
// table so that an option or value added there without its line in the docs fails here.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "rules/options.hpp"
#include "shared_data.hpp"

using namespace ppn::rules;

namespace {

// The rows of the markdown table between `start` and the next "## " heading, split into cells.
std::vector<std::vector<std::string>> table_rows(const std::string& doc, const std::string& start) {
  const auto from = doc.find(start);
  REQUIRE(from != std::string::npos);
  const auto to = doc.find("\n## ", from + start.size());
  std::stringstream in(doc.substr(from, to - from));
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::stringstream cs(line.substr(1));
    for (std::string c; std::getline(cs, c, '|');) cells.push_back(c);
    rows.push_back(cells);
  }
  return rows;
}

bool has_code(const std::string& cell, std::string_view word) {
  return cell.find("`" + std::string(word) + "`") != std::string::npos;
}

}  // namespace

TEST_CASE("docs/RULES.md §options lists every option with every value", "[docs][options]") {
  const auto rows = table_rows(ppn::test::read_file(ppn::test::source_path("docs/RULES.md")), "\n## Options");
  REQUIRE(rows.size() >= 20);
  for (int i = 0; i < kOptionCount; ++i) {
    const auto id = static_cast<OptionId>(i);
    const auto name = option_name(id);
    INFO("option " << name);
    const std::vector<std::string>* row = nullptr;
    for (const auto& r : rows)
      if (has_code(r[0], name)) row = &r;
    REQUIRE(row != nullptr);
    REQUIRE(row->size() >= 2);
    const std::string& values = (*row)[1];
    const auto names = option_values(id);
    bool applies = false, unsupported = false;
    for (std::size_t v = 0; v < names.size(); ++v) {
      INFO("value " << names[v]);
      CHECK(has_code(values, names[v]));
      const bool somewhere = option_value_supported(id, v, false) || option_value_supported(id, v, true);
      applies = applies || somewhere;
      unsupported = unsupported || !somewhere;
    }
    // A value the engine refuses is marked so (RULES.md: refused, never ignored).
    if (applies && unsupported) CHECK(values.find("not supported") != std::string::npos);
  }
}

TEST_CASE("docs/RULES.md §profiles gives every profile's options as options.cpp sets them", "[docs][options]") {
  const auto rows = table_rows(ppn::test::read_file(ppn::test::source_path("docs/RULES.md")), "\n## Profiles");
  const Options hasbro = *profile_options("hasbro-2001").options, ludo = *profile_options("ludo").options;
  static const std::regex assignment("`([a-z_]+)=([A-Za-z0-9_]+)`");
  for (const auto profile : profile_list()) {
    INFO("profile " << profile);
    const std::vector<std::string>* row = nullptr;
    for (const auto& r : rows)
      if (r[0].find("`" + std::string(profile) + "`") == 1) row = &r;
    REQUIRE(row != nullptr);
    REQUIRE(row->size() >= 3);
    const std::string& changes = (*row)[2];
    const Options opts = *profile_options(profile).options;
    // The Ludo variants are written "as `ludo`, plus ..."; the others from hasbro-2001.
    const Options& base = opts.ludo() && profile != "ludo" ? ludo : hasbro;
    for (int i = 0; i < kOptionCount; ++i) {
      const auto id = static_cast<OptionId>(i);
      if (id == OptionId::board || opts.get(id) == base.get(id)) continue;
      INFO("option " << option_name(id));
      CHECK(has_code(changes, std::string(option_name(id)) + "=" + std::string(option_value_name(opts, id))));
    }
    // And nothing the row states is false.
    for (std::sregex_iterator m(changes.begin(), changes.end(), assignment), end; m != end; ++m) {
      Options stated = opts;
      INFO("stated " << (*m)[0]);
      CHECK_FALSE(apply_override(stated, (*m)[1].str() + "=" + (*m)[2].str()));
      CHECK(stated == opts);
    }
  }
}
