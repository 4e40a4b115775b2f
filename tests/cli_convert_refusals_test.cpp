// Issue 16: `ppn convert` is honest. A missing file says so; a format it does not convert is
// named (a Ludii trial, an OpenSpiel playthrough, a clembench episode) with exit 2, never "0
// games, 0 problems" and exit 0; JSON that is not ppn's is not guessed to be reference JSONL;
// a PPN input points at `ppn fmt`; a transcript that ends inside a game converts and warns
// (exit 1: converted, with warnings). And `ppn conform` needs --variant and says once that a
// file is not JSONL. Runs the built ppn binary.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using ppn::test::occurrences;
using ppn::test::run_command;
using ppn::test::run_ppn;

struct Dir : ppn::test::ScratchDir {
  Dir() : ScratchDir("convert-refusals") {}
};

// Converts `file` to a scratch output: exit code and standard error (the summary lines).
ppn::test::Run convert(const Dir& dir, const std::string& file) {
  return run_command(ppn::test::ppn_binary() + " convert '" + file + "' -o '" + (dir / "out.ppn") +
                     "' 2>&1");
}

void check_refused(const Dir& dir, const std::string& file, const std::string& said) {
  INFO(file);
  const auto r = convert(dir, file);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains(file + ": error: " + said));
  CHECK_THAT(r.out, Catch::Contains("convert: 0 game(s), 1 problem(s)"));
}

}  // namespace

TEST_CASE("convert: a missing file says no such file", "[cli][convert][refusal]") {
  Dir dir;
  check_refused(dir, dir / "missing.log", "cannot open the file: No such file or directory");
}

TEST_CASE("convert: formats it does not convert are named, exit 2", "[cli][convert][refusal]") {
  Dir dir;
  // Hand-made heads of each format, as the real files begin (../shared/external/ has them).
  check_refused(
      dir,
      dir.write(
          "RandomTrial_0.txt",
          "game=../Common/res/lud/board/race/escape/Pachisi.lud\nSTART GAME OPTIONS\nEND GAME "
          "OPTIONS\nMove=[Move:mover=0,from=101,to=101,actions=[Add:type=Cell,to=101]]\n"),
      "a Ludii trial (game=../Common/res/lud/board/race/escape/Pachisi.lud)");
  check_refused(
      dir,
      dir.write("parcheesi.txt",
                "game: parcheesi\n\nGameType.chance_mode = ChanceMode.EXPLICIT_STOCHASTIC\n"),
      "an OpenSpiel playthrough (game: parcheesi)");
  check_refused(dir,
                dir.write("interactions.json",
                          "{\"players\": {\"GM\": \"Game Master for Ludo\"}, \"turns\": [[]]}\n"),
                "a clembench episode");
  // JSON that is neither ppn's game JSON nor a reference-engine record: not guessed.
  check_refused(dir, dir.write("other.json", "{\"name\": \"x\", \"moves\": [1, 2]}\n"),
                "JSON, but neither ppn's game JSON");
  check_refused(dir, dir.write("other.jsonl", "{\"name\": \"x\"}\n{\"name\": \"y\"}\n"),
                "JSON, but neither ppn's game JSON");
  // PPN already: ppn fmt is what the user wants.
  const std::string ppn =
      ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string();
  check_refused(dir, ppn, "this is PPN already: `ppn fmt " + ppn + "`");
  const std::string renamed = dir.write("game.txt", ppn::test::read_file(ppn));
  check_refused(dir, renamed, "this is PPN already");
  check_refused(dir, dir.write("empty.log", ""), "the file is empty");
  check_refused(dir, dir.write("notes.txt", "shopping list\n"), "cannot tell the input format");
}

TEST_CASE("convert: the real Ludii, OpenSpiel and clembench samples are refused by name",
          "[cli][convert][refusal][shared]") {
  PPN_REQUIRE_SHARED(ludii, "external/ludii-trial/Pachisi/RandomTrial_0.txt");
  Dir dir;
  check_refused(dir, ludii.string(), "a Ludii trial");
  check_refused(
      dir,
      ppn::test::shared_path("external/openspiel-playthrough/parcheesi-pr674/parcheesi.txt")
          .string(),
      "an OpenSpiel playthrough (game: parcheesi)");
  for (const auto& e : fs::recursive_directory_iterator(
           ppn::test::shared_path("external/clembench-ludo-interactions")))
    if (e.path().filename() == "interactions.json")
      check_refused(dir, e.path().string(), "a clembench episode");
}

TEST_CASE("convert: a transcript that ends inside a game converts it, with a warning and exit 1",
          "[cli][convert][shared]") {
  PPN_REQUIRE_SHARED(
      log, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly/commit-11f8538/logs.log");
  Dir dir;
  const auto r = convert(dir, log.string());
  CHECK(r.code == 1);
  CHECK_THAT(r.out,
             Catch::Contains(log.string() + ":129:1: warning: the log ends inside this game"));
  CHECK_THAT(r.out, Catch::Contains("convert: 1 game(s), 0 problem(s), 1 warning(s)"));
  CHECK(occurrences(r.out, ": error:") == 0);
  const auto v = run_ppn("validate " + (dir / "out.ppn"));
  CHECK(v.code == 0);
  CHECK_THAT(v.out, Catch::Contains("1 game, 19 rolls, 0 illegal rolls"));

  // A longer log cut in the middle of a game: the games before the cut all convert, the one
  // it cuts is converted up to there and warned about; nothing is an error.
  PPN_REQUIRE_SHARED(full, "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly/output.log");
  const std::string text = ppn::test::read_file(full);
  const auto whole = convert(dir, full.string());
  const auto at = text.find("Received data: <do-move>", text.size() / 2);
  REQUIRE(at != std::string::npos);
  const std::string cut = dir.write("cut.log", text.substr(0, text.find('\n', at) + 1));
  const auto c = convert(dir, cut);
  CHECK(c.code == 1);
  CHECK_THAT(c.out, Catch::Contains(": warning: the log ends inside this game"));
  CHECK(occurrences(c.out, ": error:") == occurrences(whole.out, ": error:"));
}

TEST_CASE("conform requires --variant", "[cli][conform]") {
  const std::string f = ppn::test::source_path("tests/rules/hasbro-2001-catalogue.jsonl").string();
  const auto r = run_ppn("conform " + f, true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("--variant is required"));
  CHECK_THAT(r.out, !Catch::Contains("conform: "));
  CHECK(run_ppn("conform --variant hasbro-2001 " + f).code == 0);
}

TEST_CASE("conform: a file that is not JSONL gets one message", "[cli][conform]") {
  const std::string ppn =
      ppn::test::source_path("samples/01-four-player-family-night.ppn").string();
  const auto r = run_ppn("conform --variant hasbro-2001 " + ppn, true);
  CHECK(r.code == 2);
  CHECK(occurrences(r.out, ppn + ":") == 1);
  CHECK_THAT(r.out, Catch::Contains(ppn + ":1: unreadable: not a JSONL file"));
  CHECK_THAT(r.out, Catch::Contains("it looks like PPN"));
  // A JSONL file with one bad line in it is still reported line by line.
  Dir dir;
  const std::string lines =
      ppn::test::read_file(ppn::test::source_path("tests/rules/hasbro-2001-catalogue.jsonl"));
  const std::string mixed =
      dir.write("mixed.jsonl", lines.substr(0, lines.find('\n') + 1) + "not json\n");
  const auto m = run_ppn("conform --variant hasbro-2001 " + mixed, true);
  CHECK(m.code == 2);
  CHECK_THAT(m.out, Catch::Contains(mixed + ":2: unreadable: not a JSON object"));
}
