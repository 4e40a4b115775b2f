// docs/GUIDE.md, the beginner's guide, stays true: every PPN example in it is run through
// `ppn validate` and must print the lines the guide quotes after it (and exit as those lines
// say: 0 clean, 1 a rule error, 2 a syntax error), and its board tables are the engine's
// geometry (rules/geometry.hpp), not numbers typed by hand.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "cli_run.hpp"
#include "notation/colour.hpp"
#include "replay/bridge.hpp"
#include "rules/geometry.hpp"
#include "rules/options.hpp"

namespace fs = std::filesystem;

namespace {

struct Block {
  std::string lang, text;
};

std::string guide() { return ppn::test::read_file(ppn::test::source_path("docs/GUIDE.md")); }

std::vector<Block> fenced_blocks(const std::string& doc) {
  std::vector<Block> blocks;
  std::stringstream in(doc);
  std::optional<Block> open;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      if (open) {
        blocks.push_back(*open);
        open.reset();
      } else {
        open = Block{line.substr(3), {}};
      }
      continue;
    }
    if (open) open->text += line + "\n";
  }
  REQUIRE_FALSE(open);
  return blocks;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<int> numbers_in(const std::string& s) {
  std::vector<int> out;
  static const std::regex number("\\b[0-9]+\\b");
  for (std::sregex_iterator m(s.begin(), s.end(), number), end; m != end; ++m) out.push_back(std::stoi(m->str()));
  return out;
}

}  // namespace

TEST_CASE("every PPN example of the guide validates as the guide says", "[docs][guide]") {
  const auto blocks = fenced_blocks(guide());
  const fs::path dir = fs::temp_directory_path() / ("ppn-guide-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  int examples = 0, illegal = 0, syntax = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    if (blocks[i].lang != "ppn") continue;
    // The `ppn validate` transcript that belongs to this example: the next text block, before
    // any other example.
    std::size_t j = i + 1;
    while (j < blocks.size() && blocks[j].lang != "ppn" && blocks[j].text.rfind("$ ppn validate ", 0) != 0) ++j;
    INFO("example:\n" << blocks[i].text);
    REQUIRE(j < blocks.size());
    REQUIRE(blocks[j].lang == "text");
    const auto expected = lines_of(blocks[j].text);
    const std::string name = expected[0].substr(std::string("$ ppn validate ").size());
    { std::ofstream(dir / name) << blocks[i].text; }
    const auto r = ppn::test::run_command("cd '" + dir.string() + "' && '" + ppn::test::ppn_binary() + "' validate " + name + " 2>&1");
    INFO("ppn printed:\n" << r.out);
    const auto printed = lines_of(r.out);
    int want_code = 0;
    for (std::size_t k = 1; k < expected.size(); ++k) {
      CHECK(std::find(printed.begin(), printed.end(), expected[k]) != printed.end());
      if (expected[k].find(": error[") != std::string::npos) want_code = std::max(want_code, 1);
      if (expected[k].find(": error: ") != std::string::npos) want_code = 2;
    }
    CHECK(r.code == want_code);
    ++examples;
    illegal += want_code == 1;
    syntax += want_code == 2;
  }
  fs::remove_all(dir);
  CHECK(examples >= 8);  // the first game and the common mistakes
  CHECK(illegal >= 6);
  CHECK(syntax >= 1);
}

namespace {

// The numbers of the guide line that starts with `intro` are the safe squares of `g`, in the
// coordinates of every seat.
void check_safe_line(const std::vector<std::string>& lines, const std::string& intro, const ppn::rules::Geometry& g) {
  const auto line = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(intro, 0) == 0; });
  INFO(intro);
  REQUIRE(line != lines.end());
  const auto listed = numbers_in(line->substr(intro.size()));
  for (int seat = 0; seat < g.num_seats; ++seat) {
    std::vector<int> engine;
    for (int rel = 0; g.on_ring(rel); ++rel)
      if (g.is_safe_abs(g.abs_of(seat, rel))) engine.push_back(rel);
    INFO("seat " << seat);
    CHECK(listed == engine);
  }
}

// The table under `header`: one row per mover, the square of each colour's ENTER (start) in the
// mover's coordinates, columns green, red, blue, yellow.
void check_enter_table(const std::vector<std::string>& lines, const std::string& header, const ppn::rules::Geometry& g) {
  INFO(header);
  const auto head = std::find(lines.begin(), lines.end(), header);
  REQUIRE(head != lines.end());
  const ppn::Colour columns[] = {ppn::Colour::Green, ppn::Colour::Red, ppn::Colour::Blue, ppn::Colour::Yellow};
  int rows = 0;
  for (auto it = head + 2; it != lines.end() && it->rfind("| ", 0) == 0; ++it, ++rows) {
    const auto mover_name = it->substr(2, it->find(' ', 2) - 2);
    const auto mover = ppn::colour_from_name(mover_name);
    REQUIRE(mover);
    const auto cells = numbers_in(*it);
    REQUIRE(cells.size() == 4);
    for (int c = 0; c < 4; ++c) {
      const int enter_abs = g.abs_of(ppn::rules::seat_of(columns[c]), 0);
      INFO(mover_name << " sees " << ppn::colour_name(columns[c]) << "'s ENTER");
      CHECK(cells[c] == g.rel_of(ppn::rules::seat_of(*mover), enter_abs));
    }
  }
  CHECK(rows == 4);
}

ppn::rules::Geometry profile_geometry(const char* profile) {
  const auto r = ppn::rules::profile_options(profile);
  REQUIRE(r.ok());
  return ppn::rules::geometry_of(*r.options);
}

}  // namespace

TEST_CASE("the guide's safety squares and ENTER tables are the engine's boards", "[docs][guide]") {
  const auto lines = lines_of(guide());
  check_safe_line(lines, "Safety squares, the same numbers for every colour: ", ppn::rules::kParcheesi68);
  check_enter_table(lines, "| mover | green's ENTER | red's ENTER | blue's ENTER | yellow's ENTER |", ppn::rules::kParcheesi68);

  check_safe_line(lines, "Ludo safe squares under ludo-modern, the same numbers for every colour: ", profile_geometry("ludo-modern"));
  check_enter_table(lines, "| mover | green's start | red's start | blue's start | yellow's start |", profile_geometry("ludo"));
  // "none under `ludo` and `ludo-seed`"
  for (const char* profile : {"ludo", "ludo-seed"}) {
    const auto g = profile_geometry(profile);
    INFO(profile);
    CHECK(g.safe_abs[0] == 0);
    CHECK(g.safe_abs[1] == 0);
  }
}
