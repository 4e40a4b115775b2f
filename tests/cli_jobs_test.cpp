// `-j N` (issue 21): the commands that spread games over threads print exactly what `-j 1`
// prints, in input order, and exit with the same code: on the samples, the malformed-input
// catalogue (syntax errors, recovery inside a game, files that are not PPN), the converted
// Northwestern transcripts, 5,000 self-play games and the reference corpora, and on the error
// paths (--on-error stop, skip, as-played; a file that cannot be opened). `ppn import -j 4`
// stores exactly what `-j 1` stores, with the same ids, and prints the same, on both backends.
#include <catch2/catch.hpp>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "child_memory.hpp"
#include "cli/app.hpp"
#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_text.hpp"
#include "one_game_files.hpp"
#include "scratch_dir.hpp"
#include "shared_data.hpp"

namespace fs = std::filesystem;
using namespace ppn::test;

namespace {

std::string quoted_files(const std::vector<std::string>& files) {
  std::string s;
  for (const auto& f : files) s += " '" + f + "'";
  return s;
}

std::vector<std::string> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// `ppn COMMAND -j 1 ARGS` and `-j 4`: the same standard output and error (in one stream, so
// that their interleaving is compared too) and the same exit code. Returns the -j 1 run.
Run same_for_any_jobs(const std::string& command, const std::string& args) {
  const Run one = run_ppn(command + " -j 1 " + args, true);
  const Run four = run_ppn(command + " -j 4 " + args, true);
  INFO("ppn " << command << " " << args);
  CHECK(four.code == one.code);
  CHECK(four.out == one.out);
  return one;
}

// Every command of issue 21 that reads PPN, on `files`.
void every_ppn_command(const std::vector<std::string>& files) {
  const auto f = quoted_files(files);
  same_for_any_jobs("validate", f);
  same_for_any_jobs("validate", "--format json" + f);
  same_for_any_jobs("validate", "--on-error stop" + f);
  same_for_any_jobs("validate", "--on-error skip --format json" + f);
  same_for_any_jobs("validate", "--on-error as-played" + f);
  same_for_any_jobs("validate", "--variant auto" + f);
  same_for_any_jobs("fmt", f);
  same_for_any_jobs("stats", "--games" + f);
  same_for_any_jobs("stats", "--games --format json --on-error as-played" + f);
  same_for_any_jobs("audit", "--by player" + f);
  same_for_any_jobs("audit", "--by source --format json" + f);
}

// The peak memory growth (KiB) of `ppn ARGS...` run in a forked child (the command's own code,
// linked into the tests), its output thrown away; -1 when it failed to run.
long command_peak_growth_kib(std::vector<std::string> args) {
  return child_peak_growth_kib([&] {
    if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr)) return false;
    int exit_code = 0;
    auto app = ppn::cli::build_app(exit_code);
    args.insert(args.begin(), "ppn");
    std::vector<const char*> argv;
    for (const auto& a : args) argv.push_back(a.c_str());
    try {
      app->parse(static_cast<int>(argv.size()), argv.data());
    } catch (const CLI::ParseError&) {
      return false;
    }
    std::fflush(stdout);
    return true;
  });
}


// What a database holds, table by table in a stable order (tests/db_helpers.hpp kContent, and
// the players' other spellings).
std::string database_content(const std::string& db) {
  std::string out;
  auto queries = kContent;
  queries.push_back("SELECT * FROM player_aliases ORDER BY alias");
  for (auto sql : queries) {
    if (ppn::db::is_server_target(db))
      if (const auto at = sql.find("hex(pos)"); at != std::string::npos) sql.replace(at, 8, "upper(encode(pos, 'hex'))");
    out += sql + "\n" + rows_of(db, sql);
  }
  return out;
}

// `ppn import ARGS` run as each of `runs` (one option set each) into a fresh database (`-j 1` and
// `-j 4` each their own), one run after the other: the same output (the database's name
// aside), exit codes and database content.
void same_import_for_any_jobs(const std::string& name, const std::string& backend, const std::vector<std::string>& runs) {
  std::map<int, std::string> dbs, printed, content;
  for (int jobs : {1, 4}) {
    const auto db = fresh_db(name + "-j" + std::to_string(jobs), backend);
    dbs[jobs] = db;
    for (const auto& args : runs) {
      const Run r = run_ppn("import -j " + std::to_string(jobs) + " --db '" + db + "' " + args, true);
      std::string out = r.out;
      for (auto at = out.find(db); at != std::string::npos; at = out.find(db, at)) out.replace(at, db.size(), "DB");
      printed[jobs] += "$ ppn import " + args + "\n" + out + "exit " + std::to_string(r.code) + "\n";
    }
    content[jobs] = database_content(db);
  }
  INFO("ppn import on " << backend << ":\n" << printed[1]);
  CHECK(printed[4] == printed[1]);
  CHECK(content[4] == content[1]);
  CHECK(scalar(dbs[1], "SELECT count(*) FROM games") > 0);
}
}  // namespace

TEST_CASE("jobs (-j): the samples give the same output on any number of threads", "[cli][jobs]") {
  every_ppn_command(files_in(source_path("samples"), ".ppn"));
}

TEST_CASE("jobs (-j): import stores and prints the same on any number of workers", "[cli][jobs][db]") {
  const auto backend = GENERATE(from_range(db_backends()));
  auto files = files_in(source_path("samples"), ".ppn");
  for (const auto& f : files_in(source_path("tests/malformed"), ".ppn")) files.push_back(f);
  files.insert(files.begin() + 5, "/nonexistent/missing.ppn");
  const auto f = quoted_files(files);
  // Stored, then again (every game a duplicate), then with other options: the errors
  // (syntax, illegal rolls, files that cannot be opened) in their place among the games.
  same_import_for_any_jobs("import-jobs", backend,
                           {"--alias 'Ann=Ann Lee' --batch 3" + f, "--format json" + f, "--on-error as-played --batch 7" + f});
  same_import_for_any_jobs("import-jobs-stop", backend, {"--on-error stop" + f, "--on-error skip --format json" + f});
}

TEST_CASE("jobs (-j): syntax errors, recovery inside a game and unreadable files stay in their place", "[cli][jobs]") {
  auto files = files_in(source_path("tests/malformed"), ".ppn");
  files.insert(files.begin() + static_cast<long>(files.size() / 2), "/nonexistent/missing.ppn");
  const auto good = source_path("samples/10-two-player-snow-day.ppn");
  REQUIRE(fs::exists(good));
  files.push_back(good.string());
  REQUIRE(files.size() > 20);
  every_ppn_command(files);
  // The run that stops at an illegal roll stops at the same one, with the same count.
  const Run stop = same_for_any_jobs("validate", "--on-error stop" + quoted_files(files));
  CHECK(stop.code != 0);
}

TEST_CASE("jobs (-j): 5,000 self-play games", "[cli][jobs]") {
#if defined(__SANITIZE_ADDRESS__)
  // The sanitizer build (a Debug build checking every position) runs a tenth of them: the
  // same paths, in CI's time; `make test` runs all 5,000.
  const int hasbro_games = 400, ludo_games = 100;
#else
  const int hasbro_games = 4000, ludo_games = 1000;
#endif
  ScratchDir dir("jobs-selfplay");
  const auto games = dir / "selfplay.ppn";
  REQUIRE(run_ppn("selfplay --variant hasbro-2001 --games " + std::to_string(hasbro_games) + " --seed 21 -o " + games).code == 0);
  const auto ludo = dir / "ludo.ppn";
  REQUIRE(run_ppn("selfplay --variant ludo --games " + std::to_string(ludo_games) + " --seed 22 -o " + ludo).code == 0);
  // One illegal roll planted in the middle of the file, so that the error paths run at scale.
  std::string text = read_file(games);
  const auto at = text.find("\n100. ", text.size() / 2);
  REQUIRE(at != std::string::npos);
  const auto colon = text.find(": ", at);
  text.insert(colon + 2, "N/0 ");  // an extra mini-move: no longer the roll's play
  const auto broken = dir.write("broken.ppn", text);
  every_ppn_command({broken, ludo});
  const Run v = run_ppn("validate -j 4 " + broken + " " + ludo);
  CHECK(v.code == 1);
  CHECK(v.out.find("validate: 2 files, " + std::to_string(hasbro_games + ludo_games) + " games") != std::string::npos);

  // import: the same games, then copies of the first thirteenth (duplicates, stored in the same
  // transaction or committed before) and of a game cut short (a prefix duplicate); commits
  // every 700 games, and the last file alone; and --on-error stop, which stops at the planted roll.
  const auto first = text.find("\n[Event", text.size() / 13);
  std::string copies = text.substr(0, first + 1);
  const auto cut = text.find("\n40. ");
  copies += text.substr(0, cut + 1);
  const auto dupes = dir.write("copies.ppn", copies);
  const Run i = run_ppn("import -q -j 4 --db " + (dir / "check.sqlite") + " " + broken + " " + dupes);
  INFO(i.out);
  CHECK(i.out.find(" duplicates, 1 prefix duplicate,") != std::string::npos);
  same_import_for_any_jobs("import-jobs-selfplay", "sqlite",
                           {"--batch 700 " + broken + " " + ludo + " " + dupes, "--on-error stop " + broken});
}

TEST_CASE("jobs (-j): the converted Northwestern transcripts", "[cli][jobs][shared]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly");
  ScratchDir tmp("jobs-transcripts");
  std::vector<std::string> files;
  int n = 0;
  for (const char* f : {"output.log", "output2.log", "commit-1fef9d6/logs.log", "commit-11f8538/logs.log"}) {
    const auto out = tmp / ("t" + std::to_string(++n) + ".ppn");
    run_ppn("convert --from nu-transcript " + (dir / f).string() + " -o " + out);
    REQUIRE(fs::exists(out));
    files.push_back(out);
  }
  every_ppn_command(files);
}

TEST_CASE("jobs (-j): conform judges the reference corpora the same on any number of threads", "[cli][jobs][shared]") {
  PPN_REQUIRE_SHARED(racket, "corpora/racket");
  PPN_REQUIRE_SHARED(hasbro, "corpora/hasbro");
  const Run r = same_for_any_jobs("conform", "--variant racket-nu --per-file" + quoted_files(files_in(racket, ".gz")));
  CHECK(r.code == 0);
  same_for_any_jobs("conform", "--variant hasbro-2001 --format json" + quoted_files(files_in(hasbro, ".gz")));
  // Disagreements and unreadable lines in their order: the racket corpus judged under another
  // profile, and a file with broken lines among good ones.
  ScratchDir tmp("jobs-conform");
  std::string lines;
  for (int i = 0; i < 50; ++i) lines += i % 7 == 3 ? "{\"game\": 1, broken\n" : "not json at all\n";
  const auto bad = tmp.write("bad.jsonl", "{\"color\":\"green\"}\n" + lines);
  const Run d = same_for_any_jobs(
      "conform", "--variant hasbro-2001" + quoted_files(files_in(racket, ".gz")) + " '" + bad + "' /nonexistent.jsonl");
  CHECK(d.code == 2);
}

TEST_CASE("jobs (-j): conform settles seats, successor boards and penalties in order whatever the threads judged",
          "[cli][jobs]") {
  // Lines judged on workers under the seats each line gives alone (all four when it names
  // none): a two-seat self-play game, whose header gives its seats, is judged again in order;
  // penalty lines (the previous roll's board), unreadable boards and boards after, probes
  // without a verdict or with a wrong one, in several files, one of them not JSONL at all.
  ScratchDir tmp("jobs-conform-order");
  std::string start = "[";
  for (int i = 0; i < 16; ++i) start += std::string(i ? "," : "") + "\"start\"";
  start += "]";
  const std::string b = "{\"board\":" + start + ",";
  std::string lines;
  for (int rep = 0; rep < 40; ++rep) {  // enough lines for several batches of jobs
    const std::string g = std::to_string(2 * rep);
    lines += "{\"game\":" + g + ",\"players\":[\"green\",\"red\"]}\n";
    lines += b + "\"color\":\"green\",\"dice\":[5,2],\"game\":" + g + ",\"moves\":[]}\n";  // illegal: a 5 enters
    lines += b + "\"color\":\"green\",\"dice\":[3,4],\"game\":" + g + ",\"moves\":[]}\n";
    lines += b + "\"color\":\"red\",\"dice\":[1,1],\"game\":" + g + ",\"moves\":[]}\n";
    lines += b + "\"color\":\"green\",\"dice\":[2,2],\"game\":" + g + ",\"moves\":[],\"board_after\":\"nonsense\"}\n";
    lines += b + "\"color\":\"red\",\"dice\":[2,2],\"game\":" + g + ",\"moves\":[]}\n";
    lines += "{\"color\":\"red\",\"dice\":[6,6,1,1],\"doublets_before\":2,\"game\":" + g + ",\"penalty\":true}\n";
    lines += "{\"color\":\"green\",\"dice\":[6,6,1,1],\"doublets_before\":2,\"game\":" + g +
             ",\"penalty\":true,\"board_after\":\"nonsense\"}\n";
    lines += "{\"game\":" + g + ",\"winner\":\"green\"}\n";
    const std::string h = std::to_string(2 * rep + 1);  // four seats, no header
    lines += b + "\"color\":\"green\",\"dice\":[3,4],\"game\":" + h + ",\"moves\":[]}\n";
    lines += b + "\"color\":\"blue\",\"dice\":[3,4],\"game\":" + h + ",\"moves\":[[\"start\",5]]}\n";
    lines += b + "\"color\":\"yellow\",\"dice\":[5,2],\"game\":" + h + ",\"moves\":[]}\n";
    lines += b + "\"color\":\"green\",\"dice\":[2,4],\"moves\":[]}\n";
    lines += b + "\"color\":\"green\",\"dice\":[2,4],\"moves\":[],\"verdict\":\"maybe\"}\n";
    lines += "{\"board\":\"bad\",\"color\":\"green\",\"dice\":[2,4],\"moves\":[],\"verdict\":\"legal\"}\n";
    lines += b + "\"color\":\"green\",\"dice\":[2,4],\"moves\":[],\"verdict\":\"illegal\"}\n";
    lines += b + "\"color\":\"green\",\"dice\":[5,5],\"moves\":[],\"verdict\":\"legal\",\"board_after\":" + start + "}\n";
    lines += b + "\"color\":\"purple\",\"dice\":[5,5],\"moves\":[],\"verdict\":\"legal\"}\n";
    lines += "{\"game\":" + h + ",\"broken\n";
  }
  const auto one = tmp.write("one.jsonl", lines);
  const auto two = tmp.write("two.jsonl", lines.substr(lines.size() / 3));
  const auto ppn = tmp.write("not.jsonl", "[Event \"x\"]\n\n1. G 5-3: N/0 0/3\n");
  for (const char* variant : {"hasbro-2001", "racket-nu"}) {
    const std::string files = " '" + one + "' '" + ppn + "' '" + two + "'";
    const Run r = same_for_any_jobs("conform", std::string("--variant ") + variant + " --per-file" + files);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("disagree"));
    CHECK_THAT(r.out, Catch::Contains("unreadable"));
    // The two-seat game's illegal roll judged under its header's seats (a four-seat judgement
    // would name blue and yellow in the position).
    CHECK_THAT(r.out, Catch::Contains(":2: recorded roll judged illegal; position g:N,N,N,N r:N,N,N,N / g d0"));
    same_for_any_jobs("conform", std::string("--variant ") + variant + " --format json" + files);
  }
}

TEST_CASE("jobs (-j): memory is bounded by the games in flight, not by the file", "[cli][jobs]") {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer keeps freed blocks in quarantine (256 MB) and shadows every byte, so peak
  // memory measures the sanitizer, not ppn; `make test` (Release) runs this check.
  WARN("skipped under AddressSanitizer: its quarantine holds freed memory");
  return;
#endif
  ScratchDir dir("jobs-memory");
  const auto small = dir / "small.ppn";
  REQUIRE(run_ppn("selfplay --variant hasbro-2001 --games 400 --seed 5 -o " + small).code == 0);
  const std::string games = read_file(small);
  std::string forty;
  for (int i = 0; i < 40; ++i) forty += games;
  const auto large = dir.write("large.ppn", forty);  // 16,000 games, forty times the text
  for (const char* command : {"validate", "fmt", "stats"}) {
    INFO(command);
    const long small_kib = command_peak_growth_kib({command, "-j", "4", small});
    const long large_kib = command_peak_growth_kib({command, "-j", "4", large});
    INFO("peak growth " << small_kib << " KiB for 400 games, " << large_kib << " KiB for 16,000");
    REQUIRE(small_kib >= 0);
    REQUIRE(large_kib >= 0);
    // Forty times the games (about 55 MB more text): the peak grows by far less than the text
    // (what it grows by: the pooled games' storage reaching the size of the longest game seen).
    CHECK(large_kib < small_kib + 16384);
  }
}

TEST_CASE("jobs (-j): a directory of one-game files flows through one pipeline", "[cli][jobs]") {
  // 300 files of one game each (a server's transcripts), one of them with an illegal roll and
  // one that cannot be opened: the next file is read while the workers still run the last one's
  // games, and every report and file summary stays in its place.
  ScratchDir dir("jobs-one-game-files");
  const auto all = dir / "all.ppn";
  REQUIRE(run_ppn("selfplay --variant hasbro-2001 --games 300 --seed 23 -o " + all).code == 0);
  const std::string text = read_file(all);
  std::vector<std::string> files;
  std::size_t planted_rolls = 0;
  for (std::size_t at = 0, n = 0; at < text.size(); ++n) {
    auto next = text.find("\n[Event", at + 1);
    next = next == std::string::npos ? text.size() : next + 1;
    std::string game = text.substr(at, next - at);
    if (n == 150) {
      plant_illegal_roll(game);
      planted_rolls = ppn::test::parse_one(game).roll_count();
    }
    files.push_back(dir.write(one_game_file_name(n), game));
    at = next;
  }
  REQUIRE(files.size() == 300);
  files.insert(files.begin() + 40, "/nonexistent/missing.ppn");
  every_ppn_command(files);
  const Run stop = same_for_any_jobs("validate", "--on-error stop" + quoted_files(files));
  INFO(stop.out);
  CHECK(stop.code == 2);  // the file that cannot be opened
  // It stops in the file of the illegal roll: no file after it is reported or counted.
  CHECK(stop.out.find("g150.ppn: 1 game, " + std::to_string(planted_rolls) + " rolls (") != std::string::npos);
  CHECK(stop.out.find(" not checked), 1 illegal roll") != std::string::npos);
  CHECK(stop.out.find("g151.ppn") == std::string::npos);
  CHECK(stop.out.find("validate: 152 files, 151 games") != std::string::npos);
}
