// The game database end to end, on each backend (SQLite, and PostgreSQL under ctest): `ppn import` (new, duplicate, prefix duplicate,
// illegal games under each --on-error policy, player aliases), every `ppn query` report checked
// against answers counted independently from the parsed samples, `--sql`, and `ppn find`.
#include <catch2/catch.hpp>
#include <map>
#include <set>
#include <sstream>

#include "cli_run.hpp"
#include "db/search.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "notation/printer.hpp"
#include "notation/tags.hpp"
#include "tests/rules_helpers.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"

using namespace ppn::test;

namespace {

// The Parcheesi samples (every file without "ludo" in its name): the reports below are
// checked against counts made for two dice. The Ludo samples have their own test (tests/db_ludo_test.cpp).
std::vector<std::string> parcheesi_samples() {
  std::vector<std::string> files;
  for (const auto& f : sample_files())
    if (std::filesystem::path(f).filename().string().find("ludo") == std::string::npos) files.push_back(f);
  return files;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += " " + x;
  return s;
}

std::vector<ppn::Game> sample_games() {
  std::vector<ppn::Game> games;
  for (const auto& f : parcheesi_samples())
    for (auto& g : games_in(f)) games.push_back(std::move(g));
  return games;
}

std::vector<const ppn::Roll*> main_line(const ppn::Game& g) {
  std::vector<const ppn::Roll*> v;
  for (const auto& e : g.movetext)
    if (const auto* r = std::get_if<ppn::Roll>(&e)) v.push_back(r);
  return v;
}

// CSV output of a query, as rows of fields (no quoting in these reports).
std::vector<std::vector<std::string>> csv(const std::string& out) {
  std::vector<std::vector<std::string>> rows;
  std::size_t pos = 0;
  while (pos < out.size()) {
    const auto nl = out.find('\n', pos);
    const std::string line = out.substr(pos, nl - pos);
    pos = nl == std::string::npos ? out.size() : nl + 1;
    std::vector<std::string> f;
    std::size_t s = 0;
    for (;;) {
      const auto c = line.find(',', s);
      f.push_back(line.substr(s, c - s));
      if (c == std::string::npos) break;
      s = c + 1;
    }
    rows.push_back(std::move(f));
  }
  return rows;
}

// Imports the samples into a fresh database; returns its path.
std::string samples_db(const std::string& name, const std::string& backend) {
  const auto db = fresh_db(name, backend);
  const auto r = run_ppn("import --db " + db + joined(parcheesi_samples()));
  REQUIRE(r.code == 0);
  return db;
}

}  // namespace

TEST_CASE("db import: the samples go in once and importing them again adds nothing", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("samples");
  const auto db = fresh_db("samples", backend);
  const auto files = parcheesi_samples();
  const auto games = sample_games();
  std::size_t rolls = 0;
  for (const auto& g : games) rolls += g.roll_count();

  // what the database must say, counted from the parsed games: a game is finished when its
  // [Result] gives an order or its replay ends it (db/game_rows.cpp); seats from [Seats]
  const std::string n = std::to_string(games.size());
  std::int64_t finished = 0, seats = 0;
  for (const auto& g : games) {
    const auto result = g.tag_value("Result");
    finished += (!result.empty() && result != "*") || ppn::replay::replay_game(g, {}).game_over;
    std::istringstream words{std::string(g.tag_value("Seats"))};
    for (std::string w; words >> w;) ++seats;
  }
  const auto r1 = run_ppn("import --db " + db + joined(files));
  CHECK(r1.code == 0);
  CHECK_THAT(r1.out, Catch::Contains("import: " + std::to_string(files.size()) + " files, " + n + " games: " + n +
                                     " new (0 illegal), 0 duplicates, 0 prefix duplicates, 0 syntax errors; " + db +
                                     " holds " + n + " games"));
  CHECK(user_version(db) == ppn::db::schema_version());
  CHECK(scalar(db, "SELECT count(*) FROM rolls") == static_cast<std::int64_t>(rolls));
  CHECK(scalar(db, "SELECT count(*) FROM positions") == static_cast<std::int64_t>(rolls));  // all legal
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE status = 'legal'") == static_cast<std::int64_t>(games.size()));
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE finished <> 0") == finished);
  CHECK(scalar(db, "SELECT count(*) FROM game_seats") == seats);
  CHECK(scalar(db, "SELECT sum(rolls) FROM seat_stats") == static_cast<std::int64_t>(rolls));
  // Every roll's PPN text as the canonical printer writes it.
  const auto first = main_line(games[0]);
  {
    ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
    ppn::db::Statement st(d, "SELECT play FROM rolls WHERE game_id = 1 AND roll_index = 21");
    REQUIRE(st.step());
    CHECK(st.get_text(0) == ppn::play_to_ppn(*first[21]));
    CHECK(st.get_text(0) == "15/18 18/21x +20 21/41");
  }
  // No orphans: every roll and position belongs to a game, the ids encode (game, roll).
  CHECK(scalar(db, "SELECT count(*) FROM rolls WHERE game_id NOT IN (SELECT id FROM games)") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM positions WHERE id != (game_id << 16) + roll_index") == 0);

  const auto r2 = run_ppn("import --db " + db + joined(files));
  CHECK(r2.code == 0);
  CHECK_THAT(r2.out, Catch::Contains(n + " games: 0 new (0 illegal), " + n + " duplicates, 0 prefix duplicates"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == static_cast<std::int64_t>(games.size()));
  CHECK(scalar(db, "SELECT count(*) FROM rolls") == static_cast<std::int64_t>(rolls));

  SECTION("the same game re-formatted, with other comments and tags, is still a duplicate") {
    auto g = games[1];
    g.set_tag("Event", "Another event");
    g.leading_comments = {"copied from a club bulletin"};
    const auto copy = write_file(dir / "copy.ppn", ppn::to_ppn(g));
    const auto r = run_ppn("import --db " + db + " " + copy);
    CHECK_THAT(r.out, Catch::Contains("1 game: 0 new (0 illegal), 1 duplicate, 0 prefix duplicates"));
  }
  SECTION("an unfinished copy (a prefix of a stored game) is reported and not stored") {
    auto g = games[0];
    int kept = 0;
    std::erase_if(g.movetext, [&](const ppn::MovetextEntry& e) {
      return std::holds_alternative<ppn::Roll>(e) && ++kept > 40;
    });
    g.set_tag("Result", "*");
    const auto cut = write_file(dir / "cut.ppn", ppn::to_ppn(g));
    const auto r = run_ppn("import --db " + db + " " + cut);
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("1 game: 0 new (0 illegal), 0 duplicates, 1 prefix duplicate"));
    CHECK(scalar(db, "SELECT count(*) FROM games") == static_cast<std::int64_t>(games.size()));

    // The same prefix with one roll changed is a new game.
    auto& last = std::get<ppn::Roll>(g.movetext.back());
    REQUIRE(last.kind == ppn::PlayKind::Moves);
    g.set_tag("Event", "changed");
    last.comments = {"changed"};
    std::swap(last.dice[0], last.dice[1]);
    const auto other = write_file(dir / "other.ppn", ppn::to_ppn(g));
    const auto r3 = run_ppn("import --db " + db + " " + other);
    CHECK_THAT(r3.out, Catch::Contains("1 game: 1 new (0 illegal), 0 duplicates, 0 prefix duplicates"));
  }
}

TEST_CASE("db import: illegal games are stored with their diagnostics under each --on-error policy", "[db][cli]") {
  const auto dir = fresh_dir("illegal");
  const std::string head = "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n";
  // Roll 3 (line 9): green plays only the 6 where both dice can be played.
  const auto bad = write_file(dir / "bad.ppn", head + "[Green \"Ann\"]\n\n1. G 5-3: N/0 0/3\n2. B 6-4: -\n"
                                                      "3. G 6-4: 3/9\n4. B 6-4: -\n5. G 1-2: 9/10 10/12\n");
  struct Case {
    const char* policy;
    int positions;
  };
  for (const auto& c : {Case{"keep-prefix", 2}, Case{"skip", 0}, Case{"as-played", 5}}) {
    DYNAMIC_SECTION("--on-error " << c.policy) {
      const auto db = (dir / (std::string(c.policy) + ".sqlite")).string();
      std::filesystem::remove(db);
      const auto r = run_ppn("import --db " + db + " --on-error " + c.policy + " " + bad, true);
      CHECK(r.code == 1);
      CHECK_THAT(r.out, Catch::Contains("1 game: 1 new (1 illegal)"));
      CHECK_THAT(r.out, Catch::Contains(bad + ":9:1:"));
      CHECK_THAT(r.out, Catch::Contains("[E-DIE-STILL-USABLE]"));
      CHECK(scalar(db, "SELECT count(*) FROM games WHERE status = 'illegal' AND on_error = " + quoted(c.policy)) == 1);
      CHECK(scalar(db, "SELECT count(*) FROM rolls") == 5);
      CHECK(scalar(db, "SELECT count(*) FROM positions") == c.positions);
      CHECK(scalar(db, "SELECT roll_index FROM diagnostics WHERE code = 'E-DIE-STILL-USABLE'") == 2);
      CHECK(scalar(db, "SELECT legal FROM rolls WHERE roll_index = 2") == 0);
      // The statistics count the illegal play for Ann (green), as `ppn stats` does; under skip
      // the game is not counted at all (`ppn stats` says so), and the report has no row.
      const bool counted = std::string(c.policy) != "skip";
      CHECK(scalar(db, "SELECT count(*) FROM seat_illegal JOIN game_seats USING (game_id, colour) "
                       "WHERE player_name = 'Ann' AND code = 'E-DIE-STILL-USABLE' AND plays = 1") == counted);
      CHECK(scalar(db, "SELECT count(*) FROM seat_stats WHERE illegal > 0") == counted);
      const auto q = run_ppn("query --db " + db + " illegal --format csv");
      CHECK(q.code == 0);
      CHECK(q.out == std::string("variant,code,rolls,games,per_1000_rolls\n") +
                         (counted ? "hasbro-2001,E-DIE-STILL-USABLE,1,1,200\n" : ""));
      // Importing it again: a duplicate.
      CHECK_THAT(run_ppn("import --db " + db + " " + bad).out, Catch::Contains("0 new (0 illegal), 1 duplicate"));
    }
  }
  SECTION("--on-error stop stores the game and imports no further game") {
    const auto db = (dir / "stop.sqlite").string();
    std::filesystem::remove(db);
    const auto good = write_file(dir / "good.ppn", head + "\n1. G 5-3: N/0 0/3\n");
    const auto r = run_ppn("import --db " + db + " --on-error stop " + bad + " " + good);
    CHECK(r.code == 1);
    CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  }
  SECTION("syntax errors are located, the file's other games still go in, exit 2") {
    const auto db = (dir / "syntax.sqlite").string();
    const auto mixed = write_file(dir / "mixed.ppn", head + "\n1. G 5-: N/0\n\n" + head + "\n1. G 5-3: N/0 0/3\n");
    const auto r = run_ppn("import --db " + db + " " + mixed, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(mixed + ":6:"));
    CHECK_THAT(r.out, Catch::Contains("1 game: 1 new (0 illegal), 0 duplicates, 0 prefix duplicates, 1 syntax error"));
    CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  }
  SECTION("a game longer than 65,535 rolls is refused with its location, not stored with clashing keys") {
    const auto db = (dir / "long.sqlite").string();
    std::string text = head + "\n";
    for (int i = 0; i < 65536; ++i) text += i % 2 ? "B 6-3: -\n" : "G 6-3: -\n";
    const auto longf = write_file(dir / "long.ppn", text + "\n" + head + "\n1. G 5-3: N/0 0/3\n");
    const auto r = run_ppn("import --db " + db + " " + longf, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(longf + ":1:1: error: a game of 65536 rolls"));
    CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  }
  SECTION("a missing file is an I/O error; a database of another program is refused") {
    const auto db = (dir / "io.sqlite").string();
    CHECK(run_ppn("import --db " + db + " " + (dir / "nope.ppn").string()).code == 2);
    const auto foreign = (dir / "foreign.sqlite").string();
    { ppn::db::Database(foreign).exec("CREATE TABLE t(x)"); }
    const auto r = run_ppn("import --db " + foreign + " " + bad, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("not a ppn database"));
  }
}

TEST_CASE("db import: one player under several spellings and --alias merges players", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("alias");
  const auto db = fresh_db("alias", backend);
  auto games = sample_games();
  // Game 1 has Marta Ruiz as green (the winner); write a copy of game 2 with her under
  // other spellings of case and space (the same player) and one under a nickname.
  REQUIRE(games[0].tag_value("Green") == "Marta Ruiz");
  games[1].set_tag("Green", "  marta   RUIZ ");
  games[2].set_tag("Green", "M. Ruiz");
  std::string text;
  for (int i = 0; i < 3; ++i) text += ppn::to_ppn(games[static_cast<std::size_t>(i)]);
  const auto f = write_file(dir / "three.ppn", text);
  REQUIRE(run_ppn("import --db " + db + " " + f).code == 0);
  // games and wins of a player as `ppn query players` reports them (all profiles).
  const auto played = [&](const std::string& name, int column) {
    long n = 0;
    for (const auto& row : csv(run_ppn("query --db " + db + " players --format csv").out))
      if (row[0] == name && row[2] == "all") n += std::stol(row[static_cast<std::size_t>(column)]);
    return n;
  };
  CHECK(played("Marta Ruiz", 3) == 2);
  CHECK(played("M. Ruiz", 3) == 1);

  const auto r = run_ppn("import --db " + db + " --alias 'M. Ruiz=Marta Ruiz' " + f);
  CHECK(r.code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM players WHERE name LIKE '%Ruiz%' AND name NOT LIKE 'Tomas%'") == 1);
  const auto wins = games[0].tag_value("Result").starts_with("green") + games[1].tag_value("Result").starts_with("green") +
                    games[2].tag_value("Result").starts_with("green");
  CHECK(played("Marta Ruiz", 3) == 3);
  CHECK(played("Marta Ruiz", 4) == wins);
  CHECK(played("M. Ruiz", 3) == 0);
  // A later game under the alias goes to the same player.
  games[3].set_tag("Green", "m. ruiz");
  const auto f4 = write_file(dir / "four.ppn", ppn::to_ppn(games[3]));
  REQUIRE(run_ppn("import --db " + db + " " + f4).code == 0);
  CHECK(played("Marta Ruiz", 3) == 4);
  CHECK(run_ppn("import --db " + db + " --alias nonsense " + f4).code == 2);
}

TEST_CASE("db query: every report against answers counted from the parsed samples", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto db = samples_db("reports", backend);
  const auto games = sample_games();

  // Independent counts over the main lines.
  std::map<std::string, std::array<long, 5>> by_colour;  // rolls, doublets, penalties, captures, bonus moves
  std::array<long, 7> faces{};
  std::array<long, 7> doublets{};
  long dice = 0, pairs = 0, forfeits = 0;
  std::map<std::string, std::pair<long, long>> players;  // name -> games, wins
  std::map<int, std::vector<long>> lengths;              // players -> rolls per game
  for (const auto& g : games) {
    const auto rs = main_line(g);
    lengths[static_cast<int>(ppn::parse_seats(g.tag_value("Seats"))->size())].push_back(static_cast<long>(rs.size()));
    const auto result = ppn::parse_result(g.tag_value("Result"));  // "*": no winner
    const std::optional<ppn::Colour> winner =
        result && !result->ranking.empty() ? std::optional<ppn::Colour>(result->ranking.front()) : std::nullopt;
    const auto seats = *ppn::parse_seats(g.tag_value("Seats"));
    for (auto c : seats) {
      const std::string tag(c == ppn::Colour::Green ? "Green" : c == ppn::Colour::Red ? "Red" : c == ppn::Colour::Blue ? "Blue" : "Yellow");
      auto& p = players[std::string(g.tag_value(tag))];
      ++p.first;
      p.second += c == winner;
    }
    for (const auto* r : rs) {
      auto& bc = by_colour[std::string(ppn::colour_name(r->seat))];
      ++bc[0];
      ++faces[r->dice[0]];
      ++faces[r->dice[1]];
      dice += 2;
      ++pairs;
      if (r->dice[0] == r->dice[1]) {
        ++bc[1];
        ++doublets[r->dice[0]];
      }
      bc[2] += r->kind == ppn::PlayKind::Penalty;
      for (const auto& s : r->steps) {
        bc[3] += s.move && s.move->capture;
        bc[4] += s.bonus && s.move;
        forfeits += s.forfeited();
      }
    }
  }

  SECTION("summary") {
    const auto t = csv(run_ppn("query --db " + db + " summary --format csv").out);
    REQUIRE(t.size() == 2);
    CHECK(t[0] == std::vector<std::string>{"games", "legal", "illegal", "finished", "rolls", "positions", "players", "files"});
    CHECK(t[1][0] == std::to_string(sample_games().size()));
    CHECK(t[1][6] == std::to_string(players.size()));
  }
  SECTION("dice") {
    const auto t = csv(run_ppn("query --db " + db + " dice --format csv").out);
    REQUIRE(t.size() == 7);
    for (int f = 1; f <= 6; ++f) {
      CHECK(t[f][0] == "hasbro-2001");  // one profile: one group
      CHECK(t[f][1] == std::to_string(f));
      CHECK(t[f][2] == std::to_string(faces[f]));
      CHECK(t[f][3] == std::to_string(dice));
      CHECK(t[f][6] == std::to_string(doublets[f]));
      CHECK(t[f][7] == std::to_string(pairs));
    }
  }
  SECTION("doublets and captures per colour, with the totals") {
    const auto d = csv(run_ppn("query --db " + db + " doublets --format csv").out);
    const auto c = csv(run_ppn("query --db " + db + " captures --format csv").out);
    REQUIRE(d.size() == by_colour.size() + 2);
    REQUIRE(c.size() == by_colour.size() + 2);
    long all_rolls = 0, all_caps = 0, all_bonus = 0;
    for (std::size_t i = 1; i + 1 < d.size(); ++i) {
      const auto& want = by_colour.at(d[i][1]);
      CHECK(d[i][2] == std::to_string(want[0]));
      CHECK(d[i][3] == "doublets");
      CHECK(d[i][4] == std::to_string(want[1]));
      CHECK(d[i][6] == std::to_string(want[2]));
      const auto& wc = by_colour.at(c[i][1]);
      CHECK(c[i][4] == std::to_string(wc[0]));
      CHECK(c[i][5] == std::to_string(wc[3]));
      CHECK(c[i][9] == std::to_string(wc[4]));  // bonuses_played = bonus moves written
      all_rolls += want[0];
      all_caps += wc[3];
      all_bonus += wc[4];
    }
    CHECK(d.back()[1] == "all");
    CHECK(d.back()[2] == std::to_string(all_rolls));
    CHECK(c.back()[5] == std::to_string(all_caps));
    CHECK(c.back()[9] == std::to_string(all_bonus));
    // Forfeited: the bonuses written `+20 -`, as `ppn stats` counts them. A bonus left by the
    // winning roll is void, not forfeited (RULES.md Q63): each finished sample ends with a
    // pawn reaching HOME (+10), so earned = played + forfeited + one per finished game.
    long won = 0;
    for (const auto& g : games) won += g.tag_value("Result") != "*";
    CHECK(c.back()[10] == std::to_string(forfeits));
    CHECK(std::stol(c.back()[8]) == std::stol(c.back()[9]) + std::stol(c.back()[10]) + won);
  }
  SECTION("length") {
    const auto t = csv(run_ppn("query --db " + db + " length --format csv").out);
    REQUIRE(t.size() == lengths.size() + 1);
    std::size_t i = 1;
    for (const auto& [n, v] : lengths) {
      CHECK(t[i][1] == std::to_string(n));
      CHECK(t[i][2] == std::to_string(v.size()));
      CHECK(t[i][4] == std::to_string(*std::min_element(v.begin(), v.end())));
      CHECK(t[i][6] == std::to_string(*std::max_element(v.begin(), v.end())));
      ++i;
    }
  }
  SECTION("players: games and wins overall match the [Result] tags; colour and seat rows add up") {
    const auto t = csv(run_ppn("query --db " + db + " players --format csv").out);
    std::map<std::string, std::pair<long, long>> all, colour_sum, seat_sum;
    for (std::size_t i = 1; i < t.size(); ++i) {
      const auto g = std::stol(t[i][3]), w = std::stol(t[i][4]);
      auto& m = t[i][2] == "all" ? all : t[i][2].starts_with("colour") ? colour_sum : seat_sum;
      m[t[i][0]].first += g;
      m[t[i][0]].second += w;
    }
    CHECK(all == players);
    CHECK(colour_sum == players);
    CHECK(seat_sum == players);
  }
  SECTION("illegal: none in the samples") {
    CHECK(csv(run_ppn("query --db " + db + " illegal --format csv").out).size() == 1);
  }
  SECTION("formats: aligned table with a row count, JSON objects") {
    const auto t = run_ppn("query --db " + db + " length");
    CHECK_THAT(t.out, Catch::StartsWith("variant      players  games  finished  min_rolls  avg_rolls  max_rolls\n"
                                        "-----------  -------"));
    CHECK_THAT(t.out, Catch::EndsWith("(3 rows)\n"));
    const auto j = run_ppn("query --db " + db + " summary --format json");
    CHECK_THAT(j.out, Catch::Contains("\"games\": " + std::to_string(sample_games().size())));
  }
  SECTION("--sql runs read-only SQL; writes, unknown reports and bad SQL are refused") {
    const auto r = run_ppn("query --db " + db + " --format csv --sql \"SELECT count(*) AS n FROM rolls WHERE die1 = die2\"");
    CHECK(r.code == 0);
    long all_doublets = 0;
    for (auto d : doublets) all_doublets += d;
    CHECK(r.out == "n\n" + std::to_string(all_doublets) + "\n");
    const auto w = run_ppn("query --db " + db + " --sql \"DELETE FROM games\"", true);
    CHECK(w.code == 2);
    CHECK_THAT(w.out, Catch::Contains("read-only"));
    CHECK(run_ppn("query --db " + db + " --sql \"SELECT 1; DELETE FROM games\"").code == 2);
    CHECK(scalar(db, "SELECT count(*) FROM games") == static_cast<std::int64_t>(sample_games().size()));
    CHECK(run_ppn("query --db " + db + " --sql \"SELEKT 1\"").code == 2);
    CHECK(run_ppn("query --db " + db + " nonsense").code == 2);
    CHECK(run_ppn("query --db /nonexistent/x.sqlite summary").code == 2);
  }
}

TEST_CASE("db find: exact positions through the hash key and structural patterns", "[db][cli]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto db = samples_db("find", backend);
  const auto games = sample_games();

  // Every (game, roll) after which each state stood, from replaying the samples here.
  std::map<std::string, std::set<std::pair<int, int>>> where;  // position ID -> {(game, roll)}
  std::map<std::string, int> pawns_only;                       // pawns part of the ID -> occurrences
  for (std::size_t gi = 0; gi < games.size(); ++gi)
    ppn::replay::replay_game(games[gi], {}, [&](const ppn::replay::RollEvent& e) {
      // Roll 0: the start of a game without [Setup] (every pawn in the nest) is found too.
      if (e.roll_index == 0 && games[gi].tag_value("Setup").empty() && games[gi].tag_value("Observer").empty()) {
        const auto start = ppn::replay::position_id(e.before);
        where[start].insert({static_cast<int>(gi) + 1, 0});
        ++pawns_only[start.substr(0, start.find(" / "))];
      }
      const auto id = ppn::replay::position_id(e.after);
      where[id].insert({static_cast<int>(gi) + 1, e.roll_index + 1});
      ++pawns_only[id.substr(0, id.find(" / "))];
    });

  SECTION("a position seen once, and the most frequent one") {
    std::string once, most;
    for (const auto& [id, at] : where) {
      if (at.size() == 1 && at.begin()->first == 1 && at.begin()->second == 50) once = id;
      if (most.empty() || at.size() > where[most].size()) most = id;
    }
    REQUIRE(!once.empty());
    const auto r = run_ppn("find --db " + db + " --position \"" + once + "\" --format csv");
    CHECK(r.code == 0);
    const auto t = csv(r.out);
    REQUIRE(t.size() == 2);
    CHECK(t[0] == std::vector<std::string>{"game", "file", "line", "roll", "colour", "dice", "play"});
    CHECK(t[1][0] == "1");
    CHECK(t[1][3] == "50");
    // The line is the roll's, not the game's first.
    std::vector<const ppn::Roll*> rolls;
    for (const auto& e : games[0].movetext)
      if (const auto* r = std::get_if<ppn::Roll>(&e)) rolls.push_back(r);
    REQUIRE(rolls.size() >= 50);
    CHECK(t[1][2] == std::to_string(rolls[49]->line));
    CHECK(rolls[49]->line != games[0].source_line);
    const auto m = csv(run_ppn("find --db " + db + " --position \"" + most + "\" --format csv").out);
    CHECK(m.size() == where[most].size() + 1);
    const auto loose = csv(run_ppn("find --db " + db + " --ignore-turn --position \"" + most + "\" --format csv").out);
    CHECK(static_cast<int>(loose.size()) == pawns_only[most.substr(0, most.find(" / "))] + 1);
  }
  SECTION("the start position is found as roll 0, on the game's first line") {
    std::string start;
    ppn::replay::replay_game(games[0], {}, [&](const ppn::replay::RollEvent& e) {
      if (e.roll_index == 0) start = ppn::replay::position_id(e.before);
    });
    REQUIRE(!start.empty());
    const auto t = csv(run_ppn("find --db " + db + " --position \"" + start + "\" --format csv").out);
    REQUIRE(t.size() == where[start].size() + 1);
    REQUIRE(t.size() >= 2);
    CHECK(t[1][0] == "1");
    CHECK(t[1][2] == std::to_string(games[0].source_line));
    CHECK(t[1][3] == "0");
  }
  SECTION("nothing found exits 1; a malformed ID exits 2 with the column") {
    CHECK(run_ppn("find --db " + db + " --position \"g:H,H,H,H r:N,N,N,N / r d0\"").code == 1);
    const auto bad = run_ppn("find --db " + db + " --position \"g:N,N,Q / g d0\"", true);
    CHECK(bad.code == 2);
    CHECK_THAT(bad.out, Catch::Contains("column"));
  }
  SECTION("patterns: the blockade on Red's ENTER in sample 01 (rolls 32-41), on Green's in 06 (23-40)") {
    const auto t = csv(run_ppn("find --db " + db + " --pattern blockade-on-enter:red --format csv").out);
    bool g1 = false;
    for (std::size_t i = 1; i < t.size(); ++i)
      if (t[i][0] == "1") g1 = std::stoi(t[i][3]) <= 32 && std::stoi(t[i][4]) >= 40;
    CHECK(g1);
    const auto t6 = csv(run_ppn("find --db " + db + " --pattern blockade-on-enter:g --format csv").out);
    bool g6 = false;
    for (std::size_t i = 1; i < t6.size(); ++i)
      if (t6[i][0] == "6") g6 = std::stoi(t6[i][3]) <= 23 && std::stoi(t6[i][4]) >= 39;
    CHECK(g6);
  }
  SECTION("patterns agree with a scan of the replayed positions, alone and combined") {
    for (const std::vector<std::string>& pats :
         {std::vector<std::string>{"home-path:green:2"}, {"near-home:blue:6"}, {"home-path:y:1", "near-home:y:3"}}) {
      std::vector<ppn::db::Pattern> ps;
      std::string args;
      for (const auto& p : pats) {
        ps.push_back(*ppn::db::parse_pattern(p));
        args += " --pattern " + p;
      }
      std::map<int, std::tuple<int, int, int>> want;  // game -> first, last, count
      for (std::size_t gi = 0; gi < games.size(); ++gi)
        ppn::replay::replay_game(games[gi], {}, [&](const ppn::replay::RollEvent& e) {
          for (const auto& p : ps)
            if (!ppn::db::matches(p, e.after)) return;
          auto [it, fresh] = want.try_emplace(static_cast<int>(gi) + 1, e.roll_index + 1, e.roll_index + 1, 0);
          std::get<1>(it->second) = e.roll_index + 1;
          ++std::get<2>(it->second);
        });
      const auto r = run_ppn("find --db " + db + args + " --format csv");
      const auto t = csv(r.out);
      REQUIRE(t.size() == want.size() + 1);
      CHECK(!want.empty());
      std::size_t i = 1;
      for (const auto& [g, v] : want) {
        CHECK(t[i][0] == std::to_string(g));
        CHECK(t[i][3] == std::to_string(std::get<0>(v)));
        CHECK(t[i][4] == std::to_string(std::get<1>(v)));
        CHECK(t[i][5] == std::to_string(std::get<2>(v)));
        ++i;
      }
    }
  }
  SECTION("bad patterns are usage errors") {
    CHECK(run_ppn("find --db " + db + " --pattern home-path:purple:2").code == 2);
    CHECK(run_ppn("find --db " + db + " --pattern over-the-rainbow:g").code == 2);
    CHECK(run_ppn("find --db " + db + " --pattern near-home:g").code == 2);
  }
}

TEST_CASE("db patterns: one hand-made position per pattern and its edge", "[db]") {
  using ppn::db::matches;
  using ppn::db::parse_pattern;
  auto pat = [](const char* s) { return *parse_pattern(s); };
  // The game a position ID gives under a profile's rules (green to move).
  auto game = [](const char* id, std::string_view profile = ppn::rules::kDefaultParcheesiProfile) {
    const auto desc = std::get<ppn::PositionDesc>(ppn::parse_position_id(id));
    return ppn::replay::game_from_desc(desc, *ppn::rules::profile_options(profile).options, profile).value();
  };
  auto pos = [&](const char* id) { return game(id); };
  // Red's ENTER is green's relative square 17 (ENTERs are 17 apart, seats g r b y).
  CHECK(matches(pat("blockade-on-enter:red"), pos("g:N,N,17,17 r:N,N,N,N / g d0")));
  // two colours sharing red's ENTER (parchis-es, RULES.md Q25) are no blockade
  CHECK_FALSE(matches(pat("blockade-on-enter:red"),
                      game("g:N,N,N,17 r:N,N,N,0 / g d0", "parchis-es")));
  CHECK_FALSE(matches(pat("blockade-on-enter:green"), pos("g:N,N,17,17 r:N,N,N,N / g d0")));
  CHECK(matches(pat("blockade-on-enter:r"), pos("g:N,N,N,N r:N,N,0,0 / g d0")));  // its own pair too
  CHECK(matches(pat("home-path:green:2"), pos("g:N,h1,h7,H r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("home-path:green:3"), pos("g:N,h1,h7,H r:N,N,N,N / g d0")));  // HOME is not the path
  CHECK(matches(pat("near-home:green:5"), pos("g:N,N,N,h3 r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("near-home:green:4"), pos("g:N,N,h3,H r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("near-home:blue:70"), pos("g:N,N,N,h3 r:N,N,N,N / g d0")));  // absent seat
  // The same questions on the Ludo board (ludo-seed: blocks of two): red's start square is
  // green's 13, the home column h1-h5, the finish 5 steps past h1.
  auto ludo = [&](const char* id) { return game(id, "ludo-seed"); };
  CHECK(matches(pat("blockade-on-enter:red"), ludo("g:N,N,13,13 r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("blockade-on-enter:red"), ludo("g:N,N,17,17 r:N,N,N,N / g d0")));
  CHECK(matches(pat("blockade-on-enter:yellow"), ludo("g:N,N,N,N y:N,N,0,0 / g d0")));
  CHECK(matches(pat("home-path:green:2"), ludo("g:N,h1,h5,H r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("home-path:green:3"), ludo("g:N,h1,h5,H r:N,N,N,N / g d0")));
  CHECK(matches(pat("near-home:green:5"), ludo("g:N,N,N,h1 r:N,N,N,N / g d0")));
  CHECK_FALSE(matches(pat("near-home:green:4"), ludo("g:N,N,N,h1 r:N,N,N,N / g d0")));
}
