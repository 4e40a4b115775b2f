// The HTML viewer in a real browser: headless Chromium (Debian package `chromium`, installed by
// scripts/install-deps) opens the file written by `ppn render --html`, presses keys through
// the page's URL hook (#keys=..., render/html_viewer.hpp), and the test reads what the page
// then shows from the DOM Chromium dumps: the frame, the position on the board, every pawn's
// square, the highlighted roll and the diagnostics.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

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

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
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
    return " --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions --user-data-dir=" +
           profile.string();
  }
  std::string dump_dom(const std::filesystem::path& html, const std::string& fragment) const {
    return capture(bin + flags() + " --dump-dom 'file://" + html.string() + "#" + fragment + "' 2>/dev/null");
  }
  bool screenshot(const std::filesystem::path& html, const std::filesystem::path& png) const {
    capture(bin + flags() + " --window-size=1200,900 --screenshot=" + png.string() + " 'file://" + html.string() +
            "#keys=End' 2>/dev/null");
    return std::filesystem::exists(png);
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
  auto r = ppn::parser::parse_all(slurp(path), path);
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
  Browser browser(bin);

  SECTION("three steps forward with the right arrow") {
    const std::string dom = browser.dump_dom(html, "keys=ArrowRight,ArrowRight,ArrowRight");
    REQUIRE(attr(dom, "<body[^>]*data-ready=\"(1)\"") == "1");
    CHECK(attr(dom, "<body[^>]*data-frame=\"(\\d+)\"") == "3");
    const std::string expected = ppn::replay::position_id(t.frames[3].state);
    CHECK(attr(dom, "<svg[^>]*data-position=\"([^\"]*)\"") == expected);
    CHECK(pawns_shown(dom) == seats_part(expected));
    CHECK(attr(dom, "<span class=\"roll current\" data-frame=\"(\\d+)\"") == "3");
    CHECK(attr(dom, "<span class=\"roll current\" data-frame=\"3\">([^<]*)") == t.frames[3].roll_text);
  }
  SECTION("End, then back one with the left arrow; Home returns to the start") {
    const std::string dom = browser.dump_dom(html, "keys=End,ArrowLeft");
    CHECK(attr(dom, "<body[^>]*data-frame=\"(\\d+)\"") == "96");
    CHECK(pawns_shown(dom) == seats_part(ppn::replay::position_id(t.frames[96].state)));
    const std::string home = browser.dump_dom(html, "keys=End,Home,ArrowLeft");
    CHECK(attr(home, "<body[^>]*data-frame=\"(\\d+)\"") == "0");
    CHECK(pawns_shown(home) == "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N");
  }
  SECTION("a screenshot of the last position") {
    const auto png = std::filesystem::temp_directory_path() / ("ppn-viewer-" + std::to_string(::getpid()) + ".png");
    REQUIRE(browser.screenshot(html, png));
    const std::string bytes = slurp(png);
    CHECK(bytes.size() > 10000);
    CHECK(bytes.compare(1, 3, "PNG") == 0);
    std::filesystem::remove(png);
  }
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
