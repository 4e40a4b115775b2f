// The `-o FILE` of every subcommand (README "Output files"): written to a temporary beside
// FILE and renamed over it only when complete (io/output_file.hpp), so a failure half-way, a
// full disk or a kill leaves FILE as it was.
#pragma once

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "io/output_file.hpp"

namespace ppn::cli {

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
  if (auto* err = std::get_if<std::string>(&opened)) {
    std::cerr << command << ": " << *err << "\n";
    return std::nullopt;
  }
  return std::move(std::get<io::OutputFile>(opened));
}

// Ends the output: commits it, or, when `keep` is false, drops it with the reason `why_not`
// (the old file stays). Returns the exit code to merge: 0, or 2 when it was not written.
inline int finish_output(const std::string& command, io::OutputFile& out, bool keep = true,
                         const std::string& why_not = {}) {
  if (!keep) {
    out.discard();
    std::cerr << command << ": " << out.path() << " not written (" << why_not << "); it is unchanged\n";
    return 2;
  }
  if (auto err = out.commit()) {
    std::cerr << command << ": " << *err << "\n";
    return 2;
  }
  return 0;
}

// The reason fmt and analyze keep an input they would replace when a game of it could not be
// read: the rewritten file would lose that game's text.
inline std::optional<std::string> unreadable_input_kept(const io::OutputFile& out, const std::vector<std::string>& inputs,
                                                        bool any_syntax_error) {
  if (!any_syntax_error || out.is_stdout()) return std::nullopt;
  if (auto in = io::output_among_inputs(out.path(), inputs))
    return "a game of " + *in + " has a syntax error and would be lost; fix it first, or write to another file";
  return std::nullopt;
}

}  // namespace ppn::cli
