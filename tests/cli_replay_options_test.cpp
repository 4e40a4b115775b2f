// Every command that takes a rule profile takes the same --variant/--option set, checked the
// same way (cli/replay_options.hpp): an option or value that exists on no board is refused while
// the command line is read, and an unknown profile or an option the profile refuses is a usage
// error (exit 2) naming it, before any game is read. Before one place added these flags, render,
// replay, stats, analyze and conform accepted any --option text and judged --variant per game.
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>
#include <set>

#include "cli/app.hpp"
#include "cli_run.hpp"
#include "scratch_dir.hpp"

using ppn::test::run_ppn;

namespace {

// The subcommands of `app` that have an option named `name`.
std::set<std::string> commands_with(const CLI::App& app, const std::string& name) {
  std::set<std::string> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    try {
      sub->get_option(name);
      out.insert(sub->get_name());
    } catch (const CLI::OptionNotFound&) {
    }
  }
  return out;
}

// Parses `ppn CMD --option ASSIGNMENT` without running the command.
bool option_refused_while_parsing(const std::string& cmd, const std::string& assignment) {
  int exit_code = 0;
  auto app = ppn::cli::build_app(exit_code);
  // The command itself must not run: an unknown flag after the option makes the parse fail
  // (CLI::ExtrasError) after every option has been checked and before the command's callback.
  // (Replacing the callback instead would free the arguments the options write into.)
  std::vector<std::string> args = {"ppn", cmd, "--option", assignment, "--no-such-flag-for-this-test"};
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  try {
    app->parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ValidationError&) {
    return true;
  } catch (const CLI::ParseError&) {  // the unknown flag, or a missing required argument: the option was accepted
  }
  return false;
}

const std::set<std::string> kProfileCommands = {"analyze", "conform", "import", "legal",    "render",
                                                "replay",  "selfplay", "stats", "validate"};

}  // namespace

TEST_CASE("the commands that take a rule profile take --variant and --option together", "[cli][replay-options]") {
  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);
  // A new command with a profile is added here, after it calls add_rule_options.
  CHECK(commands_with(*app, "--option") == kProfileCommands);
  // rate replays nothing: its --variant chooses the stored games of one profile (a filter, as
  // --where is), so it takes no --option.
  auto with_variant = kProfileCommands;
  with_variant.insert("rate");
  CHECK(commands_with(*app, "--variant") == with_variant);
  // --on-error and --order offer the same values wherever they are (stop only where a run of
  // several files can stop).
  for (const auto& cmd : commands_with(*app, "--order")) {
    INFO(cmd);
    CHECK(app->get_subcommand(cmd)->get_option("--order")->get_type_name().find("{strict,outcome}") != std::string::npos);
  }
  for (const auto& cmd : commands_with(*app, "--on-error")) {
    INFO(cmd);
    CHECK(app->get_subcommand(cmd)->get_option("--on-error")->get_type_name().find("keep-prefix,skip,as-played") !=
          std::string::npos);
  }
}

TEST_CASE("every command refuses an --option that names no option or no value while reading the command line",
          "[cli][replay-options]") {
  for (const auto& cmd : kProfileCommands) {
    INFO(cmd);
    CHECK(option_refused_while_parsing(cmd, "no_such_option=yes"));
    CHECK(option_refused_while_parsing(cmd, "bonus_timing=whenever"));
    CHECK(option_refused_while_parsing(cmd, "bonus_timing"));
    // An option of either board is known (whether it applies is the game's profile's business).
    CHECK_FALSE(option_refused_while_parsing(cmd, "six_counts=7_when_all_out"));
    CHECK_FALSE(option_refused_while_parsing(cmd, "homecolumn_no_jump=yes"));
  }
}

TEST_CASE("every command that replays records refuses an unknown --variant or an option it refuses before reading",
          "[cli][replay-options]") {
  ppn::test::ScratchDir dir("replay-options");
  const std::string game = "'" + ppn::test::source_path("samples/01-four-player-family-night.ppn").string() + "'";
  const std::string jsonl = "'" + dir.write("r.jsonl", "{}\n") + "'";
  const std::string db = "'" + (dir / "g.sqlite") + "'";
  const std::string svg = "'" + (dir / "b.svg") + "'";
  const std::vector<std::string> commands = {
      "validate " + game,
      "import --db " + db + " " + game,
      "stats " + game,
      "analyze --level rollout --rollouts 1 " + game,
      "render " + game + " --at 1 -o " + svg,
      "replay " + game + " --at 1",
      "conform " + jsonl,
  };
  for (const auto& c : commands) {
    INFO(c);
    auto r = run_ppn(c + " --variant no-such-profile", true);
    CHECK(r.code == 2);
    CHECK(r.out.find("unknown profile 'no-such-profile'; valid profiles: hasbro-2001") != std::string::npos);
    // Known on the Ludo board, refused on hasbro-2001's.
    r = run_ppn(c + " --variant hasbro-2001 --option stacking=blocks", true);
    CHECK(r.code == 2);
    CHECK(r.out.find("--option stacking=blocks: option stacking applies to Ludo profiles only") != std::string::npos);
  }
  CHECK_FALSE(std::filesystem::exists(dir / "g.sqlite"));
  CHECK_FALSE(std::filesystem::exists(dir / "b.svg"));
}
