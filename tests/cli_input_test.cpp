// What every command that reads PPN does with a file that holds no game or is not PPN at all
// (issue 15, observation 2), and validate's recovery inside a broken game (observation 7).
// Runs the built ppn binary.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "cli_run.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using ppn::test::occurrences;

struct Dir : ppn::test::ScratchDir {
  Dir() : ScratchDir("input-test") {}
};

// A README as a user might pass by mistake: Markdown, with a PPN record in a code block (which
// must not make the rest of it read as games and each paragraph a syntax error).
const std::string readme =
    "# ppn: the Portable Pachisi Notation toolkit\n\n"
    "`ppn` reads, checks, replays and stores recorded games.\n\n"
    "```\n[Event \"Family night\"]\n[Seats \"green red\"]\n\n1. G 6-3: -\n```\n\n"
    "## Commands\n\n| command | what it does |\n|---|---|\n| `ppn validate` | checks |\n\n"
    "[Event \"another\"]\n\nSome more prose.\n";

// The start of an ELF executable.
const std::string binary = std::string("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0", 24) +
                           "\x40\x10\0\0\0\0\0\0\n\x01\x02[\x03\n" + std::string(64, '\0');

// Reference-engine JSON Lines (nested objects and arrays).
const std::string json_lines =
    "{\"game\":0,\"players\":[\"careful-player%\",\"random-player%\"],\"seed\":1001}\n"
    "{\"board\":[\"start\",\"start\"],\"color\":\"green\",\"dice\":[3,4],\"game\":0,\"moves\":[{\"pawn\":1}]}\n";

// A Racket server log (the Northwestern transcripts).
const std::string racket_log =
    "Starting training...\nStarting racket server...\nReceived data: <start-game>red</start-game>\n\n"
    "Responding with: <name>Rocky</name>\n";

}  // namespace

TEST_CASE("cli: a file with no game or not PPN is one error, exit 2, in every command reading PPN",
          "[cli][input]") {
  Dir dir;
  struct Input {
    std::string name, bytes, message;
  };
  const std::vector<Input> inputs = {
      {"empty.ppn", "", "empty.ppn: error: no game in this file: it is empty"},
      {"blank.ppn", "\n  \n\t\n\n", "blank.ppn: error: no game in this file: it holds only blank lines"},
      {"comments.ppn", "; a header\n; and nothing else\n", "comments.ppn: error: no game in this file: it holds only comments"},
      {"README.md", readme, "README.md:1:1: error: not a PPN file"},
      {"a.out", binary, "a.out:1:1: error: not a PPN file"},
      {"probes.jsonl", json_lines, "probes.jsonl:1:1: error: not a PPN file"},
      {"logs.log", racket_log, "logs.log:1:1: error: not a PPN file"},
  };
  const std::string db = (dir.path / "t.sqlite").string();
  const std::string svg = (dir.path / "t.svg").string();
  // Every subcommand that reads PPN files (grep cli/ for parse_stream and select_game).
  const std::vector<std::string> commands = {
      "validate", "validate --syntax-only", "validate --format json", "fmt", "import --db " + db, "stats",
      "analyze --level rollout --rollouts 1",  "audit", "export --to json", "export --to nu-xml", "replay", "render --at 1 -o " + svg,
  };
  for (const auto& in : inputs) {
    const std::string path = dir.write(in.name, in.bytes);
    for (const auto& cmd : commands) {
      INFO("ppn " << cmd << " " << in.name);
      // From the folder, so that messages name the file as given.
      const auto r = ppn::test::run_ppn_shell("cd '" + dir.path.string() + "' && " + ppn::test::ppn_binary() + " " +
                                              cmd + " " + in.name);
      CHECK(r.code == 2);
      if (cmd.find("json") != std::string::npos && cmd.find("validate") == 0) {
        const std::string text = in.message.substr(in.message.find("error: ") + 7);
        CHECK(occurrences(r.out, "\"file\":\"" + in.name + "\"") == 2);  // the diagnostic and the file's line
        CHECK(occurrences(r.out, "\"message\":\"" + text) == 1);
        CHECK(occurrences(r.out, "\"type\":\"diagnostic\"") == 1);
        continue;
      }
      CHECK(occurrences(r.out, in.message) == 1);
      // One message: no cascade of syntax errors from the rest of the file.
      CHECK(occurrences(r.out, ": error:") == 1);
    }
  }
}

TEST_CASE("cli: a file that is not PPN stops being read, the next file is read", "[cli][input]") {
  Dir dir;
  const std::string bad = dir.write("README.md", readme);
  const auto good = ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string();
  const auto r = ppn::test::run_ppn("validate " + bad + " " + good);
  CHECK(r.code == 2);
  CHECK(r.out.find("validate: 2 files, 1 game, 65 rolls, 0 illegal rolls, 1 syntax error\n") != std::string::npos);
}

TEST_CASE("cli: a broken first tag still reads as PPN: the next game is read", "[cli][input]") {
  Dir dir;
  const std::string path = dir.write(
      "broken-tag.ppn", "[Event \"unterminated]\n[Seats \"green red\"]\n\n1. G 6-3: -\n\n"
                        "[Event \"good\"]\n[Seats \"green red\"]\n\n1. G 6-3: -\n2. R 5-2: N/0 0/2\n");
  const auto r = ppn::test::run_ppn("validate " + path, true);
  CHECK(r.code == 2);
  CHECK(r.out.find("not a PPN file") == std::string::npos);
  CHECK(r.out.find("1 game, 2 rolls, 0 illegal rolls, 1 syntax error") != std::string::npos);
}

TEST_CASE("cli: validate checks the rolls before a game's syntax error", "[cli][input]") {
  // Roll 10 is illegal (29/35 35/38 with a 6-2), roll 13 lacks its ':'. Before the fix only the
  // syntax error was reported: "0 rolls, 1 syntax error", and no rule was checked.
  Dir dir;
  const std::string game =
      "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"green blue\"]\n\n"
      "1. G 3-2: N/0\n2. B 3-3: -\n3. B 5-6: N/0 0/6\n4. G 3-4: 0/3 3/7\n5. B 3-1: 6/9 9/10\n"
      "6. G 4-2: 7/11 11/13\n7. B 6-1: 10/16 16/17\n8. G 4-3: 13/17 17/20\n9. B 6-6: 17/23 23/29\n"
      "10. B 6-2: 29/35 35/38\n11. G 6-1: 20/26 26/27\n12. B 2-5: N/0 0/2\n13. G 6-1 27/33 33/34\n"
      "14. B 2-3: N/0x +20 0/20\n";
  dir.write("cut.ppn", game);
  const auto r = ppn::test::run_ppn_shell("cd '" + dir.path.string() + "' && " + ppn::test::ppn_binary() +
                                          " validate cut.ppn");
  CHECK(r.code == 2);
  // Both located: the rule broken at roll 10 (line 15) and the syntax error at roll 13 (line 18).
  CHECK(r.out.find("cut.ppn:15:18: error[E-WRONG-PART]") != std::string::npos);  // at 35/38
  CHECK(r.out.find("  roll:     10. B 6-2: 29/35 35/38\n") != std::string::npos);
  CHECK(r.out.find("cut.ppn:18:11: error: expected ':' after the dice\n") != std::string::npos);
  // The game is still counted as broken, not as a game; its 12 rolls were read, and checked up
  // to the illegal one (the two after it were not).
  CHECK(r.out.find("validate: 1 file, 0 games, 12 rolls (2 not checked), 1 illegal roll, 1 syntax error\n") !=
        std::string::npos);
  // The partial game ends before its [Result] says it does: that is not a record error.
  CHECK(r.out.find("E-RESULT") == std::string::npos);
  // JSON: the diagnostic has no game number (the game is not counted), the roll's does.
  const auto j = ppn::test::run_ppn_shell("cd '" + dir.path.string() + "' && " + ppn::test::ppn_binary() +
                                          " validate --format json cut.ppn");
  CHECK(j.out.find("\"roll\":10") != std::string::npos);
  CHECK(j.out.find("\"game\":") == std::string::npos);
  CHECK(j.out.find("\"code\":\"E-SYNTAX\"") != std::string::npos);
  // Other commands still refuse the broken game as a whole (import stores no game with a
  // syntax error; stats counts what import stores).
  const auto s = ppn::test::run_ppn_shell("cd '" + dir.path.string() + "' && " + ppn::test::ppn_binary() +
                                          " stats cut.ppn");
  CHECK(s.code == 2);
  CHECK(s.out.find("E-") == std::string::npos);
}
