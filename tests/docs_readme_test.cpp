// README.md against the CLI: its command table has a row for every command `ppn` has, and the
// speed figures stand in one place, the "Speed" table (issue 16: a stray `ppn bench parse` row
// in the command table contradicted it).
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>

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

TEST_CASE("README's speed figures appear only in its Speed table", "[docs][readme]") {
  const std::string readme = ppn::test::read_file(ppn::test::source_path("README.md"));
  const std::string speed = section(readme, "Speed");
  for (const char* unit : {"MB/s", "games/s", "rolls/s", "decisions/s"}) {
    INFO(unit);
    std::size_t total = 0, in_speed = 0;
    for (auto at = readme.find(unit); at != std::string::npos; at = readme.find(unit, at + 1)) ++total;
    for (auto at = speed.find(unit); at != std::string::npos; at = speed.find(unit, at + 1)) ++in_speed;
    CHECK(in_speed > 0);
    CHECK(total == in_speed);
  }
}
