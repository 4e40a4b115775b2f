// `ppn replay` and `ppn render` end to end: the printed positions when not on a terminal, the
// interactive stepper through a real pseudo-terminal (forkpty), the SVG and HTML files, and
// the HTML viewer driven by keyboard in headless Chromium.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <poll.h>
#include <pty.h>
#include <regex>
#include <sstream>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "cli_run.hpp"
#include "game_file.hpp"
#include "pty_session.hpp"
#include "parser/parser.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"

using ppn::test::run_ppn;
using ppn::test::sample_files;
using ppn::test::PtySession;
using ppn::test::source_path;

namespace {


ppn::Game read_game(const std::string& path) {
  auto r = ppn::parser::parse_all(ppn::test::read_file(path), path);
  REQUIRE(r.errors.empty());
  return r.games.front();
}

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("ppn-render-" + std::to_string(::getpid()) + "-" + name);
}

}  // namespace

TEST_CASE("cli replay: not on a terminal it prints every position, --at prints one", "[cli][render]") {
  for (const auto& file : sample_files()) {
    INFO(file);
    const auto g = read_game(file);
    const auto r = run_ppn("replay " + file);
    CHECK(r.code == 0);
    CHECK(r.out.find('\x1b') == std::string::npos);  // a pipe gets no colour
    std::size_t frames = 0;
    for (std::size_t p = r.out.find(", game 1 ("); p != std::string::npos; p = r.out.find(", game 1 (", p + 1)) ++frames;
    CHECK(frames == g.roll_count() + 1);
    if (g.tag_value("Result") != "*") CHECK_THAT(r.out, Catch::Contains("Game over: "));  // 07, 08 are unfinished
  }
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  const auto at = run_ppn("replay " + file + " --at 23");
  CHECK(at.code == 0);
  CHECK_THAT(at.out, Catch::Contains("Roll 23"));
  CHECK_THAT(at.out, Catch::Contains("third doublet: PENALTY"));
  CHECK_THAT(at.out, Catch::Contains("play PENALTY 41/N"));
  CHECK(run_ppn("replay " + file + " --at 23 --color always").out.find("\x1b[") != std::string::npos);
  const auto start = run_ppn("replay " + file + " --at 0");
  CHECK_THAT(start.out, Catch::Contains("Start of the game"));

  const auto none = run_ppn("replay " + file + " --at 500", true);
  CHECK(none.code == 2);
  CHECK_THAT(none.out, Catch::Contains("replay: game 1 has no roll 500"));
  const auto nogame = run_ppn("replay " + file + " --game 3", true);
  CHECK(nogame.code == 2);
  CHECK_THAT(nogame.out, Catch::Contains("has 1 game, no game 3"));
  const auto missing = run_ppn("replay /nonexistent/x.ppn", true);
  CHECK(missing.code == 2);
  CHECK_THAT(missing.out, Catch::Contains("/nonexistent/x.ppn: error: cannot open the file: No such file or directory"));
}

TEST_CASE("cli replay: an illegal roll shows its diagnostic at that roll, and the game goes on", "[cli][render]") {
  const auto file = source_path("tests/render/illegal-roll.ppn").string();
  const auto r2 = run_ppn("replay " + file + " --at 2");
  CHECK(r2.code == 0);
  CHECK_THAT(r2.out, Catch::Contains("error[E-NO-FIVE]: an entry without a five"));
  CHECK_THAT(r2.out, Catch::Contains("ILLEGAL (shown as played)"));
  const auto r3 = run_ppn("replay " + file + " --at 3");
  CHECK_THAT(r3.out, !Catch::Contains("E-NO-FIVE"));
  CHECK_THAT(r3.out, Catch::Contains("B  N N N 0"));
}

TEST_CASE("cli replay: a syntax error in the chosen game is reported with its location", "[cli][render]") {
  const auto p = temp_file("syntax.ppn");
  std::ofstream(p) << "[Seats \"green blue\"]\n\n1. G 5-9: N/0\n";
  const auto r = run_ppn("replay " + p.string(), true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains(p.string() + ":3:"));
  std::filesystem::remove(p);
}

TEST_CASE("cli replay on a terminal: the interactive stepper through a pseudo-terminal", "[cli][render][pty]") {
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  PtySession s({"replay", file});
  REQUIRE(s.wait_for("q quit", 0));
  CHECK_THAT(s.out(), Catch::Contains("Start of the game"));
  CHECK_THAT(s.out(), Catch::Contains("\x1b[?1049h"));  // the alternate screen
  // In the stepper the terminal is in non-canonical mode without echo.
  CHECK((s.attrs().c_lflag & (ICANON | ECHO)) == 0);
  auto m = s.mark();
  s.send("n");
  REQUIRE(s.wait_for("Roll 1  (1 of 97)", m));
  CHECK(s.wait_for("green rolled dice [5][6]", m));  // the frame may still be arriving
  m = s.mark();
  s.send("\x1b[C");  // right arrow
  REQUIRE(s.wait_for("Roll 2  (2 of 97)", m));
  m = s.mark();
  s.send("\x1b[D");  // left arrow
  REQUIRE(s.wait_for("Roll 1  (1 of 97)", m));
  m = s.mark();
  s.send("j45\r");
  REQUIRE(s.wait_for("Roll 45  (45 of 97)", m));
  CHECK(s.wait_for("play N/0x +20 0/20", m));  // the frame may still be arriving
  m = s.mark();
  s.send("c");  // the next capture after 45: roll 54 (B 1-2: 0/1 1/3x +20 3/23)
  REQUIRE(s.wait_for("Roll 54  (54 of 97)", m));
  m = s.mark();
  s.send("f");
  REQUIRE(s.wait_for("Start of the game", m));
  m = s.mark();
  s.send("d");  // the first penalty
  REQUIRE(s.wait_for("Roll 23  (23 of 97)", m));
  CHECK(s.wait_for("third doublet: PENALTY", m));  // the frame may still be arriving
  m = s.mark();
  s.send("e");
  REQUIRE(s.wait_for("no illegal roll after roll 23", m));
  m = s.mark();
  s.send("l");
  REQUIRE(s.wait_for("Game over: green wins", m));
  m = s.mark();
  s.send("q");
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(s.out().find("\x1b[?1049l", m) != std::string::npos);  // back to the normal screen
  CHECK((s.attrs().c_lflag & (ICANON | ECHO)) == (ICANON | ECHO));  // the terminal is restored
}

TEST_CASE("cli replay on a terminal: every sample steps from the start to the end", "[cli][render][pty]") {
  for (const auto& file : sample_files()) {
    INFO(file);
    const auto rolls = read_game(file).roll_count();
    PtySession s({"replay", file});
    REQUIRE(s.wait_for("q quit", 0));
    for (std::size_t k = 1; k <= rolls; ++k) {
      const auto m = s.mark();
      s.send(" ");
      REQUIRE(s.wait_for("(" + std::to_string(k) + " of " + std::to_string(rolls) + ")", m));
    }
    const auto m = s.mark();
    s.send("n");
    REQUIRE(s.wait_for("this is the last roll", m));
    if (read_game(file).tag_value("Result") != "*") CHECK(s.out().find("Game over", m) != std::string::npos);
    s.send("q");
    const int status = s.finish();
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
}

TEST_CASE("cli replay on a terminal: Ctrl-Z and Ctrl-C give the terminal back, colour unless NO_COLOR", "[cli][render][pty]") {
  const auto file = source_path("tests/render/illegal-roll.ppn").string();
  PtySession s({"replay", file}, /*colour=*/true);
  REQUIRE(s.wait_for("q quit", 0));
  CHECK(s.out().find("\x1b[1;30;10") != std::string::npos);  // coloured pawns
  auto m = s.mark();
  s.send("e");
  REQUIRE(s.wait_for("E-NO-FIVE", m));
  // Ctrl-Z: the terminal is handed back while stopped, taken again on resume.
  m = s.mark();
  s.send("\x1a");
  REQUIRE(s.stopped());
  CHECK((s.attrs().c_lflag & (ICANON | ECHO)) == (ICANON | ECHO));
  // Everything written before the stop, up to leaving the screen, read: what comes after the
  // mark is the screen drawn on resume (a slow build may still be drawing the last one).
  REQUIRE(s.wait_for("\x1b[?1049l", m));
  m = s.mark();
  s.signal(SIGCONT);
  REQUIRE(s.wait_for("q quit", m));
  CHECK((s.attrs().c_lflag & (ICANON | ECHO)) == 0);
  m = s.mark();
  s.send("\x03");  // Ctrl-C: SIGINT
  const int status = s.finish();
  CHECK(WIFSIGNALED(status));
  CHECK(s.out().find("\x1b[?1049l", m) != std::string::npos);
  CHECK((s.attrs().c_lflag & (ICANON | ECHO)) == (ICANON | ECHO));
}

TEST_CASE("cli render: SVG at a roll and a self-contained HTML viewer for every sample", "[cli][render]") {
  for (const auto& file : sample_files()) {
    INFO(file);
    const auto g = read_game(file);
    const auto t = ppn::render::build_timeline(g);
    const auto svg = temp_file("board.svg");
    const auto last = std::to_string(t.frames.back().number);
    const auto r = run_ppn("render " + file + " --at " + last + " -o " + svg.string());
    CHECK(r.code == 0);
    const std::string doc = ppn::test::read_file(svg);
    CHECK(doc.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK_THAT(doc, Catch::Contains("data-position=\"" + ppn::replay::position_id(t.frames.back().game) + "\""));
    CHECK(std::count(doc.begin(), doc.end(), '\n') >= 1);
    const auto html = temp_file("game.html");
    CHECK(run_ppn("render " + file + " --html -o " + html.string()).code == 0);
    const std::string page = ppn::test::read_file(html);
    CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(page.find("<script src") == std::string::npos);
    CHECK_THAT(page, Catch::Contains("max=\"" + std::to_string(t.frames.size() - 1) + "\""));
    std::filesystem::remove(svg);
    std::filesystem::remove(html);
  }
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  const auto usage = run_ppn("render " + file, true);
  CHECK(usage.code == 2);
  CHECK_THAT(usage.out, Catch::Contains("give either --at ROLL"));
  const auto stdout_svg = run_ppn("render " + file + " --at 0");
  CHECK(stdout_svg.code == 0);
  CHECK_THAT(stdout_svg.out, Catch::Contains("data-position=\"g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0\""));
  const auto bad = run_ppn("render " + source_path("tests/render/illegal-roll.ppn").string() + " --at 2");
  CHECK(bad.code == 0);
  CHECK_THAT(bad.out, Catch::Contains("E-NO-FIVE: an entry without a five"));
}

TEST_CASE("cli validate: a progress bar on standard error only when it is a terminal", "[cli][render][pty]") {
  std::string files;
  for (const auto& f : sample_files()) files += " " + f;
  // A pipe: standard error stays empty.
  const auto piped = run_ppn("validate" + files + " 2>&1 >/dev/null");
  CHECK(piped.code == 0);
  CHECK(piped.out.empty());
  // A terminal: the bar is drawn (with \r) and erased, and the summary is still printed.
  std::vector<std::string> args{"validate"};
  for (const auto& f : sample_files()) args.push_back(f);
  PtySession s(args);
  const int status = s.finish();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK_THAT(s.out(), Catch::Contains("\rvalidate ["));
  CHECK_THAT(s.out(), Catch::Contains("100%"));
  CHECK_THAT(s.out(), Catch::Contains("\r\x1b[K"));
  std::size_t games = 0;
  for (const auto& f : sample_files()) games += ppn::test::games_in(f).size();
  CHECK_THAT(s.out(), Catch::Contains("validate: " + std::to_string(sample_files().size()) + " files, " +
                                      std::to_string(games) + " games"));
}

TEST_CASE("cli render and replay: --game picks a game of a file with several", "[cli][render]") {
  const auto p = temp_file("two-games.ppn");
  std::ofstream(p, std::ios::binary) << ppn::test::read_file(source_path("samples/05-two-player-kitchen-table.ppn")) << "\n"
                                     << ppn::test::read_file(source_path("tests/render/illegal-roll.ppn"));
  const auto second = run_ppn("render " + p.string() + " --game 2 --at 2");
  CHECK(second.code == 0);
  CHECK_THAT(second.out, Catch::Contains("E-NO-FIVE"));
  const auto first = run_ppn("render " + p.string() + " --game 1 --at 2");
  CHECK(first.code == 0);
  CHECK_THAT(first.out, !Catch::Contains("E-NO-FIVE"));
  const auto text = run_ppn("replay " + p.string() + " --game 2 --at 2");
  CHECK_THAT(text.out, Catch::Contains(", game 2 (hasbro-2001)"));
  CHECK_THAT(text.out, Catch::Contains("error[E-NO-FIVE]"));
  const auto third = run_ppn("render " + p.string() + " --game 3 --html", true);
  CHECK(third.code == 2);
  CHECK_THAT(third.out, Catch::Contains("has 2 games, no game 3"));
  std::filesystem::remove(p);
}

TEST_CASE("cli render --html: the race, luck and dice-face charts under the board", "[cli][render][charts]") {
  for (const char* f : {"samples/01-four-player-family-night.ppn", "samples/07-ludo-classic-three-players.ppn"}) {
    INFO(f);
    const auto html = temp_file("charts.html");
    REQUIRE(run_ppn("render " + source_path(f).string() + " --html -o " + html.string()).code == 0);
    const std::string doc = ppn::test::read_file(html);
    const auto at = doc.find("<section id=\"charts\">");
    REQUIRE(at != std::string::npos);
    const std::string charts = doc.substr(at);
    std::size_t figures = 0;
    for (auto p = charts.find("<figure"); p != std::string::npos; p = charts.find("<figure", p + 1)) ++figures;
    CHECK(figures == 3);
    CHECK_THAT(charts, Catch::Contains("steps to HOME"));
    CHECK_THAT(charts, Catch::Contains("cumulative luck"));
    CHECK_THAT(charts, Catch::Contains("Dice faces"));
    CHECK(charts.find("<?xml") == std::string::npos);  // inline SVG, not documents
  }
}

TEST_CASE("cli render --html: only the roll validate reports is marked illegal, later rolls unchecked", "[cli][render]") {
  const auto dir = std::filesystem::temp_directory_path() / ("ppn-render-follow-on-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "follow-on.ppn").string();
  // Roll 2 enters without a five (E-NO-FIVE); played as written, roll 4 then leaves the 2
  // unplayed, an error only of the position the bad roll made.
  std::ofstream(file) << "[Event \"Follow-on\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green blue\"]\n[Result \"*\"]\n\n"
                         "1. G 5-6: N/0 0/6\n2. B 1-2: N/0\n3. G 3-4: 6/9 9/13\n4. B 6-2: 0/6\n5. G 4-3: 13/17 17/20\n";
  const auto validate = run_ppn("validate " + file, true);
  CHECK(validate.code == 1);
  CHECK(ppn::test::occurrences(validate.out, ": error[") == 1);
  const auto html = run_ppn("render --html " + file + " -o -");
  CHECK(html.code == 0);
  CHECK(ppn::test::occurrences(html.out, "<span class=\"roll illegal\"") == 1);
  CHECK(ppn::test::occurrences(html.out, "<span class=\"roll unchecked\"") == 3);
  CHECK_THAT(html.out, Catch::Contains("[not checked: after an illegal roll, shown as played]"));
  std::filesystem::remove_all(dir);
}
