// `--format json` of stats, audit, analyze, import and find (issue 16, "Output"), run as a
// script runs them: every line parses, every record has exactly the fields docs/JSON_OUTPUT.md
// lists for it (read from that file, in its order), and the figures are the text report's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "shared_data.hpp"

using ppn::test::run_ppn;
using ppn::test::source_path;
using Json = nlohmann::ordered_json;

namespace {

// docs/JSON_OUTPUT.md: "### HEADING" then a table whose first column is a backticked field.
// Heading -> its fields, in the documented order.
std::map<std::string, std::vector<std::string>> documented_fields() {
  std::map<std::string, std::vector<std::string>> doc;
  std::istringstream in(ppn::test::read_file(source_path("docs/JSON_OUTPUT.md")));
  std::string line, heading;
  while (std::getline(in, line)) {
    if (line.rfind("### ", 0) == 0) heading = line.substr(4);
    else if (line.rfind("## ", 0) == 0) heading.clear();
    else if (!heading.empty() && line.rfind("| `", 0) == 0) {
      const auto end = line.find('`', 3);
      REQUIRE(end != std::string::npos);
      doc[heading].push_back(line.substr(3, end - 3));
    }
  }
  return doc;
}

const std::vector<std::string>& fields_of(const std::string& heading) {
  static const auto doc = documented_fields();
  const auto it = doc.find(heading);
  INFO("docs/JSON_OUTPUT.md has no table under \"### " << heading << "\"");
  REQUIRE(it != doc.end());
  return it->second;
}

std::vector<std::string> keys(const Json& j) {
  std::vector<std::string> k;
  for (const auto& [key, value] : j.items()) k.push_back(key);
  return k;
}

// Every line of `out` as JSON (the test fails on a line that does not parse, or has no "type").
std::vector<Json> json_lines(const std::string& out) {
  std::vector<Json> records;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    INFO("line: " << line);
    Json j;
    REQUIRE_NOTHROW(j = Json::parse(line));
    REQUIRE(j.is_object());
    REQUIRE(j.contains("type"));
    records.push_back(std::move(j));
  }
  return records;
}

// Checks each record's fields against the doc's table "COMMAND: "TYPE"" (or `heading_of` its
// type, when a command documents a type under another heading) and returns them by type.
std::map<std::string, std::vector<Json>> checked(const std::string& command, const std::vector<Json>& records,
                                                 const std::map<std::string, std::string>& heading_of = {}) {
  std::map<std::string, std::vector<Json>> by_type;
  for (const auto& r : records) {
    const std::string type = r["type"].get<std::string>();
    const auto h = heading_of.find(type);
    const std::string heading = h != heading_of.end() ? h->second : command + ": \"" + type + "\"";
    INFO("record: " << r.dump());
    CHECK(keys(r) == fields_of(heading));
    by_type[type].push_back(r);
  }
  return by_type;
}

struct TextAndJson {
  std::string text;
  std::map<std::string, std::vector<Json>> json;  // by type
};

// Runs `ppn COMMAND ARGS` and `ppn COMMAND --format json JSON_ARGS` (JSON_ARGS: ARGS when
// empty): the same exit code, every record as documented, the summary last.
TextAndJson run_both(const std::string& command, const std::string& args, const std::string& json_args = "") {
  const auto text = run_ppn(command + " " + args);
  const auto json = run_ppn(command + " --format json " + (json_args.empty() ? args : json_args));
  CHECK(json.code == text.code);
  const auto records = json_lines(json.out);
  REQUIRE(!records.empty());
  CHECK(records.back()["type"] == "summary");
  return {text.out, checked(command, records)};
}

std::string samples_list() {
  std::string list;
  for (const auto& f : ppn::test::sample_files()) list += " " + f;
  return list;
}

// The lines of a text output.
std::vector<std::string> lines_of(const std::string& out) {
  std::vector<std::string> v;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) v.push_back(line);
  return v;
}

// The JSON of stats: the summary equals the text's header line and each player record the text
// block of that name (games, rolls, wins; "not observed" when the figures are null).
void check_stats_against_text(const std::map<std::string, std::vector<Json>>& j, const std::string& text) {
  REQUIRE(j.at("summary").size() == 1);
  const auto& s = j.at("summary")[0];
  auto plural = [](std::int64_t n, const char* one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); };
  const std::string header = "stats: " + plural(s["games"].get<std::int64_t>(), "game") + " (" +
                             std::to_string(s["complete"].get<std::int64_t>()) + " replayed to the end), " +
                             plural(s["rolls"].get<std::int64_t>(), "roll") + " (" +
                             std::to_string(s["rolls_replayed"].get<std::int64_t>()) + " replayed), race lead changes " +
                             std::to_string(s["lead_changes"].get<std::int64_t>()) + "\n";
  CHECK_THAT(text, Catch::Contains(header));
  // The text blocks in order: "NAME[ [profile]]: G games, R rolls" then "  won   W/G ...".
  std::vector<std::string> blocks;
  for (const auto& line : lines_of(text))
    if (!line.empty() && line[0] != ' ' && line.rfind("stats: ", 0) != 0 && line.rfind("game ", 0) != 0)
      blocks.push_back(line);
  const auto& players = j.count("player") ? j.at("player") : std::vector<Json>{};
  REQUIRE(players.size() == blocks.size());
  bool mixed = false;
  for (const auto& p : players) mixed |= p["profile"] != players[0]["profile"];
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = players[i];
    std::string head = p["name"].get<std::string>();
    if (mixed) head += " [" + p["profile"].get<std::string>() + "]";
    head += ": " + plural(p["games"].get<std::int64_t>(), "game") + ", ";
    if (p["rolls"].is_null()) head += "not observed (no roll of theirs recorded)";
    else head += plural(p["rolls"].get<std::int64_t>(), "roll");
    INFO("player record: " << p.dump());
    CHECK(blocks[i].rfind(head, 0) == 0);
    if (!p["rolls"].is_null()) {
      const auto games = p["games"].get<std::int64_t>(), wins = p["wins"].get<std::int64_t>();
      char won[64];
      std::snprintf(won, sizeof won, "  won                 %lld/%lld", static_cast<long long>(wins),
                    static_cast<long long>(games));
      const auto at = text.find(blocks[i] + "\n");
      REQUIRE(at != std::string::npos);
      CHECK(text.compare(at + blocks[i].size() + 1, std::string(won).size(), won) == 0);
      char captures[64];
      std::snprintf(captures, sizeof captures, "  captures made       %d (unsafe %d, safe %d, entry %d)",
                    p["captures_made"]["total"].get<int>(), p["captures_made"]["unsafe"].get<int>(),
                    p["captures_made"]["safe"].get<int>(), p["captures_made"]["entry"].get<int>());
      CHECK(text.find(captures, at) != std::string::npos);
    } else {
      // Not observed: no figure is 0, every one is null.
      for (const char* f : {"pawns_entered", "captures_made", "doublets", "no_play", "illegal_total"})
        CHECK(p[f].is_null());
    }
  }
}

}  // namespace

TEST_CASE("json: the documented tables exist for every record", "[cli][json]") {
  for (const char* h : {"stats: \"game\"", "stats: \"player\"", "stats: \"summary\"", "audit: \"group\"",
                        "audit: \"group\" tests", "audit: \"summary\"", "analyze: \"seat\"", "analyze: \"stored\"",
                        "analyze: \"player\"", "analyze: \"summary\"", "import: \"file\"", "import: \"summary\"",
                        "find --position: \"hit\"", "find --pattern: \"hit\"", "find: \"summary\"",
                        "conform: \"disagreement\"", "conform: \"file\"", "conform: \"summary\"",
                        "validate: \"file\"", "validate: \"summary\""}) {
    INFO(h);
    CHECK(fields_of(h).size() >= 2);
  }
}

TEST_CASE("json: validate, its file and summary records as documented, rolls not checked as the text", "[cli][json][validate]") {
  // Under k14 sample 06 is refused at roll 31 of 94 (README's tour): the replay stops there
  // (--on-error keep-prefix), 63 rolls are not checked.
  const auto file = source_path("samples/06-two-player-blockade-siege.ppn").string();
  const auto text = run_ppn("validate --variant k14 " + file);
  CHECK_THAT(text.out, Catch::Contains("1 game, 94 rolls (63 not checked), 1 illegal roll"));
  const auto json = run_ppn("validate --variant k14 --format json " + file);
  CHECK(json.code == text.code);
  std::map<std::string, std::vector<Json>> by_type;
  for (const auto& r : json_lines(json.out)) {
    const std::string type = r["type"].get<std::string>();
    if (type == "file" || type == "summary") {
      // validate writes its records' fields in name order: the same set as documented.
      INFO("record: " << r.dump());
      auto documented = fields_of("validate: \"" + type + "\"");
      auto written = keys(r);
      std::sort(documented.begin(), documented.end());
      std::sort(written.begin(), written.end());
      CHECK(written == documented);
    }
    by_type[type].push_back(r);
  }
  REQUIRE(by_type["file"].size() == 1);
  REQUIRE(by_type["summary"].size() == 1);
  for (const auto& r : {by_type["file"][0], by_type["summary"][0]}) {
    CHECK(r["rolls"] == 94);
    CHECK(r["rolls_replayed"] == 30);
    CHECK(r["rolls_not_checked"] == 63);
  }
}

TEST_CASE("json: stats of the samples, records as documented, figures as the text", "[cli][json][stats]") {
  const std::string list = samples_list();
  const auto [text, j] = run_both("stats", "--games" + list);
  REQUIRE(j.count("game"));
  REQUIRE(j.count("player"));
  check_stats_against_text(j, text);
  // Each game record is its text line.
  for (const auto& g : j.at("game")) {
    std::string line = "game " + std::to_string(g["game"].get<int>()) + " (" + g["file"].get<std::string>() + ":" +
                       std::to_string(g["line"].get<int>()) + "): " + g["profile"].get<std::string>() + ", " +
                       std::to_string(g["rolls_replayed"].get<int>()) + " rolls, ";
    if (g["finishing_order"].empty()) line += "unfinished";
    else {
      line += "finishing order";
      for (const auto& c : g["finishing_order"]) line += " " + c.get<std::string>();
    }
    line += "; race lead changes " + std::to_string(g["lead_changes"].get<int>()) + "; race at the end";
    for (const auto& r : g["race_end"]) line += " " + r["colour"].get<std::string>() + " " + std::to_string(r["steps"].get<int>());
    CHECK_THAT(text, Catch::Contains(line + "\n"));
  }
  // The Ludo samples: four-part bonuses are undefined there, not 0.
  bool ludo_seen = false;
  for (const auto& p : j.at("player"))
    if (p["ludo"].get<bool>()) {
      ludo_seen = true;
      CHECK(p["four_part_bonuses"].is_null());
    } else if (!p["rolls"].is_null()) {
      CHECK(p["four_part_bonuses"].is_number_integer());
    }
  CHECK(ludo_seen);
  // The notation tour's observed positions (`@`): seats with no roll of their own, null, not 0.
  bool unobserved = false;
  for (const auto& p : j.at("player")) unobserved |= p["rolls"].is_null();
  CHECK(unobserved);

  SECTION("--db: the same records from what import stored") {
    const auto dir = ppn::test::fresh_dir("json-stats");
    const std::string db = (dir / "s.sqlite").string();
    REQUIRE(run_ppn("import -q --db " + db + list).code <= 1);
    const auto [db_text, dj] = run_both("stats", "--games --db " + db);
    check_stats_against_text(dj, db_text);
    // One computation: the stored figures are the files' figures.
    CHECK(dj.at("summary") == j.at("summary"));
    CHECK(dj.at("player") == j.at("player"));
  }
  SECTION("--player: that player only; nobody: the summary alone, exit 1") {
    const auto one = run_ppn("stats --format json --player \"Marta Ruiz\"" + list);
    const auto oj = checked("stats", json_lines(one.out));
    REQUIRE(oj.at("player").size() == 1);
    CHECK(oj.at("player")[0]["name"] == "Marta Ruiz");
    const auto none = run_ppn("stats --format json --player Nobody" + list);
    CHECK(none.code == 1);
    const auto nj = json_lines(none.out);
    REQUIRE(nj.size() == 1);
    CHECK(nj[0]["type"] == "summary");
  }
}

TEST_CASE("json: stats of player-side transcripts, seats not observed are null", "[cli][json][stats][shared]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly");
  const auto tmp = ppn::test::fresh_dir("json-nu");
  const std::string ppn_file = (tmp / "nu.ppn").string();
  run_ppn("convert -q " + (dir / "output.log").string() + " -o " + ppn_file);
  REQUIRE(std::filesystem::exists(ppn_file));
  const auto [text, j] = run_both("stats", ppn_file);
  check_stats_against_text(j, text);
  bool unobserved = false;
  for (const auto& p : j.at("player")) unobserved |= p["rolls"].is_null();
  CHECK(unobserved);
  CHECK_THAT(text, Catch::Contains("not observed"));
}

TEST_CASE("json: audit, one group record per group, verdicts as the text", "[cli][json][audit]") {
  const std::string list = samples_list();
  for (const std::string by : {"player", "source", "none"}) {
    INFO("--by " << by);
    const auto [text, j] = run_both("audit", "--by " + by + list);
    const auto& groups = j.at("group");
    CHECK(j.at("summary")[0]["groups"].get<std::size_t>() == groups.size());
    CHECK(groups[0]["group"] == "all");
    CHECK(groups[0]["name"].is_null());
    if (by == "none") CHECK(groups.size() == 1);
    else CHECK(groups.size() > 1);
    // The text: a title line per group, its test lines, "  verdict: ...".
    std::vector<std::string> titles, verdicts;
    std::vector<std::vector<std::string>> tests;
    for (const auto& line : lines_of(text)) {
      if (line.rfind("  verdict: ", 0) == 0) verdicts.push_back(line.substr(11));
      else if (line.rfind("  ", 0) == 0) tests.back().push_back(line);
      else titles.push_back(line), tests.emplace_back();
    }
    REQUIRE(titles.size() == groups.size());
    CHECK(titles[0] == "audit: " + std::to_string(j.at("summary")[0]["games"].get<int>()) + " games, all dice");
    bool suspicious = false;
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const auto& g = groups[i];
      suspicious |= g["suspicious"].get<bool>();
      if (i > 0) CHECK(titles[i] == by + " " + g["name"].get<std::string>());
      CHECK(g["verdict"].get<std::string>() == verdicts[i]);
      REQUIRE(g["tests"].size() == tests[i].size());
      for (std::size_t k = 0; k < tests[i].size(); ++k) {
        const auto& t = g["tests"][k];
        INFO("test: " << t.dump() << " / text: " << tests[i][k]);
        CHECK(keys(t) == fields_of("audit: \"group\" tests"));
        // The same p and n as the text's line (which rounds p to 3 digits).
        char pn[80];
        std::snprintf(pn, sizeof pn, "p %-9.3g n %lld", t["p"].get<double>(), t["n"].get<long long>());
        CHECK_THAT(tests[i][k], Catch::Contains(pn));
        CHECK_THAT(tests[i][k], Catch::StartsWith("  " + t["name"].get<std::string>() + " "));
        CHECK_THAT(tests[i][k], Catch::EndsWith(t["observed"].get<std::string>()));
        if (t["exact"].get<bool>()) CHECK((t["statistic"].is_null() && t["df"].is_null() && !t["longest_streak"].is_null()));
        else CHECK((t["longest_streak"].is_null() && t["df"].get<int>() > 0));
      }
    }
    CHECK(j.at("summary")[0]["suspicious"].get<bool>() == suspicious);
  }
}

TEST_CASE("json: analyze, a seat record per seat, totals per player, as the text", "[cli][json][analyze]") {
  const std::string files = " " + source_path("samples/05-two-player-kitchen-table.ppn").string() + " " +
                            source_path("samples/13-two-player-porch-swing.ppn").string();
  const std::string settings = " --level rollout --rollouts 4 --horizon 2";
  const auto [text, j] = run_both("analyze", settings + files);
  CHECK(j.at("summary")[0]["analysed"] == 2);
  // The text's seat lines ("  green (Name)  decisions ...") in order, and its player lines.
  std::vector<std::string> seat_lines, player_lines;
  bool totals = false;
  for (const auto& line : lines_of(text)) {
    if (line.rfind("analyze: ", 0) == 0) totals = true;
    else if (line.rfind("  ", 0) == 0) (totals ? player_lines : seat_lines).push_back(line);
  }
  const auto& seats = j.at("seat");
  REQUIRE(seats.size() == seat_lines.size());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const auto& s = seats[i];
    char figures[300];
    std::snprintf(figures, sizeof figures,
                  "decisions %3d  ? %2d  ?? %2d  unresolved %2d  error rate %5.1f%% +- %4.1f%%  loss %.3f +- %.3f  "
                  "luck %+.3f (sd %.3f)  result %.2f",
                  s["decisions"].get<int>(), s["mistakes"].get<int>(), s["blunders"].get<int>(),
                  s["unresolved"].get<int>(), s["error_rate"].is_null() ? 0.0 : 100 * s["error_rate"].get<double>(),
                  s["error_rate_se"].is_null() ? 0.0 : 100 * s["error_rate_se"].get<double>(), s["loss"].get<double>(),
                  s["loss_se"].get<double>(), s["luck"].get<double>(), s["luck_se"].get<double>(),
                  s["result"].get<double>());
    INFO(seat_lines[i]);
    CHECK_THAT(seat_lines[i], Catch::Contains(figures));
    CHECK_THAT(seat_lines[i], Catch::StartsWith("  " + s["colour"].get<std::string>()));
  }
  const auto& players = j.at("player");
  REQUIRE(players.size() == player_lines.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto& p = players[i];
    char figures[200];
    std::snprintf(figures, sizeof figures, "games %3d  decisions %4d  ? %3d  ?? %3d  unresolved %3d", p["games"].get<int>(),
                  p["decisions"].get<int>(), p["mistakes"].get<int>(), p["blunders"].get<int>(),
                  p["unresolved"].get<int>());
    INFO(player_lines[i]);
    CHECK_THAT(player_lines[i], Catch::StartsWith("  " + p["name"].get<std::string>()));
    CHECK_THAT(player_lines[i], Catch::Contains(figures));
  }

  SECTION("--db: a stored record per game, naming its id") {
    const auto dir = ppn::test::fresh_dir("json-analyze");
    const std::string db = (dir / "a.sqlite").string();
    const auto r = run_ppn("analyze --format json --db " + db + settings + files);
    const auto dj = checked("analyze", json_lines(r.out));
    REQUIRE(dj.at("stored").size() == 2);
    for (const auto& s : dj.at("stored")) {
      CHECK(s["imported"] == true);
      CHECK(ppn::test::scalar(db, "SELECT count(*) FROM seat_analysis WHERE game_id = " +
                                      std::to_string(s["id"].get<int>())) == 2);
    }
    // The figures stored are the seat records'.
    const auto& s0 = dj.at("seat")[0];
    CHECK(ppn::test::scalar(db, "SELECT decisions FROM seat_analysis WHERE game_id = " +
                                    std::to_string(dj.at("stored")[0]["id"].get<int>()) + " AND colour = '" +
                                    s0["colour"].get<std::string>() + "'") == s0["decisions"].get<int>());
  }
}

TEST_CASE("json: import, a file record per committed file and the summary", "[cli][json][import]") {
  const auto dir = ppn::test::fresh_dir("json-import");
  const std::string a = source_path("samples/01-four-player-family-night.ppn").string();
  const std::string b = source_path("samples/16-parcheesi-notation-tour.ppn").string();
  const std::string db_text = (dir / "t.sqlite").string(), db_json = (dir / "j.sqlite").string();
  const auto [text, j] = run_both("import", "--db " + db_text + " " + a + " " + b, "--db " + db_json + " " + a + " " + b);
  REQUIRE(j.at("file").size() == 2);
  const auto text_lines = lines_of(text);
  REQUIRE(text_lines.size() == 3);
  std::int64_t next_id = 1;
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& f = j.at("file")[i];
    CHECK(f["file"] == (i == 0 ? a : b));
    const auto n = f["new"].get<std::int64_t>();
    CHECK_THAT(text_lines[i], Catch::StartsWith(f["file"].get<std::string>() + ": " + std::to_string(f["games"].get<int>())));
    CHECK_THAT(text_lines[i], Catch::Contains(": " + std::to_string(n) + " new ("));
    // The ids: consecutive from 1 in a fresh database, as the text's "(games 2-3)".
    REQUIRE(f["new_ids"].size() == 1);
    CHECK(f["new_ids"][0][0] == next_id);
    CHECK(f["new_ids"][0][1] == next_id + n - 1);
    const std::string ids = n == 1 ? "(game " + std::to_string(next_id) + ")"
                                   : "(games " + std::to_string(next_id) + "-" + std::to_string(next_id + n - 1) + ")";
    CHECK_THAT(text_lines[i], Catch::EndsWith(ids));
    next_id += n;
  }
  const auto& s = j.at("summary")[0];
  CHECK(s["files"] == 2);
  CHECK(s["new"].get<std::int64_t>() == next_id - 1);
  CHECK(s["db"] == db_json);
  CHECK(s["db_games"].get<std::int64_t>() == ppn::test::scalar(db_json, "SELECT count(*) FROM games"));
  CHECK_THAT(text_lines[2], Catch::EndsWith(" holds " + std::to_string(s["db_games"].get<int>()) + " games"));

  SECTION("again: duplicates, no new ids; a missing file: no file record, an I/O error") {
    const auto again = run_ppn("import --format json --db " + db_json + " " + a + " " + (dir / "missing.ppn").string());
    CHECK(again.code == 2);
    const auto aj = checked("import", json_lines(again.out));
    REQUIRE(aj.at("file").size() == 1);
    CHECK(aj.at("file")[0]["new"] == 0);
    CHECK(aj.at("file")[0]["duplicates"] == aj.at("file")[0]["games"]);
    CHECK(aj.at("file")[0]["new_ids"].empty());
    CHECK(aj.at("summary")[0]["io_errors"] == 1);
    CHECK(aj.at("summary")[0]["files"] == 2);
  }
  SECTION("--quiet: the summary alone") {
    const auto q = json_lines(run_ppn("import -q --format json --db " + db_json + " " + a).out);
    REQUIRE(q.size() == 1);
    CHECK(q[0]["type"] == "summary");
  }
}

TEST_CASE("json: find, a hit record per row of the table", "[cli][json][find]") {
  const auto dir = ppn::test::fresh_dir("json-find");
  const std::string db = (dir / "f.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + db + samples_list()).code <= 1);
  auto rows_of_csv = [](const std::string& csv) {
    auto lines = lines_of(csv);
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i = 1; i < lines.size(); ++i) {  // fields hold no comma or quote here
      rows.emplace_back();
      std::istringstream in(lines[i]);
      std::string cell;
      while (std::getline(in, cell, ',')) rows.back().push_back(cell);
      if (!lines[i].empty() && lines[i].back() == ',') rows.back().emplace_back();
    }
    return rows;
  };
  auto same_rows = [&](const std::vector<Json>& hits, const std::string& csv) {
    const auto rows = rows_of_csv(csv);
    REQUIRE(hits.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto k = keys(hits[i]);
      REQUIRE(rows[i].size() + 1 == k.size());
      for (std::size_t c = 0; c < rows[i].size(); ++c) {
        const auto& v = hits[i][k[c + 1]];
        CHECK(rows[i][c] == (v.is_string() ? v.get<std::string>() : v.dump()));
      }
    }
  };
  SECTION("--pattern") {
    const std::string q = "find --db " + db + " --pattern home-path:green:1";
    const auto csv = run_ppn(q + " --format csv");
    const auto json = run_ppn(q + " --format json");
    CHECK(json.code == 0);
    const auto j = checked("find", json_lines(json.out), {{"hit", "find --pattern: \"hit\""}});
    REQUIRE(j.count("hit"));
    CHECK(j.at("summary")[0]["hits"].get<std::size_t>() == j.at("hit").size());
    same_rows(j.at("hit"), csv.out);
  }
  SECTION("--position: a position the samples pass through") {
    // The position after roll 10 of sample 01, as its picture names it.
    const auto position = ppn::test::drawn_position(
        run_ppn("render " + source_path("samples/01-four-player-family-night.ppn").string() + " --at 10 -o -").out);
    REQUIRE(!position.empty());
    const std::string q = "find --db " + db + " --position \"" + position + "\"";
    const auto csv = run_ppn(q + " --format csv");
    const auto json = run_ppn(q + " --format json");
    CHECK(json.code == 0);
    const auto j = checked("find", json_lines(json.out), {{"hit", "find --position: \"hit\""}});
    REQUIRE(j.count("hit"));
    same_rows(j.at("hit"), csv.out);
  }
  SECTION("nothing found: the summary alone, exit 1") {
    const auto none = run_ppn("find --db " + db + " --format json --pattern home-path:green:4");
    CHECK(none.code == 1);
    const auto nj = json_lines(none.out);
    REQUIRE(nj.size() == 1);
    CHECK(nj[0]["type"] == "summary");
    CHECK(nj[0]["hits"] == 0);
  }
}

TEST_CASE("json: conform, a disagreement record per record judged otherwise, a file record, the summary",
          "[cli][json][conform]") {
  const auto dir = ppn::test::fresh_dir("json-conform");
  // One probe: green throws 6-4 at the start and plays nothing. Legal under every profile (no
  // five, nothing on the board); the record's verdict for racket-nu says illegal.
  const std::string start = R"(["start","start","start","start","start","start","start","start","start","start","start","start","start","start","start","start"])";
  const auto f = ppn::test::write_file(dir / "probe.jsonl",
                                       R"({"color":"green","board":)" + start +
                                           R"(,"dice":[6,4],"moves":[],"verdict":"legal","verdicts":{"racket-nu":"illegal"}})"
                                           "\n");
  for (const std::string variant : {"hasbro-2001", "racket-nu"}) {
    INFO(variant);
    const auto text = run_ppn("conform --variant " + variant + " " + f);
    const auto json = run_ppn("conform --variant " + variant + " --format json " + f);
    CHECK(json.code == text.code);
    const auto records = json_lines(json.out);
    REQUIRE(!records.empty());
    CHECK(records.back()["type"] == "summary");
    const auto j = checked("conform", records);
    const auto& sum = j.at("summary")[0];
    CHECK(sum["variant"] == variant);
    CHECK(sum["records"] == 1);
    CHECK(j.at("file").size() == 1);
    CHECK(j.at("file")[0]["file"] == f);
    // The text's summary line says the same.
    CHECK_THAT(text.out, Catch::StartsWith("conform: 1 records, " + std::to_string(sum["agree"].get<int>()) +
                                           " agree, " + std::to_string(sum["disagree"].get<int>()) + " disagree"));
    if (variant == "racket-nu") {
      CHECK(json.code == 1);
      REQUIRE(j.count("disagreement"));
      const auto& d = j.at("disagreement")[0];
      CHECK(d["file"] == f);
      CHECK(d["line"] == 1);
      // The text prints the same disagreement on one line.
      CHECK_THAT(text.out, Catch::Contains(f + ":1: " + d["what"].get<std::string>()));
    } else {
      CHECK(json.code == 0);
      CHECK(j.count("disagreement") == 0);
    }
  }
}

TEST_CASE("json: a file name that is not UTF-8 is written with U+FFFD, every record whole", "[cli][json][import]") {
  const auto dir = ppn::test::fresh_dir("json-latin1-name");
  // "caf\xE9.ppn": the name as a Latin-1 system writes it, byte 0xE9 alone (not UTF-8).
  const std::string file = (dir / "caf\xE9.ppn").string();
  std::filesystem::copy_file(source_path("samples/01-four-player-family-night.ppn"), file);
  const std::string quoted = ppn::test::shell_quoted(file);
  const std::string shown = "caf\xEF\xBF\xBD.ppn";  // U+FFFD in place of the byte
  auto names_file = [&](const std::vector<Json>& records) {
    for (const auto& r : records)
      if (r.dump().find(shown) != std::string::npos) return true;
    return false;
  };

  const auto validate = run_ppn("validate --format json " + quoted);
  CHECK(validate.code == 0);
  const auto v = json_lines(validate.out);
  REQUIRE(!v.empty());
  CHECK(v.back()["type"] == "summary");
  CHECK(names_file(v));

  const std::string db = (dir / "n.sqlite").string();
  const auto import = run_ppn("import --format json --db " + db + " " + quoted);
  CHECK(import.code == 0);
  const auto i = json_lines(import.out);
  REQUIRE(!i.empty());
  CHECK(i.back()["type"] == "summary");
  CHECK(i.back()["new"] == 1);
  CHECK(names_file(i));

  const auto find = run_ppn("find --db " + db + " --format json --pattern home-path:green:1");
  CHECK(find.code == 0);
  const auto f = json_lines(find.out);
  REQUIRE(f.size() >= 2);
  CHECK(f.back()["type"] == "summary");
  CHECK(names_file(f));

  const auto query = run_ppn("query --db " + db + " --format json --sql \"SELECT source_file FROM games\"");
  CHECK(query.code == 0);
  Json rows;
  REQUIRE_NOTHROW(rows = Json::parse(query.out));
  CHECK(rows.dump().find(shown) != std::string::npos);
}
