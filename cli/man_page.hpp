// The ppn(1) man page in roff (man(7) macros), written from the command tree
// (cli/command_tree.hpp): every visible subcommand with its options, flags, positionals, their
// help text and allowed values. `ppn help --man` prints it; the build installs it.
#pragma once

#include <string>

#include "cli/command_tree.hpp"

namespace ppn::cli {

std::string man_page(const CommandDoc& root, const std::string& version);

// Text escaped for roff: backslashes, hyphens (\- so that options copy as ASCII), and a leading
// '.' or '\'' that would read as a request.
std::string roff_escape(const std::string& text);

}  // namespace ppn::cli
