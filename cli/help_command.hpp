// `ppn help [COMMAND...]`: the help of ppn or of one command (`ppn help validate`, `ppn help
// bench parse`), as `--help` prints it; an unknown command is an error listing the commands
// (exit 2). Hidden, for the build: `ppn help --man [-o FILE]` prints the man page and
// `ppn help --bash-completion [-o FILE]` the completion script, both from the app's own tree.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_help_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
