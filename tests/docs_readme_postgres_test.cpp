// The guide's PostgreSQL session (docs/GUIDE.md, "The game database on a PostgreSQL server") runs
// as written: its `ppn` lines, against the test server (tests/CMakeLists.txt starts it; the session's own
// initdb, pg_ctl and createdb lines make what the fixture made), with the session's database
// URI replaced by a fresh database there and its SQLite file put in a fresh directory.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

namespace {

// The `ppn` lines of the first sh block of the guide's section `heading` (after its number),
// comments dropped.
std::vector<std::string> ppn_lines(const std::string& heading) {
  const std::string readme = read_file(source_path("docs/GUIDE.md"));
  const auto from = readme.find(". " + heading + "\n");
  REQUIRE(from != std::string::npos);
  const auto block = readme.find("```sh\n", from);
  REQUIRE(block != std::string::npos);
  REQUIRE(block < readme.find("\n## ", from + 1));
  const auto end = readme.find("```\n", block + 6);
  std::istringstream in(readme.substr(block + 6, end - block - 6));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("ppn ")) continue;
    if (const auto hash = line.find("  #"); hash != std::string::npos) line.erase(hash);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out.push_back(line);
  }
  return out;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the guide's PostgreSQL session runs against a server: import, a report, and a copy into SQLite",
          "[db][docs][readme][postgresql]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto lines = ppn_lines("The game database on a PostgreSQL server");
  REQUIRE(lines.size() == 3);
  const std::string uri = "\"postgresql:///games?host=$HOME/pg\"";
  const auto server = fresh_db("readme-session", "postgresql");
  const auto dir = fresh_dir("readme-session");
  std::vector<Run> runs;
  for (auto line : lines) {
    INFO(line);
    CHECK(line.find(uri) != std::string::npos);  // the session's one database
    replace_all(line, uri, "'" + server + "'");
    replace_all(line, "games.sqlite", (dir / "games.sqlite").string());
    // From the source tree (samples/*.ppn), ppn the built binary.
    runs.push_back(run_command("cd '" + source_path("").string() + "' && " + ppn_binary() + line.substr(3) + " 2>&1"));
    CHECK(runs.back().code == 0);
  }
  std::size_t games = 0;
  for (const auto& f : sample_files()) games += games_in(f).size();
  // import: every sample stored; players: a table of them; copy: every game in the SQLite file.
  CHECK_THAT(runs[0].out, Catch::Contains("holds " + std::to_string(games) + " games"));
  CHECK_THAT(runs[1].out, Catch::Contains("Marta Ruiz"));
  CHECK_THAT(runs[2].out, Catch::Contains(std::to_string(games) + " copied"));
  CHECK(scalar((dir / "games.sqlite").string(), "SELECT count(*) FROM games") == static_cast<std::int64_t>(games));
}
