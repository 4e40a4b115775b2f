// The large imports of the database tests: ten files of 1,000 self-play games each (seeds
// 101-110, made once per build directory and kept in build/test-data/selfplay-10x1000), and `ppn
// import` run as a child process that a test kills, waits for, and reads the report of.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdlib>
#include <fcntl.h>
#include <spawn.h>
#include <sstream>
#include <sys/wait.h>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "game_file.hpp"

extern char** environ;

namespace ppn::test {

inline constexpr int kFiles = 10, kPerFile = 1000;

inline std::filesystem::path selfplay_dir() {
  return std::filesystem::path(ppn_binary()).parent_path().parent_path() / "test-data" /
         ("selfplay-" + std::to_string(kFiles) + "x" + std::to_string(kPerFile));
}

// Generates the 10 self-play files (deterministic: seeds 101..110), two at a time, unless a
// previous run left them.
inline std::vector<std::string> selfplay_files() {
  const auto dir = selfplay_dir();
  std::filesystem::create_directories(dir);
  std::vector<std::string> files;
  std::string cmd;
  for (int i = 0; i < kFiles; ++i) {
    const auto f = dir / ("selfplay-" + std::to_string(101 + i) + ".ppn");
    files.push_back(f.string());
    if (std::filesystem::exists(f)) continue;
    cmd += ppn_binary() + " selfplay --games " + std::to_string(kPerFile) + " --seed " + std::to_string(101 + i) +
           " -o " + f.string() + ".tmp && mv " + f.string() + ".tmp " + f.string() + (i % 2 ? " ; wait ; " : " & ");
  }
  if (!cmd.empty()) REQUIRE(std::system(("sh -c '" + cmd + " wait'").c_str()) == 0);
  for (const auto& f : files) REQUIRE(std::filesystem::exists(f));
  return files;
}


// `ppn import --batch 200 --db DB FILES...` as a child, stdout to `out`, stderr to `err`.
inline pid_t spawn_import(const std::string& db, const std::vector<std::string>& files, const std::string& out,
                          const std::string& err = "/dev/null") {
  std::vector<std::string> args{ppn_binary(), "import", "--batch", "200", "--db", db};
  args.insert(args.end(), files.begin(), files.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE(rc == 0);
  return pid;
}

inline int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Files the importer reported done (the "FILE: N games: ..." lines of its stdout).
inline std::vector<std::string> reported(const std::string& out) {
  std::vector<std::string> files;
  std::istringstream in(read_file(out));
  std::string line;
  while (std::getline(in, line))
    if (!line.starts_with("import: ") &&
        (line.find(" games: ") != std::string::npos || line.find(" game: ") != std::string::npos))
      files.push_back(line.substr(0, line.find(": ")));
  return files;
}

inline std::size_t lines_in(const std::string& out) {
  const auto t = read_file(out);
  return static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n'));
}

}  // namespace ppn::test
