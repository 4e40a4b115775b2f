// A bash completion script for ppn, written from the command tree (cli/command_tree.hpp):
// subcommand names, every option of the command being typed, the allowed values (CLI::IsMember)
// of the option before the cursor or of a positional; file names everywhere else. `ppn help
// --bash-completion` prints it; the build installs it as bash-completion/completions/ppn.
#pragma once

#include <string>

#include "cli/command_tree.hpp"

namespace ppn::cli {

std::string bash_completion(const CommandDoc& root, const std::string& version);

}  // namespace ppn::cli
