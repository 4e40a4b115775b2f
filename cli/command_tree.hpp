// The CLI11 command tree read back as plain data: what the man page and bash completion
// (cli/man_page.cpp, cli/bash_completion.cpp) describe, taken from the registered app itself so
// that neither can drift from what `ppn` accepts. Hidden options and subcommands (CLI11 group
// "") are left out: they are not part of the user's interface (e.g. `help --man`).
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ppn::cli {

struct OptionDoc {
  std::vector<std::string> names;    // "-o", "--format" (short names first); empty: a positional
  std::string positional;            // the positional's name ("files"); empty for an option
  std::string value_type;            // "TEXT", "INT", ...; empty for a flag
  std::vector<std::string> choices;  // the values a CLI::IsMember check allows, in its order
  std::string default_value;         // as CLI11 shows it; empty when none is captured
  std::string description;
  bool required = false;
  bool repeatable = false;  // takes several values or may be given several times
  bool flag() const { return value_type.empty() && positional.empty(); }
};

struct CommandDoc {
  std::vector<std::string> path;  // {"bench", "parse"}; empty for ppn itself
  std::string description;
  std::vector<OptionDoc> options;  // options first, then positionals, each in registration order
  std::vector<CommandDoc> subcommands;

  // "ppn bench parse"
  std::string full_name() const;
};

// The visible tree under `app` (normally the root: path empty).
CommandDoc describe_command(const CLI::App& app, std::vector<std::string> path = {});

// The visible subcommands of `app`, in registration order.
std::vector<const CLI::App*> visible_subcommands(const CLI::App& app);

}  // namespace ppn::cli
