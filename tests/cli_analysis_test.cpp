// `ppn stats`, `ppn analyze`, `ppn audit` and the SVG charts, run as a user runs them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/rng.hpp"
#include "cli_run.hpp"
#include "shared_data.hpp"

using ppn::test::run_ppn;
using ppn::test::source_path;

namespace {

std::string tmp_file(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("ppn-analysis-test-" + name)).string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("cli stats: per-player statistics with sample sizes", "[cli][analysis][stats]") {
  const auto r = run_ppn("stats --games " + source_path("samples/01-four-player-family-night.ppn").string());
  CHECK(r.code == 0);
  CHECK(r.out.find("stats: 1 game (1 replayed to the end), 97 rolls (97 replayed)") != std::string::npos);
  CHECK(r.out.find("Marta Ruiz: 1 game, 24 rolls") != std::string::npos);
  CHECK(r.out.find("won                 1/1 (100.0%) games") != std::string::npos);
  CHECK(r.out.find("finishing order green") != std::string::npos);
  const auto one = run_ppn("stats --player \"Gus Olsen\" " + source_path("samples/01-four-player-family-night.ppn").string());
  CHECK(one.code == 0);
  CHECK(one.out.find("Gus Olsen: 1 game") != std::string::npos);
  CHECK(one.out.find("Marta Ruiz") == std::string::npos);
  const auto none = run_ppn("stats --player Nobody " + source_path("samples/01-four-player-family-night.ppn").string());
  CHECK(none.code == 1);
  CHECK(run_ppn("stats /nonexistent.ppn").code == 2);
}

TEST_CASE("cli stats --chart: race, luck and faces as SVG", "[cli][analysis][charts]") {
  const std::string sample = source_path("samples/05-two-player-kitchen-table.ppn").string();
  for (const std::string chart : {"race", "luck", "faces"}) {
    const std::string out = tmp_file(chart + ".svg");
    const auto r = run_ppn("stats --chart " + chart + " -o " + out + " " + sample);
    CHECK(r.code == 0);
    const std::string svg = slurp(out);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.find("</svg>") != std::string::npos);
    if (chart == "faces") CHECK(svg.find("expected") != std::string::npos);
    else CHECK(svg.find("<polyline") != std::string::npos);
    std::filesystem::remove(out);
  }
  CHECK(run_ppn("stats --chart race " + sample).code == 2);  // -o is needed
  CHECK(run_ppn("stats --chart race --game 9 -o " + tmp_file("none.svg") + " " + sample).code == 1);
}

TEST_CASE("cli analyze: annotated output re-validates", "[cli][analysis][quality]") {
  const std::string out = tmp_file("analyzed.ppn");
  const auto r = run_ppn("analyze --rollouts 8 --horizon 4 -o " + out + " " +
                         source_path("samples/05-two-player-kitchen-table.ppn").string());
  CHECK(r.code == 0);
  CHECK(r.out.find("decisions") != std::string::npos);
  CHECK(r.out.find("luck-adjusted") != std::string::npos);
  const std::string text = slurp(out);
  CHECK(text.find("{ ppn: analysis under hasbro-2001") != std::string::npos);
  const auto v = run_ppn("validate " + out);
  CHECK(v.code == 0);
  std::filesystem::remove(out);
}

TEST_CASE("cli audit: fair self-play dice pass, loaded dice fail", "[cli][analysis][audit]") {
  const std::string fair = tmp_file("fair.ppn");
  REQUIRE(run_ppn("selfplay --games 10 --seed 4 -o " + fair).code == 0);
  const auto ok = run_ppn("audit " + fair);
  CHECK(ok.code == 0);
  CHECK(ok.out.find("verdict: consistent with fair dice") != std::string::npos);
  CHECK(ok.out.find("player greedy bot") != std::string::npos);
  CHECK(ok.out.find("chi2") != std::string::npos);

  // Red's dice are loaded towards 6; the others are fair.
  const std::string loaded = tmp_file("loaded.ppn");
  {
    std::ofstream f(loaded);
    ppn::analysis::Rng rng(5);
    auto die = [&](bool load) { return load && rng.below(3) == 0 ? 6 : rng.die(); };
    f << "[Seats \"green red\"]\n[Result \"*\"]\n[Green \"Ana\"]\n[Red \"Ben\"]\n\n";
    for (int i = 0; i < 800; ++i) {
      const bool red = i % 2 == 1;
      f << (i + 1) << ". " << (red ? 'R' : 'G') << " " << die(red) << "-" << die(red) << ": -\n";
    }
  }
  const auto bad = run_ppn("audit --by player " + loaded);
  CHECK(bad.code == 1);
  const auto ben = bad.out.find("player Ben");
  const auto ana = bad.out.find("player Ana");
  REQUIRE(ben != std::string::npos);
  REQUIRE(ana != std::string::npos);
  CHECK(bad.out.find("verdict: NOT consistent", ben) != std::string::npos);
  CHECK(bad.out.substr(ana, ben - ana).find("verdict: consistent with fair dice") != std::string::npos);
  const auto by_source = run_ppn("audit --by source " + fair + " " + loaded);
  CHECK(by_source.out.find("source " + fair) != std::string::npos);
  std::filesystem::remove(fair);
  std::filesystem::remove(loaded);
}
