// Measuring the memory a piece of work needs: it runs in a forked child, so that what the
// test process already holds does not count (tests of bounded memory: parser limits,
// streamed compressed input).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

namespace ppn::test {

// Runs f in a forked child; returns the child's peak RSS growth in KiB over its RSS at the
// fork, or -1 when f returned false (or the child died).
template <typename F>
long child_peak_growth_kib(F f) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    rusage start{};
    getrusage(RUSAGE_SELF, &start);
    const long ok = f() ? 1 : 0;
    rusage end{};
    getrusage(RUSAGE_SELF, &end);
    const long growth = ok ? end.ru_maxrss - start.ru_maxrss : -1;
    (void)!write(fds[1], &growth, sizeof growth);
    _exit(0);
  }
  close(fds[1]);
  long growth = -1;
  if (read(fds[0], &growth, sizeof growth) != static_cast<ssize_t>(sizeof growth)) growth = -1;
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? growth : -1;
}

}  // namespace ppn::test
