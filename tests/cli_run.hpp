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

inline Run run_ppn(const std::string& args, bool merge_stderr = false) {
  Run r;
  const std::string cmd = ppn_binary() + " " + args + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs a shell command line (e.g. one that sets a ulimit before exec-ing ppn): exit code and
// standard output and error together.
inline Run run_ppn_shell(const std::string& script) {
  Run r;
  std::string quoted = "'";
  for (char c : script) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  FILE* p = popen(("sh -c " + quoted + " 2>&1").c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace ppn::test
