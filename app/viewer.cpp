// The one-page viewer of a game (see viewer.hpp).
#include "app/viewer.hpp"

#include <variant>
#include <vector>

#include "analysis/charts.hpp"
#include "analysis/dice_audit.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"
#include "render/html_viewer.hpp"
#include "render/timeline.hpp"

namespace ppn::app {

namespace {

std::string luck_of(const Game& game, const replay::ReplayConfig& cfg, const analysis::GameStats& gs, const std::string& title) {
  analysis::AnalyzeConfig ac;
  ac.quality = false;
  ac.threads = 1;  // one page, one thread: a server runs many at once
  return analysis::luck_chart(analysis::analyze_game(game, cfg, ac), gs.seat_order, title + ": cumulative luck");
}

}  // namespace

std::string luck_chart_of(const Game& game, const replay::ReplayConfig& cfg, const std::string& title) {
  const auto gs = analysis::compute_game_stats(game, cfg);
  return gs.replayed ? luck_of(game, cfg, gs, title) : std::string();
}

Result<std::string> viewer_page(const Game& game, const replay::ReplayConfig& cfg, const std::string& title, bool luck) {
  const render::Timeline t = render::build_timeline(game, cfg);
  if (!t.setup_error.empty()) return failure(Code::setup, t.setup_error);
  std::vector<std::string> charts;
  const auto gs = analysis::compute_game_stats(game, cfg);
  if (gs.replayed) {
    charts.push_back(analysis::race_chart(gs, title + ": steps to HOME"));
    if (luck) charts.push_back(luck_of(game, cfg, gs, title));
  }
  analysis::DiceSample dice;
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) dice.add(r->dice[0], r->dice[1]);
  charts.push_back(analysis::faces_chart(dice, "Dice faces: " + std::to_string(dice.rolls) + " throws"));
  return render::html_viewer(t, game, title, charts);
}

}  // namespace ppn::app
