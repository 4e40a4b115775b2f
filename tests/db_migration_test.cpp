// Schema migrations: a database written by an older ppn is brought up to date when it is next
// opened for writing, inside one transaction, and keeps every row.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "db_helpers.hpp"

using namespace ppn::test;

TEST_CASE("db migration 1 -> 2: positions re-keyed by hash keep every row and stay searchable", "[db][cli]") {
  const auto dir = fresh_dir("migrate");
  const auto now = (dir / "v2.sqlite").string();
  const auto old = (dir / "v1.sqlite").string();
  const std::string samples = source_path("samples/01-four-player-family-night.ppn").string() + " " +
                              source_path("samples/05-two-player-kitchen-table.ppn").string();
  REQUIRE(run_ppn("import --db " + now + " " + samples).code == 0);

  // The same rows in a version-1 database (the v1 SQL, then the rows copied across).
  {
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write_create);
    d.exec(ppn::db::migration_sql(0));
    d.exec("PRAGMA user_version=1");
    d.exec("ATTACH DATABASE '" + now + "' AS src");
    for (const char* t : {"games", "players", "player_aliases", "tags", "rolls", "diagnostics"})
      d.exec(std::string("INSERT INTO main.") + t + " SELECT * FROM src." + t);
    d.exec("INSERT INTO main.game_seats SELECT game_id, colour, seat_order, player_id, player_name, finish_rank "
           "FROM src.game_seats");  // the columns of version 1
    d.exec("INSERT INTO main.positions(id, game_id, roll_index, hash, pos, turn) "
           "SELECT id, game_id, roll_index, hash, pos, turn FROM src.positions");
    d.exec("DETACH DATABASE src");
  }
  const auto positions = scalar(now, "SELECT count(*) FROM positions");
  REQUIRE(positions > 100);
  REQUIRE(scalar(old, "SELECT count(*) FROM sqlite_schema WHERE name = 'positions_hash'") == 1);

  // Opening it for writing migrates it; importing the same games again adds nothing.
  const auto r = run_ppn("import --db " + old + " " + samples);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("0 new"));
  CHECK(scalar(old, "PRAGMA user_version") == ppn::db::schema_version());
  CHECK(scalar(old, "SELECT count(*) FROM positions") == positions);
  CHECK(scalar(old, "SELECT count(*) FROM sqlite_schema WHERE name = 'positions_hash'") == 0);
  // The derived columns agree with the key, and every position still matches the new file's.
  CHECK(scalar(old, "SELECT count(*) FROM positions WHERE id != (game_id << 16) + roll_index") == 0);
  {
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write);
    ppn::db::Statement ic(d, "PRAGMA integrity_check");
    REQUIRE(ic.step());
    CHECK(ic.get_text(0) == "ok");
    ic.reset();
    d.exec("ATTACH DATABASE '" + now + "' AS src");
    CHECK(d.scalar("SELECT count(*) FROM (SELECT hash, id, pos, turn FROM main.positions "
                   "EXCEPT SELECT hash, id, pos, turn FROM src.positions)") == 0);
  }
  // Searches on the migrated file find what they find on the new one: by hash (the key) and
  // by pattern (a scan).
  const auto hash = scalar(now, "SELECT hash FROM positions WHERE id = (1 << 16) + 30");
  CHECK(scalar(old, "SELECT count(*) FROM positions WHERE hash = " + std::to_string(hash)) ==
        scalar(now, "SELECT count(*) FROM positions WHERE hash = " + std::to_string(hash)));
  const auto rows_now = run_ppn("find --db " + now + " --pattern near-home:green:10 --format csv").out;
  CHECK(run_ppn("find --db " + old + " --pattern near-home:green:10 --format csv").out == rows_now);
}
