// `--variant auto` (replay/variant_inference.hpp) on validate, import and stats: hand-made
// records accepted by one profile, by all, by none; the samples and the converted Northwestern
// transcripts, which must be found to be the profiles the README and samples/README.md name.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.hpp"
#include "shared_data.hpp"

using ppn::test::run_ppn;
using ppn::test::source_path;

namespace {
std::string tmp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("ppn-auto-test-" + name)).string();
}
std::string write(const std::string& name, const std::string& text) {
  const auto f = tmp(name);
  std::ofstream(f) << text;
  return f;
}
// The {"type":"variant"} records of `validate --variant auto --format json`.
std::vector<nlohmann::json> variant_records(const std::string& out) {
  std::vector<nlohmann::json> v;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    if (j["type"] == "variant") v.push_back(std::move(j));
  }
  return v;
}
// A second lap: 60/66 passes green's turn-off (63) and stays on the ring, which only
// homepath_mandatory=no allows (Wikipedia rules, Gameplay; RULES.md Q60): wikipedia-house alone.
const char* kSecondLap =
    "[Seats \"green red\"]\n[Setup \"g:N,N,N,60 r:N,N,N,N / g d0\"]\n[Result \"*\"]\n\n1. G 6-1: 60/66 66/67\n";
// No five and nobody out: `-` under every profile.
const char* kNothing = "[Seats \"green red\"]\n[Result \"*\"]\n\n1. G 6-2: -\n";
}  // namespace

TEST_CASE("variant auto: the single accepting profile, the record's own, ambiguous, none", "[cli][variant-auto]") {
  const auto lap = write("lap.ppn", kSecondLap);
  auto r = run_ppn("validate --variant auto " + lap);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains(lap + ":1:1: note[variant]: wikipedia-house (the only profile that accepts the record); "
                                          "accepted by wikipedia-house; rejected by hasbro-2001 (roll 1: "));
  CHECK_THAT(r.out, Catch::Contains("racket-nu (roll 1: ") && Catch::Contains("k14 (roll 1: ") &&
                        Catch::Contains("parchis-es (roll 1: "));
  CHECK(run_ppn("validate " + lap).code == 1);  // without auto: hasbro-2001, the default

  const auto any = write("any.ppn", kNothing);
  r = run_ppn("validate --variant auto --format json " + any);
  CHECK(r.code == 0);  // ambiguous is a warning
  auto v = variant_records(r.out);
  REQUIRE(v.size() == 1);
  CHECK(v[0]["basis"] == "ambiguous");
  CHECK(v[0]["accepted"] == nlohmann::json({"hasbro-2001", "racket-nu", "k14", "wikipedia-house", "parchis-es"}));
  CHECK_FALSE(v[0].contains("picked"));
  CHECK_THAT(r.out, Catch::Contains("\"code\":\"W-VARIANT-AMBIGUOUS\""));

  const auto own = write("own.ppn", std::string("[Variant \"k14\"]\n") + kNothing);
  v = variant_records(run_ppn("validate --variant auto --format json " + own).out);
  REQUIRE(v.size() == 1);
  CHECK(v[0]["basis"] == "record");
  CHECK(v[0]["picked"] == "k14");

  const auto none = write("none.ppn", "[Seats \"green red\"]\n[Result \"*\"]\n\n1. G 6-2: 12/18\n");
  r = run_ppn("validate --variant auto --format json " + none);
  CHECK(r.code == 1);
  v = variant_records(r.out);
  REQUIRE(v.size() == 1);
  CHECK(v[0]["basis"] == "none");
  CHECK(v[0]["accepted"].empty());
  REQUIRE(v[0]["rejected"].size() == 5);
  CHECK(v[0]["rejected"][0]["roll"] == 1);
  CHECK(v[0]["rejected"][0]["code"] == "E-NO-PAWN-THERE");
  CHECK_THAT(r.out, Catch::Contains("\"code\":\"W-VARIANT-REJECTED\""));
}

TEST_CASE("variant auto: import stores, and stats counts, the game under the profile picked", "[cli][variant-auto][db]") {
  const auto lap = write("lap-db.ppn", kSecondLap);
  const auto db = tmp("auto.sqlite");
  std::filesystem::remove(db);
  CHECK(run_ppn("import --variant auto --db " + db + " " + lap).code == 0);
  const auto q = run_ppn("query --db " + db + " --format csv --sql 'SELECT variant, illegal_rolls FROM games'");
  CHECK_THAT(q.out, Catch::Contains("wikipedia-house,0"));
  const auto s = run_ppn("stats --variant auto --games " + lap);
  CHECK(s.code == 0);
  CHECK_THAT(s.out, Catch::Contains("wikipedia-house"));
  std::filesystem::remove(db);
}

TEST_CASE("variant auto on the samples names the profiles samples/README.md gives them", "[cli][variant-auto]") {
  for (const auto& entry : std::filesystem::directory_iterator(source_path("samples"))) {
    if (entry.path().extension() != ".ppn") continue;
    INFO(entry.path().filename());
    const auto r = run_ppn("validate --variant auto --format json " + entry.path().string());
    CHECK(r.code == 0);
    const auto v = variant_records(r.out);
    REQUIRE_FALSE(v.empty());
    // Each game's own [Variant] (hasbro-2001 for 01-06, 10-16; ludo, ludo-seed, ludo-modern
    // for 07-09) accepts it and is picked.
    const std::string text = ppn::test::read_file(entry.path());
    const auto at = text.find("[Variant \"");
    REQUIRE(at != std::string::npos);
    const std::string declared = text.substr(at + 10, text.find('"', at + 10) - at - 10);
    for (const auto& g : v) {
      CHECK(g["basis"] == "record");
      CHECK(g["picked"] == declared);
    }
  }
}

TEST_CASE("variant auto on the converted Northwestern transcripts finds racket-nu", "[cli][variant-auto][shared]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly");
  // docs/RULES.md "Checked against independent referees": the four real transcripts, 56 games, all
  // legal under racket-nu but the logging player's own 2 empty last replies (output2.log and
  // commit-1fef9d6), which no profile accepts. Each declares racket-nu, which is kept.
  int games = 0, racket = 0, rejected_by_all = 0;
  for (const char* f : {"output.log", "output2.log", "commit-1fef9d6/logs.log", "commit-11f8538/logs.log"}) {
    INFO(f);
    const auto out = tmp(std::string("transcript-") + std::to_string(games) + ".ppn");
    run_ppn("convert --from nu-transcript " + (dir / f).string() + " -o " + out);
    REQUIRE(std::filesystem::exists(out));
    for (const auto& g : variant_records(run_ppn("validate --variant auto --format json " + out).out)) {
      ++games;
      if (g["basis"] == "record" && g["picked"] == "racket-nu") ++racket;
      if (g["accepted"].empty()) {
        ++rejected_by_all;
        bool racket_listed = false;
        for (const auto& t : g["rejected"]) racket_listed = racket_listed || t["profile"] == "racket-nu";
        CHECK(racket_listed);
      }
    }
    std::filesystem::remove(out);
  }
  CHECK(games == 56);
  CHECK(racket == 56);
  CHECK(rejected_by_all == 2);
}

TEST_CASE("variant auto keeps a declared [Variant] that rejects the record and names the profiles it would pass",
          "[cli][variant-auto]") {
  // The second lap passes only under wikipedia-house; the record declares hasbro-2001.
  const auto f = write("declared.ppn", std::string("[Variant \"hasbro-2001\"]\n") + kSecondLap);
  auto r = run_ppn("validate --variant auto " + f);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains("note[variant]: hasbro-2001 (the record's [Variant], kept: it rejects the record; "
                                    "it would pass under wikipedia-house); accepted by wikipedia-house; rejected by "));
  CHECK_THAT(r.out, Catch::Contains(": error[E-"));
  CHECK_THAT(r.out, Catch::Contains("1 game, 1 roll, 1 illegal roll"));
  const auto v = variant_records(run_ppn("validate --variant auto --format json " + f).out);
  REQUIRE(v.size() == 1);
  CHECK(v[0]["basis"] == "record");
  CHECK(v[0]["picked"] == "hasbro-2001");
  CHECK(v[0]["accepted"] == nlohmann::json({"wikipedia-house"}));

  // import stores it under its own profile, with its illegal roll.
  const auto db = tmp("declared.sqlite");
  std::filesystem::remove(db);
  CHECK(run_ppn("import --variant auto --db " + db + " " + f).code == 1);
  const auto q = run_ppn("query --db " + db + " --format csv --sql 'SELECT variant, illegal_rolls FROM games'");
  CHECK_THAT(q.out, Catch::Contains("hasbro-2001,1"));
  std::filesystem::remove(db);
}
