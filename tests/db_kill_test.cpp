// The importer's promises under stress, on samples/ plus 10,000 self-play games (10 files of
// 1,000, generated once and cached in the build dir's test-data/):
//   * kill -9 at several moments: the database passes integrity_check, holds only whole games
//     (every game has all its rolls and positions), and every file the importer reported done
//     is there in full; re-running the import completes the rest;
//   * re-importing everything adds nothing;
//   * a query runs while an import writes (WAL);
//   * four importers on one database at once, on the same games in different orders: all finish,
//     every game is stored once, each summary is true (PostgreSQL: they may deadlock; the server
//     breaks each deadlock and the importer it fails stores the game again, db/importer.hpp;
//     tests/db_deadlock_test.cpp makes one deadlock for certain).
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <sstream>
#include <thread>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "db_import_process.hpp"
#include "notation/printer.hpp"
#include "one_game_files.hpp"



using namespace ppn::test;

namespace {


// The database is sound: integrity_check (SQLite), whole games only.
void check_sound(const std::string& db) {
  if (!ppn::db::is_server_target(db)) {
    // Killed before it created the file: nothing to check.
    if (!std::filesystem::exists(db)) return;
    ppn::db::Database f(db, ppn::db::Database::Mode::read_only);
    ppn::db::Statement ic(f, "PRAGMA integrity_check");
    REQUIRE(ic.step());
    CHECK(ic.get_text(0) == "ok");
  }
  ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
  // Killed before the first migration committed: an empty database, which the next import migrates.
  if (d.user_version() == 0) {
    CHECK(d.table_count() == 0);
    return;
  }
  CHECK(d.scalar("SELECT count(*) FROM games g WHERE rolls != (SELECT count(*) FROM rolls r "
                 "WHERE r.id BETWEEN g.id << 16 AND (g.id << 16) + 65535)") == 0);
  // positions is keyed by hash: count every game's positions in one pass.
  CHECK(d.scalar("SELECT count(*) FROM games g LEFT JOIN (SELECT game_id, count(*) AS n FROM positions GROUP BY game_id) p "
                 "ON p.game_id = g.id WHERE g.rolls_replayed != coalesce(p.n, 0)") == 0);
  CHECK(d.scalar("SELECT count(*) FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_race s WHERE s.game_id = g.id)") == 0);
  CHECK(d.scalar("SELECT count(*) FROM game_seats WHERE game_id NOT IN (SELECT id FROM games)") == 0);
  CHECK(d.scalar("SELECT count(*) - count(DISTINCT checksum) FROM games") == 0);
  // The statistics the reports sum are those of the games present, no more and no less.
  CHECK(d.scalar("SELECT count(*) FROM seat_stats WHERE game_id NOT IN (SELECT id FROM games)") == 0);
  CHECK(d.scalar("SELECT count(*) FROM game_seats g WHERE NOT EXISTS (SELECT 1 FROM seat_stats s "
                 "WHERE s.game_id = g.game_id AND s.colour = g.colour)") == 0);
}

void check_reported_present(const std::string& db, const std::vector<std::string>& files) {
  if (files.empty()) return;
  for (const auto& f : files) {
    INFO("reported done: " << f);
    const auto want = f.find("selfplay-") != std::string::npos
                          ? kPerFile
                          : static_cast<std::int64_t>(games_in(f).size());
    CHECK(scalar(db, "SELECT count(*) FROM games WHERE source_file = " + quoted(f)) == want);
  }
}

}  // namespace

TEST_CASE("db import of the samples and ten thousand self-play games: kill -9 loses nothing reported and "
          "re-import adds nothing",
          "[db][cli][slow]") {
  auto files = sample_files();
  const auto sp = selfplay_files();
  files.insert(files.end(), sp.begin(), sp.end());
  std::int64_t total = static_cast<std::int64_t>(sp.size()) * kPerFile;
  for (const auto& f : sample_files()) total += static_cast<std::int64_t>(games_in(f).size());
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("kill");
  const auto db = fresh_db("kill", backend);
  const auto out = (dir / "out.txt").string();
  using namespace std::chrono_literals;

  // Three runs, each killed: early, after a few files were reported, and later.
  struct Moment {
    std::chrono::milliseconds after;
    std::size_t after_lines;  // wait until this many lines were reported first
  };
  std::vector<std::string> done;
  for (const auto& m : {Moment{150ms, 0}, Moment{40ms, 3}, Moment{900ms, 0}}) {
    const auto pid = spawn_import(db, files, out);
    const auto start = std::chrono::steady_clock::now();
    while (lines_in(out) < m.after_lines && std::chrono::steady_clock::now() - start < 60s)
      std::this_thread::sleep_for(5ms);
    std::this_thread::sleep_for(m.after);
    kill(pid, SIGKILL);
    wait_exit(pid);
    const auto now = reported(out);
    done.insert(done.end(), now.begin(), now.end());
    check_sound(db);
    check_reported_present(db, done);
  }
  const auto before = scalar(db, "SELECT count(*) FROM games");
  CHECK(before < total);  // the kills did interrupt something

  // A query runs while the last import writes.
  const auto pid = spawn_import(db, files, out);
  std::this_thread::sleep_for(200ms);
  const auto q = run_ppn("query --db " + db + " summary --format csv");
  CHECK(q.code == 0);
  CHECK(wait_exit(pid) == 0);
  CHECK_THAT(read_file(out), Catch::Contains("import: " + std::to_string(files.size()) + " files, " +
                                             std::to_string(total) + " games: " + std::to_string(total - before) +
                                             " new (0 illegal), " + std::to_string(before) + " duplicates"));
  check_sound(db);
  CHECK(scalar(db, "SELECT count(*) FROM games") == total);
  CHECK(scalar(db, "SELECT count(*) FROM positions") == scalar(db, "SELECT count(*) FROM rolls"));

  // Everything again: nothing new.
  const auto again = run_ppn("import -q --db " + db + " " + sp[0] + " " + sp[1] + " " + sp[2] + " " + files[0]);
  CHECK(again.code == 0);
  const auto three = std::to_string(3 * kPerFile + static_cast<std::int64_t>(games_in(files[0]).size()));
  CHECK_THAT(again.out, Catch::Contains(three + " games: 0 new (0 illegal), " + three + " duplicates, 0 prefix duplicates"));
}

TEST_CASE("db import: four importers at once on the same games in four orders store every game once, each summary "
          "true (PostgreSQL: a deadlock is broken and the game stored again, under a default of serializable isolation)",
          "[db][cli][slow]") {
  const auto sp = selfplay_files();
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("four");
  const auto db = fresh_db("four", backend);
  // The same 1,000 games (a self-play file, its halves A and B): in file order, reversed,
  // interleaved (A1 B1 A2 B2 ...), and as two files B then A. With --batch 200 each importer's
  // open transaction holds games another one is about to store, in the other order: on
  // PostgreSQL two importers may wait for each other, which the server breaks as a deadlock.
  const auto games = games_in(sp[0]);
  const auto half = games.size() / 2;
  std::vector<const ppn::Game*> forward;
  for (const auto& g : games) forward.push_back(&g);
  const auto write_games = [&](const std::string& name, const std::vector<const ppn::Game*>& some) {
    std::string text;
    for (const auto* g : some) (text += ppn::to_ppn(*g)) += "\n";
    return write_file(dir / name, text);
  };
  std::vector<const ppn::Game*> interleaved;
  for (std::size_t i = 0; i < half; ++i) interleaved.insert(interleaved.end(), {forward[i], forward[half + i]});
  const std::vector<std::vector<std::string>> inputs = {
      {write_games("forward.ppn", forward)},
      {write_games("reversed.ppn", std::vector<const ppn::Game*>(forward.rbegin(), forward.rend()))},
      {write_games("interleaved.ppn", interleaved)},
      {write_games("b.ppn", std::vector<const ppn::Game*>(forward.begin() + static_cast<long>(half), forward.end())),
       write_games("a.ppn", std::vector<const ppn::Game*>(forward.begin(), forward.begin() + static_cast<long>(half)))},
  };
  const auto total = static_cast<long>(forward.size());
  if (backend == "postgresql") {
    // A server whose transactions default to serializable: the importers' own are read committed
    // (db/connection.hpp), else concurrent inserts of one game fail with serialization errors.
    ppn::db::Database admin("postgresql:///postgres");
    admin.exec("ALTER DATABASE " + db.substr(db.rfind('/') + 1) + " SET default_transaction_isolation = 'serializable'");
  }
  std::vector<pid_t> pids;
  for (std::size_t k = 0; k < inputs.size(); ++k)
    pids.push_back(spawn_import(db, inputs[k], (dir / ("out" + std::to_string(k))).string(),
                                (dir / ("err" + std::to_string(k))).string()));
  for (std::size_t k = 0; k < pids.size(); ++k) {
    const int code = wait_exit(pids[k]);
    INFO("importer " << k << ": " << read_file((dir / ("err" + std::to_string(k))).string()));
    CHECK(code == 0);
  }
  check_sound(db);
  CHECK(scalar(db, "SELECT count(*) FROM games") == total);
  long added_by_all = 0;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const auto t = read_file((dir / ("out" + std::to_string(k))).string());
    INFO(t);
    const std::string head = "import: " + std::to_string(inputs[k].size()) + (inputs[k].size() == 1 ? " file, " : " files, ") +
                             std::to_string(total) + " games: ";
    const auto at = t.find(head);
    REQUIRE(at != std::string::npos);
    const long n = std::stol(t.substr(at + head.size()));
    CHECK_THAT(t, Catch::Contains(std::to_string(n) + " new (0 illegal), " + std::to_string(total - n) +
                                  " duplicates, 0 prefix duplicates"));
    added_by_all += n;
  }
  CHECK(added_by_all == total);
}

TEST_CASE("db import: a directory of one-game files shares transactions, each file is reported in order once "
          "committed, and kill -9 loses none reported",
          "[db][cli][import]") {
  // 300 files of one game each (a server's transcripts), made from one self-play file; one of
  // them cannot be opened and one holds an illegal roll (stored with its diagnostic under the
  // default --on-error): their messages on standard error stay between the files' reports.
  const auto dir = fresh_dir("one-game-files-in");  // not the databases' (fresh_db empties its directory)
  const auto all = (dir / "all.ppn").string();
  REQUIRE(run_ppn("selfplay --variant hasbro-2001 --games 300 --seed 29 -o " + all).code == 0);
  const auto games = games_in(all);
  REQUIRE(games.size() == 300);
  std::vector<std::string> files;
  for (std::size_t n = 0; n < games.size(); ++n) {
    std::string text = ppn::to_ppn(games[n]);
    if (n == 120) plant_illegal_roll(text);
    files.push_back(write_file(dir / one_game_file_name(n), text));
  }
  const auto missing = (dir / "missing.ppn").string();
  auto named = files;
  named.insert(named.begin() + 60, missing);
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto db = fresh_db("one-game-files", backend);
  std::string args;
  for (const auto& f : named) args += " " + f;

  // Every game stored; one line per file in input order, each naming its game's id; the
  // messages in their places.
  const auto r = run_ppn("import --db " + db + args, true);
  CHECK(r.code == 2);  // the file that cannot be opened
  CHECK(scalar(db, "SELECT count(*) FROM games") == 300);
  std::size_t at = 0;
  for (std::size_t n = 0; n < files.size(); ++n) {
    INFO(files[n]);
    if (n == 60) {  // the missing file, named between g059 and g060
      const auto m = r.out.find(missing + ": error: cannot open the file", at);
      CHECK(m != std::string::npos);
      at = m == std::string::npos ? at : m;
    }
    if (n == 120) {  // the illegal game's diagnostic, before its file's report
      const auto d = r.out.find("g120.ppn:", at);
      CHECK(d != std::string::npos);
      CHECK(r.out.find("[stored as game 121]", at) != std::string::npos);
      at = d == std::string::npos ? at : d + 1;
    }
    const std::string line = files[n] + ": 1 game: 1 new (" + (n == 120 ? "1" : "0") +
                             " illegal), 0 duplicates, 0 prefix duplicates, 0 syntax errors (game " +
                             std::to_string(n + 1) + ")\n";
    const auto l = r.out.find(line, at);
    REQUIRE(l != std::string::npos);
    at = l + line.size();
  }
  CHECK(r.out.find("import: 301 files, 300 games: 300 new (1 illegal), 0 duplicates", at) != std::string::npos);
  check_sound(db);
  // Again: nothing is written (the games are known), and every file is still reported, in order,
  // naming the stored game its game duplicates.
  const auto again = run_ppn("import --db " + db + args, true);
  CHECK(again.code == 2);
  at = 0;
  for (std::size_t n = 0; n < files.size(); ++n) {
    const auto& f = files[n];
    const std::string line = f + ": 1 game: 0 new (0 illegal), 1 duplicate, 0 prefix duplicates, 0 syntax errors "
                                 "(duplicate of game " + std::to_string(n + 1) + ")\n";
    const auto l = again.out.find(line, at);
    INFO(f);
    REQUIRE(l != std::string::npos);
    at = l + line.size();
  }
  CHECK(again.out.find("import: 301 files, 300 games: 0 new (0 illegal), 300 duplicates", at) != std::string::npos);

  // Killed while it runs (after some files were reported): every file reported is stored, the
  // database holds whole games only, and a second run stores the rest.
  const auto db2 = fresh_db("one-game-files-kill", backend);
  const auto out = (dir / "out.txt").string();
  const auto pid = spawn_import(db2, files, out);
  using namespace std::chrono_literals;
  const auto start = std::chrono::steady_clock::now();
  while (lines_in(out) < 1 && std::chrono::steady_clock::now() - start < 60s) std::this_thread::sleep_for(2ms);
  std::this_thread::sleep_for(30ms);
  kill(pid, SIGKILL);
  wait_exit(pid);
  const auto done = reported(out);
  CHECK(!done.empty());
  check_sound(db2);
  check_reported_present(db2, done);
  CHECK(run_ppn("import -q --db " + db2 + args).code == 2);
  CHECK(scalar(db2, "SELECT count(*) FROM games") == 300);
  check_sound(db2);
}
