// Lines of a plain or gzip-compressed file (see lines.hpp).
#include "io/lines.hpp"

#include <cstring>
#include <zlib.h>

namespace ppn::io {

std::optional<std::string> for_each_line(const std::filesystem::path& path, std::size_t max_bytes,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long) {
  gzFile in = gzopen(path.string().c_str(), "rb");
  if (!in) return "cannot open the file";
  std::string line;
  char buf[65536];
  long lineno = 0;
  bool too_long = false;  // the current line passed max_bytes: its bytes are dropped
  while (gzgets(in, buf, sizeof buf)) {
    const std::size_t n = std::strlen(buf);
    const bool ends = n > 0 && buf[n - 1] == '\n';
    if (!too_long) {
      line.append(buf, n);
      if (line.size() > max_bytes + 1) {
        too_long = true;
        std::string().swap(line);
      }
    }
    if (ends) {
      ++lineno;
      if (too_long) {
        if (on_too_long) on_too_long(lineno);
      } else {
        line.pop_back();
        f(lineno, line);
      }
      line.clear();
      too_long = false;
    }
  }
  if (too_long) {
    if (on_too_long) on_too_long(++lineno);
  } else if (!line.empty()) {
    f(++lineno, line);
  }
  int err = Z_OK;
  const char* msg = gzerror(in, &err);
  std::optional<std::string> result;
  if (err != Z_OK && err != Z_STREAM_END) result = std::string("read error (truncated or corrupt .gz?): ") + msg;
  gzclose(in);
  return result;
}

}  // namespace ppn::io
