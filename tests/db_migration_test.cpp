// Schema migrations: a database written by an older ppn is brought up to date when it is next
// opened for writing, inside one transaction, and keeps every row.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

TEST_CASE("db migration 1 -> 2: positions re-keyed by hash keep every row and stay searchable", "[db][cli]") {
  const auto dir = fresh_dir("migrate");
  const auto now = (dir / "v2.sqlite").string();
  const auto old = (dir / "v1.sqlite").string();
  const std::string samples = source_path("samples/01-four-player-family-night.ppn").string() + " " +
                              source_path("samples/05-two-player-kitchen-table.ppn").string();
  REQUIRE(run_ppn("import --db " + now + " " + samples).code == 0);

  // The same rows in a version-1 database (the v1 SQL, then the rows copied across).
  make_older_copy(old, now, 1);
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

TEST_CASE("db migration 3 -> 4: won beside every place, unobserved seats NULL, board, no second statistics",
          "[db][cli][stats]") {
  const auto dir = fresh_dir("migrate4");
  const auto now = (dir / "v4.sqlite").string();
  const auto old = (dir / "v3.sqlite").string();
  std::string samples;
  for (const auto& f : sample_files()) samples += " " + f;
  REQUIRE(run_ppn("import --db " + now + samples).code == 0);

  // The same games in a version-3 database, as version 3 stored them: no won columns, zeros
  // (not NULL) for the seats never observed, no board, game_stats/player_stats present.
  {
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write_create);
    for (int k = 0; k < 3; ++k) d.exec(ppn::db::migration_sql(k));
    d.exec("PRAGMA user_version=3");
    d.exec("ATTACH DATABASE '" + now + "' AS src");
    for (const char* t : {"games", "players", "player_aliases", "tags", "rolls", "diagnostics", "seat_illegal"})
      ppn::test::copy_into_older(d, t);
    d.exec("INSERT INTO main.positions SELECT hash, id, pos, turn FROM src.positions");
    d.exec("INSERT INTO main.game_seats SELECT game_id, colour, seat_order, player_id, player_name, finish_rank "
           "FROM src.game_seats");
    d.exec("INSERT INTO main.game_race SELECT game_id, replayed, complete, rolls_replayed, lead_changes, stop_reason, "
           "error FROM src.game_race");
    d.exec("INSERT INTO main.seat_stats SELECT game_id, colour, seat_order, coalesce(rolls, 0), "
           "coalesce(pawns_entered, 0), coalesce(captures_made_unsafe, 0), coalesce(captures_made_safe, 0), "
           "coalesce(captures_made_entry, 0), coalesce(captures_suffered_unsafe, 0), "
           "coalesce(captures_suffered_safe, 0), coalesce(captures_suffered_entry, 0), coalesce(bonuses_earned, 0), "
           "coalesce(bonuses_played, 0), coalesce(bonuses_forfeited, 0), coalesce(doublets, 0), "
           "coalesce(four_part, 0), coalesce(penalties, 0), coalesce(blockades_formed, 0), "
           "coalesce(opponent_rolls_blocked, 0), coalesce(no_play, 0), coalesce(nest_rolls, 0), race_start, "
           "race_end, place, coalesce(illegal, 0) FROM src.seat_stats");
    d.exec("INSERT INTO main.game_stats(game_id, rolls, doublets, penalties, no_plays, entries, captures, arrivals, "
           "bonuses_earned, bonuses_used, bonuses_forfeited, illegal_rolls) SELECT id, rolls, 0, 0, 0, 0, 0, 0, 0, 0, "
           "0, 0 FROM src.games");
    d.exec("DETACH DATABASE src");
  }
  // The v3 trap: a loser whose place is unknown is not counted as a loser by finish_rank = 1.
  REQUIRE(scalar(old, "SELECT count(*) FROM game_seats WHERE finish_rank IS NULL") > 0);
  // Read as it is (no migration on a read-only connection), the reports say what to do.
  std::string advice;
  for (const char* cmd : {"stats --db ", "query players --db "}) {
    const auto r = run_ppn(cmd + old, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("schema version 3 is older than this ppn's (" +
                                      std::to_string(ppn::db::schema_version()) + "): `ppn import --db " + old + "`"));
    const auto from = r.out.find("`ppn "), to = r.out.find('`', from + 1);
    REQUIRE(to != std::string::npos);
    advice = r.out.substr(from + 5, to - from - 5);
  }

  // The advice runs as given (review of issue 15: it asked for FILE... the user may not have):
  // `ppn import --db PATH` with no file migrates the database and says so.
  const auto migrated = run_ppn(advice, true);
  CHECK(migrated.code == 0);
  CHECK_THAT(migrated.out, Catch::Contains("import: " + old + " migrated from schema version 3 to " +
                                           std::to_string(ppn::db::schema_version()) + "\n"));
  CHECK(scalar(old, "PRAGMA user_version") == ppn::db::schema_version());
  CHECK(run_ppn(advice, true).out.find("migrated") == std::string::npos);  // current: nothing to migrate
  // With no file and no database there is nothing to do: an error, not an empty database.
  const auto none = run_ppn("import --db " + (dir / "none.sqlite").string(), true);
  CHECK(none.code == 2);
  CHECK_THAT(none.out, Catch::Contains("no FILE given"));
  CHECK_FALSE(std::filesystem::exists(dir / "none.sqlite"));
  CHECK(scalar(old, "SELECT count(*) FROM sqlite_schema WHERE name IN ('game_stats', 'player_stats')") == 0);
  // won is filled for every existing row, as a new import fills it.
  CHECK(scalar(old, "SELECT count(*) FROM game_seats WHERE won != (finish_rank IS 1)") == 0);
  CHECK(scalar(old, "SELECT sum(won) FROM game_seats") == scalar(old, "SELECT count(*) FROM games WHERE finished"));
  // Migration 7: whether a record holds every roll was not stored before it (NULL), and its
  // figures were counted over the rolls shown. Importing the files again recounts every game.
  const auto games = scalar(old, "SELECT count(*) FROM games");
  CHECK(scalar(old, "SELECT count(*) FROM game_race WHERE unseen_stretches IS NULL") == games);
  CHECK_THAT(run_ppn("stats --db " + old, true).out,
             Catch::Contains(std::to_string(games) + " games imported before schema version 7 counted as then"));
  const auto recount = run_ppn("import --db " + old + samples);
  CHECK(recount.code == 0);
  CHECK_THAT(recount.out, Catch::Contains(std::to_string(games) + " older games given statistics"));
  CHECK(scalar(old, "SELECT count(*) FROM game_race WHERE unseen_stretches IS NULL") == 0);
  CHECK(scalar(old, "SELECT count(*) FROM game_race WHERE unseen_stretches > 0") > 0);  // sample 16's partial view
  CHECK(run_ppn("stats --db " + old, true).out.find("before schema version 7") == std::string::npos);
  {
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write);
    d.exec("ATTACH DATABASE '" + now + "' AS src");
    for (const char* t : {"game_seats", "seat_stats", "game_race"})
      CHECK(d.scalar(std::string("SELECT count(*) FROM (SELECT * FROM main.") + t + " EXCEPT SELECT * FROM src." + t +
                     ")") == 0);
    CHECK(d.scalar("SELECT count(*) FROM main.seat_stats") == d.scalar("SELECT count(*) FROM src.seat_stats"));
    ppn::db::Statement ic(d, "PRAGMA integrity_check");
    REQUIRE(ic.step());
    CHECK(ic.get_text(0) == "ok");
  }
  // The seats never observed (sample 16's second game) lost their zeros; Ludo games are on the
  // Ludo board.
  CHECK(scalar(old, "SELECT count(*) FROM seat_stats WHERE NOT observed AND rolls IS NULL") == 3);
  CHECK(scalar(old, "SELECT count(*) FROM game_race WHERE board = 'ludo'") == 3);
  CHECK(run_ppn("stats --db " + old).out == run_ppn("stats --db " + now).out);
  CHECK(run_ppn("query players --db " + old).out == run_ppn("query players --db " + now).out);
}

TEST_CASE("db migration 5 -> 6: seat_analysis gains its error bars and settings, on both backends", "[db][cli][analysis]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto db = fresh_db("migrate6", backend);
  const std::string sample = source_path("samples/05-two-player-kitchen-table.ppn").string();
  REQUIRE(run_ppn("analyze --level rollout --rollouts 8 --horizon 2 --db " + db + " " + sample).code == 0);
  REQUIRE(scalar(db, "SELECT count(*) FROM seat_analysis WHERE min_rollouts = 8 AND confidence = 0.95 AND "
                     "unresolved >= 0 AND loss_se >= 0 AND luck_se > 0") == 2);
  const auto luck = scalar(db, "SELECT round(sum(luck) * 1000000) FROM seat_analysis");
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE level = 'rollout'") == 2);
  // The same database at version 5: the columns of migrations 6, 7 and 8 dropped.
  {
    ppn::db::Database d(db, ppn::db::Database::Mode::read_write);
    for (const char* c : {"min_rollouts", "confidence", "unresolved", "loss_se", "luck_se", "level"})
      d.exec(std::string("ALTER TABLE seat_analysis DROP COLUMN ") + c);
    d.exec("ALTER TABLE game_race DROP COLUMN unseen_stretches");
    d.set_user_version(5);
  }
  REQUIRE(user_version(db) == 5);
  // Opening it for writing migrates it: its rows kept, the new columns NULL until analysed again.
  CHECK(run_ppn("import --db " + db + " " + sample).code == 0);
  CHECK(user_version(db) == ppn::db::schema_version());
  // Migration 7's column: the game imported again is recounted (PostgreSQL too: its rows
  // deleted and stored again through COPY).
  CHECK(scalar(db, "SELECT count(*) FROM game_race WHERE unseen_stretches IS NULL") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM seat_stats") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE min_rollouts IS NULL AND confidence IS NULL AND "
                   "unresolved IS NULL AND loss_se IS NULL AND luck_se IS NULL") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE level IS NULL") == 2);  // migration 8's
  CHECK(scalar(db, "SELECT round(sum(luck) * 1000000) FROM seat_analysis") == luck);
  CHECK(run_ppn("rate --db " + db).code == 0);
  REQUIRE(run_ppn("analyze --level rollout --rollouts 8 --horizon 2 --confidence 0.9 --db " + db + " " + sample).code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE min_rollouts = 8 AND confidence = 0.9 AND "
                   "unresolved >= 0 AND loss_se >= 0 AND luck_se > 0 AND level = 'rollout'") == 2);
  // At a net level the rollouts' settings and error bars do not apply: 0 or NULL, the level said.
  REQUIRE(run_ppn("analyze --db " + db + " " + sample).code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE level = '1' AND rollouts = 0 AND horizon = 0 AND "
                   "seed = 0 AND candidates = 0 AND min_rollouts IS NULL AND confidence IS NULL AND "
                   "loss_se IS NULL AND unresolved = 0 AND luck_se > 0 AND mistake_at = 0.04") == 2);
}
