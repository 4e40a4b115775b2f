// A scratch folder for a CLI test, removed at the end of the test: inputs it writes and the
// outputs of the commands it runs.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace ppn::test {

struct ScratchDir {
  std::filesystem::path path;
  explicit ScratchDir(const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             ("ppn-" + name + "-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~ScratchDir() { std::filesystem::remove_all(path); }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  // Writes `bytes` to the file `name` in the folder; returns its path.
  std::string write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path / name, std::ios::binary) << bytes;
    return (path / name).string();
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

}  // namespace ppn::test
