// Lines of a plain or compressed file (see lines.hpp).
#include "io/lines.hpp"

#include <cstring>
#include <memory>

#include "io/input.hpp"

namespace ppn::io {

std::optional<std::string> for_each_line(const std::filesystem::path& path, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long) {
  Input in(path.string());
  if (!in) return "cannot open the file: " + in.error();
  return for_each_line(in, max_bytes, f, on_too_long);
}

std::optional<std::string> for_each_line(std::istream& in, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long) {
  std::string line;
  auto buf = std::make_unique_for_overwrite<char[]>(1 << 16);
  long lineno = 0;
  bool too_long = false;  // the current line passed max_bytes: its bytes are dropped
  auto take = [&](const char* p, std::size_t n) {
    if (too_long) return;
    line.append(p, n);
    if (line.size() > max_bytes) {
      too_long = true;
      std::string().swap(line);
    }
  };
  auto end_line = [&] {
    ++lineno;
    if (too_long) {
      if (on_too_long) on_too_long(lineno);
    } else {
      f(lineno, line);
    }
    line.clear();
    too_long = false;
  };
  while (in) {
    in.read(buf.get(), 1 << 16);
    const char* p = buf.get();
    const char* end = p + in.gcount();
    while (p < end) {
      const auto* nl =
          static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
      take(p, static_cast<std::size_t>((nl != nullptr ? nl : end) - p));
      if (nl == nullptr) break;
      end_line();
      p = nl + 1;
    }
  }
  if (too_long || !line.empty()) end_line();
  if (auto err = read_error(in); !err.empty()) return err;
  return std::nullopt;
}

}  // namespace ppn::io
