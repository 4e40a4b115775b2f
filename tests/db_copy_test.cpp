// `ppn db copy FROM TO` between the backends: into a collection on each backend from SQLite,
// twice (nothing changes), from a second file that adds the rest, and back out into SQLite,
// where every report and `ppn stats --db` say what a direct import of the same games says; the
// stored analysis comes along value for value; a player spelt two ways is one player; and a
// copy that deadlocks with an importer runs again.
#include <catch2/catch.hpp>

#include <charconv>
#include <chrono>
#include <thread>

#include "cli_run.hpp"
#include "app/game_rows.hpp"
#include "db/importer.hpp"
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

// Every row of `sql` with each value exact (a REAL by its shortest round-trip digits, so that
// SQLite's and PostgreSQL's texts of one double compare equal).
std::string exact_rows(const std::string& db, const std::string& sql) {
  ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
  ppn::db::Statement q(d, sql);
  std::string out;
  while (q.step()) {
    for (int c = 0; c < q.columns(); ++c) {
      switch (q.column_type(c)) {
        case ppn::db::ColumnType::null: out += "NULL"; break;
        case ppn::db::ColumnType::integer: out += std::to_string(q.get_int(c)); break;
        case ppn::db::ColumnType::real: {
          char buf[32];
          out.append(buf, std::to_chars(buf, buf + sizeof buf, q.get_double(c)).ptr);
          break;
        }
        default: out += q.get_text(c);
      }
      out += '|';
    }
    out += '\n';
  }
  return out;
}

// The stored analysis, each game by its checksum (ids differ between collections).
const std::string kAnalysis =
    "SELECT g.checksum, a.* FROM seat_analysis a JOIN games g ON g.id = a.game_id ORDER BY g.checksum, a.colour";
std::string analysis_rows(const std::string& db) {
  auto rows = exact_rows(db, kAnalysis);
  // a.game_id, the second column of each row, is the collection's own id
  std::string out;
  std::size_t at = 0;
  while (at < rows.size()) {
    const auto end = rows.find('\n', at);
    const auto line = rows.substr(at, end - at);
    const auto first = line.find('|'), second = line.find('|', first + 1);
    out += line.substr(0, first + 1) + line.substr(second + 1) + "\n";
    at = end + 1;
  }
  return out;
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
  // Two games analysed (seat_analysis: REAL columns, the settings, analysed_at).
  REQUIRE(run_ppn("analyze --db " + first + " --level rollout --rollouts 2 --min-rollouts 2 --horizon 2 --seed 7 " +
                  source_path("samples/05-two-player-kitchen-table.ppn").string() + " " +
                  source_path("samples/06-two-player-blockade-siege.ppn").string()).code == 0);
  const auto analysed = analysis_rows(first);
  REQUIRE(rows(first, "seat_analysis") >= 4);

  const auto shared = fresh_db("copy-shared", backend);
  const auto c1 = run_ppn("db copy " + first + " " + shared);
  CHECK(c1.code == 0);
  CHECK_THAT(c1.out, Catch::Contains(std::to_string(n1) + " copied, 0 already in"));
  for (const char* t : kTables) {
    INFO(t);
    CHECK(rows(shared, t) == rows(first, t));
  }
  CHECK(analysis_rows(shared) == analysed);
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
    if (std::string_view(t) != "seat_analysis") CHECK(rows(back, t) == rows(all, t));
  }
  CHECK(analysis_rows(back) == analysed);
  if (backend == "postgresql") {
    // Server to server.
    const auto other = fresh_db("copy-other", backend);
    CHECK(run_ppn("db copy " + shared + " " + other).code == 0);
    for (const char* t : kTables) {
      INFO(t);
      CHECK(rows(other, t) == rows(shared, t));
    }
    CHECK(analysis_rows(other) == analysed);
    CHECK(exact_rows(other, "SELECT checksum, source_file, rolls FROM games ORDER BY checksum") ==
          exact_rows(shared, "SELECT checksum, source_file, rolls FROM games ORDER BY checksum"));
  }
  for (const char* report : {"summary", "players", "captures", "doublets", "length", "illegal", "dice"}) {
    INFO(report);
    CHECK(run_ppn("query --db " + back + " " + report).out == run_ppn("query --db " + all + " " + report).out);
  }
  CHECK(run_ppn("stats --db " + back).out == run_ppn("stats --db " + all).out);
  CHECK(run_ppn("db copy /nonexistent/x.sqlite " + back).code == 2);
}

TEST_CASE("db copy: a player spelt two ways is one player, and FROM's other spellings name it in TO", "[db][cli][copy]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("copy-alias");
  // Three games with Rosa at green, her name typed three ways.
  const auto with_green = [&](const std::string& sample, const std::string& name) {
    auto text = read_file(source_path("samples/" + sample));
    const auto at = text.find("[Green \"") + 8;
    text.replace(at, text.find('"', at) - at, name);
    return write_file(dir / sample, text);
  };
  const auto to = fresh_db("copy-alias-to", backend);
  REQUIRE(run_ppn("import -q --db " + to + " " + with_green("05-two-player-kitchen-table.ppn", "rosa  DELGADO")).code == 0);
  const auto from = (dir / "from.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + from + " --alias \"R. Delgado=Rosa Delgado\" " +
                  with_green("06-two-player-blockade-siege.ppn", "Rosa Delgado")).code == 0);
  REQUIRE(run_ppn("db copy " + from + " " + to).code == 0);
  CHECK(scalar(to, "SELECT count(*) FROM games") == 2);
  CHECK(scalar(to, "SELECT count(*) FROM players") == 3);  // Rosa once, Ben, Victor
  CHECK(scalar(to, "SELECT count(DISTINCT player_id) FROM game_seats WHERE colour = 'green'") == 1);
  // The spelling FROM knew names her in TO: a game under it joins her games.
  REQUIRE(run_ppn("import -q --db " + to + " " + with_green("10-two-player-snow-day.ppn", "R. Delgado")).code == 0);
  CHECK(scalar(to, "SELECT count(*) FROM players") == 4);  // and Theo
  CHECK(scalar(to, "SELECT count(DISTINCT player_id) FROM game_seats WHERE colour = 'green'") == 1);
  const auto players = run_ppn("query --db " + to + " players --format csv").out;
  CHECK_THAT(players, Catch::Contains("rosa DELGADO,hasbro-2001,all,3,"));  // TO's spelling, all three games
}

TEST_CASE("db copy (PostgreSQL): a copy that deadlocks with an importer is rolled back and runs again", "[db][copy][postgresql]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto dir = fresh_dir("copy-deadlock");
  const auto from = (dir / "from.sqlite").string();
  const std::string files = files_matching("0");
  REQUIRE(run_ppn("import -q --db " + from + files).code == 0);
  const auto n = rows(from, "games");
  // A: FROM's first game, B: its last, as an importer reading the same files makes them.
  std::vector<ppn::Game> all;
  for (const auto& f : sample_files())
    if (std::filesystem::path(f).filename().string().starts_with("0"))
      for (auto& g : games_in(f)) all.push_back(std::move(g));
  REQUIRE(static_cast<std::int64_t>(all.size()) == n);
  ppn::db::GameRows a, b;
  ppn::app::make_game_rows(all.front(), {}, a);
  ppn::app::make_game_rows(all.back(), {}, b);
  const auto checksum = [](const ppn::db::GameRows& g) { return std::to_string(static_cast<std::int64_t>(g.checksum)); };
  REQUIRE(scalar(from, "SELECT count(*) FROM games WHERE id = 1 AND checksum = " + checksum(a)) == 1);
  REQUIRE(scalar(from, "SELECT count(*) FROM games WHERE id = " + std::to_string(n) + " AND checksum = " + checksum(b)) == 1);

  const auto to = fresh_db("copy-deadlock", "postgresql");
  REQUIRE(run_ppn("import --db " + to).code == 0);  // the schema
  // The importer holds B, uncommitted, and never runs the deadlock check itself (60 s); the copy
  // runs it 1.5 s into a wait.
  auto opened = ppn::db::Importer::open(to + "?options=-c%20deadlock_timeout%3D60s", {});
  REQUIRE(opened);
  auto importer = std::move(*opened);
  REQUIRE(importer->store(b) == ppn::db::ImportOutcome::added);
  // The copy stores A, then waits for B.
  ppn::test::Run copied;
  std::thread copy([&] { copied = run_ppn("db copy " + from + " '" + to + "?options=-c%20deadlock_timeout%3D1500ms'", true); });
  ppn::db::Database watch(to);
  bool waiting = false;
  for (int i = 0; i < 600 && !waiting; ++i) {
    waiting = watch.scalar("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'") > 0;
    if (!waiting) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(waiting);
  // Now the importer stores A: it waits for the copy, which waits for it. The copy's check
  // finds the cycle and fails its own wait; the copy rolls back (A goes to the importer) and
  // runs again once the importer has committed.
  CHECK(importer->store(a) == ppn::db::ImportOutcome::added);
  importer->commit();
  copy.join();
  CHECK(copied.code == 0);
  CHECK_THAT(copied.out, Catch::Contains(std::to_string(n - 2) + " copied, 2 already in"));
  CHECK(rows(to, "games") == n);
  CHECK(scalar(to, "SELECT count(*) FROM (SELECT checksum FROM games GROUP BY checksum HAVING count(*) > 1) d") == 0);
  CHECK(rows(to, "rolls") == rows(from, "rolls"));
}
