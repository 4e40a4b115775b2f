// Input files, plain or compressed: every command that reads PPN or JSONL opens its files here.
//
// The compression is told by the first bytes (magic numbers), never by the name: gzip
// (1F 8B, also several members one after another, as `cat a.gz b.gz` makes), zstd (28 B5 2F FD;
// frames one after another, and skippable frames, with which `pzstd` output begins) or plain
// text. The data is decompressed chunk by chunk as it is read (zlib and libzstd), so memory
// does not grow with the file. `-` is standard input, compressed or not alike; a byte stream
// that is no file (Input(std::unique_ptr<std::istream>)) is read the same way.
//
// Errors are values: a file that cannot be opened gives the system's reason (strerror: "No
// such file or directory", "Permission denied", "Is a directory"); a read error, corrupt or
// truncated compressed data, or a compression ppn does not read (xz, bzip2, zip) ends the
// stream early with error() saying so. Readers check read_error() once the stream ends, and
// report it with the file's name instead of treating the cut as the end of the file.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <string_view>

namespace ppn::io {

class InputBuf;

class Input : public std::istream {
 public:
  // Opens `path` ("-": standard input). When it cannot be opened the stream is not good()
  // and error() says why.
  explicit Input(const std::string& path);
  // Reads the bytes of `raw` (any byte stream: a Python file object, a string in memory),
  // decompressed by their content like a file's. A bad() `raw` reads as a read error.
  explicit Input(std::unique_ptr<std::istream> raw);
  ~Input() override;
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // "" while all is well; else what went wrong, e.g. "No such file or directory" (opening)
  // or "truncated gzip data: the file ends inside the compressed stream" (reading).
  const std::string& error() const;
  // "gzip", "zstd" or "" (plain text), once something was read or peeked.
  const char* compression() const;
  // Up to n bytes from the current position (decompressed), without consuming them: for a
  // reader that decides what a file is from its beginning and then reads all of it.
  std::string_view peek(std::size_t n);

 private:
  std::unique_ptr<InputBuf> buf_;
};

// What went wrong reading `in`: Input::error() when `in` is an Input, else "read error" when
// its badbit is set; "" when nothing did.
std::string read_error(const std::istream& in);

}  // namespace ppn::io
