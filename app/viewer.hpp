// The one-page viewer of a game (`ppn render --html`, the game page of `ppn serve`): the
// replay's frames (render/timeline.hpp) drawn by render/html_viewer with the game's charts under
// the board: the race, the cumulative luck (the neural evaluator's, as `ppn analyze` gives
// it at its default level) and the dice faces of this game.
#pragma once

#include <string>

#include "notation/game.hpp"
#include "notation/result.hpp"
#include "replay/replayer.hpp"

namespace ppn::app {

// The page, titled `title`; without `luck` the luck chart (the costly one: the neural
// evaluator over every throw of every roll) is left out, for a caller that serves it apart
// (luck_chart_of). Error: E-SETUP with the reason when the game cannot be replayed at all (its
// setup).
Result<std::string> viewer_page(const Game& game, const replay::ReplayConfig& cfg, const std::string& title,
                                bool luck = true);
// The luck chart of the page alone (an SVG document); "" when the game cannot be replayed.
std::string luck_chart_of(const Game& game, const replay::ReplayConfig& cfg, const std::string& title);

}  // namespace ppn::app
