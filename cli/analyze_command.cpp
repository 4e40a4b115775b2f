#include "cli/analyze_command.hpp"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include "analysis/game_analysis.hpp"
#include "cli/game_select.hpp"
#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "app/analyze.hpp"
#include "app/analyze_report.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

namespace {

struct AnalyzeArgs {
  std::vector<std::string> files;
  std::string output;
  std::string db;  // --db: store each seat's figures in this database (seat_analysis)
  std::int64_t game = 0;  // --db PATH --game ID: analyse that stored game (0: none)
  ReplayFlags replay;
  std::string format = "text";  // json: JSON Lines records (docs/JSON_OUTPUT.md)
  analysis::AnalyzeConfig cfg;
};

// --db: what became of the game's figures (app::AnalyzeRun::add): stored as the analysis of a
// stored game (imported first when the database lacked it), or not stored, and why. Returns
// the exit code of this game's storing. `json`: a {"type":"stored"} record (game `number`)
// instead of its lines.
int report_stored(const std::string& where, const app::AnalyzedGame& g, std::ostream& report, bool json,
                  std::int64_t number) {
  if (g.stored && g.stored->imported && !json) report << "  imported as game " << g.stored->id << "\n";
  if (g.error) {
    std::cerr << where << ": database error: " << g.error->message << "\n";
    return 2;
  }
  if (!g.stored->refused.empty()) {
    std::cerr << where << ": error: " << g.stored->refused << "\n";
    return 1;
  }
  if (json)
    emit_record(report, {{"type", "stored"}, {"game", number}, {"id", g.stored->id}, {"imported", g.stored->imported}});
  else
    report << "  stored as the analysis of game " << g.stored->id << "\n";
  return 0;
}

int run_analyze(const AnalyzeArgs& a) {
  const auto cfg = replay_config(a.replay, "analyze");
  if (!cfg) return 2;
  // --db PATH --game ID: the stored game, read before anything is written.
  // The one mechanism of replay and render (cli/game_select.hpp).
  const GameChoice choice{"", a.game > 0 ? a.db : "", a.game};
  std::optional<Game> stored;
  if (a.game > 0) {
    stored = select_game("analyze", choice);
    if (!stored) return 2;
  }
  std::optional<io::OutputFile> output;
  std::ostream* out = nullptr;
  if (!a.output.empty()) {
    output = open_output("analyze", a.output, a.files, SameAsInput::replace, {a.db});
    if (!output) return 2;
    out = &output->stream();
  }
  std::ostream& report = out == &std::cout ? std::cerr : std::cout;
  auto run = app::AnalyzeRun::open(*cfg, a.cfg, a.db);
  if (!run) {
    std::cerr << "analyze: " << run.error().message << "\n";
    return 2;
  }
  int code = 0;
  const bool json = a.format == "json";
  std::string text;
  // The game in hand while it is analysed (seconds each), on standard error when it is a
  // terminal; erased before anything about the game is printed.
  Progress bar("analyze");
  auto analyze_one = [&](Game& game, std::int64_t number) {
    // `number`: the game's database id, or its place in the files (for_each_game).
    const std::string where = game.source_file + ":" + std::to_string(game.source_line) + ": game " +
                              std::to_string(number);
    bar.update(run->games() + 1, "game " + std::to_string(number) + " (" + game.source_file + ":" +
                                     std::to_string(game.source_line) + "), " + std::to_string(game.roll_count()) +
                                     " rolls; " + std::to_string(run->analysed()) + " analysed");
    const app::AnalyzedGame g = run->add(game);
    bar.clear();
    const analysis::GameAnalysis& ga = g.analysis;
    code = std::max(code, app::write_game_problems(std::cerr, number, game, ga));
    if (ga.ok) {
      app::write_game_analysis(report, json, number, game, ga);
      if (!a.db.empty()) code = std::max(code, report_stored(where, g, report, json, number));
    }
    if (out) {
      text.clear();
      append_ppn(text, analysis::annotate_game(game, ga, a.cfg));
      out->write(text.data(), static_cast<std::streamsize>(text.size()));
    }
  };
  code = std::max(code, for_each_game(a.files, choice, stored, analyze_one));
  bar.finish();
  app::write_player_totals(report, json, run->players(), a.cfg.level, run->games(), run->analysed());
  if (output) {
    code = std::max(code, finish_output("analyze", *output, code));
  }
  return code;
}

}  // namespace

void add_leaf_option(CLI::App* sub, analysis::Leaf& leaf) {
  sub->add_option_function<std::string>(
         "--leaf",
         [&leaf](const std::string& v) {
           leaf = v == "fitted" ? analysis::Leaf::fitted : v == "net" ? analysis::Leaf::net : analysis::Leaf::race;
         },
         "What scores a rollout at its horizon: race (the race estimate), fitted (the fitted evaluator) or net (the "
         "neural evaluator)")
      ->check(CLI::IsMember({"race", "fitted", "net"}))
      ->default_str(leaf == analysis::Leaf::fitted ? "fitted" : leaf == analysis::Leaf::net ? "net" : "race");
}

void add_policy_option(CLI::App* sub, analysis::Policy& policy) {
  sub->add_option_function<std::string>(
         "--policy", [&policy](const std::string& v) { policy = v == "net" ? analysis::Policy::net : analysis::Policy::greedy; },
         "Who plays the rollouts: greedy (the greedy bot) or net (the neural evaluator at 0-ply)")
      ->check(CLI::IsMember({"greedy", "net"}))
      ->default_str(policy == analysis::Policy::net ? "net" : "greedy");
}

CLI::Option* add_level_option(CLI::App* sub, analysis::Level& level) {
  return sub
      ->add_option_function<std::string>(
          "--level", [&level](const std::string& v) { level = *analysis::level_of(v); },
          "How plays are judged: 0 or 1 (the neural evaluator at 0-ply or 1-ply: exact for the net, deterministic) "
          "or rollout (Monte-Carlo rollouts with error bars: --rollouts, --horizon, --candidates, ...)")
      ->check(CLI::IsMember({"0", "1", "rollout"}))
      ->default_str(std::string(analysis::level_name(level)));
}

std::optional<std::string> rollout_options_without_level(const CLI::App& sub, analysis::Level level, bool seed) {
  if (level == analysis::Level::rollout) return std::nullopt;
  for (const char* name : {"--rollouts", "--min-rollouts", "--confidence", "--leaf", "--policy", "--horizon", "--seed", "--candidates"})
    if (std::string_view(name) == "--seed" && !seed) continue;
    else
    if (const CLI::Option* o = sub.get_option_no_throw(name); o && o->count() > 0)
      return std::string(name) + " sets up rollouts: add --level rollout";
  return std::nullopt;
}

void add_analyze_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<AnalyzeArgs>();
  auto* sub = app.add_subcommand("analyze", "Luck and move quality of PPN games; writes them back annotated");
  sub->add_option("files", a->files, "PPN files ('-' for standard input)");
  sub->add_option("-o,--output", a->output, "Write the annotated games here ('-' for standard output)");
  sub->add_option("--db", a->db,
                  "Store each seat's figures in this database (seat_analysis; a game it lacks is imported first)");
  sub->add_option("--game", a->game, "With --db: analyse the stored game of this id (instead of files)")
      ->check(CLI::PositiveNumber);
  add_level_option(sub, a->cfg.level);
  sub->add_option("--width", a->cfg.width, "--level 1: the best plays by 0-ply judged at 1-ply, with the one made")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  sub->add_option("--rollouts", a->cfg.eval.rollouts,
                  "Most rollouts per candidate play (rounds from --min-rollouts, doubling, until the verdict is resolved; in "
                  "blocks of 36 dice, Ludo 6: rounded down to whole blocks)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  sub->add_option("--min-rollouts", a->cfg.min_rollouts, "Rollouts per candidate of the first round (rounded up to a block)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  sub->add_option("--confidence", a->cfg.confidence,
                  "Confidence with which a loss must pass a threshold to be marked (else: unresolved)")
      ->capture_default_str()
      ->check(CLI::Range(0.5, 0.9999));
  sub->add_option("-j,--jobs", a->cfg.threads, "Threads (0: every core; the figures are the same for any number)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1024));
  add_leaf_option(sub, a->cfg.eval.leaf);
  add_policy_option(sub, a->cfg.eval.policy);
  sub->add_option("--horizon", a->cfg.eval.horizon, "Rolls per rollout before --leaf scores it (0: to the end)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  sub->add_option("--seed", a->cfg.eval.seed, "Rollout dice seed")->capture_default_str();
  sub->add_option("--candidates", a->cfg.candidates, "Plays rolled out besides the one made")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  sub->add_option("--mistake", a->cfg.mistake, "Loss in winning chance marked ?")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  sub->add_option("--blunder", a->cfg.blunder, "Loss in winning chance marked ??")->capture_default_str()->check(CLI::Range(0.0, 1.0));
  add_on_error_option(sub, a->replay, "After an illegal roll: keep-prefix (analyse up to it), skip, as-played",
                      OnErrorChoices::without_stop);
  sub->add_option("--format", a->format,
                  "Report: text, or json (JSON Lines: seat, stored, player and summary records; README \"JSON output\")")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  add_rule_options(sub, a->replay, record_variant_help("inferred per game"));
  sub->callback([a, sub, &exit_code]() {
    if (const auto e = rollout_options_without_level(*sub, a->cfg.level, true)) {
      std::cerr << "analyze: " << *e << "\n";
      exit_code = 2;
      return;
    }
    if (sub->count("--width") > 0 && a->cfg.level != analysis::Level::ply1) {
      std::cerr << "analyze: --width is the 1-ply level's: add --level 1\n";
      exit_code = 2;
      return;
    }
    if (a->game > 0 ? a->db.empty() || !a->files.empty() : a->files.empty()) {
      std::cerr << "analyze: give PPN files, or --db PATH --game ID\n";
      exit_code = 2;
      return;
    }
    exit_code = run_analyze(*a);
  });
}

}  // namespace ppn::cli
