// Importers that meet the same new players at once, spelt differently ("Player 7", "player 7",
// "PLAYER 7"), on one database: each spelling is one player (README: case and spacing never
// split one), whichever importer stored the name first. On PostgreSQL the importers write at
// once and each new name is committed on its own; on SQLite they take turns.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"

using namespace ppn::test;

TEST_CASE("db: importers meeting one new player in different spellings at once store one player", "[db][import]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("player-race");
  // Four files of 25 two-player games each (different games), the players named "Player J" and
  // "Rival J" for game J, each file spelling them its own way.
  const std::vector<std::string> spelt = {"Player", "player", "PLAYER", "pLaYeR"};
  std::vector<std::string> files;
  for (std::size_t k = 0; k < spelt.size(); ++k) {
    const auto raw = (dir / ("raw-" + std::to_string(k) + ".ppn")).string();
    REQUIRE(run_ppn("selfplay --players 2 --games 25 --seed " + std::to_string(300 + k) + " -o " + raw).code == 0);
    std::string text = read_file(raw), out;
    int game = 0;
    const std::regex seat_tag(R"(\[(Green|Blue) "[^"]*"\])");
    std::size_t at = 0;
    for (std::sregex_iterator it(text.begin(), text.end(), seat_tag), end; it != end; ++it) {
      out += text.substr(at, static_cast<std::size_t>(it->position()) - at);
      if ((*it)[1] == "Green") ++game;
      const std::string who = (*it)[1] == "Green" ? spelt[k] : (k % 2 ? "rIVAL" : "Rival");
      out += "[" + (*it)[1].str() + " \"" + who + "  " + std::to_string(game) + "\"]";
      at = static_cast<std::size_t>(it->position() + it->length());
    }
    out += text.substr(at);
    REQUIRE(game == 25);
    files.push_back(dir.string() + "/games-" + std::to_string(k) + ".ppn");
    write_file(files.back(), out);
  }
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    const auto db = fresh_db("player-race-" + std::to_string(round), backend);
    // A first import makes the schema, so that the importers race on the players only.
    REQUIRE(run_ppn("import -q --db '" + db + "' " + source_path("samples/05-two-player-kitchen-table.ppn").string()).code == 0);
    std::vector<pid_t> pids;
    for (std::size_t k = 0; k < files.size(); ++k)
      pids.push_back(spawn_import(db, {files[k]}, (dir / ("out-" + std::to_string(k) + ".txt")).string()));
    for (const auto pid : pids) CHECK(wait_exit(pid) == 0);
    CHECK(scalar(db, "SELECT count(*) FROM games") == 1 + 4 * 25);
    // 25 players and 25 rivals besides the sample's two, each one player whatever the spelling.
    CHECK(scalar(db, "SELECT count(DISTINCT player_id) FROM game_seats") == 2 + 50);
    CHECK(scalar(db, "SELECT count(*) FROM players p WHERE NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.player_id = p.id)") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM player_aliases a WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.id = a.player_id)") == 0);
    const auto q = run_ppn("query --db '" + db + "' players --format csv");
    CHECK(q.code == 0);
    std::size_t players = 0;  // the report's line of each player over all their games
    for (auto at = q.out.find(",all,"); at != std::string::npos; at = q.out.find(",all,", at + 1)) ++players;
    CHECK(players == 52);
  }
}
