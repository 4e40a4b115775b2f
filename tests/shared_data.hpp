// Paths to the project's own files and to the shared/ reference material used by tests.
// Tests that need shared/ call shared_path(); when the folder is absent they WARN and return
// (Catch2 v2 has no skip), so a checkout without shared/ still runs everything else.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace ppn::test {

inline std::filesystem::path source_path(const std::string& rel) {
  return std::filesystem::path(PPN_SOURCE_DIR) / rel;
}

// Empty path when shared/ (or the file inside it) is missing.
inline std::filesystem::path shared_path(const std::string& rel) {
  auto p = std::filesystem::path(PPN_SHARED_DIR) / rel;
  return std::filesystem::exists(p) ? p : std::filesystem::path{};
}

inline std::string ppn_binary() { return PPN_BINARY; }

// The whole file, bytes as they are (empty when it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace ppn::test

// Skip the rest of a test case, with a message, when a shared/ path is missing.
#define PPN_REQUIRE_SHARED(var, rel)                                            \
  const auto var = ::ppn::test::shared_path(rel);                               \
  if (var.empty()) {                                                            \
    WARN("skipped: " << (rel) << " not found under " << PPN_SHARED_DIR);        \
    return;                                                                     \
  }
