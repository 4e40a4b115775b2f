// The `-o FILE` of every subcommand and bench (docs/GUIDE.md "Files in and out"): written to a temporary beside
// FILE and renamed over it only when complete (io/output_file.hpp), so a failure half-way, a
// full disk or a kill leaves FILE as it was.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "io/output_file.hpp"

namespace ppn::app {

// What `-o` naming one of the command's own inputs does.
enum class SameAsInput {
  replace,  // the output is the same kind of record as the input (fmt, analyze: PPN in, PPN out):
            // the result replaces the input once complete
  refuse,   // anything else (an SVG, a JSON export, PPN from a transcript): refused before
            // anything is read or written
};

// The output, or nullopt after printing why not to standard error ("COMMAND: ..."); the
// caller exits 2. `path` "" or "-" is standard output. `databases`: files the command reads
// or writes that the output may never be, whatever `same` says (a `--db` database).
inline std::optional<io::OutputFile> open_output(const std::string& command, const std::string& path,
                                                 const std::vector<std::string>& inputs, SameAsInput same,
                                                 const std::vector<std::string>& databases = {}) {
  std::optional<std::string> clash = io::output_among_inputs(path, databases);
  if (!clash && same == SameAsInput::refuse) clash = io::output_among_inputs(path, inputs);
  if (clash) {
    std::cerr << command << ": -o " << path << " is the input file " << *clash
              << "; writing there would destroy it (choose another output file)\n";
    return std::nullopt;
  }
  auto opened = io::OutputFile::open(path);
  if (!opened) {
    std::cerr << command << ": " << opened.error().message << "\n";
    return std::nullopt;
  }
  return std::move(opened).value();
}

// Ends the output after the command's work, whose exit code so far is `rc`: commits it when
// every input was read (rc 0 or 1: illegal plays are findings, not failures); with rc 2 (an
// input missing, unreadable, not PPN, or a game with a syntax error) FILE is left as it was,
// so that a typo in an input name, or a game that could not be read, never empties or shortens
// a file. Returns the exit code to merge: 0, or 2 when FILE was not written.
inline int finish_output(const std::string& command, io::OutputFile& out, int rc = 0) {
  if (rc >= 2 && !out.is_stdout()) {
    out.discard();
    std::cerr << command << ": " << out.path()
              << " not written: an input could not be read completely (see above); it is unchanged\n";
    return 2;
  }
  if (auto err = out.commit()) {
    std::cerr << command << ": " << *err << "\n";
    return 2;
  }
  return 0;
}

}  // namespace ppn::app
