// The ppn command: wires the subcommands (one file pair each in cli/) into one CLI11 app.
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ppn: the Portable Pachisi Notation toolkit (Parcheesi, Parchis, Ludo records)"};
  app.set_version_flag("--version", std::string("ppn ") + PPN_VERSION);
  app.require_subcommand(1);

  int exit_code = 0;

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  return exit_code;
}
