#include "cli/render_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "app/viewer.hpp"
#include "cli/game_select.hpp"
#include "cli/output.hpp"
#include "cli/replay_options.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"

namespace ppn::cli {

namespace {

struct RenderArgs {
  GameChoice choice;  // FILE [--game N] or --db PATH --game ID
  long long at = -1;
  bool html = false;
  std::string output;
  ReplayFlags replay;
};

int run_render(const RenderArgs& a) {
  if (a.html == (a.at >= 0)) {
    std::cerr << "render: give either --at ROLL (an SVG of that position) or --html (the whole game)\n";
    return 2;
  }
  const auto cfg = replay_config(a.replay, "render");
  if (!cfg) return 2;
  auto output = open_output("render", a.output, {a.choice.file}, SameAsInput::refuse, {a.choice.db});
  if (!output) return 2;
  auto game = select_game("render", a.choice);
  if (!game) return 2;
  std::string doc;
  if (a.html) {
    std::string title(game->tag_value("Event"));
    if (title.empty()) title = a.choice.describe();
    auto page = app::viewer_page(*game, *cfg, title);
    if (!page) {
      std::cerr << game->source_file << ":" << game->source_line << ": error: game " << a.choice.number()
                << " cannot be replayed: " << page.error().message << "\n";
      return 2;
    }
    doc = std::move(*page);
  } else {
    const render::Timeline t = render::build_timeline(*game, *cfg);
    if (!t.setup_error.empty()) {
      std::cerr << game->source_file << ":" << game->source_line << ": error: game " << a.choice.number()
                << " cannot be replayed: " << t.setup_error << "\n";
      return 2;
    }
    const int f = t.frame_of_number(static_cast<std::uint32_t>(a.at));
    if (f < 0) {
      std::cerr << "render: game " << a.choice.number() << " has no roll " << a.at
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
  add_game_choice(sub, a->choice);
  sub->add_option("--at", a->at, "SVG of the position after this roll number (0: the start)")->check(CLI::NonNegativeNumber);
  sub->add_flag("--html", a->html, "One HTML file that replays the game step by step");
  sub->add_option("-o,--output", a->output, "Write to this file (default: standard output)");
  add_rule_options(sub, a->replay, record_variant_help("inferred per game"));
  sub->callback([a, &exit_code]() { exit_code = run_render(*a); });
}

}  // namespace ppn::cli
