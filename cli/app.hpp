// The whole `ppn` command line as one CLI11 app: every subcommand, option and flag, built in one
// place so that the binary (cli/main.cpp), the man page and bash completion it prints (`ppn help
// --man`, `--bash-completion`, cli/help_command.cpp) and the tests all see the same tree.
#pragma once

#include <memory>
#include <string>

namespace CLI {
class App;
}

namespace ppn::cli {

// The app with every subcommand registered. A subcommand that runs stores its exit code in
// `exit_code` (README "Exit codes"), which must outlive the app.
std::unique_ptr<CLI::App> build_app(int& exit_code);

// When the command line names no command of `app` (its first word other than --help and
// --version is an unknown command or option): the message saying so, with the nearest command
// by edit distance and the list of commands. Empty when a command was named (its own errors
// are CLI11's) or when the line holds nothing else.
std::string unknown_command_message(const CLI::App& app, int argc, const char* const* argv);

}  // namespace ppn::cli
