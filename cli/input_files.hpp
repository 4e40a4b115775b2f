// Opening the input files of a subcommand: a path, or `-` for standard input; plain, gzip or
// zstd, told by the content (io/input.hpp).
#pragma once

#include <memory>
#include <string>

#include "io/input.hpp"

namespace ppn::cli {

// The stream to read `path` from, or nullptr when it cannot be opened, with the system's
// reason in `why` ("No such file or directory"); the caller reports it as an I/O error, exit
// code 2. A read error later (truncated compressed data) is reported by the reader
// (io::read_error).
inline std::unique_ptr<io::Input> open_input(const std::string& path, std::string& why) {
  auto in = std::make_unique<io::Input>(path);
  if (!*in) {
    why = in->error();
    return nullptr;
  }
  return in;
}

inline std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// The one message of every command for an input that cannot be opened:
// "FILE: error: cannot open the file: No such file or directory\n".
inline std::string open_failure(const std::string& path, const std::string& why) {
  return display_name(path) + ": error: cannot open the file: " + why + "\n";
}

}  // namespace ppn::cli
