// A progress bar for long runs (validate, import, convert over many files), drawn on standard
// error only when standard error is a terminal; otherwise it prints nothing at all, so pipes,
// logs and CI output stay clean.
//
//   Progress bar("validate", total_bytes);       // total 0: unknown, only counts are shown
//   for (...) {
//     bar.update(done_bytes, "3/10 files, 1,204 games");   // redraws at most 10 times a second
//     bar.clear();  std::cout << diagnostic;      // erase the bar before other terminal output
//   }
//   bar.finish();                                  // erases it (the destructor does too)
//
// The bar is one line, `\r`-redrawn and cut to the terminal's width:
//   validate [##########..........]  50%  3/10 files, 1,204 games
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <sys/ioctl.h>
#include <unistd.h>

namespace ppn::cli {

class Progress {
 public:
  // `fd`: where to draw (standard error). The bar is active only when `fd` is a terminal and
  // `enabled` is true (a command's --quiet, say).
  explicit Progress(std::string label, std::uint64_t total = 0, int fd = STDERR_FILENO, bool enabled = true)
      : label_(std::move(label)), total_(total), fd_(fd), active_(enabled && ::isatty(fd) != 0) {}
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress() { finish(); }

  bool active() const { return active_; }
  void set_total(std::uint64_t total) { total_ = total; }

  // Progress so far (same unit as total) and a short note; redrawn at most every 100 ms, and
  // at once the first time.
  void update(std::uint64_t done, std::string_view note = {}) {
    if (!active_) return;
    done_ = done;
    note_.assign(note);
    const auto now = std::chrono::steady_clock::now();
    if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    draw();
  }
  void advance(std::uint64_t n = 1, std::string_view note = {}) { update(done_ + n, note); }

  // Erases the bar (until the next update) so that other output can use the line.
  void clear() {
    if (!active_ || !visible_) return;
    put("\r\x1b[K");
    visible_ = false;
    drawn_ = false;  // the next update redraws at once
  }
  // Draws the bar full once and erases it for good.
  void finish() {
    if (!active_) return;
    if (drawn_ || visible_ || done_ > 0) {
      done_ = std::max(done_, total_);  // finished: the whole run is done
      draw();
    }
    clear();
    active_ = false;
  }

 private:
  void draw() {
    int width = 80;
    winsize ws{};
    if (ioctl(fd_, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) width = ws.ws_col;
    std::string line = "\r" + label_ + " ";
    if (total_ > 0) {
      const std::uint64_t done = std::min(done_, total_);
      const int cells = 20;
      const int full = static_cast<int>(done * cells / total_);
      line += "[" + std::string(static_cast<std::size_t>(full), '#') + std::string(static_cast<std::size_t>(cells - full), '.') +
              "] " + std::to_string(done * 100 / total_) + "%";
    }
    if (!note_.empty()) line += "  " + note_;
    if (static_cast<int>(line.size()) > width) line.resize(static_cast<std::size_t>(width));  // '\r' + width-1 visible
    line += "\x1b[K";
    put(line);
    visible_ = true;
    drawn_ = true;
  }
  void put(const std::string& s) {
    std::size_t off = 0;
    while (off < s.size()) {
      const ssize_t n = ::write(fd_, s.data() + off, s.size() - off);
      if (n <= 0) {
        active_ = false;  // the terminal went away: stop drawing
        return;
      }
      off += static_cast<std::size_t>(n);
    }
  }

  std::string label_;
  std::uint64_t total_ = 0, done_ = 0;
  std::string note_;
  int fd_;
  bool active_;
  bool visible_ = false, drawn_ = false;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace ppn::cli
