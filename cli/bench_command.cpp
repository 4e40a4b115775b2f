#include "cli/bench_command.hpp"

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "bench/bench_analyze.hpp"
#include "bench/bench_bot.hpp"
#include "bench/bench_evaluator.hpp"
#include "bench/bench_import.hpp"
#include "bench/bench_parse.hpp"
#include "bench/bench_replay.hpp"
#include "bench/bench_serve.hpp"
#include "cli/analyze_command.hpp"
#include "cli/jobs.hpp"

namespace ppn::cli {

namespace {

void add_bench_analyze(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchAnalyzeArgs>();
  auto* sub = group.add_subcommand("analyze", "Decisions/s analysed (luck + rollouts) vs. replay + legal-play generation");
  sub->add_option("--games", a->games, "Self-play games to generate and analyse")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  add_level_option(sub, a->acfg.level);
  sub->add_option("--rollouts", a->acfg.eval.rollouts, "Most rollouts per candidate play")->capture_default_str()->check(CLI::Range(1, 100000));
  add_leaf_option(sub, a->acfg.eval.leaf);
  add_policy_option(sub, a->acfg.eval.policy);
  sub->add_option("--horizon", a->acfg.eval.horizon, "Rolls per rollout (0: to the end)")->capture_default_str()->check(CLI::Range(0, 10000));
  sub->add_option("--candidates", a->acfg.candidates, "Plays rolled out besides the one made")->capture_default_str()->check(CLI::Range(1, 1000));
  sub->add_option("--min-rollouts", a->acfg.min_rollouts, "Rollouts per candidate of the first round (rounded up to a block)")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("-j,--jobs", a->acfg.threads, "Threads (0: every core)")->capture_default_str()->check(CLI::Range(0, 1024));
  sub->add_flag("--judge", a->judge,
                "Analysis as a judge: --games games of random, greedy, eval and net1 bots (seats rotated), each bot's "
                "error rate, loss per decision and the luck-adjusted result's spread against the result's");
  sub->add_option("--stability", a->stability,
                  "Also analyse every game of the .ppn files of this directory at seeds 1, 2, 3 and print how many marks agree")
      ->check(CLI::ExistingDirectory);
  sub->callback([a, sub, &exit_code]() {
    if (const auto e = rollout_options_without_level(*sub, a->acfg.level, false)) {
      std::cerr << "bench analyze: " << *e << "\n";
      exit_code = 2;
      return;
    }
    if (!a->stability.empty() && a->acfg.level != analysis::Level::rollout) {
      // At a net level the marks do not depend on a seed: there is nothing to compare.
      std::cerr << "bench analyze: --stability compares rollout seeds: add --level rollout\n";
      exit_code = 2;
      return;
    }
    exit_code = bench::bench_analyze(*a);
  });
}

void add_bench_bot(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchBotArgs>();
  auto* sub = group.add_subcommand("bot", "One bot against the field: its win rate with a 95% interval vs 1/players");
  sub->add_option("--bot", a->bot, "The bot measured: random, greedy, eval, net0 (the neural net at 0-ply) or net1 (1-ply)")->capture_default_str();
  sub->add_option("--against", a->field, "The bot of every other seat")->capture_default_str();
  sub->add_option("--games", a->games, "Games (the bot's seat rotates)")->capture_default_str()->check(CLI::Range(1, 1000000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_flag("--duplicate-dice,!--independent-dice", a->cfg.duplicate_dice,
                "Deal each dice sequence once per place in the turn order, the bot in each (the default; the games are "
                "rounded up to whole rounds), or every game its own dice")
      ->capture_default_str();
  add_jobs_option(sub, a->jobs);
  sub->callback([a, &exit_code]() { exit_code = bench::bench_bot(*a); });
}

void add_bench_evaluator(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchEvaluatorArgs>();
  auto* sub = group.add_subcommand(
      "evaluator", "The race estimate's and the fitted evaluator's Brier score and calibration vs games played on; --train fits the evaluator");
  sub->add_option("--games", a->games, "Held-apart self-play games")->capture_default_str()->check(CLI::Range(1, 100000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Self-play seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_option("--every", a->every, "A position every this many rolls")->capture_default_str()->check(CLI::Range(1, 10000));
  sub->add_option("--playouts", a->playouts, "Games played on from each position")->capture_default_str()->check(CLI::Range(1, 100000));
  add_jobs_option(sub, a->jobs);
  add_policy_option(sub, a->policy);
  sub->add_option("-o,--output", a->output, "The calibration chart (SVG); with --train the weights source to write");
  sub->add_flag("--train", a->train,
                "Fit the evaluator (hasbro-2001 and ludo, 2-4 players) on self-play and write its weights to -o "
                "(analysis/fitted_weights.inc)");
  sub->add_option("--train-games", a->training.games, "Self-play games per board and player count (--train)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  sub->add_option("--train-seed", a->training.seed, "Self-play seed of the training games (--train)")->capture_default_str();
  sub->add_option("--train-every", a->training.every, "A training position every this many rolls (--train)")
      ->capture_default_str()
      ->check(CLI::Range(1, 10000));
  sub->callback([a, &exit_code]() { exit_code = bench::bench_evaluator(*a); });
}

void add_bench_import(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchImportArgs>();
  auto* sub = group.add_subcommand("import", "Games/s importing self-play games vs. raw sqlite3 inserts of the same rows");
  sub->add_option("--games", a->games, "Self-play games")->capture_default_str()->check(CLI::Range(1, 10000000));
  sub->add_option("--seed", a->cfg.seed, "Random seed")->capture_default_str();
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--lookups", a->lookups, "Position searches timed")->capture_default_str()->check(CLI::Range(1, 100000));
  add_jobs_option(sub, a->jobs)->description("Workers of the second import, measured against one (default: every core)");
  sub->add_flag("--keep", a->keep, "Keep the temp dir (PPN file and the databases)");
  sub->add_option("--db", a->db,
                  "A PostgreSQL server (postgresql://...): 1 and 2 importer processes vs. COPY of the same rows");
  sub->callback([a, &exit_code]() { exit_code = bench::bench_import(*a); });
}

void add_bench_serve(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchServeArgs>();
  auto* sub = group.add_subcommand("serve", "The web server's time for the games list and a game page on a large collection, vs a static file");
  sub->add_option("--games", a->games, "Self-play games in the collection")->capture_default_str()->check(CLI::Range(1, 10000000));
  sub->add_option("--db", a->db, "Keep the collection in this SQLite file (used again when it holds --games games)");
  sub->add_option("--requests", a->requests, "Requests timed per kind")->capture_default_str()->check(CLI::Range(1, 1000000));
  sub->add_option("--concurrent", a->concurrent, "Requests sent at once at the end")->capture_default_str()->check(CLI::Range(1, 1000));
  add_jobs_option(sub, a->jobs)->description("Import workers when the collection is built (default: every core)");
  sub->callback([a, &exit_code]() { exit_code = bench::bench_serve(*a); });
}

void add_bench_replay(CLI::App& group, int& exit_code) {
  auto a = std::make_shared<bench::BenchReplayArgs>();
  auto* sub = group.add_subcommand("replay", "Rolls/s validating self-play records vs. rolls/s generating them");
  sub->add_option("--games", a->games, "Self-play games to generate and validate")->capture_default_str()->check(CLI::Range(1, 10000000));
  sub->add_option("--variant", a->cfg.variant, "Rule profile")->capture_default_str();
  sub->add_option("--seed", a->cfg.seed, "Random seed")->capture_default_str();
  sub->add_option("--players", a->cfg.players, "Players (2-4)")->capture_default_str()->check(CLI::Range(2, 4));
  sub->add_option("--repeat", a->repeat, "Validation passes (the best is reported)")->capture_default_str()->check(CLI::Range(1, 100));
  add_jobs_option(sub, a->jobs);
  sub->callback([a, &exit_code]() { exit_code = bench::bench_replay(*a); });
}

void add_bench_parse(CLI::App& group, int& exit_code) {
  struct Args {
    double size_mb = 200;
    bool keep = false;
    std::string file;
    unsigned jobs = 1;
  };
  auto args = std::make_shared<Args>();
  auto* sub = group.add_subcommand("parse", "Streaming parser speed vs a memchr newline scan");
  sub->add_option("--size", args->size_mb, "size of the generated file in MB (default 200)");
  sub->add_flag("--keep", args->keep, "keep the generated file");
  sub->add_option("file", args->file, "parse this PPN file instead of a generated one");
  add_jobs_option(sub, args->jobs);
  sub->callback([args, &exit_code]() {
    exit_code = bench::bench_parse(args->size_mb, args->keep, args->file, args->jobs);
  });
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto* group = app.add_subcommand("bench", "Speed measurements, each next to a same-run baseline");
  group->require_subcommand(1);
  add_bench_parse(*group, exit_code);
  add_bench_replay(*group, exit_code);
  add_bench_analyze(*group, exit_code);
  add_bench_import(*group, exit_code);
  add_bench_serve(*group, exit_code);
  add_bench_evaluator(*group, exit_code);
  add_bench_bot(*group, exit_code);
}

}  // namespace ppn::cli
