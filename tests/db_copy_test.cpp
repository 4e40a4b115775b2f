// `ppn db copy FROM TO` between the backends: into a collection on each backend from SQLite,
// twice (nothing changes), from a second file that adds the rest, and back out into SQLite,
// where every report and `ppn stats --db` say what a direct import of the same games says.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

namespace {

std::string files_matching(const std::string& prefix) {
  std::string s;
  for (const auto& f : sample_files())
    if (std::filesystem::path(f).filename().string().starts_with(prefix)) s += " " + f;
  return s;
}

std::int64_t rows(const std::string& db, const std::string& table) {
  return scalar(db, "SELECT count(*) FROM " + table);
}

const char* const kTables[] = {"games", "players", "player_aliases", "game_seats", "tags", "rolls", "diagnostics",
                               "positions", "game_race", "seat_stats", "seat_illegal", "seat_analysis", "game_text"};

}  // namespace

TEST_CASE("db copy: SQLite into each backend and back, idempotent, adding only what is missing", "[db][cli][copy]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("copy");
  const auto first = (dir / "first.sqlite").string(), second = (dir / "second.sqlite").string();
  const auto all = (dir / "all.sqlite").string(), back = (dir / "back.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + first + files_matching("0")).code == 0);
  REQUIRE(run_ppn("import -q --db " + second + files_matching("1")).code == 0);
  REQUIRE(run_ppn("import -q --db " + all + files_matching("0") + files_matching("1")).code == 0);
  const auto n1 = rows(first, "games"), n2 = rows(second, "games");
  REQUIRE(n1 > 0);
  REQUIRE(n2 > 0);

  const auto shared = fresh_db("copy-shared", backend);
  const auto c1 = run_ppn("db copy " + first + " " + shared);
  CHECK(c1.code == 0);
  CHECK_THAT(c1.out, Catch::Contains(std::to_string(n1) + " copied, 0 already in"));
  for (const char* t : kTables) {
    INFO(t);
    CHECK(rows(shared, t) == rows(first, t));
  }
  const auto again = run_ppn("db copy " + first + " " + shared);
  CHECK(again.code == 0);
  CHECK_THAT(again.out, Catch::Contains("0 copied, " + std::to_string(n1) + " already in"));
  for (const char* t : kTables) {
    INFO(t);
    CHECK(rows(shared, t) == rows(first, t));
  }
  // The second file's games join them; the first's, copied along with them, are not doubled.
  REQUIRE(run_ppn("db copy " + all + " " + shared).code == 0);
  CHECK(rows(shared, "games") == n1 + n2);

  const auto out = run_ppn("db copy " + shared + " " + back);
  CHECK(out.code == 0);
  CHECK_THAT(out.out, Catch::Contains(std::to_string(n1 + n2) + " copied"));
  for (const char* t : kTables) {
    INFO(t);
    CHECK(rows(back, t) == rows(all, t));
  }
  for (const char* report : {"summary", "players", "captures", "doublets", "length", "illegal", "dice"}) {
    INFO(report);
    CHECK(run_ppn("query --db " + back + " " + report).out == run_ppn("query --db " + all + " " + report).out);
  }
  CHECK(run_ppn("stats --db " + back).out == run_ppn("stats --db " + all).out);
  CHECK(run_ppn("db copy /nonexistent/x.sqlite " + back).code == 2);
}
