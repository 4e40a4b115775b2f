// `ppn stats`, `ppn analyze`, `ppn audit` and the SVG charts, run as a user runs them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <regex>
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
    const auto r = run_ppn("stats --chart " + chart + " -o " + out + " " + sample, true);
    CHECK(r.code == 0);
    CHECK(r.out.empty());  // the chart alone: no report beside it
    const std::string svg = ppn::test::read_file(out);
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(svg.find("</svg>") != std::string::npos);
    if (chart == "faces") CHECK(svg.find("expected") != std::string::npos);
    else CHECK(svg.find("<polyline") != std::string::npos);
    std::filesystem::remove(out);
  }
  const auto to_stdout = run_ppn("stats --chart race -o - " + sample, true);
  CHECK(to_stdout.code == 0);
  CHECK(to_stdout.out.rfind("<svg", 0) == 0);
  const auto end = to_stdout.out.rfind("</svg>");
  REQUIRE(end != std::string::npos);
  CHECK(to_stdout.out.find_first_not_of(" \n", end + 6) == std::string::npos);
  CHECK(run_ppn("stats --chart race " + sample).code == 2);  // -o is needed
  CHECK(run_ppn("stats --chart race --game 9 -o " + tmp_file("none.svg") + " " + sample).code == 1);
}

TEST_CASE("cli analyze: annotated output re-validates", "[cli][analysis][quality]") {
  const std::string out = tmp_file("analyzed.ppn");
  const auto r = run_ppn("analyze --level rollout --rollouts 8 --horizon 4 -o " + out + " " +
                         source_path("samples/05-two-player-kitchen-table.ppn").string());
  CHECK(r.code == 0);
  CHECK(r.out.find("decisions") != std::string::npos);
  CHECK(r.out.find("luck-adjusted") != std::string::npos);
  const std::string text = ppn::test::read_file(out);
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

TEST_CASE("cli audit --db: the stored rolls give the same report as the files", "[cli][analysis][audit][db]") {
  const std::string games = tmp_file("db-games.ppn");
  const std::string db = tmp_file("audit.sqlite");
  std::filesystem::remove(db);
  REQUIRE(run_ppn("selfplay --games 4 --seed 8 -o " + games).code == 0);
  REQUIRE(run_ppn("import --db " + db + " " + games).code == 0);
  const auto from_files = run_ppn("audit --by player " + games);
  const auto from_db = run_ppn("audit --by player --db " + db);
  CHECK(from_db.code == 0);
  CHECK(from_db.out == from_files.out);
  CHECK(run_ppn("audit").code == 2);
  CHECK(run_ppn("audit --db /nonexistent/x.sqlite").code == 2);
  std::filesystem::remove(games);
  std::filesystem::remove(db);
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
}

TEST_CASE("cli stats, audit, analyze on converted corpora", "[cli][analysis][shared]") {
  PPN_REQUIRE_SHARED(racket, "corpora/racket/selfplay-seed1001.jsonl.gz");
  PPN_REQUIRE_SHARED(transcript, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly/output.log");
  const std::string rk = tmp_file("racket.ppn"), nu = tmp_file("nu.ppn"), an = tmp_file("nu-analysed.ppn");
  REQUIRE(run_ppn("convert -q " + racket.string() + " -o " + rk).code == 0);
  const auto st = run_ppn("stats " + rk);
  CHECK(st.code == 0);
  CHECK(st.out.find("stats: 100 games (100 replayed to the end), 14343 rolls (14343 replayed)") != std::string::npos);
  const auto au = run_ppn("audit --by none " + rk);
  CHECK(au.code == 0);
  CHECK(au.out.find("verdict: consistent with fair dice (14343 throws") != std::string::npos);
  // A player-side transcript: the other seats are observed positions (`@`), their rolls unseen.
  REQUIRE(run_ppn("convert -q " + transcript.string() + " -o " + nu).code == 0);
  const auto a = run_ppn("analyze --level rollout --rollouts 8 --horizon 4 " + nu + " -o " + an);
  CHECK(a.code == 0);
  CHECK(a.out.find("yellow (Rocky)") != std::string::npos);
  CHECK(run_ppn("validate " + an).code == 0);
  for (const auto& f : {rk, nu, an}) std::filesystem::remove(f);
}

TEST_CASE("cli stats/analyze: an illegal roll is located, and the game counted up to it", "[cli][analysis]") {
  const std::string f = tmp_file("illegal.ppn");
  {
    std::ofstream o(f);
    o << "[Seats \"green red\"]\n[Result \"*\"]\n\n1. G 5-3: N/0 0/3\n2. R 5-3: -\n3. G 1-2: 3/4 4/6\n";
  }
  const auto st = run_ppn("stats " + f, true);
  CHECK(st.code == 1);
  CHECK(st.out.find(f + ":5:1: error[E-ENTRY-STILL-POSSIBLE]") != std::string::npos);
  CHECK(st.out.find("counted up to this roll: 1 of 3 rolls") != std::string::npos);
  const auto an = run_ppn("analyze --level rollout --rollouts 4 " + f, true);
  CHECK(an.code == 1);
  CHECK(an.out.find(f + ":5:1: error[E-ENTRY-STILL-POSSIBLE]") != std::string::npos);
  CHECK(an.out.find("1 rolls analysed (stopped at an illegal roll)") != std::string::npos);
  const auto skip = run_ppn("analyze --on-error skip " + f, true);
  CHECK(skip.code == 1);
  CHECK(skip.out.find("not analysed: skipped") != std::string::npos);
  std::filesystem::remove(f);
}

TEST_CASE("cli bench analyze: runs and reports its figures next to the baseline", "[cli][analysis][bench]") {
  // A smoke test with tiny settings; speed itself is measured with `ppn bench`, never in tests.
  const auto r = run_ppn("bench analyze --games 1 --players 2 --level rollout --rollouts 2 --horizon 2 --candidates 1");
  CHECK(r.code == 0);
  CHECK(r.out.find("decisions/s") != std::string::npos);
  CHECK(r.out.find("baseline: replay + legal plays of the same positions") != std::string::npos);
  CHECK(r.out.find("ratio analyze/baseline") != std::string::npos);
}

TEST_CASE("cli analyze: per-player totals over several games", "[cli][analysis][quality]") {
  const std::string f = tmp_file("two-games.ppn");
  REQUIRE(run_ppn("selfplay --games 2 --players 2 --seed 3 -o " + f).code == 0);
  const auto r = run_ppn("analyze --level rollout --rollouts 4 --horizon 2 " + f);
  CHECK(r.code == 0);
  CHECK(r.out.find("analyze: 2 games; per player:") != std::string::npos);
  // Self-play names each seat's bot by kind and seat number: the two games swap the kinds.
  for (const char* bot : {"greedy bot 1", "greedy bot 2", "random bot 1", "random bot 2"})
    CHECK(r.out.find("  " + std::string(bot) + "             games   1") != std::string::npos);
  std::filesystem::remove(f);
}

TEST_CASE("cli rate: a player's games are distinct games, unnamed seats are left out", "[cli][analysis][rate][slow]") {
  // Self-play games where one player ("Twin") sits in Green's and Blue's seats and Yellow's seat
  // names nobody: Twin played each game once, and the unnamed seats are counted, not rated.
  const std::string f = tmp_file("rate-twin.ppn"), db = tmp_file("rate-twin.sqlite");
  std::filesystem::remove(db);
  REQUIRE(run_ppn("selfplay --games 6 --players 4 --seed 5 -o " + f).code == 0);
  std::string text;
  {
    std::ifstream in(f);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  text = std::regex_replace(text, std::regex(R"(\[Yellow "[^"]*"\]\n)"), "");
  text = std::regex_replace(text, std::regex(R"(\[(Green|Blue) "[^"]*"\])"), "[$1 \"Twin\"]");
  {
    std::ofstream out(f);
    out << text;
  }
  // And a game with one named player only ("Solo"): nothing to compare, so not rated, and Solo,
  // who played no rated game, is not listed.
  const std::string solo = tmp_file("rate-solo.ppn");
  REQUIRE(run_ppn("selfplay --games 1 --players 4 --seed 77 -o " + solo).code == 0);
  {
    std::ifstream in(solo);
    std::string one((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    one = std::regex_replace(one, std::regex(R"(\[(Green|Blue|Yellow) "[^"]*"\]\n)"), "");
    one = std::regex_replace(one, std::regex(R"(\[Red "[^"]*"\])"), "[Red \"Solo\"]");
    std::ofstream out(solo);
    out << one;
  }
  REQUIRE(run_ppn("import --db " + db + " " + f + " " + solo).code == 0);
  const auto r = run_ppn("rate --db " + db);
  REQUIRE(r.code == 0);
  INFO(r.out);
  // Parcheesi places only the winner: a game Yellow won places no named player and is not rated;
  // every rated game has Twin in it, once.
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex(R"(rate: hasbro-2001: (\d+) of 7 finished games rated)")));
  const int rated = std::stoi(m[1]);
  CHECK(rated >= 1);
  CHECK(r.out.find("; 9 seats without a player name left out") != std::string::npos);
  CHECK(std::regex_search(r.out, std::regex("Twin +" + std::to_string(rated) + " ")));
  CHECK(r.out.find("Solo") == std::string::npos);
  for (const auto& p : {f, db, solo}) std::filesystem::remove(p);
}

TEST_CASE("cli rate: Plackett-Luce ratings recover the bots' known order", "[cli][analysis][rate]") {
  // Self-play seats alternate the greedy bot (wins most four-player games) and the random bot,
  // the first seat's kind drawn per game, so the bots of greedy-first games never meet those of
  // random-first games: two groups. Within each, every greedy bot must rate above every random
  // bot, plain and luck-adjusted.
  const std::string f = tmp_file("rate.ppn"), db = tmp_file("rate.sqlite");
  std::filesystem::remove(db);
  REQUIRE(run_ppn("selfplay --games 60 --players 4 --seed 11 -o " + f).code == 0);
  REQUIRE(run_ppn("import --db " + db + " " + f).code == 0);
  // The luck figures of the first games (cheap settings: luck needs no rollouts).
  const std::string few = tmp_file("rate-few.ppn");
  REQUIRE(run_ppn("selfplay --games 12 --players 4 --seed 11 -o " + few).code == 0);
  REQUIRE(run_ppn("analyze --level rollout --rollouts 2 --min-rollouts 2 --candidates 1 --horizon 1 --db " + db + " " + few).code == 0);
  const auto r = run_ppn("rate --db " + db);
  REQUIRE(r.code == 0);
  INFO(r.out);
  CHECK(r.out.find("rate: hasbro-2001: 60 of 60 finished games rated (the others have fewer than two named players, or place none of them), 8 players; 12 games with "
                   "luck figures") != std::string::npos);
  CHECK(r.out.find("\n  2 groups of players who never met") != std::string::npos);
  std::istringstream in(r.out);
  std::string line;
  struct Row {
    std::string bot;
    int group;
    double plain, adjusted;
  };
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    const auto bot = line.find(" bot ");
    if (bot == std::string::npos || line.find("+-") == std::string::npos) continue;
    std::istringstream figs(line.substr(line.find("  ", bot + 6)));
    int games, group;
    double s, se, a, ase;
    std::string pm;
    figs >> games >> group >> s >> pm >> se >> a >> pm >> ase;
    rows.push_back({line.substr(line.find_first_not_of(' ', line.find_first_not_of(" 0123456789")), 10), group, s, a});
    CHECK(se > 0);
    CHECK(ase > 0);
  }
  REQUIRE(rows.size() == 8);
  for (const auto& g : rows)
    for (const auto& x : rows)
      if (g.bot == "greedy bot" && x.bot == "random bot" && g.group == x.group) {
        CHECK(g.plain > x.plain);
        CHECK(g.adjusted > x.adjusted);
      }
  CHECK(run_ppn("rate --db " + tmp_file("no-such.sqlite")).code == 2);
  for (const auto& p : {f, few, db}) std::filesystem::remove(p);
}

TEST_CASE("cli bench evaluator: Brier score and calibration by decile, next to the 1/n baseline",
          "[cli][analysis][bench]") {
  // Small settings; the figures themselves are in analysis/README.md "Evaluator calibration".
  const std::string svg = tmp_file("calibration.svg");
  std::filesystem::remove(svg);
  const auto r = run_ppn("bench evaluator --games 2 --players 2 --playouts 4 --every 20 -o " + svg);
  CHECK(r.code == 0);
  CHECK(r.out.find("race estimate   Brier 0.") != std::string::npos);
  CHECK(r.out.find("fitted          Brier 0.") != std::string::npos);
  CHECK(r.out.find("baseline: 1/2 for every seat  Brier 0.") != std::string::npos);
  CHECK(r.out.find("fitted / race estimate: Brier ratio ") != std::string::npos);
  CHECK(r.out.find("distance to the share won 0.") != std::string::npos);
  CHECK(r.out.find("; less its sampling noise ") != std::string::npos);
  CHECK(r.out.find("fitted - race estimate: Brier ") != std::string::npos);
  CHECK(r.out.find("decile     race:  seats  estimate     won +- SE       fitted:  seats  estimate     won +- SE") !=
        std::string::npos);
  CHECK(r.out.find("largest decile deviation: race estimate ") != std::string::npos);
  CHECK(r.out.find("deciles off by more than 3 points beyond two standard errors: race estimate ") != std::string::npos);
  // The same figures on one thread as on three.
  const auto one = run_ppn("bench evaluator --games 2 --players 2 --playouts 4 --every 20 -j 1");
  const auto three = run_ppn("bench evaluator --games 2 --players 2 --playouts 4 --every 20 -j 3");
  // The first line has the time, the speed line rates: neither is a figure of the estimates.
  auto figures = [](const std::string& out) {
    std::string s = out.substr(out.find('\n'));
    const auto speed = s.find("\n  speed, one thread");
    REQUIRE(speed != std::string::npos);
    return s.erase(speed, s.find('\n', speed + 1) - speed);
  };
  CHECK(figures(one.out) == figures(three.out));
  // The neural evaluator beside them, and every estimate's speed.
  CHECK(r.out.find("neural          Brier 0.") != std::string::npos);
  CHECK(r.out.find("neural - fitted: Brier ") != std::string::npos);
  CHECK(r.out.find("/s (ratio to the race estimate ") != std::string::npos);
  CHECK(r.out.find("/s, neural ") != std::string::npos);
  // The calibration chart: both estimates and the diagonal, in a standalone SVG.
  std::ifstream in(svg);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().rfind("<svg ", 0) == 0);
  CHECK(text.str().find(">race estimate</text>") != std::string::npos);
  CHECK(text.str().find(">fitted</text>") != std::string::npos);
  CHECK(text.str().find(">neural</text>") != std::string::npos);
  CHECK(text.str().find(">perfect</text>") != std::string::npos);
  CHECK(text.str().find("roll-cursor") == std::string::npos);
  std::filesystem::remove(svg);
}

TEST_CASE("cli train: writes the neural evaluator's weights source, deterministically", "[cli][analysis][net]") {
  const std::string a = tmp_file("net-a.inc"), b = tmp_file("net-b.inc"), c = tmp_file("net-c.inc");
  const std::string cmd = "train --games 2 --hidden 8 --calibration-games 3 --seed 5 -o ";
  const auto ra = run_ppn(cmd + a);
  REQUIRE(ra.code == 0);
  CHECK(ra.out.find("train: hasbro-2001 2 games (") != std::string::npos);
  CHECK(ra.out.find("train: ludo 2 games (") != std::string::npos);
  REQUIRE(run_ppn(cmd + b).code == 0);
  const std::string text = ppn::test::read_file(a);
  CHECK(text == ppn::test::read_file(b));
  CHECK(text.rfind("// ppn train --games 2 --seed 5 --hidden 8 --alpha 0.02 --lambda 0.7 --calibration-games 3 -o FILE\n", 0) == 0);
  for (const char* part : {"inline constexpr const char* kNeuralHistory =", "inline constexpr float kNeuralParcheesi[] = {",
                           "inline constexpr float kNeuralLudo[] = {", "temperatures "})
    CHECK(text.find(part) != std::string::npos);
  // Another seed, other weights; --continue keeps the built-in history first and, with one
  // board, the other board's net as built.
  REQUIRE(run_ppn("train --games 1 --calibration-games 0 --board ludo --continue --seed 6 -o " + c).code == 0);
  const std::string cont = ppn::test::read_file(c);
  CHECK(cont.rfind("// ppn train --games 500000 --seed 1 ", 0) == 0);
  CHECK(cont.find("--board ludo --continue -o FILE") != std::string::npos);
  const std::string repo = ppn::test::read_file(source_path("analysis/neural_weights.inc").string());
  auto parcheesi = [](const std::string& t) { const auto at = t.find("kNeuralParcheesi"); return t.substr(at, t.find("};", at) - at); };
  CHECK(parcheesi(cont) == parcheesi(repo));
  // The repository's weights: their history begins with ppn train from random weights.
  CHECK(repo.rfind("// ppn train --games 500000 --seed 1 --hidden 128 --alpha 0.02 --lambda 0.7 -o FILE\n", 0) == 0);
  const auto bad = run_ppn("train --games 0 -o " + c, true);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("--games 0 only with --continue") != std::string::npos);
  for (const auto& f : {a, b, c}) std::filesystem::remove(f);
}

TEST_CASE("cli bench evaluator --train: writes the weights source through -o, deterministically",
          "[cli][analysis][bench]") {
  const std::string a = tmp_file("weights-a.inc"), b = tmp_file("weights-b.inc");
  const auto ra = run_ppn("bench evaluator --train --train-games 1 --train-every 20 -o " + a);
  REQUIRE(ra.code == 0);
  CHECK(ra.out.find("train: ludo, 4 players: ") != std::string::npos);
  REQUIRE(run_ppn("bench evaluator --train --train-games 1 --train-every 20 -o " + b).code == 0);
  const std::string text = ppn::test::read_file(a);
  CHECK(text == ppn::test::read_file(b));
  CHECK(text.find("// Generated by `ppn bench evaluator --train --train-games 1 --train-seed 5000 --train-every 20 -o FILE`") == 0);
  for (const char* model : {"{false, 2, {", "{false, 3, {", "{false, 4, {", "{true, 2, {", "{true, 3, {", "{true, 4, {"})
    CHECK(text.find(model) != std::string::npos);
  // The repository's weights are this command's output at its defaults.
  CHECK(ppn::test::read_file(source_path("analysis/fitted_weights.inc").string())
            .find("// Generated by `ppn bench evaluator --train --train-games 2000 --train-seed 5000 --train-every 5 -o FILE`") == 0);
  const auto no_output = run_ppn("bench evaluator --train --train-games 1", true);
  CHECK(no_output.code == 2);
  CHECK(no_output.out.find("--train needs -o FILE") != std::string::npos);
  for (const auto& f : {a, b}) std::filesystem::remove(f);
}

TEST_CASE("cli bench bot and selfplay --bots: the eval bot plays legal games and reports its win rate",
          "[cli][analysis][bench]") {
  const auto r = run_ppn("bench bot --games 4");
  CHECK(r.code == 0);
  CHECK(r.out.find("one eval bot against 3 greedy bots") != std::string::npos);
  CHECK(r.out.find("(95% interval ") != std::string::npos);
  CHECK(r.out.find("baseline 1/4 = 25.0%") != std::string::npos);
  CHECK(run_ppn("bench bot --games 1 --bot nobody").code == 2);
  const std::string f = tmp_file("eval-bots.ppn");
  REQUIRE(run_ppn("selfplay --games 2 --players 3 --bots eval,greedy,random -o " + f).code == 0);
  const auto v = run_ppn("validate " + f);
  CHECK(v.code == 0);
  std::ifstream in(f);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("\"eval bot 1\"") != std::string::npos);
  CHECK(text.str().find("\"greedy bot 2\"") != std::string::npos);
  const auto wrong = run_ppn("selfplay --games 1 --players 4 --bots eval,greedy", true);
  CHECK(wrong.code == 2);
  CHECK(wrong.out.find("--bots names 2 bots for 4 players") != std::string::npos);
  CHECK(run_ppn("selfplay --games 1 --players 2 --bots eval,clever").code == 2);
  std::filesystem::remove(f);
}

TEST_CASE("cli analyze: one rollout per play marks nothing, every decision is unresolved", "[cli][analysis]") {
  // One rollout has no spread: a mark "with confidence" from it would be a coin toss.
  const auto r = run_ppn("analyze --level rollout --rollouts 1 --min-rollouts 1 --format json " +
                         source_path("samples/01-four-player-family-night.ppn").string());
  REQUIRE(r.code == 0);
  int seats = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j.value("type", "") != "seat") continue;
    ++seats;
    INFO(line);
    CHECK(j.at("mistakes") == 0);
    CHECK(j.at("blunders") == 0);
    CHECK(j.at("unresolved") == j.at("decisions"));
    CHECK(j.at("decisions").get<int>() > 0);
  }
  CHECK(seats == 4);
}

TEST_CASE("cli analyze --level: the net's levels and rollouts, and options that belong to rollouts", "[cli][analysis][net]") {
  const std::string f = source_path("samples/05-two-player-kitchen-table.ppn").string();
  const std::string out = tmp_file("levels.ppn");
  for (const char* level : {"0", "1"}) {
    INFO("level " << level);
    const auto r = run_ppn(std::string("analyze --level ") + level + " " + f + " -o " + out);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("unresolved") == std::string::npos);  // nothing is, at a net level
    CHECK(ppn::test::read_file(out).find(std::string("by the neural evaluator at ") + level + "-ply") != std::string::npos);
    CHECK(run_ppn("validate " + out).code == 0);
  }
  // The JSON names the level, and the rollouts' figures are null.
  const auto j = run_ppn("analyze --format json " + f);
  CHECK(j.out.find("\"level\":\"1\"") != std::string::npos);
  CHECK(j.out.find("\"loss_se\":null") != std::string::npos);
  // A rollout option needs --level rollout; an unknown level is refused.
  const auto r = run_ppn("analyze --rollouts 8 " + f, true);
  CHECK(r.code == 2);
  CHECK(r.out.find("--rollouts sets up rollouts: add --level rollout") != std::string::npos);
  CHECK(run_ppn("analyze --level 2 " + f, true).code == 2);
  const auto s = run_ppn("bench analyze --stability " + source_path("samples").string(), true);
  CHECK(s.code == 2);
  CHECK(s.out.find("--stability compares rollout seeds: add --level rollout") != std::string::npos);
  std::filesystem::remove(out);
}
