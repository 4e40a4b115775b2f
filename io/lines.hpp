// Lines of a text file, plain or gzip-compressed (zlib reads both), one at a time: the reader
// of the JSONL corpora (convert/racket_jsonl.hpp, replay/reference_jsonl.hpp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

namespace ppn::io {

// Calls f(line_number, text) for each line (1-based; the text without its '\n'; a last line
// without one counts too). A line longer than max_bytes is not held in memory: its bytes are
// dropped as they come and on_too_long(line_number) is called instead of f (notation/SPEC.md
// "Limits"). Returns nullopt, or what went wrong: "cannot open the file", or a read error
// (a truncated or corrupt .gz), after the lines before it were passed on.
std::optional<std::string> for_each_line(const std::filesystem::path& path, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long = {});

}  // namespace ppn::io
