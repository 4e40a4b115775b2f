// The interactive stepper of `ppn replay` on a terminal: one frame of a timeline at a time
// (render/text_board.hpp), moved by single keys shown in a help line.
//
//   n, space, right arrow   next roll          p, left arrow    previous roll
//   f, Home                 first (start)      l, End           last
//   j NUMBER Enter          jump to roll NUMBER
//   c / C                   next / previous capture
//   d / D                   next / previous third-doublet penalty
//   e / E                   next / previous illegal roll (or one with a diagnostic)
//   q, Ctrl-D               quit
//
// StepperState is the key logic alone (no terminal), so it can be tested directly;
// run_terminal_stepper drives it on a terminal in non-canonical mode, restoring the terminal
// on exit and on SIGINT/SIGTERM/SIGHUP/SIGQUIT (and while stopped by Ctrl-Z).
#pragma once

#include <string>

#include "notation/game.hpp"
#include "render/timeline.hpp"

namespace ppn::render {

enum class Key : int {
  none = 0,
  right = 0x100,
  left,
  up,
  down,
  home,
  end,
  enter,
  backspace,
  escape,
  eof,
};

class StepperState {
 public:
  explicit StepperState(const Timeline& t, int start_frame = 0);
  // Handles one key (a printable character as its code, or a Key). Returns false on quit.
  bool key(int k);
  int frame() const { return frame_; }
  // The status line: a message about the last key (e.g. "no capture after roll 41"), or the
  // jump prompt while a number is typed.
  std::string status() const;
  static const char* help_line();

 private:
  enum class Find { capture, penalty, illegal };
  void seek(Find what, int dir);
  const Timeline& t_;
  int frame_ = 0;
  bool jumping_ = false;
  std::string typed_;
  std::string message_;
};

// Decodes the bytes of one key press from a terminal (arrow keys as ESC [ C, ESC O C, Home /
// End as ESC [ H / ESC [ 1 ~ / ESC [ F / ESC [ 4 ~). Reads more bytes from `fd` only when an
// escape sequence has started and more are ready within a short wait.
int read_key(int fd);

// Runs the stepper until the user quits. Returns 0, or 2 when the terminal cannot be set up.
int run_terminal_stepper(const Timeline& t, const Game& game, const std::string& title, int in_fd, int out_fd,
                         bool colour);

}  // namespace ppn::render
