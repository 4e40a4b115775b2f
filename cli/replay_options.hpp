// The rule and replay settings a command takes on its command line (--variant, --option,
// --on-error, --order), added to a subcommand in one place and turned into the settings of
// replay (replay::ReplayConfig) or of the rules (rules::Options) in one place, so that every
// command that replays games accepts the same profiles and options, checked the same way.
//
// Usage (in add_X_command, then in its callback):
//   add_rule_options(sub, a->replay, record_variant_help("inferred per game"));
//   add_on_error_option(sub, a->replay, "After an illegal roll: ...", OnErrorChoices::without_stop);
//   ...
//   auto cfg = replay_config(a.replay, "stats");   // nullopt: the usage error is printed, exit 2
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "replay/replayer.hpp"
#include "rules/options.hpp"

namespace ppn::cli {

// The flags as given. Defaults are those every command shows (capture_default_str).
struct ReplayFlags {
  std::string variant;               // empty: each record's [Variant]; "auto": inferred per game
  std::vector<std::string> options;  // NAME=VALUE, in the order given
  std::string on_error = "keep-prefix";
  std::string order = "strict";
};

// The --variant help of a command that replays records, naming every profile; `auto_text` says
// what `--variant auto` does for this command.
std::string record_variant_help(std::string_view auto_text);

// --variant PROFILE (help `variant_help`) and --option NAME=VALUE (repeatable, one value per
// --option; an option or value that exists on no board is a usage error before any file is
// read, rules::check_override_known). Returns the --variant option, for ->required() or a
// default shown in the help.
CLI::Option* add_rule_options(CLI::App* sub, ReplayFlags& f, const std::string& variant_help);

// Whether --on-error offers `stop` (stop the whole run), which only a command that goes through
// all its files in one run has.
enum class OnErrorChoices : std::uint8_t { with_stop, without_stop };
void add_on_error_option(CLI::App* sub, ReplayFlags& f, const std::string& help, OnErrorChoices choices);
void add_order_option(CLI::App* sub, ReplayFlags& f, const std::string& help);

// The rules of --variant PROFILE with every --option applied; nullopt after printing the usage
// error ("COMMAND: ..."): an unknown profile, or an option that profile refuses.
std::optional<rules::Options> rules_config(const ReplayFlags& f, std::string_view command);
// --order; nullopt after printing the usage error when it is neither strict nor outcome.
std::optional<rules::OrderStrictness> order_config(const ReplayFlags& f, std::string_view command);

// The replay settings of the flags; nullopt after printing the usage error: an unknown profile
// (auto aside), an option that profile refuses, an unknown --on-error or --order.
std::optional<replay::ReplayConfig> replay_config(const ReplayFlags& f, std::string_view command);

}  // namespace ppn::cli
