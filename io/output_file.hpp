// Writing a user's file whole or not at all. Every `-o FILE` of the CLI goes through
// OutputFile: the text goes to a temporary file beside FILE, which replaces FILE (rename(2),
// atomic on one file system) only when everything was written, flushed and synced. Until then,
// and after any failure (a full disk, a file-size limit, a crash, a kill), FILE is what it was.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "notation/result.hpp"

namespace ppn::io {

class OutputFile {
 public:
  // `path` "-" or "" is standard output (written directly; commit() only flushes it). Otherwise
  // the temporary `.NAME.ppn-XXXXXX` is created in the directory of `path`; the error (E-IO)
  // is a sentence naming the file and the reason (strerror).
  static Result<OutputFile> open(const std::string& path);

  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Without a successful commit(), removes the temporary: the target stays as it was.
  ~OutputFile();

  std::ostream& stream();
  bool is_stdout() const { return !file_; }
  // The target ("-" for standard output).
  const std::string& path() const;

  // Flushes, syncs and renames the temporary over the target (keeping an existing target's
  // permission bits; a new file gets 0666 less the umask). nullopt on success, else why not;
  // the target is then untouched and the temporary removed.
  std::optional<std::string> commit();

  // Drops what was written: the target stays as it was.
  void discard();

 private:
  struct File;  // the target, its temporary and the stream; on the heap so that the signal
                // handler's pointer to the temporary's name survives moves of OutputFile
  OutputFile() = default;
  std::unique_ptr<File> file_;  // null: standard output
};

// True when both name the same existing file (after symbolic links; hard links count too).
// The CLI asks it before writing (app/output.hpp): an output that is one of the inputs
// replaces it only where the output is the same kind of record (fmt, analyze); the other
// commands refuse it.
bool same_file(const std::string& a, const std::string& b);

// The first of `inputs` that is the same file as `output`, or nullopt ("-" never matches).
std::optional<std::string> output_among_inputs(const std::string& output, const std::vector<std::string>& inputs);

}  // namespace ppn::io
