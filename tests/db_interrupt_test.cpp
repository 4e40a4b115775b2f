// Ctrl-C during `ppn import` (SIGINT, as a terminal sends it; SIGTERM alike): the import stops
// between two games, commits the games it stored, reports them (each file's line, the summary)
// and says how to resume; what it reports stored is stored, whole, and running the same command
// again imports the rest. On three files of 1,000 self-play games (tests/db_import_process.hpp).
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <regex>
#include <sys/wait.h>
#include <thread>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"

using namespace ppn::test;

namespace {

// The new games the file lines of an import's stdout count, and the games its summary says the
// database holds (-1: no summary).
std::pair<std::int64_t, std::int64_t> reported_counts(const std::string& out) {
  std::int64_t added = 0, held = -1;
  std::istringstream in(out);
  std::string line;
  const std::regex file_line(R"(games?: (\d+) new \()"), summary(R"(holds (\d+) games?$)");
  std::smatch m;
  while (std::getline(in, line)) {
    if (line.starts_with("import: ")) {
      if (std::regex_search(line, m, summary)) held = std::stoll(m[1]);
    } else if (std::regex_search(line, m, file_line)) {
      added += std::stoll(m[1]);
    }
  }
  return {added, held};
}

}  // namespace

TEST_CASE("db import: Ctrl-C commits the games stored, reports them and says how to resume", "[db][cli][slow][signal]") {
  const auto backend = GENERATE(from_range(db_backends()));
  const int sig = GENERATE(SIGINT, SIGTERM);
  INFO(backend << ", signal " << sig);
  // Three of the ten files: the signal comes while the second or third is read.
  const auto all = selfplay_files();
  const std::vector<std::string> files(all.begin(), all.begin() + 3);
  const std::int64_t total = static_cast<std::int64_t>(files.size()) * kPerFile;
  const auto db = fresh_db("interrupt", backend);
  const auto dir = fresh_dir("interrupt-out");
  const auto out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  const pid_t pid = spawn_import(db, files, out, err);
  // Once the first file is reported (committed), the signal comes in the middle of the others.
  for (int i = 0; i < 1200 && reported(out).empty(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  REQUIRE_FALSE(reported(out).empty());
  REQUIRE(kill(pid, sig) == 0);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  // It ends on its own, with the shell's code for a command the signal stopped.
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 128 + sig);
  const auto said = read_file(err);
  CHECK_THAT(said, Catch::Contains(std::string("import: interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM")));
  CHECK_THAT(said, Catch::Contains("run the same command again"));
  const auto [added, held] = reported_counts(read_file(out));
  const auto stored = scalar(db, "SELECT count(*) FROM games");
  CHECK(held == stored);
  CHECK(added == stored);  // every game reported stored is stored, and no other
  CHECK(stored < total);  // it stopped before the end
  // Whole games only: every game has its rolls, positions and statistics.
  CHECK(scalar(db, "SELECT count(*) FROM games g WHERE rolls != (SELECT count(*) FROM rolls r WHERE r.game_id = g.id)") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_race r WHERE r.game_id = g.id)") == 0);
  // The same command again imports the rest.
  const auto again = (dir / "again.txt").string();
  CHECK(wait_exit(spawn_import(db, files, again)) == 0);
  CHECK(scalar(db, "SELECT count(*) FROM games") == total);
  CHECK(reported_counts(read_file(again)).first == total - stored);
}
