// SVG charts: standalone SVG 1.1 documents as text, no scripts, no
// external resources, so a file viewer and the HTML viewer (render/) can both use them as-is.
//
//   std::string svg = race_chart(game_stats, "Family night");        // steps to HOME per seat
//   std::string svg = luck_chart(game_analysis, seat_order, title);   // cumulative luck per seat
//   std::string svg = faces_chart(dice_sample, title);                // faces vs the expected line
//   std::string svg = calibration_chart({{"race", &cal}}, title);      // estimate vs share won
//
// Numbers have thousands separators ("12,345"); the plot's left margin grows with the widest
// y tick label so that no tick label touches the axis title. Line charts carry a hidden
// roll cursor and face bars their face (class/data attributes, analysis/README.md "Charts"),
// which the HTML viewer uses to mark the roll it shows.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/calibration.hpp"
#include "analysis/dice_audit.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"

namespace ppn::analysis {

// The race over a game: steps to HOME of every seat after every roll (GameStats::race).
std::string race_chart(const GameStats& gs, const std::string& title);
// Cumulative luck per seat over the analysed rolls (GameAnalysis::cumulative_luck), in
// percentage points of winning chance. `seats`: the seats to draw, in legend order.
std::string luck_chart(const GameAnalysis& ga, const std::vector<Colour>& seats, const std::string& title);
// Face frequencies: one bar per face, the expected count as a line, and the band of two
// standard deviations around it.
std::string faces_chart(const DiceSample& s, const std::string& title);

// Calibration of winning-chance estimates (ppn bench evaluator): per estimate, its deciles'
// mean estimate against the share won, with the diagonal of a perfect estimate.
std::string calibration_chart(const std::vector<std::pair<std::string, const Calibration*>>& estimates,
                              const std::string& title);

// "&amp;", "&lt;", ... for text inside SVG.
std::string xml_escape(const std::string& s);

}  // namespace ppn::analysis
