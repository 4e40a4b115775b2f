// Long runs over many files show a progress bar on standard error when it is a terminal, and
// print nothing extra otherwise (issue 6). validate's bar: render_cli_test.cpp.
#include <catch2/catch.hpp>
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
