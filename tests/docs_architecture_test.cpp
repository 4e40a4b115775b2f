// docs/ARCHITECTURE.md stays true: the record it follows, run through `ppn validate`, prints
// exactly the lines it quotes (and exits 1, a rule error), and every file it names exists.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "cli_run.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> fenced_blocks(const std::string& doc) {
  std::vector<std::string> blocks;
  std::stringstream in(doc);
  bool open = false;
  std::string text;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      if (open) blocks.push_back(text);
      open = !open;
      text.clear();
      continue;
    }
    if (open) text += line + "\n";
  }
  return blocks;
}

std::string architecture() { return ppn::test::read_file(ppn::test::source_path("docs/ARCHITECTURE.md")); }

}  // namespace

TEST_CASE("docs/ARCHITECTURE.md: its record validates to the lines it quotes", "[docs][architecture]") {
  const auto blocks = fenced_blocks(architecture());
  REQUIRE(blocks.size() >= 2);
  const fs::path dir = fs::temp_directory_path() / ("ppn-architecture-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "walk.ppn") << blocks[0];
  // Run from the record's folder, so the file is named as the page names it.
  const auto r = ppn::test::run_command("cd '" + dir.string() + "' && " + ppn::test::ppn_binary() +
                                        " validate walk.ppn 2>&1");
  fs::remove_all(dir);
  CHECK(r.code == 1);
  INFO(r.out);
  CHECK(r.out.rfind(blocks[1], 0) == 0);
}

TEST_CASE("docs/ARCHITECTURE.md: every file it names exists", "[docs][architecture]") {
  const std::string doc = architecture();
  const std::regex path(R"(`([a-z_]+/[a-z_./]+\.(hpp|cpp|md))`)");
  int named = 0;
  for (std::sregex_iterator it(doc.begin(), doc.end(), path), end; it != end; ++it) {
    ++named;
    INFO((*it)[1]);
    CHECK(fs::exists(ppn::test::source_path((*it)[1])));
  }
  CHECK(named > 20);
}
