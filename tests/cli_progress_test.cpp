// Long runs over many files show a progress bar on standard error when it is a terminal, and
// print nothing extra otherwise (issue 6). validate's bar: render_cli_test.cpp.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sys/wait.h>

#include "cli_run.hpp"
#include "pty_session.hpp"
#include "shared_data.hpp"

using ppn::test::PtySession;
using ppn::test::run_ppn;

TEST_CASE("cli convert: a progress bar on standard error only when it is a terminal", "[cli][convert][pty]") {
  PPN_REQUIRE_SHARED(dir, "external/nu-eecs395-parcheesi-xml/course-xml-tests");
  std::vector<std::string> args{"convert", "--from", "nu-test", "-o", "/dev/null"};
  std::string files;
  for (int i : {1, 2, 3, 4, 5, 6}) {
    args.push_back((dir / ("in" + std::to_string(i) + ".xml")).string());
    files += " " + args.back();
  }
  // A pipe: only the summary lines, no bar.
  const auto piped = run_ppn("convert --from nu-test -o /dev/null" + files, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find("\r") == std::string::npos);
  CHECK_THAT(piped.out, Catch::Contains("convert: 6 game(s), 0 problem(s)"));
  // A terminal: the bar is drawn and erased, and the summary still printed.
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rconvert ["));
  CHECK_THAT(s.out(), Catch::Contains("100%"));
  CHECK_THAT(s.out(), Catch::Contains("6/6 files"));
  CHECK_THAT(s.out(), Catch::Contains("convert: 6 game(s), 0 problem(s)"));
}

TEST_CASE("cli import: a progress bar on standard error only when it is a terminal", "[cli][db][pty]") {
  const auto db = (std::filesystem::temp_directory_path() / "ppn-progress-import.sqlite").string();
  std::filesystem::remove(db);
  std::vector<std::string> args{"import", "--db", db};
  for (const char* f : {"samples/01-four-player-family-night.ppn", "samples/02-four-player-club-league.ppn",
                        "samples/07-ludo-classic-three-players.ppn"})
    args.push_back(ppn::test::source_path(f).string());
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rimport ["));
  CHECK_THAT(s.out(), Catch::Contains("3/3 files, 3 games"));
  CHECK_THAT(s.out(), Catch::Contains("holds 3 games"));
  // A pipe: no bar.
  std::filesystem::remove(db);
  std::string files;
  for (std::size_t i = 3; i < args.size(); ++i) files += " " + args[i];
  const auto piped = run_ppn("import --db " + db + files, /*merge_stderr=*/true);
  CHECK(piped.code == 0);
  CHECK(piped.out.find('\r') == std::string::npos);
}
