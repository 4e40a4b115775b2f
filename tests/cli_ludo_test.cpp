// The commands on Ludo records, as a user runs them: validate (rule codes and locations),
// stats, analyze, audit and bench replay. (Import and find: db_ludo_test.cpp; the rules case
// by case: replay_ludo_catalogue.cpp; replay and render: render_ludo_test.cpp.)
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli_run.hpp"
#include "shared_data.hpp"

using ppn::test::run_ppn;
using ppn::test::source_path;

namespace {
std::string tmp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("ppn-ludo-test-" + name)).string();
}
std::string sample(const char* f) { return source_path(std::string("samples/") + f).string(); }
}  // namespace

TEST_CASE("cli validate on Ludo: an illegal roll gives its rule code, location and the legal moves", "[cli][ludo]") {
  const auto f = tmp("bad.ppn");
  std::ofstream(f) << "[Game \"ludo\"]\n[Variant \"ludo\"]\n[Seats \"green blue\"]\n"
                      "[Setup \"g:N,N,10,14 b:N,N,N,N / g d0\"]\n\n1. G 4: 10/14\n2. B 6: N/0\n";
  const auto r = run_ppn("validate " + f);
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains(f + ":6:9: error[E-OWN-TOKEN]"));  // at 10/14
  CHECK_THAT(r.out, Catch::Contains("legal:    14/18"));
  const auto seed = run_ppn("validate --variant ludo-seed " + f);
  CHECK(seed.code == 0);  // Ludo rules, Gameplay: two tokens form a block
  CHECK(run_ppn("validate " + sample("07-ludo-classic-three-players.ppn") + " " + sample("08-ludo-seed-blocks.ppn") +
                " " + sample("09-ludo-modern-endgame.ppn"))
            .code == 0);
}

TEST_CASE("cli stats on Ludo: captures and third sixes counted from the hand-written sample", "[cli][ludo][stats]") {
  const auto r = run_ppn("stats --games " + sample("07-ludo-classic-three-players.ppn"));
  CHECK(r.code == 0);
  // Sample 07: one capture each (rolls 2, 14, 18); blue's third 6 (6); no safe squares in
  // classic Ludo, so every capture is on an ordinary square.
  CHECK_THAT(r.out, Catch::Contains("captures made       1 (unsafe 1, safe 0, entry 0)"));
  CHECK_THAT(r.out, Catch::Contains("Nell Hale: 1 game, 8 rolls"));
  const auto m = run_ppn("stats " + sample("09-ludo-modern-endgame.ppn"));
  CHECK(m.code == 0);
  CHECK_THAT(m.out, Catch::Contains("won                 1/1"));
}

TEST_CASE("cli analyze on Ludo: one die's luck and the decisions, re-validating output", "[cli][ludo][quality]") {
  const auto out = tmp("analysed.ppn");
  const auto r = run_ppn("analyze " + sample("07-ludo-classic-three-players.ppn") + " --level rollout --rollouts 8 --horizon 4 -o " + out);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("ludo, 25 rolls analysed"));
  CHECK(run_ppn("validate " + out).code == 0);
}

TEST_CASE("cli audit on Ludo: one die per roll, fair self-play dice pass", "[cli][ludo][audit]") {
  const auto f = tmp("sp.ppn");
  REQUIRE(run_ppn("selfplay --variant ludo --games 60 --seed 4 -o " + f).code == 0);
  const auto r = run_ppn("audit " + f + " --by none");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("consistent with fair dice"));
  // One die: no pair, doublets or fives tests, only the faces and streaks.
  CHECK(r.out.find("doublets") == std::string::npos);
}

TEST_CASE("cli bench replay --variant ludo: runs and reports against its baseline", "[cli][ludo][bench]") {
  const auto r = run_ppn("bench replay --variant ludo --games 20");
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Contains("bench replay: variant ludo, 20 self-play games"));
  CHECK_THAT(r.out, Catch::Contains("baseline: self-play"));
}

TEST_CASE("cli --option: unknown on every board is a usage error, the other board's option is the record's error",
          "[cli][ludo][options]") {
  const auto parcheesi = sample("01-four-player-family-night.ppn");
  const auto unknown = run_ppn("validate --option nosuch=1 " + parcheesi, true);
  CHECK(unknown.code == 2);
  CHECK_THAT(unknown.out, Catch::Contains("unknown option 'nosuch'"));
  CHECK(run_ppn("validate --option stacking=sideways " + parcheesi).code == 2);
  CHECK(run_ppn("import --db /tmp/ppn-ludo-test-x.sqlite --option nosuch=1 " + parcheesi).code == 2);
  CHECK(run_ppn("selfplay --variant ludo --games 1 --option nosuch=1 -o /tmp/ppn-ludo-test-x.ppn").code == 2);
  // A value no board implements (bounce off the finish: RULES.md Q58) is refused, never ignored.
  const auto bounce = run_ppn("validate --option home_overshoot=bounce " + sample("07-ludo-classic-three-players.ppn"), true);
  CHECK(bounce.code == 2);
  CHECK_THAT(bounce.out, Catch::Contains("home_overshoot=bounce"));
  // A Ludo option is known, but does not apply to a Parcheesi game: E-RULES for that game.
  const auto other = run_ppn("validate --option stacking=blocks " + parcheesi);
  CHECK(other.code == 1);
  CHECK_THAT(other.out, Catch::Contains("error[E-RULES]"));
  CHECK_THAT(other.out, Catch::Contains("applies to Ludo profiles only"));
}
