// `-o FILE` never destroys or half-writes a user's file (issue 15, observation 1): every
// subcommand that writes a file writes a temporary beside it and renames it into place only
// when complete (io/output_file.hpp, cli/output.hpp). `-o` naming an input replaces it once
// complete (fmt, analyze: PPN in, PPN out) or is refused before anything is touched.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "cli_run.hpp"
#include "db_helpers.hpp"

namespace fs = std::filesystem;
using ppn::test::fresh_dir;
using ppn::test::read_file;
using ppn::test::run_ppn;
using ppn::test::run_ppn_shell;
using ppn::test::write_file;

namespace {

std::string sample(const std::string& name) { return ppn::test::source_path("samples/" + name).string(); }

// Files in `dir` other than `keep`: the temporaries a failed or killed write must not leave.
std::vector<std::string> litter(const fs::path& dir, const std::vector<std::string>& keep) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const auto name = e.path().filename().string();
    bool kept = false;
    for (const auto& k : keep) kept = kept || fs::path(k).filename() == name;
    if (!kept) out.push_back(name);
  }
  return out;
}

// Copies a sample into `dir` (the tests write over their own copies only).
std::string copy_sample(const fs::path& dir, const std::string& name, const std::string& as) {
  return write_file(dir / as, read_file(sample(name)));
}

const char* kFastAnalysis = " --level rollout --rollouts 2 --horizon 2 --candidates 1";

}  // namespace

TEST_CASE("cli output: fmt -o onto its own input rewrites it in the canonical form", "[cli][output]") {
  // Observation 1: `ppn fmt x.ppn -o x.ppn` exited 0 and left x.ppn empty (the output was
  // truncated before the input was read).
  const auto dir = fresh_dir("out-fmt-self");
  const auto x = copy_sample(dir, "04-three-player-lenient-input.ppn", "x.ppn");
  const auto expected = run_ppn("fmt " + x);
  REQUIRE(expected.code == 0);
  REQUIRE(expected.out.size() > 1000);
  const auto r = run_ppn("fmt " + x + " -o " + x, true);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(read_file(x) == expected.out);
  CHECK(litter(dir, {x}).empty());
  // Idempotent: once more gives the same bytes.
  CHECK(run_ppn("fmt " + x + " -o " + x).code == 0);
  CHECK(read_file(x) == expected.out);
}

TEST_CASE("cli output: a command that could not read an input leaves -o as it was", "[cli][output]") {
  // Found in review: a typo in an input name, a README given as input or a game with a syntax
  // error emptied or shortened the -o file although the command exited 2.
  const auto dir = fresh_dir("out-unread");
  const std::string broken = read_file(sample("05-two-player-kitchen-table.ppn")) +
                             "\n[Event \"broken\"]\n[Seats \"green red\"]\n\n1. G 5-3 N/0\n";
  const auto x = write_file(dir / "x.ppn", broken);
  const auto empty = write_file(dir / "empty.ppn", "");
  const auto keep = (dir / "keep.ppn").string();
  const std::string kept = read_file(sample("04-three-player-lenient-input.ppn"));
  const auto readme = ppn::test::source_path("README.md").string();
  const std::vector<std::string> cases = {
      "fmt " + x + " -o " + x,                       // the broken game would be lost from x.ppn
      "fmt - -o " + x + " < " + x,                   // the same through standard input
      "fmt " + (dir / "no-such.ppn").string() + " -o " + keep,
      "fmt " + readme + " -o " + keep,
      "convert " + readme + " -o " + keep,           // not a format convert reads
      "fmt " + x + " -o " + keep,                    // a game of the input cannot be read
      "export --to json " + empty + " -o " + keep,
      "analyze " + empty + kFastAnalysis + " -o " + keep,
      "analyze " + x + kFastAnalysis + " -o " + x,
  };
  for (const auto& args : cases) {
    INFO(args);
    write_file(keep, kept);
    const auto r = run_ppn_shell(ppn::test::ppn_binary() + " " + args);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("not written: an input could not be read completely") &&
                          Catch::Contains("it is unchanged"));
    CHECK(read_file(keep) == kept);
    CHECK(read_file(x) == broken);
    CHECK(litter(dir, {x, empty, keep}).empty());
  }
}

TEST_CASE("cli output: -o through a symbolic link replaces the file it points to", "[cli][output]") {
  const auto dir = fresh_dir("out-link");
  const auto real = copy_sample(dir, "04-three-player-lenient-input.ppn", "real.ppn");
  const auto link = (dir / "link.ppn").string();
  fs::create_symlink("real.ppn", link);
  const auto expected = run_ppn("fmt " + real).out;
  REQUIRE(run_ppn("fmt " + real + " -o " + link).code == 0);
  CHECK(fs::is_symlink(link));
  CHECK(read_file(real) == expected);
  CHECK(litter(dir, {real, link}).empty());
}

TEST_CASE("cli output: -o a FIFO or a device writes to it in place", "[cli][output]") {
  const auto dir = fresh_dir("out-fifo");
  const auto fifo = (dir / "pipe").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto expected = run_ppn("selfplay --games 3 --seed 9").out;
  REQUIRE(!expected.empty());
  const auto got = (dir / "got.ppn").string();
  const auto r = run_ppn_shell("cat " + fifo + " > " + got + " & " + ppn::test::ppn_binary() +
                               " selfplay --games 3 --seed 9 -o " + fifo + "; wait");
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(read_file(got) == expected);
  CHECK(fs::is_fifo(fifo));
  CHECK(run_ppn("selfplay --games 3 -o /dev/null").code == 0);
  CHECK(fs::is_character_file("/dev/null"));
}

TEST_CASE("cli output: a replaced file keeps its owner, a file the user may not write is refused",
          "[cli][output]") {
  const auto dir = fresh_dir("out-owner");
  const auto f = copy_sample(dir, "04-three-player-lenient-input.ppn", "f.ppn");
  if (::geteuid() == 0) {
    // Root may give the new file the old one's owner: a root `ppn fmt` of a user's file must not
    // leave it owned by root.
    REQUIRE(::chown(f.c_str(), 65534, 65534) == 0);
    REQUIRE(run_ppn("fmt " + f + " -o " + f).code == 0);
    struct stat st {};
    REQUIRE(::stat(f.c_str(), &st) == 0);
    CHECK(st.st_uid == 65534);
    CHECK(st.st_gid == 65534);
  } else {
    ::chmod(f.c_str(), 0444);
    const std::string before = read_file(f);
    const auto r = run_ppn("fmt " + f + " -o " + f, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("Permission denied"));
    CHECK(read_file(f) == before);
  }
}

TEST_CASE("cli output: analyze -o onto its own input writes the annotated games there", "[cli][output]") {
  const auto dir = fresh_dir("out-analyze-self");
  const auto f = copy_sample(dir, "05-two-player-kitchen-table.ppn", "f.ppn");
  const auto expected = run_ppn("analyze " + f + kFastAnalysis + " -o -");
  REQUIRE(expected.code == 0);
  REQUIRE(expected.out.find("{ ppn: analysis") != std::string::npos);
  const auto r = run_ppn("analyze " + f + kFastAnalysis + " -o " + f, true);
  INFO(r.out);
  CHECK(r.code == 0);
  CHECK(read_file(f) == expected.out);
  CHECK(litter(dir, {f}).empty());
}

TEST_CASE("cli output: -o naming an input of another kind is refused before anything is touched",
          "[cli][output]") {
  const auto dir = fresh_dir("out-refuse");
  const auto f = copy_sample(dir, "01-four-player-family-night.ppn", "game.ppn");
  const std::string before = read_file(f);
  // The same file under another spelling of its path is still the input.
  const auto other_spelling = (dir / "." / "game.ppn").string();
  const auto json = (dir / "games.json").string();
  REQUIRE(run_ppn("export --to json " + f + " -o " + json).code == 0);
  const std::string json_before = read_file(json);
  REQUIRE(json_before.size() > 1000);

  const std::vector<std::pair<std::string, std::string>> cases = {
      {"render", "render " + f + " --at 3 -o " + other_spelling},
      {"render", "render " + f + " --html -o " + f},
      {"stats", "stats " + f + " --chart race -o " + f},
      {"export", "export --to json " + f + " -o " + other_spelling},
      {"export", "export --to nu-xml " + f + " -o " + f},
      {"convert", "convert " + json + " -o " + json},
  };
  for (const auto& [command, args] : cases) {
    INFO(args);
    const auto r = run_ppn(args, true);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::StartsWith(command + ": -o ") && Catch::Contains("is the input file") &&
                          Catch::Contains("destroy"));
    CHECK(read_file(f) == before);
    CHECK(read_file(json) == json_before);
  }
  CHECK(litter(dir, {f, json}).empty());
}

TEST_CASE("cli output: a write that fails half-way leaves the old file intact", "[cli][output]") {
  // A full disk, staged as the process file-size limit (EFBIG on the write past it; SIGXFSZ is
  // ignored by ppn itself so that the failure is reported). 2 blocks of 512 bytes: far less
  // than any of these outputs.
  const auto dir = fresh_dir("out-fsize");
  const auto f = copy_sample(dir, "01-four-player-family-night.ppn", "game.ppn");
  const auto json = (dir / "games.json").string();
  REQUIRE(run_ppn("export --to json " + f + " -o " + json).code == 0);
  const auto out = (dir / "out.file").string();
  const std::string old_text = "the user's precious old file\n";

  const std::vector<std::pair<std::string, std::string>> cases = {
      {"fmt", "fmt " + f},
      {"analyze", "analyze " + f + kFastAnalysis},
      {"convert", "convert " + json},
      {"selfplay", "selfplay --games 20 --seed 3"},
      {"render", "render " + f + " --html"},
      {"render", "render " + f + " --at 40"},
      {"stats", "stats " + f + " --chart race"},
      {"export", "export --to json " + f},
      {"export", "export --to nu-xml " + f},
  };
  for (const auto& [command, args] : cases) {
    INFO(args);
    write_file(out, old_text);
    ::chmod(out.c_str(), 0640);
    // The same command without the limit writes the file (so the limit is what stops it).
    const auto fine = run_ppn(args + " -o " + out, true);
    INFO(fine.out);
    REQUIRE(fine.code == 0);
    const std::string full = read_file(out);
    REQUIRE(full.size() > 2048);
    struct stat st {};
    REQUIRE(::stat(out.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0640);  // the replaced file keeps its permission bits

    write_file(out, old_text);
    const auto r = run_ppn_shell("ulimit -f 2; exec " + ppn::test::ppn_binary() + " " + args + " -o " + out);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(command + ": cannot write " + out + ": File too large") &&
                          Catch::Contains("is unchanged"));
    CHECK(read_file(out) == old_text);
    CHECK(litter(dir, {f, json, out}).empty());
  }
}

TEST_CASE("cli output: a kill in the middle of a write leaves the old file and no temporary", "[cli][output]") {
  const auto dir = fresh_dir("out-kill");
  const auto out = write_file(dir / "games.ppn", "[Event \"kept\"]\n\n*\n");
  const std::string before = read_file(out);
  // Far more games than can be played in the half second before the kill.
  const auto r = run_ppn_shell(ppn::test::ppn_binary() + " selfplay --games 1000000 -o " + out +
                               " & pid=$!; sleep 0.5; kill -TERM $pid; wait $pid; echo \"status $?\"");
  INFO(r.out);
  CHECK_THAT(r.out, Catch::Contains("status 143"));  // 128 + SIGTERM: killed, not finished
  CHECK(read_file(out) == before);
  CHECK(litter(dir, {out}).empty());
}

TEST_CASE("cli output: an output that cannot be created is an error naming it, with the reason",
          "[cli][output]") {
  const auto dir = fresh_dir("out-nodir");
  const auto r = run_ppn("selfplay --games 1 -o " + (dir / "no" / "such" / "dir.ppn").string(), true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("selfplay: cannot write") && Catch::Contains("No such file or directory"));
  const auto d = run_ppn("selfplay --games 1 -o " + dir.string(), true);
  CHECK(d.code == 2);
  CHECK_THAT(d.out, Catch::Contains("it is a directory"));
}

TEST_CASE("cli output: -o naming the --db database is refused, whatever the command", "[cli][output]") {
  const auto dir = fresh_dir("out-db");
  const auto f = copy_sample(dir, "05-two-player-kitchen-table.ppn", "game.ppn");
  const auto db = (dir / "games.sqlite").string();
  REQUIRE(run_ppn("import --db " + db + " " + f).code == 0);
  const std::string before = read_file(db);
  REQUIRE(!before.empty());
  for (const std::string& args : {"analyze " + f + kFastAnalysis + " --db " + db + " -o " + db,
                                 "export --db " + db + " -o " + db,
                                 "render --db " + db + " --game 1 --at 3 -o " + db,
                                 "stats --db " + db + " --game 1 --chart race -o " + db}) {
    INFO(args);
    const auto r = run_ppn(args, true);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains("is the input file " + db));
    CHECK(read_file(db) == before);
  }
}
