// db stores, analysis computes (issue 17): the importer takes games from any reader stage and
// parses nothing; what it stores of a game's replay is what analysis::compute_game_stats
// computed for it, as it is.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>
#include <vector>

#include "analysis/game_stats.hpp"
#include "analysis/selfplay.hpp"
#include "cli_run.hpp"
#include "app/import_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "notation/printer.hpp"

using namespace ppn;
using namespace ppn::test;

namespace {

// Roll 3 (index 2, line 9): green plays only the 6 where both dice can be played (E-DIE-STILL-USABLE).
const std::string kIllegalGame =
    "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n"
    "[Green \"  Ann   Lee \"]\n\n1. G 5-3: N/0 0/3\n2. B 6-4: -\n3. G 6-4: 3/9\n4. B 6-4: -\n5. G 1-2: 9/10 10/12\n";

}  // namespace

TEST_CASE("db import_games: games handed over by any reader stage are stored as `ppn import` stores their text",
          "[db][import]") {
  const auto dir = fresh_dir("reader-stage");
  analysis::SelfplayConfig cfg;
  cfg.variant = "hasbro-2001";
  cfg.players = 4;
  cfg.seed = 11;
  auto made = analysis::make_selfplay(cfg);
  REQUIRE(made);
  std::string text;
  for (std::uint64_t i = 0; i < 12; ++i) append_ppn(text, made->play_game(i));
  text += "\n" + kIllegalGame;
  const auto file = write_file(dir / "games.ppn", text);
  const auto from_text = (dir / "text.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + from_text + " " + file).code == 1);  // one illegal game

  // The same games handed over as games by a reader stage of the test's own, which also met
  // two games it could not read (and reported them itself): they count as syntax errors.
  const auto games = games_in(file);
  REQUIRE(games.size() == 13);
  const auto from_games = (dir / "games.sqlite").string();
  auto opened = db::Importer::open(from_games, {});
  REQUIRE(opened);
  auto& imp = **opened;
  int reported = 0;
  const auto rep = app::import_games(imp, "self-play", [&](app::ImportFeed& feed) {
    feed.unread([&] { ++reported; });
    for (const auto& g : games) {
      Game copy = g;
      feed.game(copy);
    }
    feed.unread([&] { ++reported; });
  });
  CHECK(reported == 2);
  CHECK(rep.db_error.empty());
  CHECK(rep.counts.games == games.size());
  CHECK(rep.counts.added == games.size());
  CHECK(rep.counts.illegal == 1);
  CHECK(rep.counts.syntax_errors == 2);
  CHECK(rep.counts.positions > 0);
  REQUIRE(rep.added_ids.size() == 1);
  CHECK(rep.added_ids.front().second - rep.added_ids.front().first + 1 == static_cast<std::int64_t>(games.size()));

  for (const auto& sql : kContent) {
    INFO(sql);
    const auto want = rows_of(from_text, sql);
    CHECK(!want.empty());
    CHECK(rows_of(from_games, sql) == want);
  }

  // Handed over again: duplicates, stored once.
  const auto again = app::import_games(imp, "self-play", [&](app::ImportFeed& feed) {
    for (const auto& g : games) {
      Game copy = g;
      feed.game(copy);
    }
  });
  CHECK(again.counts.duplicates == games.size());
  CHECK(again.counts.added == 0);
  CHECK(scalar(from_games, "SELECT count(*) FROM games") == static_cast<std::int64_t>(games.size()));
  CHECK(scalar(from_games, "SELECT count(*) FROM diagnostics") > 0);
}

TEST_CASE("analysis: one replay gives the statistics and each roll's outcome, as the database stores them",
          "[db][stats]") {
  const auto games = parser::parse_all(kIllegalGame, "bad.ppn");
  REQUIRE(games.errors.empty());
  REQUIRE(games.games.size() == 1);
  const Game& game = games.games.front();
  replay::ReplayConfig cfg;  // keep-prefix
  analysis::ReplayOutcome out;
  const auto gs = analysis::compute_game_stats(game, cfg, out);

  // The statistics are those of the plain computation.
  const auto plain = analysis::compute_game_stats(game, cfg);
  CHECK(gs.rolls_replayed == plain.rolls_replayed);
  CHECK(gs.seats[0].illegal == plain.seats[0].illegal);
  CHECK(gs.seats[0].illegal.at("E-DIE-STILL-USABLE") == 1);

  CHECK(out.profile == "hasbro-2001");
  CHECK_FALSE(out.legal);
  CHECK(out.illegal_rolls == 1);
  CHECK(out.rolls_replayed == gs.rolls_replayed);
  REQUIRE(out.rolls.size() == 5);
  CHECK(out.rolls[0].legal == true);
  CHECK(out.rolls[0].events.entries == 1);
  CHECK(out.rolls[1].legal == true);
  CHECK(out.rolls[2].legal == false);  // its error diagnostic decides, whatever the replay made of it
  CHECK_FALSE(out.rolls[3].legal.has_value());  // after the stop: not replayed
  CHECK_FALSE(out.rolls[4].legal.has_value());
  // keep-prefix: the positions after the rolls before the illegal one.
  REQUIRE(out.positions.size() == 2);
  CHECK(out.positions[1].roll_index == 1);
  CHECK(out.positions[1].hash == rules::compute_hash(out.positions[1].pos));
  CHECK(out.positions[1].to_move == 0);  // green's turn after blue's roll
  REQUIRE(out.diagnostics.size() >= 1);
  CHECK(out.diagnostics.front().code == ppn::Code::die_still_usable);
  CHECK(out.diagnostics.front().roll_index == 2);
  // The seats in [Seats] order, names as stored (spacing collapsed), places from the ranking.
  REQUIRE(out.seats.size() == 2);
  CHECK(out.seats[0].colour == Colour::Green);
  CHECK(out.seats[0].seat_order == 1);
  CHECK(out.seats[0].player_name == "Ann Lee");
  CHECK(out.seats[1].colour == Colour::Blue);
  CHECK(out.seats[1].player_name.empty());
  CHECK_FALSE(out.finished);
  CHECK_FALSE(out.winner.has_value());
  CHECK_FALSE(out.seats[0].finish_rank.has_value());

  // The vectors are reused: a second game leaves nothing of the first.
  const auto other = games_in(sample_files().front()).front();
  analysis::compute_game_stats(other, cfg, out);
  CHECK(out.legal);
  CHECK(out.diagnostics.empty());
  CHECK(out.rolls.size() == other.roll_count());
  CHECK(out.positions.size() == static_cast<std::size_t>(out.rolls_replayed));
  CHECK(out.winner.has_value() == out.finished);
  for (const auto& s : out.seats)
    if (s.finish_rank == 1) CHECK(s.colour == *out.winner);
}
