// The command-line flags of rules and replay, and the one place they become settings.
#include "cli/replay_options.hpp"

#include <iostream>

#include "replay/variant_inference.hpp"

namespace ppn::cli {

namespace {

// --option NAME=VALUE: an option or value that exists on no board is a usage error (exit 2)
// before any file is read; whether it applies to a game's board is judged per game (E-RULES).
CLI::Validator rule_option_check() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const auto err = rules::check_override_known(value);
        return err ? *err : std::string();
      },
      "NAME=VALUE", "rule option");
}

}  // namespace

std::string record_variant_help(std::string_view auto_text) {
  return "Rule profile for every game, overriding [Variant]: " + rules::profile_names() + "; auto: " +
         std::string(auto_text) + " (README \"Rule profiles\")";
}

CLI::Option* add_rule_options(CLI::App* sub, ReplayFlags& f, const std::string& variant_help) {
  auto* variant = sub->add_option("--variant", f.variant, variant_help);
  // One value per --option: where files may follow, a repeatable option would otherwise take
  // them as more values.
  sub->add_option("--option", f.options, "Override one rule option, name=value (repeatable)")
      ->check(rule_option_check())
      ->allow_extra_args(false);
  return variant;
}

void add_on_error_option(CLI::App* sub, ReplayFlags& f, const std::string& help, OnErrorChoices choices) {
  std::vector<std::string> names;
  for (auto p : {replay::OnError::keep_prefix, replay::OnError::skip, replay::OnError::as_played, replay::OnError::stop})
    if (p != replay::OnError::stop || choices == OnErrorChoices::with_stop) names.emplace_back(replay::on_error_name(p));
  sub->add_option("--on-error", f.on_error, help)->capture_default_str()->check(CLI::IsMember(names));
}

void add_order_option(CLI::App* sub, ReplayFlags& f, const std::string& help) {
  sub->add_option("--order", f.order, help)->capture_default_str()->check(CLI::IsMember({"strict", "outcome"}));
}

std::optional<rules::Options> rules_config(const ReplayFlags& f, std::string_view command) {
  auto prof = rules::profile_options(f.variant);
  if (!prof.ok()) {
    std::cerr << command << ": " << prof.error << "\n";
    return std::nullopt;
  }
  for (const auto& o : f.options)
    if (auto err = rules::apply_override(*prof.options, o)) {
      std::cerr << command << ": --option " << o << ": " << *err << "\n";
      return std::nullopt;
    }
  return prof.options;
}

std::optional<rules::OrderStrictness> order_config(const ReplayFlags& f, std::string_view command) {
  if (f.order == "strict") return rules::OrderStrictness::strict;
  if (f.order == "outcome") return rules::OrderStrictness::outcome;
  std::cerr << command << ": --order must be strict or outcome\n";
  return std::nullopt;
}

std::optional<replay::ReplayConfig> replay_config(const ReplayFlags& f, std::string_view command) {
  replay::ReplayConfig cfg;
  cfg.variant = f.variant;
  cfg.options = f.options;
  if (auto p = replay::parse_on_error(f.on_error)) cfg.on_error = *p;
  else {
    std::cerr << command << ": --on-error must be stop, skip, keep-prefix or as-played\n";
    return std::nullopt;
  }
  const auto order = order_config(f, command);
  if (!order) return std::nullopt;
  cfg.order = *order;
  // An unknown profile or option on the command line is a usage error, before any file is read
  // (with auto, or no --variant, each game's profile is only known from its record).
  if (!f.variant.empty() && f.variant != replay::kAutoVariant && !rules_config(f, command)) return std::nullopt;
  return cfg;
}

}  // namespace ppn::cli
