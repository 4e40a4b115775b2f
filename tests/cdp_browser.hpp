// Headless Chromium driven over the DevTools protocol through --remote-debugging-pipe (JSON
// messages, each ended by a NUL byte, on file descriptors 3 and 4 of the browser): no ports,
// no WebDriver server. Key presses go through Input.dispatchKeyEvent, i.e. the browser's own
// input pipeline, as a user's keyboard would. --no-sandbox: CI runs as root; --disable-dev-shm-usage:
// containers often have a tiny /dev/shm.
#pragma once

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace ppn::test {

class CdpBrowser {
 public:
  explicit CdpBrowser(const std::string& chromium) {
    static int counter = 0;
    profile_ = std::filesystem::temp_directory_path() /
               ("ppn-cdp-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::create_directories(profile_);
    int to_browser[2], from_browser[2];
    REQUIRE(pipe(to_browser) == 0);
    REQUIRE(pipe(from_browser) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      // The browser reads commands on fd 3 and writes replies on fd 4.
      dup2(to_browser[0], 3);
      dup2(from_browser[1], 4);
      for (int fd : {to_browser[0], to_browser[1], from_browser[0], from_browser[1]})
        if (fd > 4) close(fd);
      const int devnull = ::open("/dev/null", O_WRONLY);
      dup2(devnull, 1);
      dup2(devnull, 2);
      const std::string data_dir = "--user-data-dir=" + profile_.string();
      execl(chromium.c_str(), chromium.c_str(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions", "--remote-debugging-pipe", "--window-size=1200,900", data_dir.c_str(),
            "about:blank", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_browser[0]);
    close(from_browser[1]);
    out_ = to_browser[1];
    in_ = from_browser[0];
    ::signal(SIGPIPE, SIG_IGN);
  }
  ~CdpBrowser() {
    if (pid_ > 0) {
      if (out_ >= 0) send_raw({{"id", ++id_}, {"method", "Browser.close"}});
      for (int guard = 0; guard < 100; ++guard) {
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
          pid_ = -1;
          break;
        }
        poll(nullptr, 0, 50);
      }
      if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
      }
    }
    if (out_ >= 0) close(out_);
    if (in_ >= 0) close(in_);
    std::error_code ec;
    std::filesystem::remove_all(profile_, ec);
  }

  // Opens a page and attaches to it; false when the browser does not answer.
  bool open(const std::string& url) {
    auto target = call("Target.createTarget", {{"url", "about:blank"}}, "");
    if (!target.contains("targetId")) return false;
    auto attached = call("Target.attachToTarget", {{"targetId", target["targetId"]}, {"flatten", true}}, "");
    if (!attached.contains("sessionId")) return false;
    session_ = attached["sessionId"].get<std::string>();
    call("Page.enable", nlohmann::json::object());
    call("Page.navigate", {{"url", url}});
    return wait_event("Page.loadEventFired");
  }
  // A real key press (keyDown + keyUp) with DOM key name and Windows key code.
  void press(const std::string& key, int keycode) {
    for (const char* type : {"keyDown", "keyUp"})
      call("Input.dispatchKeyEvent",
           {{"type", type}, {"key", key}, {"code", key}, {"windowsVirtualKeyCode", keycode}, {"nativeVirtualKeyCode", keycode}});
  }
  // The value of a JavaScript expression in the page (strings, numbers, booleans).
  // A promise is waited for when `await_promise`.
  nlohmann::json eval(const std::string& expr, bool await_promise = false) {
    auto r = call("Runtime.evaluate", {{"expression", expr}, {"returnByValue", true}, {"awaitPromise", await_promise}});
    if (r.contains("result") && r["result"].contains("value")) return r["result"]["value"];
    return nullptr;
  }
  // A PNG screenshot of the page (decoded), empty on failure.
  std::string screenshot() { return base64_decode(screenshot_base64()); }
  // The same PNG as base64 (what the protocol sends), e.g. for a data: URL.
  std::string screenshot_base64() {
    auto r = call("Page.captureScreenshot", {{"format", "png"}});
    if (!r.contains("data")) return {};
    return r["data"].get<std::string>();
  }

 private:
  bool send_raw(const nlohmann::json& msg) {
    std::string s = msg.dump();
    s.push_back('\0');
    std::size_t off = 0;
    while (off < s.size()) {
      const ssize_t n = ::write(out_, s.data() + off, s.size() - off);
      if (n <= 0) return false;
      off += static_cast<std::size_t>(n);
    }
    return true;
  }
  // Next message from the browser; null when none comes (the guard is against a hung browser).
  nlohmann::json next() {
    for (int guard = 0; guard < 600; ++guard) {
      const auto nul = buf_.find('\0');
      if (nul != std::string::npos) {
        auto msg = nlohmann::json::parse(buf_.substr(0, nul), nullptr, false);
        buf_.erase(0, nul + 1);
        return msg;
      }
      pollfd p{in_, POLLIN, 0};
      if (poll(&p, 1, 50) <= 0) continue;
      char chunk[65536];
      const ssize_t n = ::read(in_, chunk, sizeof chunk);
      if (n <= 0) return nullptr;
      buf_.append(chunk, static_cast<std::size_t>(n));
    }
    return nullptr;
  }
  nlohmann::json call(const std::string& method, const nlohmann::json& params) { return call(method, params, session_); }
  nlohmann::json call(const std::string& method, const nlohmann::json& params, const std::string& session) {
    const int id = ++id_;
    nlohmann::json msg{{"id", id}, {"method", method}, {"params", params}};
    if (!session.empty()) msg["sessionId"] = session;
    if (!send_raw(msg)) return nlohmann::json::object();
    for (;;) {
      auto m = next();
      if (m.is_null() || m.is_discarded()) return nlohmann::json::object();
      if (m.contains("method")) {
        events_.push_back(m["method"].get<std::string>());
        continue;
      }
      if (m.value("id", 0) == id) return m.contains("result") ? m["result"] : nlohmann::json::object();
    }
  }
  bool wait_event(const std::string& method) {
    for (;;) {
      for (auto it = events_.begin(); it != events_.end(); ++it)
        if (*it == method) {
          events_.erase(it);
          return true;
        }
      auto m = next();
      if (m.is_null() || m.is_discarded()) return false;
      if (m.contains("method")) events_.push_back(m["method"].get<std::string>());
    }
  }
  static std::string base64_decode(const std::string& in) {
    std::string out;
    int val = 0, bits = -8;
    for (unsigned char c : in) {
      int d;
      if (c >= 'A' && c <= 'Z') d = c - 'A';
      else if (c >= 'a' && c <= 'z') d = c - 'a' + 26;
      else if (c >= '0' && c <= '9') d = c - '0' + 52;
      else if (c == '+') d = 62;
      else if (c == '/') d = 63;
      else continue;
      val = (val << 6) + d;
      bits += 6;
      if (bits >= 0) {
        out.push_back(static_cast<char>((val >> bits) & 0xFF));
        bits -= 8;
      }
    }
    return out;
  }

  std::filesystem::path profile_;
  pid_t pid_ = -1;
  int out_ = -1, in_ = -1;
  int id_ = 0;
  std::string session_;
  std::string buf_;
  std::vector<std::string> events_;
};

}  // namespace ppn::test
