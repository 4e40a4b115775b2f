// `ppn render --html`: one self-contained HTML file that replays a game step by step. No
// network and no external scripts: the board SVG, the CSS, the script and every frame are in
// the file.
//
// The page shows the SVG board (render/svg_board.hpp), the PPN text of the game with the
// current roll highlighted (illegal rolls marked), buttons (first, previous, next, last), a
// slider to jump, and the diagnostics of the current roll. Keys: right / left arrow (also n /
// p), Home / End.
//
// What the page shows is readable from the DOM: <body data-frame="3">, the board's
// <svg data-position="position ID">, each pawn as <circle class="pawn" data-seat data-square>,
// the highlighted roll as <span class="roll current" data-frame="3">. A URL fragment
// `#keys=ArrowRight,ArrowRight,End` presses those keys after loading (a hook for tests and for
// links to a moment of the game: `#frame=41`), then sets <body data-ready="1">.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/game.hpp"
#include "render/timeline.hpp"

namespace ppn::render {

// `charts`: SVG documents shown under the board and the game text, in a <section id="charts">
// (ppn render passes the race, cumulative luck and dice-face charts of analysis/charts.hpp;
// render/ itself draws no charts).
std::string html_viewer(const Timeline& t, const Game& game, const std::string& title,
                        const std::vector<std::string>& charts = {});

// The page's one script that runs (the frames are a JSON data block), exactly as the page holds
// it: a server names it in its Content-Security-Policy by its hash.
std::string_view html_viewer_script();

}  // namespace ppn::render
