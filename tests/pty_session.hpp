// Runs the built ppn binary on the slave side of a pseudo-terminal (forkpty), the way a user
// at a terminal runs it, for tests of terminal-only behaviour (the replay stepper, progress
// bars). Output is collected from the master side; keys are written to it.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <poll.h>
#include <pty.h>
#include <string>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

#include "shared_data.hpp"

namespace ppn::test {

// 80 x 30 terminal, TERM=xterm-256color; NO_COLOR set unless `colour`.
class PtySession {
 public:
  explicit PtySession(const std::vector<std::string>& args, bool colour = false) {
    winsize ws{};
    ws.ws_row = 30;
    ws.ws_col = 80;
    pid_ = forkpty(&fd_, nullptr, nullptr, &ws);
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      setenv("TERM", "xterm-256color", 1);
      if (colour) unsetenv("NO_COLOR");
      else setenv("NO_COLOR", "1", 1);
      std::vector<char*> argv;
      std::string bin = ppn::test::ppn_binary();
      argv.push_back(bin.data());
      std::vector<std::string> copy = args;
      for (auto& a : copy) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(bin.c_str(), argv.data());
      _exit(127);
    }
  }
  ~PtySession() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }
  // Reads until `needle` appears in the output after `from` (or the child closes the
  // terminal). The wait is a guard against a hung child, not a timing assertion.
  bool wait_for(const std::string& needle, std::size_t from) {
    for (const auto end = deadline(); clock::now() < end;) {
      if (out_.find(needle, from) != std::string::npos) return true;
      if (!read_some(50)) {
        if (closed_) return out_.find(needle, from) != std::string::npos;
      }
    }
    return out_.find(needle, from) != std::string::npos;
  }
  void send(const std::string& keys) {
    REQUIRE(::write(fd_, keys.data(), keys.size()) == static_cast<ssize_t>(keys.size()));
  }
  // Waits for the child to exit; returns its wait status.
  int finish() {
    for (const auto end = deadline(); !closed_ && clock::now() < end;) read_some(50);
    if (!closed_) kill(pid_, SIGKILL);  // hung: the test fails on its status, it does not hang
    int status = 0;
    waitpid(pid_, &status, 0);
    exited_ = true;
    return status;
  }
  void signal(int sig) { kill(pid_, sig); }
  // Whether the child is stopped (Ctrl-Z), waiting for it to be so (a guard, not a timing).
  bool stopped() {
    for (const auto end = deadline(); clock::now() < end;) {
      int status = 0;
      if (waitpid(pid_, &status, WUNTRACED | WNOHANG) == pid_ && WIFSTOPPED(status)) return true;
      read_some(20);
    }
    return false;
  }
  termios attrs() const {
    termios t{};
    tcgetattr(fd_, &t);
    return t;
  }
  const std::string& out() const { return out_; }
  std::size_t mark() const { return out_.size(); }

 private:
  using clock = std::chrono::steady_clock;
  // The guards are by the clock, not by reads: output arriving in many small pieces (a frame
  // still being drawn by a slow build) must not use them up before the child has had its time.
  static clock::time_point deadline() { return clock::now() + std::chrono::seconds(30); }
  bool read_some(int ms) {
    pollfd p{fd_, POLLIN, 0};
    if (poll(&p, 1, ms) <= 0) return false;
    char buf[4096];
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n <= 0) {
      closed_ = true;  // EIO: the slave side is closed
      return false;
    }
    out_.append(buf, static_cast<std::size_t>(n));
    return true;
  }
  int fd_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false, closed_ = false;
  std::string out_;
};

}  // namespace ppn::test
