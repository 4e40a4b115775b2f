#include "cli/replay_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "cli/game_select.hpp"
#include "cli/replay_options.hpp"
#include "render/stepper.hpp"
#include "render/text_board.hpp"
#include "render/timeline.hpp"

namespace ppn::cli {

namespace {

struct ReplayArgs {
  GameChoice choice;  // FILE [--game N] or --db PATH --game ID
  long long at = -1;
  ReplayFlags replay;
  std::string color = "auto";
};

int run_replay(const ReplayArgs& a) {
  const auto cfg = replay_config(a.replay, "replay");
  if (!cfg) return 2;
  auto game = select_game("replay", a.choice);
  if (!game) return 2;
  const render::Timeline t = render::build_timeline(*game, *cfg);
  if (!t.setup_error.empty()) {
    std::cerr << game->source_file << ":" << game->source_line << ": error: game " << a.choice.number()
              << " cannot be replayed: " << t.setup_error << "\n";
    return 2;
  }
  const std::string title = a.choice.describe() + " (" + t.profile + ")";
  const bool tty_out = ::isatty(STDOUT_FILENO) != 0;
  render::TextStyle style;
  style.colour = a.color == "always" || (a.color == "auto" && render::colour_wanted(tty_out));

  if (a.at >= 0) {
    const int f = t.frame_of_number(static_cast<std::uint32_t>(a.at));
    if (f < 0) {
      std::cerr << "replay: game " << a.choice.number() << " has no roll " << a.at << " (rolls are numbered as recorded; 0 is the start)\n";
      return 2;
    }
    std::cout << render::text_frame(t, f, *game, title, style);
    return 0;
  }
  if (tty_out && ::isatty(STDIN_FILENO)) return render::run_terminal_stepper(t, *game, title, STDIN_FILENO, STDOUT_FILENO, style.colour);
  for (std::size_t i = 0; i < t.frames.size(); ++i) {
    if (i) std::cout << "\n";
    std::cout << render::text_frame(t, static_cast<int>(i), *game, title, style);
  }
  std::cout.flush();
  return std::cout ? 0 : 2;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ReplayArgs>();
  auto* sub = app.add_subcommand("replay", "Step through a recorded game on the terminal (prints the positions when not on a terminal)");
  add_game_choice(sub, a->choice);
  sub->add_option("--at", a->at, "Print the position after this roll number (0: the start) and exit")->check(CLI::NonNegativeNumber);
  add_rule_options(sub, a->replay, record_variant_help("inferred per game"));
  sub->add_option("--color", a->color, "Colours: auto (a terminal, unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  sub->callback([a, &exit_code]() { exit_code = run_replay(*a); });
}

}  // namespace ppn::cli
