// README.md is the front door: at most 200 lines, and its five-minute tour runs as written.
// Every `$ ppn ...` line of the tour's console blocks is run from the repository root with the
// built binary, and must print exactly the lines the README shows under it (standard output
// and error together; blanks at the ends of lines aside), so the tour cannot drift from what
// ppn does.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

using namespace ppn::test;

namespace {

constexpr const char* kTour = "A five-minute tour";

struct Step {
  std::string command;   // as typed after "$ ", starting with "ppn "
  std::string expected;  // the lines shown under it, each ending in '\n'
};

// The steps of the console blocks of README's section `heading`.
std::vector<Step> tour_steps(const std::string& readme, const std::string& heading) {
  const auto from = readme.find("\n## " + heading + "\n");
  REQUIRE(from != std::string::npos);
  const auto to = readme.find("\n## ", from + 1);
  std::istringstream in(readme.substr(from, to == std::string::npos ? std::string::npos : to - from));
  std::vector<Step> steps;
  bool open = false, console = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      console = !open && line == "```console";
      open = !open;
      continue;
    }
    if (!open || !console) continue;
    if (line.rfind("$ ", 0) == 0) {
      steps.push_back({line.substr(2), {}});
      continue;
    }
    REQUIRE_FALSE(steps.empty());  // a block starts with its command
    steps.back().expected += line + "\n";
  }
  REQUIRE_FALSE(open);
  return steps;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
}

// Blanks at the end of a line, which a page does not show (the text board pads its lines), dropped.
std::string trimmed_lines(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    line.erase(line.find_last_not_of(" \t") + 1);
    out += line + "\n";
  }
  return out;
}

// Runs each step in the source tree; what it prints, where that is not what the README shows.
std::vector<std::string> tour_drift(const std::vector<Step>& steps) {
  std::vector<std::string> drift;
  for (const auto& step : steps) {
    if (step.command.rfind("ppn ", 0) != 0) {
      drift.push_back("not a ppn command: " + step.command);
      continue;
    }
    const auto r = run_command("cd " + shell_quoted(source_path("").string()) + " && NO_COLOR=1 " +
                               shell_quoted(ppn_binary()) + step.command.substr(3) + " 2>&1");
    std::string out = trimmed_lines(r.out);
    replace_all(out, ppn_binary(), "ppn");  // a message naming the binary names it as typed
    if (r.code < 0 || r.code > 1) drift.push_back("$ " + step.command + "\nexit code " + std::to_string(r.code));
    if (out != trimmed_lines(step.expected))
      drift.push_back("$ " + step.command + "\n--- README shows:\n" + step.expected + "--- ppn printed:\n" + out);
  }
  return drift;
}

std::string listed(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += "\n" + s;
  return out;
}

}  // namespace

TEST_CASE("README is at most 200 lines", "[docs][readme]") {
  const std::string readme = read_file(source_path("README.md"));
  std::size_t lines = 0;
  for (char c : readme) lines += c == '\n';
  if (!readme.empty() && readme.back() != '\n') ++lines;
  INFO("README.md has " << lines << " lines");
  CHECK(lines <= 200);
}

TEST_CASE("README's five-minute tour prints what it shows", "[docs][readme][tour]") {
  const auto steps = tour_steps(read_file(source_path("README.md")), kTour);
  CHECK(steps.size() >= 5);
  for (const auto& s : steps) {
    INFO(s.command);
    CHECK_FALSE(s.expected.empty());  // every step shows its output
  }
  const auto drift = tour_drift(steps);
  INFO("drift:" << listed(drift));
  CHECK(drift.empty());
}

TEST_CASE("the tour check finds a drifted output", "[docs][readme][tour]") {
  auto steps = tour_steps(read_file(source_path("README.md")), kTour);
  REQUIRE_FALSE(steps.empty());
  steps.resize(1);
  REQUIRE(tour_drift(steps).empty());
  steps[0].expected += "a line ppn does not print\n";
  CHECK(tour_drift(steps).size() == 1);
  steps[0].expected = steps[0].expected.substr(0, steps[0].expected.size() / 2);
  CHECK(tour_drift(steps).size() == 1);
}
