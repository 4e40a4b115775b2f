// The HTML viewer in a real browser: headless Chromium (Debian package `chromium`, installed by
// scripts/install-deps) opens the file written by `ppn render --html`; the test presses keys
// (DevTools protocol Input.dispatchKeyEvent, tests/cdp_browser.hpp) and reads what the page
// then shows from its DOM: the frame, the position on the board, every pawn's square, the
// highlighted roll, the slider; and a screenshot. The URL hook (#keys=..., used by links) is
// checked with --dump-dom on a record with an illegal roll, whose diagnostic shows at its roll.
// A screenshot of the board is read back pixel by pixel (decoded by the browser into a canvas):
// the players' names and the last-play marker must show; the charts' laid-out text boxes must
// not overlap.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "analysis/charts.hpp"
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

// `bin`: the Chromium binary; without one the test is skipped with a warning.
#define CHROMIUM_OR_SKIP(bin)                                                                      \
  const std::string bin = chromium_binary();                                                       \
  if (bin.empty()) {                                                                               \
    WARN("skipped: chromium is not installed (scripts/install-deps installs the Debian package)"); \
    return;                                                                                        \
  }

// The HTML viewer of a file's first game, written by `ppn render --html` to a temporary file.
std::filesystem::path viewer_of(const std::string& file, const std::string& name) {
  const auto html = std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()) + ".html");
  REQUIRE(run_ppn("render " + file + " --html -o " + html.string()).code == 0);
  return html;
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
  CHROMIUM_OR_SKIP(bin);
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  const auto g = read_game(file);
  const auto t = ppn::render::build_timeline(g);
  const auto html = viewer_of(file, "ppn-viewer");

  // Real key presses through the DevTools protocol.
  ppn::test::CdpBrowser browser(bin);
  REQUIRE(browser.open("file://" + html.string()));
  auto shown = [&](int frame) {
    INFO("frame " << frame);
    CHECK(browser.eval("document.body.getAttribute('data-frame')") == std::to_string(frame));
    const std::string expected = ppn::replay::position_id(t.frames[static_cast<std::size_t>(frame)].game);
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
  CHROMIUM_OR_SKIP(bin);
  const auto file = source_path("tests/render/illegal-roll.ppn").string();
  const auto html = viewer_of(file, "ppn-viewer-bad");
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
  CHROMIUM_OR_SKIP(bin);
  const auto file = source_path("samples/09-ludo-modern-endgame.ppn").string();
  const auto g = read_game(file);
  const auto t = ppn::render::build_timeline(g);
  REQUIRE(t.setup_error.empty());
  const auto html = viewer_of(file, "ppn-viewer-ludo");
  Browser browser(bin);
  for (const std::string& fragment : {std::string("frame=5"), std::string("keys=End")}) {
    INFO(fragment);
    const std::string dom = browser.dump_dom(html, fragment);
    const std::size_t frame = fragment == "frame=5" ? 5 : t.frames.size() - 1;
    CHECK(attr(dom, "<body[^>]*data-frame=\"(\\d+)\"") == std::to_string(frame));
    CHECK_THAT(dom, Catch::Contains("data-board=\"ludo52\""));
    const auto& st = t.frames[frame].game;
    CHECK(pawns_shown(dom) == seats_part(ppn::replay::position_id(st)));
    CHECK(attr(dom, "<svg[^>]*data-position=\"([^\"]*)\"") == ppn::replay::position_id(st));
  }
  // The names in the yards and the last play: 5. G 6: 47/h3; 2. G 3: 40/43x captures blue's
  // token on its 17.
  const std::string at5 = browser.dump_dom(html, "frame=5");
  for (int s = 0; s < 4; ++s)
    if (t.frames[0].game.position().seat_present(s))
      CHECK_THAT(at5, Catch::Contains(">" + ppn::render::player_tag(g, s) + "</text>"));
  CHECK_THAT(at5, Catch::Contains("class=\"last-from\" data-seat=\"green\" data-square=\"47\""));
  CHECK_THAT(at5, Catch::Contains("class=\"last-to\" data-seat=\"green\" data-square=\"h3\""));
  CHECK_THAT(browser.dump_dom(html, "frame=2"), Catch::Contains("class=\"capture-mark\" data-seat=\"blue\" data-square=\"17\""));
  std::filesystem::remove(html);
}

namespace {

// The page's last screenshot decoded by the browser itself into a canvas (window.__shot), so
// that the test can read its pixels.
void load_screenshot(ppn::test::CdpBrowser& b) {
  const std::string png = b.screenshot_base64();
  REQUIRE(png.size() > 1000);
  const auto size = b.eval(
      "new Promise(function (done) { var img = new Image(); img.onload = function () {"
      " var c = document.createElement('canvas'); c.width = img.width; c.height = img.height;"
      " var x = c.getContext('2d'); x.drawImage(img, 0, 0); window.__shot = x; done(img.width + 'x' + img.height); };"
      " img.onerror = function () { done('error'); }; img.src = 'data:image/png;base64," +
          png + "'; })",
      true);
  REQUIRE(size.is_string());
  // The viewport, one screenshot pixel per CSS pixel.
  CHECK(size == b.eval("window.innerWidth * window.devicePixelRatio + 'x' + window.innerHeight * window.devicePixelRatio"));
  REQUIRE(b.eval("window.devicePixelRatio") == 1);
}

// How many pixels of the screenshot inside the box [x, y, w, h] (CSS px) are within
// `tolerance` (sum of the channels' differences) of the colour "#rrggbb".
int pixels_like(ppn::test::CdpBrowser& b, const nlohmann::json& box, const std::string& colour, int tolerance = 60) {
  const int r = std::stoi(colour.substr(1, 2), nullptr, 16), g = std::stoi(colour.substr(3, 2), nullptr, 16),
            bl = std::stoi(colour.substr(5, 2), nullptr, 16);
  std::ostringstream js;
  js << "(function () { var d = window.__shot.getImageData(" << box[0].get<double>() << ", " << box[1].get<double>() << ", "
     << box[2].get<double>() << ", " << box[3].get<double>() << ").data; var n = 0;"
     << " for (var i = 0; i < d.length; i += 4) if (Math.abs(d[i] - " << r << ") + Math.abs(d[i + 1] - " << g
     << ") + Math.abs(d[i + 2] - " << bl << ") <= " << tolerance << ") n++; return n; })()";
  const auto n = b.eval(js.str());
  REQUIRE(n.is_number());
  return n.get<int>();
}

// The box of the first element matching a selector, as [x, y, w, h] in whole CSS pixels.
nlohmann::json box_of(ppn::test::CdpBrowser& b, const std::string& selector) {
  const auto box = b.eval("(function () { var e = document.querySelector(\"" + selector +
                          "\"); if (!e) return null; var q = e.getBoundingClientRect();"
                          " return [Math.floor(q.left), Math.floor(q.top), Math.ceil(q.width), Math.ceil(q.height)]; })()");
  INFO(selector);
  REQUIRE(box.is_array());
  return box;
}

void go_to(ppn::test::CdpBrowser& b, int frame) {
  b.eval("(function(){var s=document.getElementById('slider'); s.value='" + std::to_string(frame) +
         "'; s.dispatchEvent(new Event('input'));})()");
  REQUIRE(b.eval("document.body.getAttribute('data-frame')") == std::to_string(frame));
}

// Text boxes that overlap a box of another kind, as "text / other" lines, measured by the
// browser (getBoundingClientRect) on what it laid out.
constexpr const char* kOverlapsJs = R"JS(
function overlaps(texts, others) {
  var out = [];
  texts.forEach(function (t) {
    var a = t.getBoundingClientRect();
    others.forEach(function (o) {
      var b = o.getBoundingClientRect();
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        out.push(t.textContent + ' / ' + (o.getAttribute('data-square') || o.textContent));
    });
  });
  return out;
}
)JS";

}  // namespace

TEST_CASE("board in headless Chromium: a screenshot shows the players' names and the last play", "[render][browser]") {
  CHROMIUM_OR_SKIP(bin);
  const auto file = source_path("samples/01-four-player-family-night.ppn").string();
  const auto g = read_game(file);
  const auto t = ppn::render::build_timeline(g);
  const auto html = viewer_of(file, "ppn-viewer-marks");
  ppn::test::CdpBrowser browser(bin);
  REQUIRE(browser.open("file://" + html.string()));
  browser.eval(kOverlapsJs);  // defines overlaps() in the page

  // 22. Y 3-3: 15/18 18/21x +20 21/41 -- yellow captures green's pawn on its 21 (green's 4).
  const int f22 = t.frame_of_number(22);
  go_to(browser, f22);
  CHECK(browser.eval("Array.prototype.map.call(document.querySelectorAll('#names .player-name'),"
                     " function (e) { return e.getAttribute('data-seat') + ':' + e.textContent; }).join(',')") ==
        "green:Marta Ruiz,red:Gus Olsen,blue:Priya Nair,yellow:Tomas Ruiz");
  CHECK(browser.eval("Array.prototype.map.call(document.querySelectorAll('#last-play .last-to'),"
                     " function (e) { return e.getAttribute('data-square'); }).join(',')") == "18,21,41");
  CHECK(browser.eval("document.querySelector('#capture-marks .capture-mark').getAttribute('data-square')") == "4");

  // What the screenshot shows: the name in its ink, the to-square's orange frame around the
  // pawn now on 41, the red cross of the capture.
  load_screenshot(browser);
  const auto name_box = box_of(browser, "#names .player-name[data-seat=green]");
  const auto to_box = box_of(browser, "#last-play .last-to[data-square='41']");
  const auto cap_box = box_of(browser, "#capture-marks .capture-mark circle");
  CHECK(pixels_like(browser, name_box, "#1e7a34") > 40);  // green's ink, bold 15 px text
  CHECK(pixels_like(browser, to_box, "#ff7a00") > 40);    // the 3 px orange outline
  CHECK(pixels_like(browser, cap_box, "#d0021b") > 40);   // the red badge
  // At the start nothing is marked: the same places show no orange and no red.
  go_to(browser, 0);
  load_screenshot(browser);
  CHECK(pixels_like(browser, to_box, "#ff7a00") == 0);
  CHECK(pixels_like(browser, cap_box, "#d0021b") == 0);
  CHECK(pixels_like(browser, name_box, "#1e7a34") > 40);  // the names stay

  // In every frame, no pawn covers a square label or a name, as the browser lays them out.
  const auto covered = browser.eval(
      "(function () { var s = document.getElementById('slider'), out = [];"
      " for (var i = 0; i <= Number(s.max); i++) { s.value = String(i); s.dispatchEvent(new Event('input'));"
      "  var labels = Array.prototype.slice.call(document.querySelectorAll('#board text, #names text'));"
      "  var pawns = Array.prototype.slice.call(document.querySelectorAll('#pawns .pawn'));"
      "  overlaps(labels, pawns).forEach(function (o) { out.push(i + ': ' + o); }); }"
      " return out; })()");
  REQUIRE(covered.is_array());
  CHECK(covered.dump() == "[]");

  // The charts mark the current roll: the cursor of the race and luck charts at x = 22 of
  // 0..97, the faces chart's bar of the 3s.
  go_to(browser, f22);
  const auto cursors = browser.eval(
      "Array.prototype.map.call(document.querySelectorAll('#charts .roll-cursor'), function (c) {"
      " var l = Number(c.getAttribute('data-left')), r = Number(c.getAttribute('data-right'));"
      " return [c.getAttribute('visibility'), Number(c.getAttribute('x1')), l + 22 / 97 * (r - l)]; })");
  REQUIRE(cursors.is_array());
  CHECK(cursors.size() == 2);
  for (const auto& c : cursors) {
    CHECK(c[0] == "visible");
    CHECK(c[1].get<double>() == Approx(c[2].get<double>()));
  }
  CHECK(browser.eval("Array.prototype.map.call(document.querySelectorAll('#charts .face-bar.current'),"
                     " function (e) { return e.getAttribute('data-face'); }).join(',')") == "3");
  go_to(browser, t.frame_of_number(40));  // 40. B 5-6
  CHECK(browser.eval("Array.prototype.map.call(document.querySelectorAll('#charts .face-bar.current'),"
                     " function (e) { return e.getAttribute('data-face'); }).join(',')") == "5,6");
  // The charts' tick labels clear of their axis titles, as laid out.
  CHECK(browser.eval("overlaps(Array.prototype.slice.call(document.querySelectorAll('#charts .axis-title')),"
                     " Array.prototype.slice.call(document.querySelectorAll('#charts .tick'))).length") == 0);
  std::filesystem::remove(html);
}

TEST_CASE("charts in headless Chromium: large numbers keep their tick labels clear of the axis title", "[analysis][charts][browser]") {
  CHROMIUM_OR_SKIP(bin);
  ppn::analysis::DiceSample many;
  for (int i = 0; i < 1234567; ++i) many.add(1 + i % 6, 1 + (i / 6) % 6);
  const auto svg = std::filesystem::temp_directory_path() / ("ppn-chart-" + std::to_string(::getpid()) + ".svg");
  {
    std::ofstream out(svg);
    out << ppn::analysis::faces_chart(many, "Dice faces: 1,234,567 throws");
  }
  ppn::test::CdpBrowser browser(bin);
  REQUIRE(browser.open("file://" + svg.string()));
  browser.eval(kOverlapsJs);
  CHECK(browser.eval("document.querySelectorAll('.tick.y').length").get<int>() >= 4);
  CHECK(browser.eval("Array.prototype.every.call(document.querySelectorAll('.tick.y'), function (t) {"
                     " return /^\\d{1,3}(,\\d{3})*$/.test(t.textContent); })") == true);
  CHECK(browser.eval("overlaps(Array.prototype.slice.call(document.querySelectorAll('.axis-title')),"
                     " Array.prototype.slice.call(document.querySelectorAll('.tick'))).join('; ')") == "");
  std::filesystem::remove(svg);
}
