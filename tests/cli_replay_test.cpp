// The rules-facing commands end to end through the built binary: validate (rules, exit codes,
// locations, JSON), selfplay (deterministic, always valid) and conform on the catalogue.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli_run.hpp"

using ppn::test::run_ppn;

namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const auto p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

const std::string kHeader =
    "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n\n";

}  // namespace

TEST_CASE("cli validate: legal game exits 0, illegal roll exits 1 with a located rule code", "[cli][replay]") {
  const auto good = write_temp("ppn-cli-good.ppn", kHeader + "1. G 5-3: N/0 0/3\n2. B 6-4: -\n");
  const auto r0 = run_ppn("validate " + good);
  CHECK(r0.code == 0);
  CHECK_THAT(r0.out, Catch::Contains("validate: 1 file, 1 game, 2 rolls, 0 illegal rolls, 0 syntax errors"));

  // Roll 2: blue has no pawn on its square 10.
  const auto bad = write_temp("ppn-cli-bad.ppn", kHeader + "1. G 5-3: N/0 0/3\n2. B 6-4: 10/16 16/20\n");
  const auto r1 = run_ppn("validate " + bad);
  CHECK(r1.code == 1);
  CHECK_THAT(r1.out, Catch::Contains(bad + ":7:11: error[E-NO-PAWN-THERE]"));  // at 10/16
  CHECK_THAT(r1.out, Catch::Contains("  roll:     2. B 6-4: 10/16 16/20"));
  CHECK_THAT(r1.out, Catch::Contains("  position: g:N,N,N,3 b:N,N,N,N / b d0"));

  SECTION("json lines") {
    const auto rj = run_ppn("validate --format json " + bad);
    CHECK(rj.code == 1);
    CHECK_THAT(rj.out, Catch::Contains("\"code\":\"E-NO-PAWN-THERE\""));
    CHECK_THAT(rj.out, Catch::Contains("\"type\":\"summary\""));
  }
  SECTION("syntax errors win: exit 2") {
    const auto broken = write_temp("ppn-cli-broken.ppn", kHeader + "1. G 5-: N/0\n");
    CHECK(run_ppn("validate " + bad + " " + broken).code == 2);
  }
  SECTION("unknown --variant is a usage error") {
    const auto ru = run_ppn("validate --variant nope " + good, true);
    CHECK(ru.code == 2);
    CHECK_THAT(ru.out, Catch::Contains("hasbro-2001"));
  }
  SECTION("--variant overrides the record") {
    // 5-5 with pawns in the nest: entering one pawn and moving it 5 is legal only where the
    // entry obligation is leftover_only (racket-nu; RULES.md Q9), not under hasbro-2001.
    const auto v = write_temp("ppn-cli-variant.ppn", kHeader + "1. G 5-5: N/0 0/5\n");
    CHECK(run_ppn("validate " + v).code == 1);
    CHECK(run_ppn("validate --variant racket-nu " + v).code == 0);
  }
}

TEST_CASE("cli selfplay: deterministic for a seed, and every game validates", "[cli][replay][selfplay]") {
  for (const std::string players : {"2", "3", "4"}) {
    const auto a = run_ppn("selfplay --games 40 --seed 11 --players " + players);
    const auto b = run_ppn("selfplay --games 40 --seed 11 --players " + players);
    REQUIRE(a.code == 0);
    CHECK(a.out == b.out);
    const auto file = write_temp("ppn-cli-selfplay-" + players + ".ppn", a.out);
    const auto v = run_ppn("validate " + file);
    CHECK(v.code == 0);
    CHECK_THAT(v.out, Catch::Contains("40 games"));
  }
  CHECK(run_ppn("selfplay --games 40 --seed 12").out != run_ppn("selfplay --games 40 --seed 11").out);
}

TEST_CASE("cli conform: the hasbro-2001 catalogue agrees", "[cli][replay][catalogue]") {
  const auto cat = ppn::test::source_path("tests/rules/hasbro-2001-catalogue.jsonl").string();
  const auto r = run_ppn("conform --variant hasbro-2001 " + cat);
  CHECK(r.code == 0);
  CHECK_THAT(r.out, Catch::Matches("conform: [0-9]+ records, [0-9]+ agree, 0 disagree\n"));
}
