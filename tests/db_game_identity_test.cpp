// One game identity (issue 15, observation 5): the database id that `ppn find`, `ppn query`
// and `ppn import` print opens that very game in replay, render, stats and analyze
// (`--db PATH --game ID`); `ppn export --db` writes stored games back as `ppn fmt` of the
// records imported; games.source_file is absolute and canonical.
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "db/schema.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "notation/printer.hpp"

using namespace ppn::test;

namespace {

std::string file_list(const std::vector<std::string>& files) {
  std::string s;
  for (const auto& f : files) s += " " + f;
  return s;
}

// The stored id of the game of `file` whose record starts at `line`.
std::int64_t stored_id(const std::string& db, const std::string& file, std::uint32_t line) {
  const auto path = std::filesystem::weakly_canonical(file).string();
  return scalar(db, "SELECT id FROM games WHERE source_file = " + quoted(path) + " AND source_line = " + std::to_string(line));
}

// The data-position attribute of `ppn render ... --at N -o -`: the position ID drawn.
// `ppn replay --at` output without its title line (the title names the file or database).
std::string board_only(const std::string& out) {
  const auto nl = out.find('\n');
  return nl == std::string::npos ? std::string() : out.substr(nl + 1);
}

}  // namespace

TEST_CASE("export --db writes every stored game back as ppn fmt of the record imported", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("export-db");
  const auto db = fresh_db("export-db", backend);
  const auto ludo = (dir / "selfplay-ludo.ppn").string();
  REQUIRE(run_ppn("selfplay --variant ludo --games 12 --seed 5 -o " + ludo).code == 0);
  auto files = sample_files();
  files.push_back(ludo);
  REQUIRE(run_ppn("import -q --db " + db + file_list(files)).code == 0);

  // Every stored game by its id: byte for byte the canonical form of its record.
  std::size_t games = 0;
  for (const auto& f : files) {
    std::string by_id;
    for (const auto& g : games_in(f)) {
      const auto id = stored_id(db, f, g.source_line);
      INFO(f << ":" << g.source_line << " stored as game " << id);
      REQUIRE(id > 0);
      const auto r = run_ppn("export --db " + db + " --game " + std::to_string(id));
      CHECK(r.code == 0);
      CHECK(r.out == ppn::to_ppn(g));
      by_id += r.out;
      ++games;
    }
    // ... and the file's games together are what `ppn fmt FILE` prints.
    CHECK(by_id == run_ppn("fmt " + f).out);
  }
  CHECK(static_cast<std::int64_t>(games) == scalar(db, "SELECT count(*) FROM games"));

  // All of them, in id order: the files formatted in the order they were imported.
  const auto all = run_ppn("export --db " + db);
  CHECK(all.code == 0);
  CHECK(all.out == run_ppn("fmt" + file_list(files)).out);

  // Chosen by a condition on games, or by a query.
  const auto canonical_ludo = std::filesystem::weakly_canonical(ludo).string();
  CHECK(run_ppn("export --db " + db + " --where \"source_file = '" + canonical_ludo + "'\"").out ==
        run_ppn("fmt " + ludo).out);
  const auto last_two = run_ppn("export --db " + db + " --sql \"SELECT id FROM games ORDER BY id DESC LIMIT 2\"");
  const auto ludo_games = games_in(ludo);
  CHECK(last_two.out == ppn::to_ppn(ludo_games.back()) + ppn::to_ppn(ludo_games[ludo_games.size() - 2]));
  // The JSON of a stored game is the JSON of its file's game.
  const auto first_id = std::to_string(stored_id(db, ludo, ludo_games.front().source_line));
  const auto json = run_ppn("export --db " + db + " --to json --game " + first_id);
  CHECK(json.code == 0);
  const auto from_file = run_ppn("export --to json " + ludo).out;
  CHECK(json.out == from_file.substr(0, from_file.find('\n') + 1));

  // Errors: an id the database lacks; a statement that would write (the connection is read-only).
  CHECK(run_ppn("export --db " + db + " --game 99999").code == 2);
  CHECK(run_ppn("export --db " + db + " --sql \"DELETE FROM games\"").code == 2);
  CHECK(static_cast<std::int64_t>(games) == scalar(db, "SELECT count(*) FROM games"));
  CHECK(run_ppn("export --db " + db + " --game 1 --where \"id = 2\"").code == 2);
  CHECK(run_ppn("export --db " + db + " " + ludo).code == 2);
}

TEST_CASE("a game id found in the database opens that game in replay, render, stats and analyze", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("game-id");
  const auto db = fresh_db("game-id", backend);
  const auto files = sample_files();
  const auto import = run_ppn("import --db " + db + file_list(files));
  REQUIRE(import.code == 0);
  const auto games_before = scalar(db, "SELECT count(*) FROM games");

  // Targets: a game that is not the first of its file, and the game of a later file; neither
  // id is the game's number in its file.
  struct Target {
    std::string file;
    std::size_t index;  // 1-based in the file
  };
  std::vector<Target> targets;
  for (const auto& f : files) {
    const auto gs = games_in(f);
    if (gs.size() > 1) targets.push_back({f, gs.size()});
  }
  REQUIRE(!targets.empty());
  targets.push_back({files[2], 1});

  for (const auto& t : targets) {
    const auto source = games_in(t.file)[t.index - 1];
    const auto id = stored_id(db, t.file, source.source_line);
    const auto sid = std::to_string(id);
    INFO(t.file << " game " << t.index << " stored as " << id);
    REQUIRE(id > 0);
    CHECK(static_cast<std::size_t>(id) != t.index);
    // The import line of the file names the ids of its games.
    const auto canonical = quoted(std::filesystem::weakly_canonical(t.file).string());
    const auto lo = scalar(db, "SELECT min(id) FROM games WHERE source_file = " + canonical);
    const auto hi = scalar(db, "SELECT max(id) FROM games WHERE source_file = " + canonical);
    CHECK_THAT(import.out, Catch::Contains(t.file + ": ") &&
                               Catch::Contains(lo == hi ? " (game " + sid + ")\n"
                                                        : " (games " + std::to_string(lo) + "-" + std::to_string(hi) + ")\n"));
    CHECK((lo <= id && id <= hi));

    // A position from the middle of the game, as its file draws it; `ppn find` lists this game.
    const auto roll = std::to_string(scalar(db, "SELECT rolls FROM games WHERE id = " + sid) / 2);
    const auto position =
        drawn_position(run_ppn("render " + t.file + " --game " + std::to_string(t.index) + " --at " + roll + " -o -").out);
    REQUIRE(!position.empty());
    const auto found = run_ppn("find --db " + db + " --position \"" + position + "\" --format csv");
    REQUIRE(found.code == 0);
    std::istringstream rows(found.out);
    std::string row;
    std::getline(rows, row);
    CHECK(row.rfind("game,", 0) == 0);  // the id column is named game
    bool listed = false;
    while (std::getline(rows, row)) {
      // game,file,line,roll,...: every game listed, opened by its id, shows that position.
      const auto game = row.substr(0, row.find(','));
      std::vector<std::string> cells;
      std::stringstream cs(row);
      for (std::string c; std::getline(cs, c, ',');) cells.push_back(c);
      REQUIRE(cells.size() >= 4);
      listed = listed || (game == sid && cells[3] == roll);
      CHECK(drawn_position(run_ppn("render --db " + db + " --game " + game + " --at " + cells[3] + " -o -").out) ==
            position);
    }
    CHECK(listed);

    // replay: the same board as the file's game.
    const auto from_db = run_ppn("replay --db " + db + " --game " + sid + " --at " + roll);
    CHECK(from_db.code == 0);
    CHECK(from_db.out.rfind(db + ", game " + sid, 0) == 0);
    CHECK(board_only(from_db.out) ==
          board_only(run_ppn("replay " + t.file + " --game " + std::to_string(t.index) + " --at " + roll).out));

    // stats and analyze: the figures of that one game, as of a file holding only it.
    const auto alone = write_file(dir / ("game-" + sid + ".ppn"), ppn::to_ppn(source));
    const auto stats = run_ppn("stats --db " + db + " --game " + sid);
    CHECK(stats.code == 0);
    CHECK(stats.out == run_ppn("stats " + alone).out);
    const std::string settings = " --level rollout --rollouts 4 --horizon 4 --candidates 2";
    const auto analysed = (dir / ("analysed-" + sid + ".ppn")).string();
    const auto expected = (dir / ("expected-" + sid + ".ppn")).string();
    const auto an = run_ppn("analyze --db " + db + " --game " + sid + settings + " -o " + analysed, true);
    CHECK(an.code == 0);
    CHECK_THAT(an.out, Catch::Contains("stored as the analysis of game " + sid));
    REQUIRE(run_ppn("analyze " + alone + settings + " -o " + expected).code == 0);
    CHECK(read_file(analysed) == read_file(expected));
    CHECK(scalar(db, "SELECT count(*) FROM seat_analysis WHERE game_id = " + sid) ==
          scalar(db, "SELECT players FROM games WHERE id = " + sid));
  }
  CHECK(scalar(db, "SELECT count(*) FROM games") == games_before);  // nothing imported again

  // An id the database lacks, and --db without --game, are errors.
  CHECK(run_ppn("replay --db " + db + " --game 99999").code == 2);
  CHECK(run_ppn("render --db " + db + " --game 99999 --at 1").code == 2);
  CHECK(run_ppn("stats --db " + db + " --game 99999").code == 2);
  CHECK(run_ppn("analyze --db " + db + " --game 99999").code == 2);
  CHECK(run_ppn("replay --db " + db).code == 2);
}

TEST_CASE("the roll ppn find prints is the roll --at opens, in a record not numbered from 1", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("roll-number");
  const auto db = fresh_db("roll-number", backend);
  // Sample 05 with every roll number moved on by 10: its first roll is `11.`.
  std::string text = read_file(source_path("samples/05-two-player-kitchen-table.ppn"));
  std::string shifted;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::size_t digits = 0;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
    if (digits > 0 && digits < line.size() && line[digits] == '.')
      line = std::to_string(std::stoi(line.substr(0, digits)) + 10) + line.substr(digits);
    shifted += line + "\n";
  }
  const auto file = write_file(dir / "numbered-from-11.ppn", shifted);
  REQUIRE(run_ppn("validate " + file).code == 0);
  REQUIRE(run_ppn("import --db " + db + " " + file).code == 0);

  const auto position = drawn_position(run_ppn("render " + file + " --at 40 -o -").out);
  REQUIRE(!position.empty());
  const auto found = run_ppn("find --db " + db + " --position \"" + position + "\" --format csv");
  REQUIRE(found.code == 0);
  // Game 1, roll 40, on the line of that roll.
  std::size_t roll_line = 0, n = 0;
  std::istringstream shifted_lines(shifted);
  for (std::string line; std::getline(shifted_lines, line);)
    if (++n, line.rfind("40.", 0) == 0) roll_line = n;
  REQUIRE(roll_line > 1);
  CHECK_THAT(found.out, Catch::Contains("\n1,") && Catch::Contains("," + std::to_string(roll_line) + ",40,"));
  CHECK(drawn_position(run_ppn("render --db " + db + " --game 1 --at 40 -o -").out) == position);
  CHECK(board_only(run_ppn("replay --db " + db + " --game 1 --at 40").out) ==
        board_only(run_ppn("replay " + file + " --at 40").out));
  // A pattern's first and last matching rolls are numbered as recorded too: 10 more than in
  // the sample itself.
  const auto db0 = (dir / "sample.sqlite").string();
  REQUIRE(run_ppn("import --db " + db0 + " " + source_path("samples/05-two-player-kitchen-table.ppn").string()).code == 0);
  auto rolls_of = [](const std::string& csv) {  // first_roll, last_roll of the only row
    const auto row = csv.substr(csv.find('\n') + 1);
    std::vector<std::string> cells;
    std::stringstream cs(row);
    for (std::string c; std::getline(cs, c, ',');) cells.push_back(c);
    REQUIRE(cells.size() == 6);
    return std::make_pair(std::stoi(cells[3]), std::stoi(cells[4]));
  };
  const auto in_sample = rolls_of(run_ppn("find --db " + db0 + " --pattern home-path:green:1 --format csv").out);
  const auto numbered = rolls_of(run_ppn("find --db " + db + " --pattern home-path:green:1 --format csv").out);
  CHECK(numbered.first == in_sample.first + 10);
  CHECK(numbered.second == in_sample.second + 10);

  // An illegal game's import message names its roll by number and the game by its id, and
  // that id and number open it.
  const auto bad = write_file(dir / "illegal.ppn",
                              "[Game \"parcheesi\"]\n[Seats \"green yellow\"]\n\n11. G 6-3: N/0\n12. Y 5-2: N/0 0/2\n");
  const auto stored = run_ppn("import --db " + db + " " + bad, true);
  CHECK(stored.code == 1);
  CHECK_THAT(stored.out, Catch::Contains("(roll 11: 11. G 6-3: N/0) [stored as game 2]"));
  CHECK_THAT(run_ppn("replay --db " + db + " --game 2 --at 11").out, Catch::Contains("Roll 11"));
}

TEST_CASE("import stores the source path absolute and canonical: it resolves from another directory", "[db][cli]") {
  const auto dir = fresh_dir("source-path");
  std::filesystem::create_directories(dir / "work" / "sub");
  const auto copy = dir / "work" / "sub" / "games.ppn";
  std::filesystem::copy_file(sample_files().front(), copy);
  const auto db = (dir / "g.sqlite").string();
  // A relative path with a detour, from the directory "work".
  const auto r = run_command("cd " + (dir / "work").string() + " && " + ppn_binary() + " import --db " + db +
                             " ./sub/../sub/games.ppn 2>&1");
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("./sub/../sub/games.ppn: "));  // messages keep the name as given
  ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
  ppn::db::Statement q(d, "SELECT source_file FROM games");
  REQUIRE(q.step());
  const std::string stored(q.get_text(0));
  CHECK(stored == std::filesystem::weakly_canonical(copy).string());
  CHECK(std::filesystem::path(stored).is_absolute());
  // From another working directory the stored path still opens the file.
  CHECK(run_command("cd / && " + ppn_binary() + " validate '" + stored + "' >/dev/null 2>&1").code == 0);

  // Standard input is stored as <stdin>.
  const auto in = run_command("cd / && " + ppn_binary() + " import --db " + db + " - < " + sample_files()[1] + " 2>&1");
  REQUIRE(in.code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE source_file = '<stdin>'") == 1);
}

TEST_CASE("games stored before schema version 5 have no record text: export says so, re-importing adds it",
          "[db][cli]") {
  const auto dir = fresh_dir("migrate4");
  const auto now = (dir / "v5.sqlite").string();
  const auto old = (dir / "v4.sqlite").string();
  const auto files = file_list(sample_files());
  REQUIRE(run_ppn("import -q --db " + now + files).code == 0);
  const auto n = std::to_string(scalar(now, "SELECT count(*) FROM games"));
  make_older_copy(old, now, 4);  // the same games in a version-4 database: no game_text, no rolls.number
  {  // The one test of "has the record text" every reader asks (db/schema.hpp).
    ppn::db::Database v4(old, ppn::db::Database::Mode::read_only), v5(now, ppn::db::Database::Mode::read_only);
    CHECK_FALSE(ppn::db::has_record_text(v4));
    CHECK(ppn::db::has_record_text(v5));
  }
  // Read as version 4 (no migration): every game lacks its text, and says how to add it.
  const auto v4 = run_ppn("export --db " + old, true);
  CHECK(v4.code == 1);
  CHECK_THAT(v4.out, Catch::Contains("game 1 (") && Catch::Contains("imported before schema version 5"));
  CHECK(run_ppn("replay --db " + old + " --game 1").code == 2);
  {  // Version 4 stored the source path as typed: relative, as a user in the samples folder typed it.
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write);
    d.exec("UPDATE games SET source_file = replace(source_file, rtrim(source_file, replace(source_file, '/', '')), '')");
    REQUIRE(d.scalar("SELECT count(*) FROM games WHERE source_file LIKE '/%'") == 0);
  }

  // Importing the files again stores no game twice and adds the text.
  const auto again = run_ppn("import --db " + old + files);
  CHECK(again.code == 0);
  CHECK_THAT(again.out, Catch::Contains("0 new (0 illegal), " + n + " duplicates"));
  CHECK_THAT(again.out, Catch::Contains(n + " older games given their record text"));
  CHECK(std::to_string(scalar(old, "SELECT count(*) FROM games")) == n);
  const auto filled = run_ppn("export --db " + old);
  CHECK(filled.code == 0);
  CHECK(filled.out == run_ppn("fmt" + files).out);
  CHECK_THAT(run_ppn("import --db " + old + files).out, !Catch::Contains("record text"));
  // ... and the roll numbers of migration 5.
  CHECK(scalar(old, "SELECT count(*) FROM rolls WHERE number IS NULL") == 0);
  {
    ppn::db::Database d(old, ppn::db::Database::Mode::read_write);
    d.exec("ATTACH DATABASE '" + now + "' AS src");
    // ... and the source, absolute and canonical, with the text it came with.
    CHECK(d.scalar("SELECT count(*) FROM main.games g JOIN src.games s USING (id) "
                   "WHERE g.source_file = s.source_file AND g.source_line = s.source_line") == d.scalar("SELECT count(*) FROM src.games"));
    CHECK(d.scalar("SELECT count(*) FROM main.rolls r JOIN src.rolls s USING (id) WHERE r.number = s.number") ==
          d.scalar("SELECT count(*) FROM src.rolls"));
  }
}
