// The --option NAME=VALUE check shared by the commands that replay games: an option or value
// that exists on no board is a usage error (exit 2) before any file is read; whether it applies
// to a game's board is judged per game (E-RULES).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "rules/options.hpp"

namespace ppn::cli {

inline CLI::Validator rule_option_check() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const auto err = rules::check_override_known(value);
        return err ? *err : std::string();
      },
      "NAME=VALUE", "rule option");
}

}  // namespace ppn::cli
