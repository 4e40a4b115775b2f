// README.md against the CLI: its command table has a row for every command `ppn` has; and the
// speed figures stand in one place, docs/PERFORMANCE.md (a figure copied elsewhere goes stale).
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>

#include "cli/app.hpp"
#include "shared_data.hpp"

namespace {

std::string section(const std::string& doc, const std::string& heading) {
  const auto from = doc.find("\n## " + heading + "\n");
  REQUIRE(from != std::string::npos);
  return doc.substr(from, doc.find("\n## ", from + 1) - from);
}

}  // namespace

TEST_CASE("README's command table has a row for every ppn command", "[docs][readme]") {
  const std::string commands = section(ppn::test::read_file(ppn::test::source_path("README.md")), "Commands");
  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);
  const auto subs = app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
  REQUIRE(subs.size() >= 15);
  for (const CLI::App* sub : subs) {
    INFO(sub->get_name());
    CHECK(commands.find("\n| `ppn " + sub->get_name()) != std::string::npos);
  }
}

TEST_CASE("every speed figure stands once, in docs/PERFORMANCE.md", "[docs][readme]") {
  // A number followed by a rate: "322 MB/s", "3.36 M rolls/s", "1,025 games/s".
  const std::regex figure(R"([0-9][0-9.,]*(-[0-9][0-9.,]*)? (M |k )?(MB/s|games/s|rolls/s|decisions/s|calls/s|positions/s))");
  const auto figures = [&](const std::string& doc) {
    const std::string text = ppn::test::read_file(ppn::test::source_path(doc));
    REQUIRE_FALSE(text.empty());
    return static_cast<std::size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), figure), std::sregex_iterator()));
  };
  CHECK(figures("docs/PERFORMANCE.md") >= 20);
  std::vector<std::string> docs = {"README.md", "analysis/README.md", "db/SCHEMA.md", "rules/README.md"};
  for (const auto& e : std::filesystem::directory_iterator(ppn::test::source_path("docs")))
    if (e.path().extension() == ".md" && e.path().filename() != "PERFORMANCE.md") docs.push_back("docs/" + e.path().filename().string());
  for (const auto& doc : docs) {
    INFO(doc << " has a speed figure: it belongs in docs/PERFORMANCE.md");
    CHECK(figures(doc) == 0);
  }
}
