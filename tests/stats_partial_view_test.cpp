// Partial views (notation/SPEC.md 3.4): a record with stretches of unseen plays between observed
// positions (`@`) does not show every roll. A figure counted on rolls it may not show is "not
// observed" (text), null (JSON), NULL (database, and so in every report that sums it), never 0;
// the figures it does show are counted (stats/seat_stats.hpp, column `seen`).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "shared_data.hpp"

using namespace ppn::test;

namespace {

// The first 13 rolls of samples/05-two-player-kitchen-table.ppn, then Blue's 2-3 that enters a
// pawn capturing Green's on Blue's ENTER (+20), then two rolls of Green.
constexpr const char* kTags = R"([Event "Kitchen table, as Green logged it"]
[Variant "hasbro-2001"]
[Seats "green blue"]
[Result "*"]
[Green "Rosa Delgado"]
[Blue "Ben Delgado"]
)";
constexpr const char* kFirstRolls = R"(
1. G 3-2: N/0
2. B 3-3: -
3. B 5-6: N/0 0/6
4. G 3-4: 0/3 3/7
5. B 3-1: 6/9 9/10
6. G 4-2: 7/11 11/13
7. B 6-1: 10/16 16/17
8. G 4-3: 13/17 17/20
9. B 6-6: 17/23 23/29
10. B 6-2: 29/35 35/37
11. G 6-1: 20/26 26/27
12. B 2-5: N/0 0/2
13. G 6-1: 27/33 33/34
)";
// Every roll written.
const std::string kWhole = std::string(kTags) + kFirstRolls + "14. B 2-3: N/0x +20 0/20\n15. G 5-5: N/0 N/0\n16. G 6-2: 0/6 6/8\n";
// Green's log: Blue's roll 14 unseen, only the board after it (Green's pawn back in its nest).
const std::string kGreensLog = std::string(kTags) + "[Observer \"green\"]\n" + kFirstRolls +
                               "@ g:N,N,N,N b:N,2,20,37 / g d0\n14. G 5-5: N/0 N/0\n15. G 6-2: 0/6 6/8\n";

nlohmann::json player(const std::string& json_lines, const std::string& name) {
  std::istringstream in(json_lines);
  std::string line;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    if (j["type"] == "player" && j["name"] == name) return j;
  }
  FAIL("no player record for " << name);
  return {};
}

}  // namespace

TEST_CASE("partial view: what the record does not show is not observed, never 0", "[cli][stats][db]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("partial-view");
  const auto whole = write_file(dir / "whole.ppn", kWhole), log = write_file(dir / "log.ppn", kGreensLog);
  REQUIRE(run_ppn("validate " + log).code == 0);

  // The whole record: Green's pawn was captured once, on Blue's ENTER.
  const auto w = run_ppn("stats " + whole).out;
  CHECK_THAT(w, Catch::Contains("  captures suffered   1 (unsafe 0, safe 0, entry 1)\n"));
  CHECK(player(run_ppn("stats --format json " + whole).out, "Rosa Delgado")["captures_suffered"]["total"] == 1);

  // Green's log: the capture happened on a roll it does not show.
  const auto text = run_ppn("stats " + log).out;
  INFO(text);
  CHECK_THAT(text, Catch::Contains("Rosa Delgado: 1 game, 8 rolls; 1 seat in records without every roll"));
  CHECK_THAT(text, Catch::Contains("  captures suffered   not observed\n"));
  CHECK_THAT(text, Catch::Contains("; third-doublet penalties not observed\n"));
  CHECK_THAT(text, Catch::Contains(", opponent rolls stopped not observed\n"));
  CHECK_THAT(text, Catch::Contains("  pawns entered       3\n"));  // her own rolls are all there
  // Blue is no [Observer]: the log holds some of his rolls, not all, so none of his figures.
  CHECK_THAT(text, Catch::Contains("\nBen Delgado: 1 game, not observed (the records do not hold every roll of theirs)\n"));
  const auto rosa = player(run_ppn("stats --format json " + log).out, "Rosa Delgado");
  CHECK(rosa["partial_seats"] == 1);
  CHECK(rosa["captures_suffered"].is_null());
  CHECK(rosa["penalties"].is_null());
  CHECK(rosa["opponent_rolls_blocked"].is_null());
  CHECK(rosa["captures_made"]["total"] == 0);
  CHECK(rosa["rolls"] == 8);
  const auto ben = player(run_ppn("stats --format json " + log).out, "Ben Delgado");
  CHECK(ben["partial_own_seats"] == 1);
  CHECK(ben["rolls"].is_null());
  CHECK(ben["captures_made"].is_null());

  // The database: NULL, so `stats --db` says the same and the reports' sums are NULL, not 0.
  const auto db = fresh_db("partial-view-db", backend);
  REQUIRE(run_ppn("import -q --db " + db + " " + log).code == 0);
  CHECK(run_ppn("stats --db " + db).out == text);
  const auto cap = run_ppn("query --db " + db + " captures --format csv").out;
  CHECK_THAT(cap, Catch::Contains("\nhasbro-2001,green,1,0,8,0,0,,"));
  CHECK_THAT(cap, Catch::Contains("\nhasbro-2001,blue,1,0,,,,,"));
  const auto dbl = run_ppn("query --db " + db + " doublets --format csv").out;
  CHECK_THAT(dbl, Catch::Contains("\nhasbro-2001,green,8,doublets,1,0.125,,,0\n"));
}

TEST_CASE("partial view: the Northwestern transcripts, Rocky's captures suffered and penalties not observed",
          "[cli][stats][shared]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly");
  const auto tmp = fresh_dir("partial-view-nu");
  std::string list;
  int k = 0;
  for (const char* f : {"output.log", "output2.log", "commit-1fef9d6/logs.log", "commit-11f8538/logs.log"}) {
    const auto out = (tmp / ("nu-" + std::to_string(++k) + ".ppn")).string();
    run_ppn("convert -q " + (dir / f).string() + " > " + out);
    list += " " + out;
  }
  const auto text = run_ppn("stats --player Rocky" + list).out;
  INFO(text);
  CHECK_THAT(text, Catch::Contains("  captures suffered   not observed\n"));
  CHECK_THAT(text, Catch::Contains("; third-doublet penalties not observed\n"));
  CHECK_THAT(text, Catch::Contains("  captures made       234 (unsafe 203, safe 0, entry 31)\n"));
  const auto rocky = player(run_ppn("stats --format json --player Rocky" + list).out, "Rocky");
  CHECK(rocky["captures_suffered"].is_null());
  CHECK(rocky["penalties"].is_null());
  CHECK(rocky["partial_seats"] == 56);
  const auto db = (tmp / "nu.sqlite").string();
  REQUIRE(run_ppn("import -q --db " + db + list).code <= 1);
  const auto cap = run_ppn("query --db " + db + " captures --format csv").out;
  CHECK_THAT(cap, Catch::Contains("\nracket-nu,all,56,168,2687,234,8.71,,339,230,103,582\n"));
}
