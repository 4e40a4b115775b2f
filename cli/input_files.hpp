// Opening the input files of a subcommand: a path, or `-` for standard input.
#pragma once

#include <fstream>
#include <iostream>
#include <memory>
#include <string>

namespace ppn::cli {

// The stream to read `path` from, or nullptr when it cannot be opened (the caller reports it
// as an I/O error, exit code 2). `-` is standard input.
inline std::unique_ptr<std::istream, void (*)(std::istream*)> open_input(const std::string& path) {
  if (path == "-") return {&std::cin, [](std::istream*) {}};
  auto* f = new std::ifstream(path, std::ios::binary);
  if (!*f) {
    delete f;
    return {nullptr, [](std::istream*) {}};
  }
  return {f, [](std::istream* s) { delete s; }};
}

inline std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

}  // namespace ppn::cli
