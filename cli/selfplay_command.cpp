#include "cli/selfplay_command.hpp"

#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "analysis/selfplay.hpp"
#include "notation/printer.hpp"
#include "notation/text_util.hpp"

namespace ppn::cli {

namespace {

struct SelfplayArgs {
  analysis::SelfplayConfig cfg;
  ReplayFlags flags{cfg.variant, cfg.options};  // --variant, --option: copied into cfg
  int games = 10;
  std::vector<std::string> bots;  // one per seat in turn order; empty: greedy and random alternating
  std::string output = "-";
};

int run_selfplay(SelfplayArgs& a) {
  a.cfg.variant = a.flags.variant;
  a.cfg.options = a.flags.options;
  auto made = analysis::make_selfplay(a.cfg);
  if (!made) {
    std::cerr << "selfplay: " << made.error().message << "\n";
    return 2;
  }
  const analysis::Selfplay& sp = *made;
  std::vector<analysis::SeatBot> bots;
  if (!a.bots.empty() && static_cast<int>(a.bots.size()) != a.cfg.players) {
    std::cerr << "selfplay: --bots names " << a.bots.size() << " bots for " << a.cfg.players << " players\n";
    return 2;
  }
  for (const auto& name : a.bots) {
    const auto kind = analysis::bot_kind_of(name);
    if (!kind) {
      std::cerr << "selfplay: --bots: the bots are random, greedy, eval, net0 and net1, not \"" << name << "\"\n";
      return 2;
    }
    if (!analysis::bot_available(*kind, rules::geometry_of(*rules::profile_options(a.cfg.variant).options).ludo)) {
      std::cerr << "selfplay: --bots: the " << name << " bot has no trained net for this board\n";
      return 2;
    }
    bots.push_back({.kind = *kind});
  }
  auto output = open_output("selfplay", a.output, {}, SameAsInput::refuse);
  if (!output) return 2;
  std::ostream* out = &output->stream();
  std::string text;
  // The games played, on standard error when it is a terminal, unless the games themselves are
  // being printed on it.
  const bool printing_here = a.output == "-" && ::isatty(STDOUT_FILENO) && ::isatty(STDERR_FILENO);
  Progress bar("selfplay", static_cast<std::uint64_t>(a.games), STDERR_FILENO, !printing_here);
  for (int i = 0; i < a.games; ++i) {
    text.clear();
    append_ppn(text, bots.empty() ? sp.play_game(static_cast<std::uint64_t>(i)) : sp.play_game(static_cast<std::uint64_t>(i), bots));
    out->write(text.data(), static_cast<std::streamsize>(text.size()));
    bar.update(static_cast<std::uint64_t>(i) + 1, plural(static_cast<std::size_t>(i) + 1, "game", "games") + " of " +
                                                      std::to_string(a.games));
  }
  bar.finish();
  return finish_output("selfplay", *output);
}

}  // namespace

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<SelfplayArgs>();
  auto* sub = app.add_subcommand("selfplay", "Write legal PPN games played by simple bots (deterministic for a seed)");
  add_rule_options(sub, a->flags, "Rule profile: " + rules::profile_names())->capture_default_str();
  sub->add_option("--games,-n", a->games, "Number of games")->capture_default_str()->check(CLI::Range(0, 100000000));
  sub->add_option("--seed", a->cfg.seed, "Random seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_option("--bots", a->bots,
                  "The bot of each seat in turn order (random, greedy, eval, net0, net1), comma-separated; default greedy and "
                  "random alternating")
      ->delimiter(',');
  sub->add_option("-o,--output", a->output, "Output file ('-' for standard output)")->capture_default_str();
  sub->callback([a, &exit_code]() { exit_code = run_selfplay(*a); });
}

}  // namespace ppn::cli
