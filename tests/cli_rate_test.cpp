// `ppn rate`: which games share a ladder (one per rule profile unless --pool says otherwise),
// the --variant and --where filters, players who never met reported as groups, and identical
// players rated equal within their errors (analysis/README.md "Ratings").
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <regex>
#include <sstream>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "shared_data.hpp"

using namespace ppn::test;

namespace {

// `ppn selfplay ARGS`, each game's players renamed: `rename(game number, seat number in turn
// order 1..4, bot kind)` gives the name of the "KIND bot N" seat.
template <class Rename>
std::string selfplay(const std::string& args, Rename rename) {
  const auto r = run_ppn("selfplay " + args);
  REQUIRE(r.code == 0);
  std::string out;
  std::istringstream in(r.out);
  std::string line;
  int game = 0;
  const std::regex bot(R"re(^\[(Green|Red|Blue|Yellow) "(\w+) bot (\d)"\]$)re");
  while (std::getline(in, line)) {
    if (line.rfind("[Event ", 0) == 0) ++game;
    std::smatch m;
    if (std::regex_match(line, m, bot)) line = "[" + m[1].str() + " \"" + rename(game, std::stoi(m[3]), m[2].str()) + "\"]";
    out += line + "\n";
  }
  return out;
}

struct Rated {
  double strength = 0, se = 0;
  int games = 0, group = 0;
};

// The ladders of `ppn rate` output: ladder name -> player -> figures (plain).
std::map<std::string, std::map<std::string, Rated>> ladders(const std::string& out) {
  std::map<std::string, std::map<std::string, Rated>> l;
  std::istringstream in(out);
  std::string line, current;
  const std::regex head(R"(^rate: ([^:]+): )");
  const std::regex row(R"(^ +\d+  (.+?) +(\d+)(?:  +(\d+))?  +([-+]\d+\.\d+) \+- +(\d+\.\d+)  )");
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_search(line, m, head)) current = m[1];
    else if (std::regex_search(line, m, row))
      l[current][m[1]] = {std::stod(m[4]), std::stod(m[5]), std::stoi(m[2]), m[3].matched ? std::stoi(m[3]) : 1};
  }
  return l;
}

}  // namespace

TEST_CASE("cli rate: identical players rate equal within their errors, whatever the mix of their games",
          "[cli][analysis][rate][db]") {
  // Four random bots R1..R4, the same program, in four-player games among themselves (their
  // seats turned game by game) on both boards; besides, R1 plays two-player Parcheesi against a
  // greedy bot, R2 two-player Ludo against the same greedy bot ("Greedy"). Greedy is strong at
  // Parcheesi and not at Ludo: on one scale of both games R1 would look weak and R2 strong.
  const auto dir = fresh_dir("rate-identical");
  const auto rotate = [](int game, int seat, const std::string&) { return "R" + std::to_string((seat - 1 + game) % 4 + 1); };
  const auto versus = [](const char* name) {
    return [name](int, int, const std::string& kind) { return kind == "greedy" ? std::string("Greedy") : std::string(name); };
  };
  std::string files;
  const auto add = [&](const char* file, const std::string& text) { files += " " + write_file(dir / file, text); };
  add("p4.ppn", selfplay("--variant hasbro-2001 --players 4 --bots random,random,random,random --games 150 --seed 3", rotate));
  add("l4.ppn", selfplay("--variant ludo --players 4 --bots random,random,random,random --games 150 --seed 4", rotate));
  add("p2.ppn", selfplay("--variant hasbro-2001 --players 2 --bots greedy,random --games 150 --seed 5", versus("R1")));
  add("l2.ppn", selfplay("--variant ludo --players 2 --bots greedy,random --games 150 --seed 6", versus("R2")));
  const auto db = (dir / "rate.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + db + files).code == 0);
  const auto r = run_ppn("rate --db " + db);
  REQUIRE(r.code == 0);
  INFO(r.out);
  const auto l = ladders(r.out);
  REQUIRE(l.size() == 2);
  for (const char* profile : {"hasbro-2001", "ludo"}) {
    INFO(profile);
    REQUIRE(l.count(profile));
    const auto& players = l.at(profile);
    for (int i = 1; i <= 4; ++i)
      for (int j = i + 1; j <= 4; ++j) {
        const auto &a = players.at("R" + std::to_string(i)), &b = players.at("R" + std::to_string(j));
        INFO("R" << i << " " << a.strength << " +- " << a.se << ", R" << j << " " << b.strength << " +- " << b.se);
        // Equal within their errors: the difference inside its 99% interval.
        CHECK(std::fabs(a.strength - b.strength) < 2.58 * std::sqrt(a.se * a.se + b.se * b.se));
      }
  }
  // Each player's games are the distinct games of the ladder.
  CHECK(l.at("hasbro-2001").at("R1").games == 150 + 150);
  CHECK(l.at("hasbro-2001").at("R3").games == 150);
  CHECK(l.at("ludo").at("Greedy").games == 150);
  // Asked for one scale of both boards: one ladder.
  const auto all = ladders(run_ppn("rate --pool all --db " + db).out);
  CHECK(all.size() == 1);
  CHECK(all.count("all"));
}

TEST_CASE("cli rate: --variant and --where choose the games, and players who never met are reported",
          "[cli][analysis][rate][db]") {
  const auto dir = fresh_dir("rate-filters");
  const auto named = [](const char* prefix) {
    return [prefix](int, int seat, const std::string&) { return std::string(prefix) + std::to_string(seat); };
  };
  std::string files;
  const auto add = [&](const char* file, const std::string& text) { files += " " + write_file(dir / file, text); };
  add("a.ppn", selfplay("--variant hasbro-2001 --players 4 --games 12 --seed 1", named("A")));
  add("b.ppn", selfplay("--variant hasbro-2001 --players 4 --games 12 --seed 2", named("B")));
  add("l.ppn", selfplay("--variant ludo --players 4 --games 12 --seed 3", named("A")));
  const auto db = (dir / "rate.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + db + files).code == 0);

  const auto r = run_ppn("rate --db " + db);
  REQUIRE(r.code == 0);
  INFO(r.out);
  // The A players and the B players of hasbro-2001 never met: two groups, said so.
  CHECK_THAT(r.out, Catch::Contains("rate: hasbro-2001: 24 of 24 finished games rated"));
  CHECK_THAT(r.out, Catch::Contains("  2 groups of players who never met, directly or through common opponents"));
  const auto l = ladders(r.out);
  const auto& h = l.at("hasbro-2001");
  REQUIRE(h.size() == 8);
  for (const auto& [name, p] : h) CHECK(p.group == h.at(name.substr(0, 1) + "1").group);
  CHECK(h.at("A1").group != h.at("B1").group);
  CHECK(l.at("ludo").size() == 4);
  for (const auto& [name, p] : l.at("ludo")) CHECK(p.group == 1);  // one group: no group column

  const auto ludo = run_ppn("rate --variant ludo --db " + db);
  CHECK(ludo.code == 0);
  CHECK(ladders(ludo.out).size() == 1);
  CHECK_THAT(ludo.out, Catch::StartsWith("rate: ludo: 12 of 12 finished games rated"));

  const auto where = run_ppn("rate --where \"id <= 12\" --db " + db);
  CHECK(where.code == 0);
  CHECK_THAT(where.out, Catch::StartsWith("rate: hasbro-2001: 12 of 12 finished games rated"));
  CHECK_THAT(where.out, !Catch::Contains("groups"));
  CHECK(ladders(where.out).size() == 1);

  const auto board = ladders(run_ppn("rate --pool board --db " + db).out);
  CHECK(board.count("parcheesi"));
  CHECK(board.count("ludo"));

  const auto bad = run_ppn("rate --variant nosuch --db " + db, true);
  CHECK(bad.code == 2);
  CHECK_THAT(bad.out, Catch::Contains("rate: --variant: no rule profile \"nosuch\""));
  const auto bad_where = run_ppn("rate --where \"nosuch(\" --db " + db, true);
  CHECK(bad_where.code == 2);
  CHECK_THAT(bad_where.out, Catch::StartsWith("rate: --where: "));
}
