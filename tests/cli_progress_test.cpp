// Long runs show a progress bar on standard error when it is a terminal, and print nothing extra
// otherwise: convert and import over many files, import within one file, selfplay, analyze; and
// a wait for another writer's lock is said. validate's bar: render_cli_test.cpp.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <sys/wait.h>
#include <thread>

#include "cli_run.hpp"
#include "db/connection.hpp"
#include "db_helpers.hpp"
#include "pty_session.hpp"
#include "scratch_dir.hpp"
#include "shared_data.hpp"

using ppn::test::PtySession;
using ppn::test::run_ppn;

TEST_CASE("cli convert: a progress bar on standard error only when it is a terminal", "[cli][convert][pty]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/course-xml-tests");
  std::vector<std::string> args{"convert", "--from", "nu-test", "-o", "/dev/null"};
  std::string files;
  for (int i : {1, 2, 3, 4, 5, 6}) {
    args.push_back((dir / ("in" + std::to_string(i) + ".xml")).string());
    files += " " + args.back();
  }
  // A pipe: only the summary lines, no bar.
  const auto piped = run_ppn("convert --from nu-test -o /dev/null" + files, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find("\r") == std::string::npos);
  CHECK_THAT(piped.out, Catch::Contains("convert: 6 game(s), 0 problem(s)"));
  // A terminal: the bar is drawn and erased, and the summary still printed.
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rconvert ["));
  CHECK_THAT(s.out(), Catch::Contains("100%"));
  CHECK_THAT(s.out(), Catch::Contains("6/6 files"));
  CHECK_THAT(s.out(), Catch::Contains("convert: 6 game(s), 0 problem(s)"));
}

TEST_CASE("cli import: a progress bar on standard error only when it is a terminal", "[cli][db][pty]") {
  const auto db = (std::filesystem::temp_directory_path() / "ppn-progress-import.sqlite").string();
  std::filesystem::remove(db);
  std::vector<std::string> args{"import", "--db", db};
  for (const char* f : {"samples/01-four-player-family-night.ppn", "samples/02-four-player-club-league.ppn",
                        "samples/07-ludo-classic-three-players.ppn"})
    args.push_back(ppn::test::source_path(f).string());
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rimport ["));
  CHECK_THAT(s.out(), Catch::Contains("3/3 files, 3 games"));
  CHECK_THAT(s.out(), Catch::Contains("holds 3 games"));
  // A pipe: no bar.
  std::filesystem::remove(db);
  std::string files;
  for (std::size_t i = 3; i < args.size(); ++i) files += " " + args[i];
  const auto piped = run_ppn("import --db " + db + files, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find('\r') == std::string::npos);
}

TEST_CASE("cli import: the bar counts the games of a file while it is read, on a terminal only", "[cli][db][pty]") {
  const auto dir = std::filesystem::temp_directory_path() / ("ppn-progress-one-file-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto games = (dir / "g.ppn").string(), db = (dir / "g.sqlite").string();
  REQUIRE(run_ppn("selfplay --games 40 --seed 3 -o " + games).code == 0);
  PtySession s({"import", "--db", db, games});
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  // One file: the bar names it and counts its games as they are stored.
  CHECK_THAT(s.out(), Catch::Contains("\rimport [") && Catch::Contains("%  1 game of /"));
  CHECK_THAT(s.out(), Catch::Contains("holds 40 games"));
  std::filesystem::remove(db);
  const auto piped = run_ppn("import --db " + db + " " + games, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find('\r') == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("cli selfplay: the games played on a terminal, nothing on a pipe", "[cli][pty]") {
  const auto out = (std::filesystem::temp_directory_path() / ("ppn-progress-selfplay-" + std::to_string(getpid()) + ".ppn")).string();
  PtySession s({"selfplay", "--games", "200", "--seed", "4", "-o", out});
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rselfplay [") && Catch::Contains(" of 200"));
  const auto piped = run_ppn("selfplay --games 200 --seed 4 -o " + out, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.empty());
  std::filesystem::remove(out);
}

TEST_CASE("cli analyze: the game in hand on a terminal, nothing extra on a pipe", "[cli][pty]") {
  const auto file = ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string();
  const std::vector<std::string> args{"analyze", "--level", "rollout", "--rollouts", "36", "--min-rollouts", "36", "--horizon", "2", file};
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\ranalyze ") && Catch::Contains("game 1 (" + file + ":1)"));
  const auto piped = run_ppn("analyze --level rollout --rollouts 36 --min-rollouts 36 --horizon 2 " + file, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find('\r') == std::string::npos);
}

TEST_CASE("cli import: waiting for another writer's lock says so, on both backends", "[cli][db]") {
  const auto backend = GENERATE(from_range(ppn::test::db_backends()));
  INFO(backend);
  const auto db = ppn::test::fresh_db("lock-wait", backend);
  const auto sample = [](const std::string& name) { return ppn::test::source_path("samples/" + name).string(); };
  REQUIRE(run_ppn("import -q --db " + db + " " + sample("05-two-player-kitchen-table.ppn")).code == 0);
  ppn::test::Run second;
  {
    // Another writer holds a lock: SQLite's write lock (for 4 seconds), or on PostgreSQL one on
    // the games table, which the importer's first insert waits for on the server (until the
    // server shows it waiting, and 2 seconds more: the notice comes after a second).
    ppn::db::Database holder(db);
    ppn::db::Transaction t(holder);
    holder.exec(backend == "sqlite" ? "DELETE FROM tags WHERE 0" : "LOCK TABLE games IN EXCLUSIVE MODE");
    std::thread importer([&] {
      second = run_ppn("import --db " + db + " " + sample("06-two-player-blockade-siege.ppn"), /*merge_stderr=*/true);
    });
    if (backend == "sqlite") {
      std::this_thread::sleep_for(std::chrono::seconds(4));
    } else {
      ppn::db::Database watcher(db, ppn::db::Database::Mode::read_only);
      for (int k = 0; k < 400 && watcher.scalar("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                                                "AND datname = current_database()") == 0;
           ++k)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
    t.commit();
    importer.join();
  }
  CHECK(second.code == 0);
  CHECK_THAT(second.out, Catch::Contains("ppn: waiting for " + ppn::db::database_name(db) + ": another process is writing to it"));
  CHECK_THAT(second.out, Catch::Contains("holds 2 games"));
  // Without a wait, nothing is said.
  const auto third = run_ppn("import --db " + db + " " + sample("10-two-player-snow-day.ppn"), /*merge_stderr=*/true);
  CHECK(third.code == 0);
  CHECK(third.out.find("waiting for") == std::string::npos);
}

TEST_CASE("cli db copy, export --db, find --pattern, stats --db, rate, audit --db: progress on a terminal, nothing on a pipe", "[cli][pty][db]") {
  const ppn::test::ScratchDir dir("progress-db-reads");
  const auto db = dir / "from.sqlite";
  const auto games = dir / "games.ppn";
  // Enough positions for find's count (every 65,536 positions read).
  REQUIRE(run_ppn("selfplay --games 600 --seed 8 -o " + games).code == 0);
  REQUIRE(run_ppn("import -q --db " + db + " " + games).code == 0);
  REQUIRE(ppn::test::scalar(db, "SELECT count(*) FROM positions") > 65536);

  // db copy: the table being copied.
  const auto to = dir / "to.sqlite";
  PtySession copy({"db", "copy", db, to});
  CHECK(WEXITSTATUS(copy.finish()) == 0);
  CHECK_THAT(copy.out(), Catch::Contains("\rdb copy [") && Catch::Contains("games: "));
  CHECK_THAT(copy.out(), Catch::Contains("db copy: 600 games in"));
  const auto copy_piped = run_ppn("db copy " + db + " " + (dir / "to2.sqlite"), /*merge_stderr=*/true);
  CHECK(copy_piped.code == 0);
  CHECK(copy_piped.out.find('\r') == std::string::npos);

  // export --db into a file: the game in hand.
  const auto out = dir / "out.ppn";
  PtySession exp({"export", "--db", db, "-o", out});
  CHECK(WEXITSTATUS(exp.finish()) == 0);
  CHECK_THAT(exp.out(), Catch::Contains("\rexport [") && Catch::Contains(" of 600"));
  const auto exp_piped = run_ppn("export --db " + db + " -o " + (dir / "out2.ppn"), /*merge_stderr=*/true);
  CHECK(exp_piped.code == 0);
  CHECK(exp_piped.out.empty());

  // find --pattern: the positions read.
  PtySession find({"find", "--db", db, "--pattern", "home-path:green:2"});
  const int found = find.finish();
  CHECK(WIFEXITED(found));
  CHECK_THAT(find.out(), Catch::Contains("\rfind ") && Catch::Contains("65536 positions read"));
  const auto find_piped = run_ppn("find --db " + db + " --pattern home-path:green:2", /*merge_stderr=*/true);
  CHECK(find_piped.out.find('\r') == std::string::npos);

  // stats --db, rate and audit --db read in one query each: a line saying so while it runs.
  for (const auto& [cmd, line] : std::vector<std::pair<std::string, std::string>>{
           {"stats", "summing the games of "}, {"rate", "rating the players of "}, {"audit", "reading the rolls of "}}) {
    INFO(cmd);
    PtySession s({cmd, "--db", db});
    CHECK(WEXITSTATUS(s.finish()) == 0);
    CHECK_THAT(s.out(), Catch::Contains("\r" + cmd + " ") && Catch::Contains(line));
    const auto piped = run_ppn(cmd + " --db " + db, /*merge_stderr=*/true);
    CHECK(piped.code == 0);
    CHECK(piped.out.find('\r') == std::string::npos);
  }
}
