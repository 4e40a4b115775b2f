// Correcting a stored collection (`ppn db delete`, `ppn db retag`, `ppn db merge-players`) on
// each backend: a collection corrected in place holds what a fresh import of the corrected
// games holds (every table, the players by name, `ppn stats --db` and the reports); a
// re-imported duplicate names the stored game it matched; what cannot be done is refused with
// the reason, and changes nothing.
#include <catch2/catch.hpp>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

namespace {

// The sample `name` with tag `tag` set to `value` (added after [Event] when absent).
std::string with_tag(const std::string& sample, const std::string& tag, const std::string& value) {
  auto text = read_file(source_path("samples/" + sample));
  const auto at = text.find("[" + tag + " \"");
  if (at == std::string::npos) {
    const auto line_end = text.find('\n', text.find("[Event ")) + 1;
    text.insert(line_end, "[" + tag + " \"" + value + "\"]\n");
  } else {
    const auto from = at + tag.size() + 3;
    text.replace(from, text.find('"', from) - from, value);
  }
  return text;
}

// What a collection holds, games by id and players by name (the ids of players differ between a
// corrected collection and a fresh one: a correction adds the corrected name after the others).
const std::vector<std::string> kHeld = {
    "SELECT id, source_file, source_line, checksum, setup_hash, variant, players, result, winner, finished, "
    "status, on_error, rolls, rolls_replayed, illegal_rolls FROM games ORDER BY id",
    "SELECT s.game_id, s.colour, s.seat_order, p.name, s.player_name, s.finish_rank, s.won FROM game_seats s "
    "LEFT JOIN players p ON p.id = s.player_id ORDER BY s.game_id, s.seat_order",
    "SELECT name FROM players ORDER BY name",
    "SELECT a.alias, p.name FROM player_aliases a JOIN players p ON p.id = a.player_id ORDER BY a.alias",
    "SELECT * FROM tags ORDER BY game_id, ord",
    "SELECT * FROM rolls ORDER BY id",
    "SELECT hash, id, turn FROM positions ORDER BY id",
    "SELECT * FROM diagnostics ORDER BY game_id, seq",
    "SELECT * FROM game_race ORDER BY game_id",
    "SELECT * FROM seat_stats ORDER BY game_id, seat_order",
    "SELECT * FROM seat_illegal ORDER BY game_id, colour, code",
    "SELECT * FROM game_text ORDER BY game_id",
};

}  // namespace

TEST_CASE("db retag, delete and merge-players leave what a fresh import of the corrected games holds", "[db][cli][edit]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("edit");
  const auto a = (dir / "a.ppn").string(), b = (dir / "b.ppn").string(), c = (dir / "c.ppn").string();
  // Game 1 with a misspelt green player, game 2 with her initial, game 3 imported by mistake.
  write_file(a, with_tag("05-two-player-kitchen-table.ppn", "Green", "Rosa Delgad"));
  write_file(b, with_tag("06-two-player-blockade-siege.ppn", "Green", "R. Delgado"));
  write_file(c, read_file(source_path("samples/10-two-player-snow-day.ppn")));
  const auto edited = fresh_db("edit-in-place", backend);
  REQUIRE(run_ppn("import -q --db " + edited + " " + a + " " + b + " " + c).code == 0);
  REQUIRE(scalar(edited, "SELECT count(*) FROM games") == 3);

  // The corrected record again: a duplicate, which keeps the stored tags and names its game.
  std::string corrected = with_tag("05-two-player-kitchen-table.ppn", "Date", "2025.12.27");
  write_file(a, corrected);
  const auto dup = run_ppn("import --db " + edited + " " + a);
  CHECK(dup.code == 0);
  CHECK_THAT(dup.out, Catch::Contains("1 duplicate") && Catch::Contains("(duplicate of game 1)"));
  const auto dup_json = run_ppn("import --format json --db " + edited + " " + a);
  CHECK_THAT(dup_json.out, Catch::Contains("\"duplicate_of\":[1]"));
  CHECK(scalar(edited, "SELECT count(*) FROM game_seats WHERE player_name = 'Rosa Delgad'") == 1);

  const auto retag = run_ppn("db retag --db " + edited + " 1 --set \"Green=Rosa  Delgado\" --set Date=2025.12.27", true);
  CHECK(retag.code == 0);
  CHECK_THAT(retag.out, Catch::Contains("game 1: [Green] \"Rosa Delgad\" -> \"Rosa  Delgado\"") &&
                            Catch::Contains("[Date] \"2025.12.26\" -> \"2025.12.27\""));
  const auto del = run_ppn("db delete --db " + edited + " 3", true);
  CHECK(del.code == 0);
  CHECK_THAT(del.out, Catch::Contains("1 game deleted (3)") && Catch::Contains("2 players left with no game removed"));
  const auto merge = run_ppn("db merge-players --db " + edited + " \"r. delgado\" \"ROSA DELGADO\"", true);
  CHECK(merge.code == 0);
  CHECK_THAT(merge.out, Catch::Contains("\"R. Delgado\" is now \"Rosa Delgado\" (1 seat moved)"));

  // The same games imported afresh, corrected: the green name as retagged (white space
  // collapsed on import, as the retag's seat did), the initial an alias.
  write_file(a, with_tag("05-two-player-kitchen-table.ppn", "Date", "2025.12.27"));
  {
    auto text = read_file(a);
    const auto at = text.find("[Green \"") + 8;
    text.replace(at, text.find('"', at) - at, "Rosa  Delgado");
    write_file(a, text);
  }
  const auto fresh = fresh_db("edit-fresh", backend);
  REQUIRE(run_ppn("import -q --db " + fresh + " --alias \"R. Delgado=Rosa Delgado\" " + a + " " + b).code == 0);
  for (const auto& q : kHeld) {
    INFO(q);
    CHECK(rows_of(edited, q) == rows_of(fresh, q));
  }
  CHECK(run_ppn("stats --db " + edited).out == run_ppn("stats --db " + fresh).out);
  for (const char* report : {"summary", "players", "captures", "doublets", "length", "illegal", "dice"}) {
    INFO(report);
    CHECK(run_ppn("query --db " + edited + " " + report).out == run_ppn("query --db " + fresh + " " + report).out);
  }
  CHECK_THAT(run_ppn("query --db " + edited + " players --format csv").out, Catch::Contains("Rosa Delgado,"));
  CHECK(run_ppn("export --db " + edited + " --game 1").out == run_ppn("export --db " + fresh + " --game 1").out);
}

TEST_CASE("db edits refuse what they cannot do, say why, and change nothing", "[db][cli][edit]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto target = fresh_db("edit-refusals", backend);
  REQUIRE(run_ppn("import -q --db " + target + " " + source_path("samples/05-two-player-kitchen-table.ppn").string() +
                  " " + source_path("samples/06-two-player-blockade-siege.ppn").string())
              .code == 0);
  std::string before;
  for (const auto& q : kHeld) before += rows_of(target, q);

  const auto fixed = run_ppn("db retag --db " + target + " 1 --set Result=1-0", true);
  CHECK(fixed.code == 2);
  CHECK_THAT(fixed.out, Catch::Contains("[Result] decides how the game is replayed") && Catch::Contains("ppn db delete"));
  const auto malformed = run_ppn("db retag --db " + target + " 1 --set Green", true);
  CHECK(malformed.code == 2);
  CHECK_THAT(malformed.out, Catch::Contains("expected NAME=VALUE"));
  const auto no_game = run_ppn("db retag --db " + target + " 99 --set Event=x", true);
  CHECK(no_game.code == 2);
  CHECK_THAT(no_game.out, Catch::Contains("there is no game 99"));
  const auto unknown = run_ppn("db merge-players --db " + target + " \"Nobody Here\" \"Rosa Delgado\"", true);
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.out, Catch::Contains("no player is spelt \"Nobody Here\""));
  const auto same = run_ppn("db merge-players --db " + target + " \"rosa delgado\" \"Rosa Delgado\"", true);
  CHECK(same.code == 2);
  CHECK_THAT(same.out, Catch::Contains("one player already"));
  std::string after;
  for (const auto& q : kHeld) after += rows_of(target, q);
  CHECK(after == before);

  // An id the database lacks is named; the others are deleted.
  const auto del = run_ppn("db delete --db " + target + " 2 77", true);
  CHECK(del.code == 1);
  CHECK_THAT(del.out, Catch::Contains("1 game deleted (2)") && Catch::Contains("no game 77"));
  CHECK(scalar(target, "SELECT count(*) FROM games") == 1);
  CHECK(scalar(target, "SELECT count(*) FROM rolls WHERE game_id = 2") == 0);
  CHECK(scalar(target, "SELECT count(*) FROM positions WHERE game_id = 2") == 0);
  CHECK(scalar(target, "SELECT count(*) FROM positions") > 0);

  if (backend == "sqlite") {
    // A correction never creates a database.
    const auto missing = (fresh_dir("edit-missing") / "none.sqlite").string();
    const auto r = run_ppn("db delete --db " + missing + " 1", true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("no such database"));
    CHECK_FALSE(std::filesystem::exists(missing));
  }
}
