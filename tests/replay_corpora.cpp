// The reference corpora through the engine (the definition of correct): racket-nu against
// shared/corpora/racket, hasbro-2001 against shared/corpora/hasbro, and the hasbro probes'
// racket_verdict under racket-nu. Skipped with a message when shared/ is absent.
#include <catch2/catch.hpp>
#include <cstdio>

#include "convert/conform.hpp"
#include "tests/shared_data.hpp"

using namespace ppn::convert;
using namespace ppn::rules;

namespace {
ConformReport run(const std::string& profile, const std::filesystem::path& file,
                  const std::string& field = "verdict") {
  ConformConfig cfg;
  auto r = profile_options(profile);
  REQUIRE(r.ok());
  cfg.rules = *r.options;
  cfg.variant = profile;
  cfg.verdict_field = field;
  ConformReport rep;
  conform_file(file.string(), cfg, rep);
  for (std::size_t i = 0; i < rep.disagreements.size() && i < 5; ++i) UNSCOPED_INFO(rep.disagreements[i].text());
  for (std::size_t i = 0; i < rep.errors.size() && i < 5; ++i) UNSCOPED_INFO(rep.errors[i]);
  return rep;
}
}  // namespace

TEST_CASE("racket-nu reproduces every Racket self-play game", "[replay][corpora]") {
  PPN_REQUIRE_SHARED(f, "corpora/racket/selfplay-seed1001.jsonl.gz");
  auto rep = run("racket-nu", f);
  CHECK(rep.records() == 14370);
  CHECK(rep.errors.empty());
  CHECK(rep.disagree() == 0);
}

TEST_CASE("racket-nu matches every Racket probe verdict", "[replay][corpora]") {
  PPN_REQUIRE_SHARED(f, "corpora/racket/probes-seed2001.jsonl.gz");
  auto rep = run("racket-nu", f);
  CHECK(rep.records() == 18276);
  CHECK(rep.errors.empty());
  CHECK(rep.disagree() == 0);
}

TEST_CASE("hasbro-2001 accepts every hasbro self-play roll", "[replay][corpora]") {
  PPN_REQUIRE_SHARED(f, "corpora/hasbro/selfplay-seed1111.jsonl.gz");
  auto rep = run("hasbro-2001", f);
  CHECK(rep.records() == 15803);
  CHECK(rep.errors.empty());
  CHECK(rep.disagree() == 0);
}

TEST_CASE("hasbro-2001 and racket-nu match the hasbro probes", "[replay][corpora]") {
  PPN_REQUIRE_SHARED(f, "corpora/hasbro/probes-seed2222.jsonl.gz");
  auto h = run("hasbro-2001", f);
  CHECK(h.records() == 1500);
  CHECK(h.disagree() == 0);
  auto r = run("racket-nu", f, "racket_verdict");
  CHECK(r.records() == 1500);
  CHECK(r.disagree() == 0);
  // the two profiles really differ on these probes: the wrong profile must disagree
  auto wrong = run("racket-nu", f);
  CHECK(wrong.disagree() > 0);
}

TEST_CASE("ppn conform: summary line and exit codes", "[replay][corpora][cli]") {
  PPN_REQUIRE_SHARED(f, "corpora/hasbro/probes-seed2222.jsonl.gz");
  auto run_cli = [&](const std::string& args, std::string& out) {
    const std::string cmd = ppn::test::ppn_binary() + " conform " + args + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    char buf[4096];
    out.clear();
    while (fgets(buf, sizeof buf, p)) out += buf;
    const int status = pclose(p);
    return WEXITSTATUS(status);
  };
  std::string out;
  CHECK(run_cli("--variant hasbro-2001 " + f.string(), out) == 0);
  CHECK(out == "conform: 1500 records, 1500 agree, 0 disagree\n");
  CHECK(run_cli("--variant racket-nu " + f.string(), out) == 1);
  CHECK(out.rfind("conform: 1500 records, ", 0) == 0);
  CHECK(out.find("probes-seed2222.jsonl.gz:1: reference says illegal, engine says legal") !=
        std::string::npos);
  CHECK(run_cli("--variant hasbro-2001 /nonexistent.jsonl", out) == 2);
  CHECK(run_cli("--variant hasbro-2001 --option bonus_timing=end_of_turn " + f.string(), out) == 2);
  CHECK(run_cli("--variant hasbro-2001 --option home_overshoot=bounce " + f.string(), out) == 2);
}
