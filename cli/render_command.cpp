#include "cli/render_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "analysis/charts.hpp"
#include "analysis/dice_audit.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"
#include "cli/game_select.hpp"
#include "cli/output.hpp"
#include "render/html_viewer.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"

namespace ppn::cli {

namespace {

struct RenderArgs {
  std::string file;
  std::size_t game = 1;
  long long at = -1;
  bool html = false;
  std::string output;
  std::string variant;
  std::vector<std::string> options;
};

int run_render(const RenderArgs& a) {
  if (a.html == (a.at >= 0)) {
    std::cerr << "render: give either --at ROLL (an SVG of that position) or --html (the whole game)\n";
    return 2;
  }
  auto output = open_output("render", a.output, {a.file}, SameAsInput::refuse);
  if (!output) return 2;
  auto game = select_game("render", a.file, a.game);
  if (!game) return 2;
  replay::ReplayConfig cfg;
  cfg.variant = a.variant;
  cfg.options = a.options;
  const render::Timeline t = render::build_timeline(*game, cfg);
  if (!t.setup_error.empty()) {
    std::cerr << display_name(a.file) << ":" << game->source_line << ": error: game " << a.game
              << " cannot be replayed: " << t.setup_error << "\n";
    return 2;
  }
  std::string doc;
  if (a.html) {
    std::string title(game->tag_value("Event"));
    if (title.empty()) title = display_name(a.file) + ", game " + std::to_string(a.game);
    // The game's charts under the board (issue 7): the race, the cumulative luck (the race
    // evaluator only: no rollouts) and the dice faces of this game.
    std::vector<std::string> charts;
    const auto gs = analysis::compute_game_stats(*game, cfg);
    if (gs.replayed) {
      charts.push_back(analysis::race_chart(gs, title + ": steps to HOME"));
      analysis::AnalyzeConfig ac;
      ac.quality = false;
      charts.push_back(analysis::luck_chart(analysis::analyze_game(*game, cfg, ac), gs.seat_order, title + ": cumulative luck"));
    }
    analysis::DiceSample dice;
    for (const auto& e : game->movetext)
      if (const Roll* r = std::get_if<Roll>(&e)) dice.add(r->dice[0], r->dice[1]);
    charts.push_back(analysis::faces_chart(dice, "Dice faces: " + std::to_string(dice.rolls) + " throws"));
    doc = render::html_viewer(t, *game, title, charts);
  } else {
    const int f = t.frame_of_number(static_cast<std::uint32_t>(a.at));
    if (f < 0) {
      std::cerr << "render: game " << a.game << " has no roll " << a.at
                << " (rolls are numbered as recorded; 0 is the start)\n";
      return 2;
    }
    doc = render::svg_frame(t, f, *game);
  }
  output->stream() << doc;
  return finish_output("render", *output);
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<RenderArgs>();
  auto* sub = app.add_subcommand("render", "Draw a position as SVG (--at) or the whole game as a self-contained HTML viewer (--html)");
  sub->add_option("file", a->file, "PPN file ('-' for standard input)")->required();
  sub->add_option("--game", a->game, "Which game of the file (1-based)")->capture_default_str()->check(CLI::PositiveNumber);
  sub->add_option("--at", a->at, "SVG of the position after this roll number (0: the start)")->check(CLI::NonNegativeNumber);
  sub->add_flag("--html", a->html, "One HTML file that replays the game step by step");
  sub->add_option("-o,--output", a->output, "Write to this file (default: standard output)");
  sub->add_option("--variant", a->variant, "Rule profile, overriding [Variant]: " + replay::profile_names());
  sub->add_option("--option", a->options, "Override one rule option, name=value (repeatable)");
  sub->callback([a, &exit_code]() { exit_code = run_render(*a); });
}

}  // namespace ppn::cli
