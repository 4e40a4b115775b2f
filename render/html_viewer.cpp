#include "render/html_viewer.hpp"

#include <array>
#include <nlohmann/json.hpp>

#include "notation/colour.hpp"
#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "render/layout.hpp"
#include "render/svg_board.hpp"
#include "replay/bridge.hpp"

namespace ppn::render {

namespace {

constexpr const char* kCss = R"CSS(
body { font-family: system-ui, sans-serif; margin: 0; background: #f7f3ea; color: #222; }
header { padding: 8px 16px; background: #3b3024; color: #f7f3ea; }
header h1 { font-size: 18px; margin: 0; }
header .tags { font-size: 13px; opacity: 0.85; }
main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px 16px; align-items: flex-start; }
#board svg { max-width: 100%; height: auto; }
#charts { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0; }
#charts figure { margin: 0; background: #fff; border: 1px solid #d8cfbd; padding: 6px; }
#charts svg { max-width: 100%; height: auto; }
aside { flex: 1 1 380px; min-width: 320px; }
#controls { display: flex; gap: 6px; align-items: center; margin-bottom: 8px; }
#controls button { font-size: 16px; padding: 4px 10px; }
#slider { flex: 1; }
#status { font-family: monospace; font-size: 15px; margin: 6px 0; white-space: pre-wrap; }
#diagnostics .diag { border-left: 4px solid #b00020; background: #fde7ea; padding: 6px 8px; margin: 6px 0; font-size: 13px; }
#diagnostics .diag.warning { border-color: #b07000; background: #fff4de; }
#diagnostics .code { font-weight: bold; font-family: monospace; }
#diagnostics .alts { font-family: monospace; margin-top: 4px; }
#ppn { font-family: monospace; font-size: 13px; background: #fff; border: 1px solid #d8cfbd; padding: 8px; max-height: 420px; overflow: auto; white-space: pre-wrap; }
#ppn .roll { cursor: pointer; display: block; }
#ppn .roll.illegal { color: #b00020; text-decoration: underline wavy #b00020; }
#ppn .roll.unchecked { color: #777; }
#ppn .roll.current { background: #ffe08a; outline: 1px solid #c9a227; }
#charts .face-bar.current { fill: #ff7a00; stroke: #222; stroke-width: 2; }
#help { font-size: 12px; color: #555; margin-top: 6px; }
)CSS";

constexpr const char* kScript = R"JS(
(function () {
  'use strict';
  var frames = JSON.parse(document.getElementById('frames').textContent);
  var svg = document.querySelector('#board svg');
  var pawns = document.getElementById('pawns');
  var lastPlay = document.getElementById('last-play');
  var captureMarks = document.getElementById('capture-marks');
  var dice = document.getElementById('dice');
  var slider = document.getElementById('slider');
  var statusBox = document.getElementById('status');
  var diagBox = document.getElementById('diagnostics');
  var rolls = document.querySelectorAll('#ppn .roll');
  var current = -1;
  function text(tag, cls, s) { var e = document.createElement(tag); if (cls) e.className = cls; e.textContent = s; return e; }
  // The charts mark the current roll (analysis/charts.hpp): a line chart's cursor moves to
  // x = the frame (the roll's ordinal, 0 = the start) and hides outside the chart's x range;
  // a faces chart outlines the bars of the current roll's faces.
  function markCharts(i, faces) {
    var cursors = document.querySelectorAll('#charts .roll-cursor');
    for (var k = 0; k < cursors.length; k++) {
      var c = cursors[k], x0 = Number(c.getAttribute('data-x0')), x1 = Number(c.getAttribute('data-x1'));
      var left = Number(c.getAttribute('data-left')), right = Number(c.getAttribute('data-right'));
      var on = i >= x0 && i <= x1 && x1 > x0;
      var x = on ? left + (i - x0) / (x1 - x0) * (right - left) : left;
      c.setAttribute('x1', String(x));
      c.setAttribute('x2', String(x));
      c.setAttribute('visibility', on ? 'visible' : 'hidden');
      c.setAttribute('data-frame', String(i));
    }
    var bars = document.querySelectorAll('#charts .face-bar');
    for (var b = 0; b < bars.length; b++)
      bars[b].classList.toggle('current', faces.indexOf(Number(bars[b].getAttribute('data-face'))) >= 0);
  }
  function show(i) {
    i = Math.max(0, Math.min(frames.length - 1, i));
    var f = frames[i];
    current = i;
    pawns.innerHTML = f.pawns;
    lastPlay.innerHTML = f.lastPlay;
    captureMarks.innerHTML = f.captures;
    markCharts(i, f.faces);
    dice.innerHTML = f.dice;
    svg.setAttribute('data-position', f.position);
    slider.value = String(i);
    statusBox.textContent = f.label + '\n' + f.next;
    diagBox.innerHTML = '';
    f.diagnostics.forEach(function (d) {
      var box = text('div', 'diag ' + d.severity, '');
      box.appendChild(text('span', 'code', d.code + ': '));
      box.appendChild(text('span', 'message', d.message));
      if (d.alternatives.length) box.appendChild(text('div', 'alts', 'legal: ' + d.alternatives.join(' | ')));
      diagBox.appendChild(box);
    });
    for (var k = 0; k < rolls.length; k++) {
      var on = Number(rolls[k].getAttribute('data-frame')) === i;
      rolls[k].classList.toggle('current', on);
      if (on && rolls[k].scrollIntoView) rolls[k].scrollIntoView({block: 'nearest'});
    }
    document.body.setAttribute('data-frame', String(i));
  }
  function onKey(key) {
    if (key === 'ArrowRight' || key === 'n' || key === ' ') show(current + 1);
    else if (key === 'ArrowLeft' || key === 'p') show(current - 1);
    else if (key === 'Home') show(0);
    else if (key === 'End') show(frames.length - 1);
    else return false;
    return true;
  }
  document.addEventListener('keydown', function (ev) {
    if (ev.target === slider && (ev.key === 'ArrowRight' || ev.key === 'ArrowLeft')) return;  // the slider moves itself
    if (onKey(ev.key)) ev.preventDefault();
  });
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.getElementById('last').addEventListener('click', function () { show(frames.length - 1); });
  for (var k = 0; k < rolls.length; k++)
    rolls[k].addEventListener('click', function (ev) { show(Number(ev.currentTarget.getAttribute('data-frame'))); });
  // URL fragment: #frame=N starts at frame N; #keys=K1,K2 presses keys (test hook, links).
  var start = 0, keys = [];
  location.hash.replace(/^#/, '').split('&').forEach(function (part) {
    var kv = part.split('=');
    if (kv[0] === 'frame') start = Number(kv[1]) || 0;
    if (kv[0] === 'keys' && kv[1]) keys = decodeURIComponent(kv[1]).split(',');
  });
  show(start);
  keys.forEach(function (k) {
    document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, cancelable: true}));
  });
  document.body.setAttribute('data-ready', '1');
})();
)JS";

std::string entry_text(const MovetextEntry& e, std::uint32_t ordinal) {
  if (const Roll* r = std::get_if<Roll>(&e)) return to_ppn(*r, ordinal);
  if (const auto* o = std::get_if<ObservedPosition>(&e)) return "@ " + format_position_id(o->position);
  const auto& w = std::get<Withdrawal>(e);
  return std::string(1, colour_letter(w.seat)) + (w.kind == WithdrawalKind::Resigns ? " RESIGNS" : " ABANDONS");
}

}  // namespace

std::string html_viewer(const Timeline& t, const Game& game, const std::string& title,
                        const std::vector<std::string>& charts) {
  nlohmann::json frames = nlohmann::json::array();
  const int n = static_cast<int>(t.frames.size());
  for (int i = 0; i < n; ++i) {
    const Frame& f = t.frames[static_cast<std::size_t>(i)];
    const rules::Game& st = f.game;
    const std::vector<Colour> ranking = st.ranking();
    std::string next;
    if (i == n - 1 && t.game_over && !ranking.empty())
      next = "Game over: " + std::string(colour_name(ranking.front())) + " wins";
    else if (is_ludo_board(t.geometry))  // one die: the same seat rolls again after a 6 (Ludo rules, Gameplay)
      next = std::string(colour_name(st.to_move())) + " to roll" +
             (f.roll && f.roll->seat == st.to_move() ? " again" : "");
    else
      next = std::string(colour_name(st.to_move())) + " to roll" +
             (st.doublets() ? " again (doublet " + std::to_string(st.doublets()) + ")" : "");
    nlohmann::json diags = nlohmann::json::array();
    auto add = [&](const replay::ReplayDiagnostic& d) {
      std::string msg = cited(d.message, d.citation) + (d.as_played ? " (shown as played)" : "");
      if (d.step_index >= 0) msg += " (mini-move " + std::to_string(d.step_index + 1) + ")";
      diags.push_back({{"code", std::string(d.name())},
                       {"severity", code_class(d.code) == Severity::warning ? "warning" : "error"},
                       {"message", msg},
                       {"alternatives", d.alternatives}});
    };
    for (const auto& d : f.diagnostics) add(d);
    if (i == n - 1)
      for (const auto& d : t.game_diagnostics) add(d);
    std::string label = f.roll_index < 0 ? "Start of the game (" + t.profile + ")"
                                          : "Roll " + std::to_string(f.number) + " (" + std::to_string(i) + " of " +
                                                std::to_string(n - 1) + "): " + f.move_text;
    if (f.roll_index >= 0 && !f.applied) label += "  [not replayed]";
    else if (!f.legal) label += "  [illegal, shown as played]";
    else if (!f.checked) label += "  [not checked: after an illegal roll, shown as played]";
    frames.push_back({{"frame", i},
                      {"number", f.number},
                      {"label", label},
                      {"next", next},
                      {"position", replay::position_id(st)},
                      {"pawns", svg_pawn_layer(st.position(), t.geometry)},
                      {"lastPlay", svg_last_play_layer(f, t.geometry)},
                      {"captures", svg_capture_layer(f, t.geometry)},
                      {"faces", f.roll ? std::vector<int>(f.roll->dice.begin(), f.roll->dice.begin() + f.roll->dice_count())
                                       : std::vector<int>()},
                      {"dice", svg_dice_layer(f.roll)},
                      {"legal", f.legal},
                      {"diagnostics", diags}});
  }
  // A name that is not valid UTF-8 has each invalid byte written as U+FFFD (docs/JSON_OUTPUT.md).
  std::string data = frames.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Inside <script>, "</" must not appear (it could close the element).
  std::string safe;
  safe.reserve(data.size());
  for (std::size_t i = 0; i < data.size(); ++i) {
    if (data[i] == '<' && i + 1 < data.size() && (data[i + 1] == '/' || data[i + 1] == '!')) safe += "\\u003c";
    else safe += data[i];
  }

  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<title>" + xml_escape(title) + "</title>\n<style>" + kCss + "</style>\n</head>\n<body data-frame=\"0\">\n";
  out += "<header><h1>" + xml_escape(title) + "</h1><div class=\"tags\">";
  std::string tags;
  for (const auto& tg : game.tags) tags += (tags.empty() ? "" : " \u00b7 ") + tg.name + ": " + tg.value;
  out += xml_escape(tags) + "</div></header>\n<main>\n<div id=\"board\">";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(kSvgWidth) + "\" height=\"" +
         std::to_string(kSvgHeight) + "\" viewBox=\"0 0 " + std::to_string(kSvgWidth) + " " +
         std::to_string(kSvgHeight) + "\" data-position=\"\">";
  unsigned seats = 0;
  for (int s = 0; s < rules::kMaxSeats; ++s) seats |= t.frames.front().game.position().seat_present(s) ? 1u << s : 0u;
  std::array<std::string, 4> names;
  for (int s = 0; s < 4; ++s) names[static_cast<std::size_t>(s)] = nest_label(game, s);
  out += svg_board_layer(seats, t.geometry) + svg_names_layer(names, seats, t.geometry) +
         "<g id=\"last-play\"></g><g id=\"pawns\"></g><g id=\"capture-marks\"></g><g id=\"dice\"></g></svg></div>\n<aside>\n";
  out += "<div id=\"controls\"><button id=\"first\" title=\"first (Home)\">&#x25C0;&#x25C0;</button>"
         "<button id=\"prev\" title=\"previous (left arrow)\">&#x25C0;</button>"
         "<button id=\"next\" title=\"next (right arrow)\">&#x25B6;</button>"
         "<button id=\"last\" title=\"last (End)\">&#x25B6;&#x25B6;</button>"
         "<input id=\"slider\" type=\"range\" min=\"0\" max=\"" + std::to_string(n - 1) + "\" value=\"0\" aria-label=\"roll\"></div>\n";
  out += "<div id=\"status\"></div>\n<div id=\"diagnostics\"></div>\n<div id=\"ppn\">";
  // The game's text: tags and comments, then one line per movetext entry; roll lines are
  // clickable and carry their frame.
  std::string head;
  for (const auto& tg : game.tags) head += "[" + tg.name + " \"" + tg.value + "\"]\n";
  for (const auto& c : game.leading_comments) head += "{ " + c + " }\n";
  out += "<span class=\"roll\" data-frame=\"0\">" + xml_escape(head) + "</span>";
  int roll = 0;
  for (const auto& e : game.movetext) {
    if (std::holds_alternative<Roll>(e)) {
      ++roll;
      const Frame& f = t.frames[static_cast<std::size_t>(roll)];
      const char* mark = !f.legal || !f.applied ? " illegal" : !f.checked ? " unchecked" : "";
      out += "<span class=\"roll" + std::string(mark) + "\" data-frame=\"" +
             std::to_string(roll) + "\">" + xml_escape(f.roll_text) + "</span>";
    } else {
      out += "<span class=\"entry\">" + xml_escape(entry_text(e, 0)) + "</span>\n";
    }
  }
  out += "</div>\n<div id=\"help\">Keys: &#x2192; / &#x2190; (or n / p) step, Home / End first and last. "
         "Click a roll to jump there.</div>\n</aside>\n</main>\n";
  if (!charts.empty()) {
    out += "<section id=\"charts\">";
    for (const auto& c : charts) {
      // Each chart is a whole SVG document: drop its XML declaration, keep the <svg>.
      const auto at = c.find("<svg");
      out += "<figure class=\"chart\">" + (at == std::string::npos ? std::string() : c.substr(at)) + "</figure>";
    }
    out += "</section>\n";
  }
  out += "<script type=\"application/json\" id=\"frames\">" + safe + "</script>\n";
  out += "<script>" + std::string(html_viewer_script()) + "</script>\n</body>\n</html>\n";
  return out;
}

std::string_view html_viewer_script() { return kScript; }

}  // namespace ppn::render
