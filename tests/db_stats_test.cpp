// The statistics of schema migration 3 end to end: what `ppn import` stores per seat, `ppn stats
// --db` against `ppn stats FILE` on the same games, the migration of a version-2 database and
// the filling in of its statistics, and `ppn analyze --db`.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

namespace {

std::string sample_list() {
  std::string s;
  for (const auto& f : sample_files()) s += " " + f;
  return s;
}

// The player blocks of a stats report (everything from the first line that does not start
// with "stats:" or "game ").
std::string player_lines(const std::string& out) {
  std::string s;
  std::size_t pos = 0;
  while (pos < out.size()) {
    const auto nl = out.find('\n', pos);
    const std::string line = out.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos + 1);
    pos = nl == std::string::npos ? out.size() : nl + 1;
    if (line.rfind("stats:", 0) != 0 && line.rfind("game ", 0) != 0) s += line;
  }
  return s;
}

std::int64_t count(const std::string& db, const std::string& sql) { return scalar(db, sql); }

}  // namespace

TEST_CASE("db stats: stats --db prints what stats FILE prints for the same games", "[db][cli][stats]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("stats-db");
  const auto db = fresh_db("stats-db", backend);
  const std::string samples = sample_list();
  REQUIRE(run_ppn("import --db " + db + samples).code == 0);

  SECTION("the samples: every line, --games included, and the players one by one") {
    const auto files = run_ppn("stats --games" + samples);
    const auto stored = run_ppn("stats --games --db " + db);
    REQUIRE(files.code == 0);
    CHECK(stored.code == 0);
    REQUIRE(player_lines(files.out).size() > 1000);
    CHECK(player_lines(stored.out) == player_lines(files.out));
    CHECK(stored.out == files.out);  // the game ids are 1, 2, ... in import order, as the files number them
    for (const std::string p : {"\"Marta Ruiz\"", "green", "\"Gus Olsen\""}) {
      const auto f = run_ppn("stats --player " + p + samples);
      const auto d = run_ppn("stats --player " + p + " --db " + db);
      CHECK(d.code == 0);
      CHECK(d.out == f.out);
      if (p[0] == '"') CHECK_THAT(d.out, Catch::Contains("\n" + p.substr(1, p.size() - 2) + ": "));
    }
    // Another spelling of a stored player (player_aliases) finds the same seats.
    const auto spelled = run_ppn("stats --player \"marta   RUIZ\" --db " + db);
    CHECK(spelled.code == 0);
    CHECK(player_lines(spelled.out) == player_lines(run_ppn("stats --player \"Marta Ruiz\" --db " + db).out));
    CHECK_THAT(spelled.out, Catch::Contains("Marta Ruiz: "));
    CHECK_THAT(run_ppn("stats --player green --db " + db).out, !Catch::Contains("(red)"));
    CHECK(run_ppn("stats --player Nobody --db " + db).code == 1);
  }

  SECTION("self-play games (blockades, captures of every kind) and an illegal game counted up to its bad roll") {
    const auto sp = (dir / "sp.ppn").string();
    REQUIRE(run_ppn("selfplay --games 12 --players 4 --seed 21 -o " + sp).code == 0);
    const auto bad = write_file(dir / "bad.ppn",
                                "[Seats \"green red\"]\n[Green \"Ann\"]\n[Result \"*\"]\n\n1. G 5-3: N/0 0/3\n"
                                "2. R 5-3: -\n3. G 1-2: 3/4 4/6\n");
    const auto db2 = (dir / "sp.sqlite").string();
    CHECK(run_ppn("import --db " + db2 + " " + sp + " " + bad).code == 1);  // 1: an illegal game was stored
    const auto files = run_ppn("stats " + sp + " " + bad, true);
    const auto stored = run_ppn("stats --db " + db2, true);
    CHECK(files.code == 1);
    CHECK(stored.code == 1);
    CHECK(player_lines(stored.out.substr(stored.out.find("stats:"))) ==
          player_lines(files.out.substr(files.out.find("stats:"))));
    CHECK_THAT(stored.out, Catch::Contains(bad + ":6:1: error[E-ENTRY-STILL-POSSIBLE]"));
    CHECK_THAT(stored.out, Catch::Contains("(game 13 counted up to this roll: 1 of 3 rolls)"));
    CHECK_THAT(stored.out, Catch::Contains("illegal plays       1 (E-ENTRY-STILL-POSSIBLE 1)"));
    CHECK_THAT(stored.out, Catch::Contains("stats: 13 games (12 replayed to the end)"));
    // Self-play games hold blockades and captures: the comparison above is not of zeros.
    CHECK(count(db2, "SELECT sum(blockades_formed) FROM seat_stats") > 0);
    CHECK(count(db2, "SELECT sum(opponent_rolls_blocked) FROM seat_stats") > 0);
    CHECK(count(db2, "SELECT sum(captures_made_unsafe) FROM seat_stats") > 0);
    CHECK(count(db2, "SELECT sum(nest_rolls) FROM seat_stats") > 0);
  }

  SECTION("the stored rows agree with the per-roll rows") {
    CHECK(count(db, "SELECT count(*) FROM game_race") == count(db, "SELECT count(*) FROM games"));
    CHECK(count(db, "SELECT count(*) FROM game_race WHERE replayed = 1 AND complete = 1") == count(db, "SELECT count(*) FROM games"));
    CHECK(count(db, "SELECT count(*) FROM seat_stats") == count(db, "SELECT count(*) FROM game_seats"));
    CHECK(count(db, "SELECT count(*) FROM seat_stats s JOIN game_seats g USING (game_id, colour) "
                    "WHERE s.seat_order != g.seat_order") == 0);
    // Per seat: rolls, doublets, penalties, entries and no-plays as the rolls table counts them.
    CHECK(count(db, "SELECT count(*) FROM seat_stats s WHERE rolls != (SELECT count(*) FROM rolls r "
                    "WHERE r.game_id = s.game_id AND r.colour = s.colour)") == 0);
    // (Ludo: the sixes, the throws that give another roll.)
    CHECK(count(db, "SELECT count(*) FROM seat_stats s WHERE doublets != (SELECT count(*) FROM rolls r "
                    "WHERE r.game_id = s.game_id AND r.colour = s.colour AND "
                    "CASE WHEN die2 = 0 THEN die1 = 6 ELSE die1 = die2 END)") == 0);
    CHECK(count(db, "SELECT count(*) FROM seat_stats s WHERE pawns_entered != (SELECT sum(entries) FROM rolls r "
                    "WHERE r.game_id = s.game_id AND r.colour = s.colour)") == 0);
    CHECK(count(db, "SELECT count(*) FROM seat_stats s WHERE no_play != (SELECT count(*) FROM rolls r "
                    "WHERE r.game_id = s.game_id AND r.colour = s.colour AND play = '-')") == 0);
    // Captures made over a game are the rolls table's captures and, when every seat was
    // observed, the captures suffered (the second game of sample 16 shows one seat's rolls:
    // the others' figures are NULL, not the zeros that would break this).
    CHECK(count(db, "SELECT count(*) FROM (SELECT game_id, sum(captures_made_unsafe + captures_made_safe + "
                    "captures_made_entry) AS m, sum(captures_suffered_unsafe + captures_suffered_safe + "
                    "captures_suffered_entry) AS s, min(observed) AS all_seen FROM seat_stats GROUP BY game_id) x "
                    "JOIN (SELECT game_id, sum(captures) AS captures FROM rolls GROUP BY game_id) g USING (game_id) "
                    "WHERE (all_seen = 1 AND m != s) OR m != g.captures") == 0);
    CHECK(count(db, "SELECT count(*) FROM seat_stats WHERE observed = 0") == 3);
    CHECK(count(db, "SELECT count(*) FROM seat_stats WHERE observed = 0 AND (rolls IS NOT NULL OR "
                    "captures_suffered_unsafe IS NOT NULL)") == 0);
    CHECK(count(db, "SELECT count(*) FROM seat_stats WHERE place = 1") ==
          count(db, "SELECT count(*) FROM games WHERE winner IS NOT NULL"));
    CHECK(count(db, "SELECT count(*) FROM seat_stats s JOIN games g ON g.id = s.game_id "
                    "WHERE s.place = 1 AND s.colour != g.winner") == 0);
    // Parcheesi games from the start: four pawns in the nest, 76 steps each (not the games
    // from a [Setup], nor those whose record opens with an observed position, sample 16).
    std::string elsewhere = "(VALUES ('', 0)";
    for (const auto& f : sample_files())
      for (const auto& g : games_in(f))
        if (g.find_tag("Setup") || (!g.movetext.empty() && std::holds_alternative<ppn::ObservedPosition>(g.movetext.front())))
          elsewhere += ", (" + quoted(f) + ", " + std::to_string(g.source_line) + ")";
    elsewhere += ")";
    CHECK(count(db, "SELECT count(*) FROM seat_stats s JOIN games g ON g.id = s.game_id "
                    "WHERE g.variant NOT LIKE 'ludo%' AND s.race_start != 4 * 76 AND "
                    "(g.source_file, g.source_line) NOT IN " + elsewhere) == 0);
    CHECK(count(db, "SELECT count(*) FROM seat_stats WHERE place = 1 AND race_end != 0") == 0);
    CHECK(count(db, "SELECT sum(lead_changes) FROM game_race") > 0);
    CHECK(count(db, "SELECT count(*) FROM seat_illegal") == 0);
  }

  SECTION("usage errors") {
    CHECK(run_ppn("stats").code == 2);
    CHECK(run_ppn("stats --db /nonexistent/x.sqlite").code == 2);
    CHECK(run_ppn("stats --db " + db + samples).code == 2);  // files or --db, not both
    CHECK(run_ppn("stats --db " + db + " --chart race -o " + (dir / "x.svg").string()).code == 2);
    CHECK(run_ppn("stats --db " + db + " --on-error skip").code == 2);  // counted at import, under its policy
    CHECK(run_ppn("stats --db " + db + " --variant hasbro-2001").code == 2);
  }
}

TEST_CASE("db migration 2 -> 3: older games get their statistics when their files are imported again", "[db][cli][stats]") {
  const auto dir = fresh_dir("migrate3");
  const auto now = (dir / "v3.sqlite").string();
  const auto old = (dir / "v2.sqlite").string();
  const std::string samples = sample_list();
  REQUIRE(run_ppn("import --db " + now + samples).code == 0);
  const auto n = std::to_string(scalar(now, "SELECT count(*) FROM games"));
  REQUIRE(n != "0");
  make_older_copy(old, now, 2);
  // A version-2 database has no statistics to report.
  const auto v2 = run_ppn("stats --db " + old, true);
  CHECK(v2.code == 2);
  CHECK_THAT(v2.out, Catch::Contains("schema version 2 stores no per-seat statistics"));

  // Migrated (by opening it for writing) but not filled in: the games are not counted, and said so.
  {
    auto opened = ppn::db::open_for_writing(old);
    REQUIRE(opened);
  }
  CHECK(scalar(old, "PRAGMA user_version") == ppn::db::schema_version());
  const auto empty = run_ppn("stats --db " + old, true);
  CHECK(empty.code == 1);
  CHECK_THAT(empty.out, Catch::Contains(n + " games imported before schema version 3 not counted"));

  // Importing the files again stores no game twice and adds the statistics.
  const auto again = run_ppn("import --db " + old + samples);
  CHECK(again.code == 0);
  CHECK_THAT(again.out, Catch::Contains("0 new (0 illegal), " + n + " duplicates"));
  CHECK_THAT(again.out, Catch::Contains(n + " older games given statistics"));
  CHECK(std::to_string(scalar(old, "SELECT count(*) FROM games")) == n);
  const auto filled = run_ppn("stats --games --db " + old);
  CHECK(filled.code == 0);
  CHECK(filled.out == run_ppn("stats --games --db " + now).out);
  // A third import has nothing left to add.
  CHECK_THAT(run_ppn("import --db " + old + samples).out, !Catch::Contains("given statistics"));
}

TEST_CASE("analyze --db: stores each seat's figures as printed, and replaces them on a re-run", "[db][cli][analysis][quality]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("analyze-db");
  const auto db = fresh_db("analyze-db", backend);
  const std::string sample = source_path("samples/05-two-player-kitchen-table.ppn").string();

  // The seat lines `analyze` printed, rebuilt whole from the stored rows (the error bars with
  // them: unresolved decisions, the loss's standard error, the luck's spread).
  auto stored_lines = [&](std::int64_t game) {
    ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
    ppn::db::Statement q(d,
                         "SELECT a.colour, coalesce(' (' || s.player_name || ')', ''), decisions, mistakes, blunders, "
                         "total_loss, luck, result, luck_adjusted, unresolved, loss_se, luck_se FROM seat_analysis a "
                         "LEFT JOIN game_seats s USING (game_id, colour) WHERE game_id = ?1 ORDER BY CASE a.colour "
                         "WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 ELSE 3 END");
    q.bind(1, game);
    std::vector<std::string> lines;
    while (q.step()) {
      const std::string who = std::string(q.get_text(0)) + std::string(q.get_text(1));
      const int dec = static_cast<int>(q.get_int(2)), mis = static_cast<int>(q.get_int(3)),
                blu = static_cast<int>(q.get_int(4));
      const double rate = dec ? double(mis + blu) / dec : 0.0;
      char b[400];
      std::snprintf(b, sizeof b,
                    "  %-24s decisions %3d  ? %2d  ?? %2d  unresolved %2d  error rate %5.1f%% +- %4.1f%%  loss %.3f +- "
                    "%.3f  luck %+.3f (sd %.3f)  result %.2f  luck-adjusted %+.3f\n",
                    who.c_str(), dec, mis, blu, static_cast<int>(q.get_int(9)), 100 * rate,
                    dec ? 100 * std::sqrt(rate * (1 - rate) / dec) : 0.0, q.get_double(5), q.get_double(10),
                    q.get_double(6), q.get_double(11), q.get_double(7), q.get_double(8));
      lines.emplace_back(b);
    }
    return lines;
  };
  auto printed = [](const std::string& out, const std::string& line) { CHECK_THAT(out, Catch::Contains(line)); };

  const auto first = run_ppn("analyze --level rollout --rollouts 8 --horizon 4 --db " + db + " " + sample);
  REQUIRE(first.code == 0);
  CHECK_THAT(first.out, Catch::Contains("imported as game 1"));
  CHECK_THAT(first.out, Catch::Contains("stored as the analysis of game 1"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM seat_stats WHERE game_id = 1") == 2);  // imported as ppn import would
  auto lines = stored_lines(1);
  REQUIRE(lines.size() == 2);
  for (const auto& l : lines) printed(first.out, l);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis a JOIN games g ON g.id = a.game_id WHERE a.rollouts = 8 "
                   "AND a.horizon = 4 AND a.seed = 1 AND a.candidates = 4 AND a.rolls_analysed = g.rolls "
                   "AND a.stopped = 0 AND a.min_rollouts = 8 AND a.confidence = 0.95") == 2);
  CHECK(scalar(db, "SELECT sum(rolls) FROM seat_analysis") == scalar(db, "SELECT rolls FROM games"));
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE abs(luck_adjusted - (result - luck)) > 1e-12") == 0);

  // Again with other settings: the game is found by its checksum, its two rows replaced.
  const auto second = run_ppn("analyze --level rollout --rollouts 6 --horizon 3 --seed 7 --db " + db + " " + sample);
  REQUIRE(second.code == 0);
  CHECK_THAT(second.out, !Catch::Contains("imported as"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE rollouts = 6 AND horizon = 3 AND seed = 7") == 2);
  for (const auto& l : stored_lines(1)) printed(second.out, l);

  // In Latin-hypercube blocks (36 rollouts on this board) the settings stored and written in the
  // annotated game are the rollouts as run: --min-rollouts 10 rounded up to a block, --rollouts
  // 100 down to two (the seed of the run before, which the checks below expect).
  const auto annotated = (dir / "annotated.ppn").string();
  REQUIRE(run_ppn("analyze --level rollout --rollouts 100 --min-rollouts 10 --horizon 1 --candidates 1 --seed 7 --db " + db + " -o " +
                  annotated + " " + sample)
              .code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE rollouts = 72 AND min_rollouts = 36") == 2);
  CHECK_THAT(read_file(annotated), Catch::Contains("36 to 72 rollouts of 1 roll per candidate (seed 7, common dice in Latin-hypercube blocks)"));

  // A game imported earlier keeps its id; the others stay untouched.
  const auto four = source_path("samples/01-four-player-family-night.ppn").string();
  REQUIRE(run_ppn("import --db " + db + " " + four).code == 0);
  const auto third = run_ppn("analyze --level rollout --rollouts 4 --horizon 2 --db " + db + " " + four);
  CHECK(third.code == 0);
  CHECK_THAT(third.out, Catch::Contains("stored as the analysis of game 2"));
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE game_id = 2") == 4);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE game_id = 1 AND seed = 7") == 2);
  for (const auto& l : stored_lines(2)) printed(third.out, l);

  // An unfinished copy of a stored game is not imported, and said so: nothing stored for it.
  std::string text = read_file(four);
  REQUIRE(text.find("\n20. ") != std::string::npos);
  text = text.substr(0, text.find("\n20. ")) + "\n";
  const auto result = text.find("[Result \"");
  REQUIRE(result != std::string::npos);
  text.replace(result, text.find('\n', result) - result, "[Result \"*\"]");
  const auto prefix = write_file(dir / "prefix.ppn", text);
  const auto cut = run_ppn("analyze --level rollout --rollouts 2 --horizon 1 --db " + db + " " + prefix, true);
  CHECK(cut.code == 1);
  CHECK_THAT(cut.out, Catch::Contains("an unfinished copy of a game the database holds"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM seat_analysis") == 6);

  CHECK(run_ppn("analyze --db /nonexistent/dir/x.sqlite " + sample).code == 2);
}
