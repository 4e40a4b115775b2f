// Runs the built ppn binary for CLI tests: exit code and standard output (stderr discarded,
// or merged with `merge_stderr`).
#pragma once

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include "shared_data.hpp"

namespace ppn::test {

struct Run {
  int code = -1;
  std::string out;
};

// Runs a command line through the shell: its standard output and exit code (-1: killed).
inline Run run_command(const std::string& cmd) {
  Run r;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline Run run_ppn(const std::string& args, bool merge_stderr = false) {
  return run_command(ppn_binary() + " " + args + (merge_stderr ? " 2>&1" : " 2>/dev/null"));
}

// `s` as one word of a shell command line (single-quoted).
inline std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command line (e.g. one that sets a ulimit before exec-ing ppn): exit code and
// standard output and error together.
inline Run run_ppn_shell(const std::string& script) { return run_command("sh -c " + shell_quoted(script) + " 2>&1"); }

// The position ID an SVG of `ppn render --at N -o -` draws (its data-position), "" when none.
inline std::string drawn_position(const std::string& svg) {
  const std::string key = "data-position=\"";
  const auto at = svg.find(key);
  if (at == std::string::npos) return {};
  const auto end = svg.find('"', at + key.size());
  return svg.substr(at + key.size(), end - at - key.size());
}

// How many times `what` occurs in `text` (overlapping occurrences too): messages that must
// come once per file, not once per line.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace ppn::test
