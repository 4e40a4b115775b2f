// Lines of a text file, plain, gzip or zstd (io/input.hpp; `-` is standard input), one at a
// time: the reader of the JSONL corpora (convert/racket_jsonl.hpp, convert/reference_jsonl.hpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
#include <string>

namespace ppn::io {

// Calls f(line_number, text) for each line (1-based; the text without its '\n'; a last line
// without one counts too). A line longer than max_bytes is not held in memory: its bytes are
// dropped as they come and on_too_long(line_number) is called instead of f (notation/SPEC.md
// "Limits"). Returns nullopt, or what went wrong: "cannot open the file: No such file or
// directory" (strerror), or a read error (truncated or corrupt compressed data, io/input.hpp),
// after the lines before it were passed on.
std::optional<std::string> for_each_line(const std::filesystem::path& path, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long = {});
// The same over a stream already open (an io::Input whose beginning was peeked at).
std::optional<std::string> for_each_line(std::istream& in, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long = {});

}  // namespace ppn::io
