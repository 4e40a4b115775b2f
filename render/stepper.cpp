#include "render/stepper.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "render/text_board.hpp"

namespace ppn::render {

StepperState::StepperState(const Timeline& t, int start_frame) : t_(t), frame_(start_frame) {}

const char* StepperState::help_line() {
  // At most 79 columns, so that it never wraps on an 80-column terminal.
  return "n/\u2192 next p/\u2190 prev f/l first/last j jump c capture d penalty e illegal q quit";
}

std::string StepperState::status() const {
  if (jumping_) return "jump to roll: " + typed_;
  return message_;
}

void StepperState::seek(Find what, int dir) {
  const int n = static_cast<int>(t_.frames.size());
  for (int i = frame_ + dir; i >= 0 && i < n; i += dir) {
    const Frame& f = t_.frames[static_cast<std::size_t>(i)];
    if (f.roll_index < 0) continue;
    const bool hit = what == Find::capture   ? f.captures > 0
                     : what == Find::penalty ? f.penalty
                                             : (!f.legal || !f.applied || !f.diagnostics.empty());
    if (hit) {
      frame_ = i;
      return;
    }
  }
  const char* name = what == Find::capture ? "capture" : what == Find::penalty ? "penalty" : "illegal roll";
  const Frame& cur = t_.frames[static_cast<std::size_t>(frame_)];
  message_ = std::string("no ") + name + (dir > 0 ? " after " : " before ") +
             (cur.roll_index < 0 ? std::string("the start") : "roll " + std::to_string(cur.number));
}

bool StepperState::key(int k) {
  message_.clear();
  const int last = static_cast<int>(t_.frames.size()) - 1;
  if (jumping_) {
    if (k >= '0' && k <= '9') {
      if (typed_.size() < 9) typed_ += static_cast<char>(k);
    } else if (k == static_cast<int>(Key::backspace)) {
      if (!typed_.empty()) typed_.pop_back();
    } else if (k == static_cast<int>(Key::enter)) {
      jumping_ = false;
      if (!typed_.empty()) {
        const int i = t_.frame_of_number(static_cast<std::uint32_t>(std::stoul(typed_)));
        if (i < 0) message_ = "no roll " + typed_ + " in this game";
        else frame_ = i;
      }
    } else if (k == static_cast<int>(Key::eof)) {
      return false;
    } else {
      jumping_ = false;  // any other key cancels the prompt
    }
    return true;
  }
  switch (k) {
    case 'n': case ' ': case static_cast<int>(Key::right): case static_cast<int>(Key::down):
      if (frame_ < last) ++frame_;
      else message_ = "this is the last roll";
      break;
    case 'p': case 'b': case static_cast<int>(Key::left): case static_cast<int>(Key::up):
      if (frame_ > 0) --frame_;
      else message_ = "this is the start of the game";
      break;
    case 'f': case 'g': case static_cast<int>(Key::home): frame_ = 0; break;
    case 'l': case 'G': case static_cast<int>(Key::end): frame_ = last; break;
    case 'j': jumping_ = true; typed_.clear(); break;
    case 'c': seek(Find::capture, 1); break;
    case 'C': seek(Find::capture, -1); break;
    case 'd': seek(Find::penalty, 1); break;
    case 'D': seek(Find::penalty, -1); break;
    case 'e': seek(Find::illegal, 1); break;
    case 'E': seek(Find::illegal, -1); break;
    case 'q': case 'Q': case static_cast<int>(Key::eof): return false;
    case '?': case 'h': message_ = help_line(); break;
    default: break;
  }
  return true;
}

namespace {

bool ready(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  return poll(&p, 1, ms) > 0;
}

int read_byte(int fd) {
  unsigned char c = 0;
  for (;;) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n == 1) return c;
    if (n < 0 && errno == EINTR) return -2;  // a signal (e.g. SIGWINCH): caller redraws
    return -1;
  }
}

}  // namespace

int read_key(int fd) {
  const int c = read_byte(fd);
  if (c == -1) return static_cast<int>(Key::eof);
  if (c == -2) return static_cast<int>(Key::none);
  if (c == 4) return static_cast<int>(Key::eof);  // Ctrl-D
  if (c == '\r' || c == '\n') return static_cast<int>(Key::enter);
  if (c == 127 || c == 8) return static_cast<int>(Key::backspace);
  if (c != 0x1b) return c;
  if (!ready(fd, 50)) return static_cast<int>(Key::escape);
  const int c2 = read_byte(fd);
  if (c2 != '[' && c2 != 'O') return static_cast<int>(Key::escape);
  std::string seq;
  while (ready(fd, 50)) {
    const int x = read_byte(fd);
    if (x < 0) break;
    seq += static_cast<char>(x);
    if ((x >= 'A' && x <= 'Z') || x == '~') break;
  }
  if (seq == "C") return static_cast<int>(Key::right);
  if (seq == "D") return static_cast<int>(Key::left);
  if (seq == "A") return static_cast<int>(Key::up);
  if (seq == "B") return static_cast<int>(Key::down);
  if (seq == "H" || seq == "1~" || seq == "7~") return static_cast<int>(Key::home);
  if (seq == "F" || seq == "4~" || seq == "8~") return static_cast<int>(Key::end);
  return static_cast<int>(Key::none);
}

namespace {

// The terminal as it was, restored on every way out (normal exit, signals).
termios g_saved;
termios g_raw;
int g_fd = -1;
int g_out = -1;
volatile sig_atomic_t g_resized = 0;
constexpr char kEnterScreen[] = "\x1b[?1049h\x1b[?25l";
constexpr char kLeaveScreen[] = "\x1b[?25h\x1b[?1049l";

void restore_terminal() {
  if (g_fd < 0) return;
  tcsetattr(g_fd, TCSAFLUSH, &g_saved);
  if (g_out >= 0) [[maybe_unused]] auto n = ::write(g_out, kLeaveScreen, sizeof kLeaveScreen - 1);
  g_fd = -1;
}

void on_fatal_signal(int sig) {
  restore_terminal();  // tcsetattr and write are async-signal-safe
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void on_winch(int) { g_resized = 1; }

// Ctrl-Z: give the shell its terminal back while stopped, take it again on resume.
void on_tstp(int) {
  if (g_fd < 0) return;
  tcsetattr(g_fd, TCSAFLUSH, &g_saved);
  if (g_out >= 0) [[maybe_unused]] auto n = ::write(g_out, kLeaveScreen, sizeof kLeaveScreen - 1);
  std::raise(SIGSTOP);
  // Resumed (SIGCONT).
  tcsetattr(g_fd, TCSAFLUSH, &g_raw);
  if (g_out >= 0) [[maybe_unused]] auto n = ::write(g_out, kEnterScreen, sizeof kEnterScreen - 1);
  g_resized = 1;  // redraw
}

struct TerminalGuard {
  bool ok = false;
  struct sigaction old_int{}, old_term{}, old_hup{}, old_quit{}, old_winch{}, old_tstp{};
  TerminalGuard(int in, int out) {
    if (tcgetattr(in, &g_saved) != 0) return;
    termios raw = g_saved;
    raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));  // keys at once, unechoed; ISIG kept
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(in, TCSAFLUSH, &raw) != 0) return;
    g_raw = raw;
    g_fd = in;
    g_out = out;
    struct sigaction sa {};
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    sigaction(SIGQUIT, &sa, &old_quit);
    struct sigaction sw {};
    sw.sa_handler = on_winch;  // no SA_RESTART: read() returns EINTR and the frame is redrawn
    sigemptyset(&sw.sa_mask);
    sigaction(SIGWINCH, &sw, &old_winch);
    struct sigaction st {};
    st.sa_handler = on_tstp;
    sigemptyset(&st.sa_mask);
    sigaction(SIGTSTP, &st, &old_tstp);
    [[maybe_unused]] auto n = ::write(out, kEnterScreen, sizeof kEnterScreen - 1);
    ok = true;
  }
  ~TerminalGuard() {
    if (!ok) return;
    restore_terminal();
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    sigaction(SIGHUP, &old_hup, nullptr);
    sigaction(SIGQUIT, &old_quit, nullptr);
    sigaction(SIGWINCH, &old_winch, nullptr);
    sigaction(SIGTSTP, &old_tstp, nullptr);
  }
};

bool write_all(int fd, const std::string& s) {
  std::size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

int terminal_width(int fd) {
  winsize ws{};
  if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40) return ws.ws_col;
  return 80;
}

}  // namespace

int run_terminal_stepper(const Timeline& t, const Game& game, const std::string& title, int in_fd, int out_fd,
                         bool colour) {
  TerminalGuard guard(in_fd, out_fd);
  if (!guard.ok) return 2;
  StepperState s(t);
  for (;;) {
    TextStyle style;
    style.colour = colour;
    style.width = terminal_width(out_fd);
    std::string screen = "\x1b[H\x1b[2J";
    std::string body = text_frame(t, s.frame(), game, title, style);
    // The terminal is not in raw output mode, but be explicit about line starts.
    for (char ch : body) {
      if (ch == '\n') screen += "\x1b[K";
      screen += ch;
    }
    const std::string status = s.status();
    if (!status.empty()) screen += (colour ? "\x1b[1m" + status + "\x1b[0m" : status) + "\n";
    screen += colour ? std::string("\x1b[7m") + StepperState::help_line() + "\x1b[0m" : StepperState::help_line();
    if (!write_all(out_fd, screen)) return 2;
    int k = read_key(in_fd);
    while (k == static_cast<int>(Key::none) && !g_resized) k = read_key(in_fd);
    g_resized = 0;
    if (k == static_cast<int>(Key::none)) continue;
    if (!s.key(k)) break;
  }
  return 0;
}

}  // namespace ppn::render
