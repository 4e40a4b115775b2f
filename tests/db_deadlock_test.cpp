// Two importers that deadlock on PostgreSQL (db/importer.hpp, Importer::store): each holds,
// uncommitted, the game the other stores next. The server fails one of the two waits; that
// importer commits what it holds and stores the game again. Both finish, each game is stored
// once, and each importer's outcomes say who stored which. And a deadlock at any other statement
// of a game (made for certain by a trigger that fails one row) undoes that whole game, rows held
// for COPY included, and nothing before it.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "db/connection.hpp"
#include "app/game_rows.hpp"
#include "db/importer.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"
#include "game_file.hpp"
#include "notation/printer.hpp"

using namespace ppn::test;
using ppn::db::ImportOutcome;

namespace {

// From now on the server fails the `nth` row written into `table` (counted across connections
// and rollbacks: a sequence) with SQLSTATE `state`, once.
void fail_row(const std::string& db, const std::string& table, int nth, const std::string& state) {
  ppn::db::Database d(db);
  const std::string f = "ppn_fault_" + table;
  d.exec("CREATE SEQUENCE " + f + "; CREATE FUNCTION " + f +
         "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF nextval('" + f + "') = " + std::to_string(nth) +
         " THEN RAISE EXCEPTION 'a fault the test made' USING ERRCODE = '" + state +
         "'; END IF; RETURN NEW; END $$; CREATE TRIGGER " + f + " BEFORE INSERT ON " + table +
         " FOR EACH ROW EXECUTE FUNCTION " + f + "()");
}

// Each table's rows, one line per table.
std::string table_counts(const std::string& db) {
  std::string out;
  for (const char* t : {"games", "game_seats", "players", "player_aliases", "tags", "rolls", "diagnostics", "positions",
                        "game_text", "game_race", "seat_stats", "seat_illegal"})
    out += std::string(t) + " " + std::to_string(scalar(db, std::string("SELECT count(*) FROM ") + t)) + "\n";
  return out;
}

std::unique_ptr<ppn::db::Importer> open_importer(const std::string& db) {
  auto opened = ppn::db::Importer::open(db, {});
  REQUIRE(opened);
  return std::move(*opened);
}

}  // namespace

TEST_CASE("db import (PostgreSQL): two importers each waiting for the other's game are a deadlock the server breaks, and "
          "the importer it fails stores its game again",
          "[db][postgresql]") {
  const auto backends = db_backends();
  if (backends.size() < 2) return;  // no test server
  const auto db = fresh_db("deadlock", "postgresql");
  const auto games = games_in(selfplay_files()[0]);
  ppn::db::GameRows x, y;
  ppn::app::make_game_rows(games[0], {}, x);
  ppn::app::make_game_rows(games[1], {}, y);

  auto a = open_importer(db), b = open_importer(db);
  // A holds X, B holds Y, both uncommitted.
  CHECK(a->store(x) == ImportOutcome::added);
  CHECK(b->store(y) == ImportOutcome::added);
  // A stores Y: it waits for B. Then B stores X: it waits for A, a cycle.
  ImportOutcome a_y{};
  std::thread t([&] {
    a_y = a->store(y);
    a->commit();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto b_x = b->store(x);
  b->commit();
  t.join();
  // Whichever the server failed committed its first game, then found the other's game stored
  // by its owner: each game once, a duplicate for the importer that did not store it.
  CHECK(a->retries() + b->retries() >= 1);
  CHECK(a_y == ImportOutcome::duplicate);
  CHECK(b_x == ImportOutcome::duplicate);
  CHECK(scalar(db, "SELECT count(*) FROM games") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM rolls") == static_cast<std::int64_t>(x.rolls.size() + y.rolls.size()));
  CHECK(scalar(db, "SELECT count(*) FROM game_text") == 2);
}


TEST_CASE("db import (PostgreSQL): a deadlock at any statement of a game undoes the whole game, rows held for COPY "
          "included, and the game is stored again whole",
          "[db][postgresql]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto games = games_in(selfplay_files()[0]);
  ppn::db::GameRows x, y, x_prefix;
  ppn::app::make_game_rows(games[0], {}, x);
  auto other = games[1];  // players of its own, whom storing it adds
  for (const char* colour : {"Green", "Yellow", "Blue", "Red"}) other.set_tag(colour, std::string(colour) + " of y");
  ppn::app::make_game_rows(other, {}, y);
  auto cut = games[0];
  int kept = 0;
  std::erase_if(cut.movetext, [&](const ppn::MovetextEntry& e) { return std::holds_alternative<ppn::Roll>(e) && ++kept > 40; });
  cut.set_tag("Result", "*");
  const auto cut_games = ppn::parser::parse_all(ppn::to_ppn(cut), "cut.ppn").games;
  REQUIRE(cut_games.size() == 1);
  ppn::app::make_game_rows(cut_games[0], {}, x_prefix);

  // What x and y store without a fault.
  const auto clean = fresh_db("unit-clean", "postgresql");
  {
    auto imp = open_importer(clean);
    CHECK(imp->store(x) == ImportOutcome::added);
    CHECK(imp->store(y) == ImportOutcome::added);
    imp->commit();
  }
  const auto expected = table_counts(clean);

  SECTION("a player added on the importer's second connection, after the game's own row went in") {
    const auto db = fresh_db("unit-player", "postgresql");
    auto imp = open_importer(db);
    CHECK(imp->store(x) == ImportOutcome::added);
    // y's first player, the first player written from now on.
    fail_row(db, "players", 1, "40P01");
    CHECK(imp->store(y) == ImportOutcome::added);
    imp->commit();
    CHECK(imp->retries() == 1);
    CHECK(table_counts(db) == expected);
    CHECK(scalar(db, "SELECT count(*) FROM rolls r JOIN games g ON g.id = r.game_id WHERE g.checksum = " +
                         std::to_string(static_cast<std::int64_t>(y.checksum))) ==
          static_cast<std::int64_t>(y.rolls.size()));
  }
  SECTION("the rows of the games before it, sent with COPY during it (a prefix look-up reads rolls)") {
    const auto db = fresh_db("unit-copy", "postgresql");
    auto imp = open_importer(db);
    fail_row(db, "rolls", 1, "40001");
    CHECK(imp->store(x) == ImportOutcome::added);  // its rows held for COPY
    // Looking x_prefix up sends x's rows first; the COPY fails: x_prefix's savepoint undoes the
    // COPY, x's rows are held again and committed, and x_prefix is looked up again.
    CHECK(imp->store(x_prefix) == ImportOutcome::prefix_duplicate);
    CHECK(imp->store(y) == ImportOutcome::added);
    imp->commit();
    CHECK(imp->retries() == 1);
    CHECK(table_counts(db) == expected);
  }
  SECTION("not a game's: a COPY at the commit is the caller's error, and nothing of the transaction is stored") {
    const auto db = fresh_db("unit-last", "postgresql");
    auto imp = open_importer(db);
    CHECK(imp->store(x) == ImportOutcome::added);
    fail_row(db, "game_seats", 1, "40P01");
    // The seats (x's first) go with the commit's COPY, outside any game: the commit fails, the
    // caller's error, and nothing of the transaction is stored (never half of it).
    CHECK(imp->store(y) == ImportOutcome::added);
    CHECK_THROWS_AS(imp->commit(), ppn::db::DbError);
    imp->rollback();
    CHECK(scalar(db, "SELECT count(*) FROM games") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM rolls") == 0);
    // A re-run stores both whole.
    CHECK(imp->store(x) == ImportOutcome::added);
    CHECK(imp->store(y) == ImportOutcome::added);
    imp->commit();
    CHECK(table_counts(db) == expected);
  }
}

TEST_CASE("db (PostgreSQL): committing a transaction that a failed statement aborted is an error, and nothing of it is "
          "stored",
          "[db][postgresql]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto db = fresh_db("aborted-commit", "postgresql");
  ppn::db::Database d(db);
  d.exec("CREATE TABLE t(x INTEGER PRIMARY KEY)");
  {
    ppn::db::Transaction tx(d);
    d.exec("INSERT INTO t VALUES(1)");
    CHECK_THROWS_AS(d.exec("INSERT INTO t VALUES(1)"), ppn::db::DbError);  // the server aborts the transaction
    // The server answers this COMMIT with ROLLBACK, and no error of its own.
    bool refused = false;
    try {
      tx.commit();
    } catch (const ppn::db::DbError& e) {
      refused = true;
      CHECK(e.sqlstate == "25P02");
      CHECK_THAT(e.what(), Catch::Contains("rolled the transaction back"));
    }
    CHECK(refused);
  }
  CHECK(scalar(db, "SELECT count(*) FROM t") == 0);
  d.exec("INSERT INTO t VALUES(2)");  // the connection goes on
  CHECK(scalar(db, "SELECT count(*) FROM t") == 1);
}
