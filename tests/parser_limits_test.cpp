// Limits on hostile input (notation/SPEC.md "Limits"): each excess is a located error, the
// reader goes on with the next game, and memory stays bounded however long the input is.
// Memory is measured in a forked child (its peak RSS from wait4), so that the rest of the
// test process does not blur the figure.
#include <catch2/catch.hpp>
#include <cstring>
#include <istream>
#include <streambuf>

#include "child_memory.hpp"
#include "parser/parser.hpp"

namespace {

using ppn::parser::ParseError;
using ppn::parser::ParseOptions;

const std::string good_game = "[Event \"after\"]\n[Seats \"green red\"]\n\n1. G 5-3: N/0 0/3\n";

// An input stream of `prefix`, then `repeat` copies of `unit`, then `suffix`, generated as it is
// read (a 1 GB input costs no memory or disk here).
class GeneratedBuf : public std::streambuf {
 public:
  GeneratedBuf(std::string prefix, std::string unit, std::size_t repeat, std::string suffix)
      : prefix_(std::move(prefix)), unit_(std::move(unit)), repeat_(repeat), suffix_(std::move(suffix)) {}

 protected:
  int_type underflow() override {
    chunk_.clear();
    while (chunk_.size() < (1u << 16)) {
      if (stage_ == 0) {
        chunk_ += prefix_;
        stage_ = 1;
      } else if (stage_ == 1) {
        if (done_ == repeat_) {
          stage_ = 2;
          continue;
        }
        chunk_ += unit_;
        ++done_;
      } else if (stage_ == 2) {
        chunk_ += suffix_;
        stage_ = 3;
      } else {
        break;
      }
    }
    if (chunk_.empty()) return traits_type::eof();
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::string prefix_, unit_;
  std::size_t repeat_, done_ = 0;
  std::string suffix_, chunk_;
  int stage_ = 0;
};

struct Outcome {
  std::size_t games = 0;
  std::vector<std::string> errors;  // ParseError::format()'s first line
};

Outcome parse(std::istream& in, const ParseOptions& options) {
  Outcome o;
  const auto stats = ppn::parser::parse_stream(
      in, "gen.ppn", [](ppn::Game&) {},
      [&](const ParseError& e) {
        const auto f = e.format();
        o.errors.push_back(f.substr(0, f.find('\n')));
      },
      options);
  o.games = stats.games;
  return o;
}

}  // namespace

TEST_CASE("limits: a 20 MB line against a 1 MiB line limit: located error, bounded memory", "[parser][limits]") {
  ParseOptions options;
  options.max_line_bytes = std::size_t{1} << 20;
  const long growth = ppn::test::child_peak_growth_kib([&] {
    GeneratedBuf buf("[Event \"long\"]\n\n1. G 5-3: N/0 0/3 {", std::string(1000, 'a'), 20000, "}\n\n" + good_game);
    std::istream in(&buf);
    const auto o = parse(in, options);
    return o.games == 1 && o.errors.size() == 1 &&
           o.errors[0] == "gen.ppn:3:1: error: line too long: more than 1048576 bytes (the line limit); skipped to the next game";
  });
  CHECK(growth >= 0);
  CHECK(growth < 16 * 1024);  // 20 MB went by; a few MiB of buffers at most stayed
}

TEST_CASE("limits: a 1 GB file of one line is skipped in bounded memory (default limits)", "[parser][limits]") {
  const long growth = ppn::test::child_peak_growth_kib([&] {
    GeneratedBuf buf("", std::string(1 << 20, 'x'), 1024, "\n\n" + good_game);
    std::istream in(&buf);
    const auto o = parse(in, ParseOptions{});
    return o.games == 1 && o.errors.size() == 1;
  });
  CHECK(growth >= 0);
  CHECK(growth < 32 * 1024);
}

TEST_CASE("limits: a game over the byte limit is skipped in bounded memory", "[parser][limits]") {
  ParseOptions options;
  options.max_game_bytes = std::size_t{1} << 20;
  const long growth = ppn::test::child_peak_growth_kib([&] {
    // 20 MB of short roll lines: no line is long, the game is.
    GeneratedBuf buf("[Event \"huge\"]\n\n", "G 6-3: -\nR 6-3: -\n", 1000000, "\n" + good_game);
    std::istream in(&buf);
    const auto o = parse(in, options);
    return o.games == 1 && o.errors.size() == 1 &&
           o.errors[0] == "gen.ppn:1:1: error: game too long: more than 1048576 bytes (the per-game limit); skipped to the next game";
  });
  CHECK(growth >= 0);
  CHECK(growth < 16 * 1024);
}

TEST_CASE("limits: a million empty games parse one at a time in bounded memory", "[parser][limits]") {
  const long growth = ppn::test::child_peak_growth_kib([&] {
    GeneratedBuf buf("", "[Event \"\"]\n\n", 1000000, "");
    std::istream in(&buf);
    const auto o = parse(in, ParseOptions{});
    return o.games == 1000000 && o.errors.empty();
  });
  CHECK(growth >= 0);
  CHECK(growth < 16 * 1024);
}

TEST_CASE("limits: tags, rolls, moves per roll and variation depth give located errors", "[parser][limits]") {
  ParseOptions options;
  options.max_tags = 4;
  options.max_rolls = 5;
  options.max_steps_per_roll = 3;
  std::string text = "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n[D \"4\"]\n[E \"5\"]\n\n1. G 6-3: -\n\n";  // 5 tags
  text += "[Event \"rolls\"]\n\n1. G 6-3: -\n2. R 6-3: - (2. R 1-2: -) (2. R 1-3: -)\n3. G 6-3: -\n4. R 6-3: -\n\n";
  text += "[Event \"steps\"]\n\n1. G 6-6: 1/2 2/3 3/4 4/5\n\n";
  text += "[Event \"deep\"]\n\n1. G 6-3: -";
  for (int i = 0; i < 70; ++i) text += " (1. G 6-3: -";
  text += "\n\n";
  text += good_game;
  std::vector<std::string> errors;
  std::size_t games = 0;
  ppn::parser::parse_string(
      text, "lim.ppn", [&](ppn::Game&) { ++games; },
      [&](const ParseError& e) {
        const auto f = e.format();
        errors.push_back(f.substr(0, f.find('\n')));
      },
      options);
  CHECK(games == 1);
  REQUIRE(errors.size() == 4);
  CHECK(errors[0] == "lim.ppn:5:1: error: too many tags: a game has at most 4");
  CHECK(errors[1] == "lim.ppn:14:1: error: too many rolls: a game has at most 5 (main line and variations)");
  CHECK(errors[2] == "lim.ppn:18:1: error: too many moves in one roll: at most 3");
  CHECK_THAT(errors[3], Catch::StartsWith("lim.ppn:22:") && Catch::EndsWith("error: variations nest at most 64 deep"));
}
