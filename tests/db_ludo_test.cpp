// Ludo records in the game database: the hand-written samples and self-play games of every
// Ludo profile go in, their rolls and positions are stored, a re-import adds nothing, and the
// reports and the position search work on them.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "db_helpers.hpp"

using namespace ppn::test;

TEST_CASE("db import: Ludo samples and self-play games of every Ludo profile", "[db][cli][ludo]") {
  const auto dir = fresh_dir("ludo");
  const auto db = (dir / "l.sqlite").string();
  std::string files;
  for (const char* f : {"samples/07-ludo-classic-three-players.ppn", "samples/08-ludo-seed-blocks.ppn",
                        "samples/09-ludo-modern-endgame.ppn"})
    files += " " + source_path(f).string();
  long selfplay_games = 0;
  for (const char* v : {"ludo", "ludo-seed", "ludo-modern"}) {
    const auto out = (dir / (std::string(v) + ".ppn")).string();
    REQUIRE(run_ppn(std::string("selfplay --variant ") + v + " --games 40 --seed 11 -o " + out).code == 0);
    files += " " + out;
    selfplay_games += 40;
  }
  const auto r = run_ppn("import --db " + db + files);
  CHECK(r.code == 0);
  const long games = 3 + selfplay_games;
  CHECK_THAT(r.out, Catch::Contains(std::to_string(games) + " new (0 illegal)"));
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE variant LIKE 'ludo%'") == games);
  // One die per roll, 1-6; every roll replayed has its position.
  CHECK(scalar(db, "SELECT count(*) FROM rolls WHERE die2 != 0 OR die1 NOT BETWEEN 1 AND 6") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM positions") == scalar(db, "SELECT count(*) FROM rolls"));
  // Self-play plays on for the places: every self-play game has a full ranking.
  CHECK(scalar(db, "SELECT count(*) FROM game_seats s JOIN games g ON g.id = s.game_id "
                   "WHERE g.source_file NOT LIKE '%samples%' AND s.finish_rank IS NULL") == 0);
  // The samples' third sixes are stored as penalties.
  CHECK(scalar(db, "SELECT count(*) FROM rolls r JOIN games g ON g.id = r.game_id "
                   "WHERE g.source_file LIKE '%samples%' AND r.penalty = 1") == 2);
  const auto again = run_ppn("import --db " + db + files);
  CHECK_THAT(again.out, Catch::Contains("0 new"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == games);
  // The position after roll 2 of sample 09 (green 40/43x: blue's token captured).
  const auto found = run_ppn("find --db " + db + " --position \"g:43,47,H,H b:N,N,21,45 / g d0\" --format csv");
  CHECK(found.code == 0);
  CHECK_THAT(found.out, Catch::Contains("09-ludo-modern-endgame.ppn"));
  const auto dice = run_ppn("query --db " + db + " dice --format csv");
  CHECK(dice.code == 0);
}
