// The HTML viewer in a real browser: headless Chromium (Debian package `chromium`, installed by
// scripts/install-deps) opens the file written by `ppn render --html`; the test presses keys
// (DevTools protocol Input.dispatchKeyEvent, tests/cdp_browser.hpp) and reads what the page
// then shows from its DOM: the frame, the position on the board, every pawn's square, the
// highlighted roll, the slider; and a screenshot. The URL hook (#keys=..., used by links) is
// checked with --dump-dom on a record with an illegal roll, whose diagnostic shows at its roll.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "cdp_browser.hpp"
#include "cli_run.hpp"
#include "notation/position_id.hpp"
#include "parser/parser.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"

using ppn::test::run_ppn;
using ppn::test::source_path;

namespace {

std::string chromium_binary() {
  for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"})
    if (::access(p, X_OK) == 0) return p;
  return {};
}

std::string capture(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[8192];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

struct Browser {
  std::string bin;
  std::filesystem::path profile;
  explicit Browser(std::string b) : bin(std::move(b)) {
    static int counter = 0;
    profile = std::filesystem::temp_directory_path() /
              ("ppn-chromium-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::create_directories(profile);
  }
  ~Browser() {
    std::error_code ec;
    std::filesystem::remove_all(profile, ec);
  }
  std::string flags() const {
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    return " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-extensions --user-data-dir=" +
           profile.string();
  }
  std::string dump_dom(const std::filesystem::path& html, const std::string& fragment) const {
    return capture(bin + flags() + " --dump-dom 'file://" + html.string() + "#" + fragment + "' 2>/dev/null");
  }
};

std::string attr(const std::string& dom, const std::string& re) {
  std::smatch m;
  if (std::regex_search(dom, m, std::regex(re))) return m[1].str();
  return {};
}

// The pawns the page's board shows, as the seats part of a position ID.
std::string pawns_shown(const std::string& dom) {
  const auto start = dom.find("<g id=\"pawns\">");
  const auto end = dom.find("</g>", start);
  REQUIRE(start != std::string::npos);
  const std::string layer = dom.substr(start, dom.find("<g id=\"dice\"", start) - start);
  (void)end;
  std::map<char, std::string> by_seat;
  static const std::regex pawn(R"re(class="pawn" data-seat="(\w+)" data-square="([^"]+)")re");
  for (auto it = std::sregex_iterator(layer.begin(), layer.end(), pawn); it != std::sregex_iterator(); ++it) {
    auto& l = by_seat[(*it)[1].str()[0]];
    l += (l.empty() ? "" : ",") + (*it)[2].str();
  }
  std::string text;
  for (const auto& [s, l] : by_seat) text += std::string(1, s) + ":" + l + " ";
  auto desc = ppn::parse_position_id(text + "/ g d0");
  REQUIRE(std::holds_alternative<ppn::PositionDesc>(desc));
  const auto id = ppn::format_position_id(std::get<ppn::PositionDesc>(desc));
  return id.substr(0, id.find(" / "));
}

std::string seats_part(const std::string& id) { return id.substr(0, id.find(" / ")); }

ppn::Game read_game(const std::string& path) {
  auto r = ppn::parser::parse_all(ppn::test::read_file(path), path);
  REQUIRE(r.errors.empty());
  return r.games.front();
}

}  // namespace

TEST_CASE("html viewer in headless Chromium: keyboard steps, the board and the highlighted roll follow", "[render][browser]") {
  const std::string bin = chromium_binary();
  if (bin.empty()) {
    WARN("skipped: chromium is not installed (scripts/install-deps installs the Debian package)");
    return;
  }
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  const auto g = read_game(file);
  const auto t = ppn::render::build_timeline(g);
  const auto html = std::filesystem::temp_directory_path() / ("ppn-viewer-" + std::to_string(::getpid()) + ".html");
  REQUIRE(run_ppn("render " + file + " --html -o " + html.string()).code == 0);

  // Real key presses through the DevTools protocol.
  ppn::test::CdpBrowser browser(bin);
  REQUIRE(browser.open("file://" + html.string()));
  auto shown = [&](int frame) {
    INFO("frame " << frame);
    CHECK(browser.eval("document.body.getAttribute('data-frame')") == std::to_string(frame));
    const std::string expected = ppn::replay::position_id(t.frames[static_cast<std::size_t>(frame)].state);
    CHECK(browser.eval("document.querySelector('#board svg').getAttribute('data-position')") == expected);
    const auto layer = browser.eval("document.getElementById('pawns').outerHTML");
    REQUIRE(layer.is_string());
    CHECK(pawns_shown(layer.get<std::string>() + "<g id=\"dice\"") == seats_part(expected));
    CHECK(browser.eval("document.querySelector('#ppn .roll.current').getAttribute('data-frame')") ==
          std::to_string(frame));
    CHECK(browser.eval("document.getElementById('slider').value") == std::to_string(frame));
  };
  shown(0);
  for (int k = 0; k < 3; ++k) browser.press("ArrowRight", 39);
  shown(3);
  CHECK(browser.eval("document.querySelector('#ppn .roll.current').textContent") == t.frames[3].roll_text);
  CHECK(browser.eval("document.getElementById('status').textContent.split('\\n')[0]") ==
        "Roll 3 (3 of 97): " + t.frames[3].move_text);
  browser.press("End", 35);
  shown(97);
  CHECK(browser.eval("document.getElementById('status').textContent").get<std::string>().find("Game over: green wins") !=
        std::string::npos);
  browser.press("ArrowLeft", 37);
  shown(96);
  browser.press("Home", 36);
  browser.press("ArrowLeft", 37);  // nothing before the start
  shown(0);
  CHECK(browser.eval("document.querySelectorAll('#pawns .pawn[data-where=nest]').length") == 16);
  // The slider jumps; the next key steps on from there.
  browser.eval("(function(){var s=document.getElementById('slider'); s.value='45'; s.dispatchEvent(new Event('input'));})()");
  shown(45);
  browser.press("ArrowRight", 39);
  shown(46);
  // A screenshot of what is shown: a PNG of the page.
  const std::string png = browser.screenshot();
  CHECK(png.size() > 10000);
  CHECK(png.compare(1, 3, "PNG") == 0);
  std::filesystem::remove(html);
}

TEST_CASE("html viewer in headless Chromium: an illegal roll shows its diagnostic at that roll", "[render][browser]") {
  const std::string bin = chromium_binary();
  if (bin.empty()) {
    WARN("skipped: chromium is not installed (scripts/install-deps installs the Debian package)");
    return;
  }
  const auto file = source_path("tests/render/illegal-roll.ppn").string();
  const auto html = std::filesystem::temp_directory_path() / ("ppn-viewer-bad-" + std::to_string(::getpid()) + ".html");
  REQUIRE(run_ppn("render " + file + " --html -o " + html.string()).code == 0);
  Browser browser(bin);
  const std::string at2 = browser.dump_dom(html, "keys=ArrowRight,ArrowRight");
  CHECK(attr(at2, "<body[^>]*data-frame=\"(\\d+)\"") == "2");
  CHECK(attr(at2, "<span class=\"code\">([^<]*)</span>") == "E-NO-FIVE: ");
  CHECK(pawns_shown(at2) == "g:N,N,N,6 b:N,N,N,0");  // shown as played
  const std::string at3 = browser.dump_dom(html, "keys=ArrowRight,ArrowRight,ArrowRight");
  CHECK(attr(at3, "<body[^>]*data-frame=\"(\\d+)\"") == "3");
  CHECK(at3.find("E-NO-FIVE: ") == std::string::npos);
  std::filesystem::remove(html);
}

TEST_CASE("html viewer in headless Chromium: a Ludo game on the Ludo board, every frame's tokens", "[render][browser][ludo]") {
  const std::string bin = chromium_binary();
  if (bin.empty()) {
    WARN("skipped: chromium is not installed (scripts/install-deps installs the Debian package)");
    return;
  }
  const auto file = source_path("samples/09-ludo-modern-endgame.ppn").string();
  const auto g = read_game(file);
  const auto t = ppn::render::build_timeline(g);
  REQUIRE(t.setup_error.empty());
  const auto html = std::filesystem::temp_directory_path() / ("ppn-viewer-ludo-" + std::to_string(::getpid()) + ".html");
  REQUIRE(run_ppn("render " + file + " --html -o " + html.string()).code == 0);
  Browser browser(bin);
  for (const std::string& fragment : {std::string("frame=5"), std::string("keys=End")}) {
    INFO(fragment);
    const std::string dom = browser.dump_dom(html, fragment);
    const std::size_t frame = fragment == "frame=5" ? 5 : t.frames.size() - 1;
    CHECK(attr(dom, "<body[^>]*data-frame=\"(\\d+)\"") == std::to_string(frame));
    CHECK_THAT(dom, Catch::Contains("data-board=\"ludo52\""));
    const auto& st = t.frames[frame].state;
    CHECK(pawns_shown(dom) == seats_part(ppn::replay::position_id(st, t.geometry)));
    CHECK(attr(dom, "<svg[^>]*data-position=\"([^\"]*)\"") == ppn::replay::position_id(st, t.geometry));
  }
  std::filesystem::remove(html);
}
