// parse(print(g)) == g and print is idempotent for every game of the PPN fixtures under
// tests/ and of samples/*.ppn (whatever exists), plus games built in code.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "notation/printer.hpp"
#include "bench/bench_parse.hpp"
#include "parser/parser.hpp"
#include "shared_data.hpp"

using namespace ppn;

namespace {

std::vector<std::filesystem::path> fixture_files() {
  std::vector<std::filesystem::path> out;
  for (const char* dir : {"tests/parser", "tests", "samples"}) {
    const auto d = test::source_path(dir);
    if (!std::filesystem::is_directory(d)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(d)) {
      if (e.path().extension() == ".ppn") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void check_round_trip(const Game& g) {
  const std::string printed = to_ppn(g);
  auto again = parser::parse_all(printed, "printed");
  INFO(printed);
  REQUIRE(again.errors.empty());
  REQUIRE(again.games.size() == 1);
  CHECK(again.games[0] == g);
  CHECK(to_ppn(again.games[0]) == printed);
}

}  // namespace

TEST_CASE("round trip over every PPN fixture and sample", "[notation][roundtrip]") {
  std::size_t games = 0;
  for (const auto& file : fixture_files()) {
    std::ifstream in(file, std::ios::binary);
    parser::parse_stream(
        in, file.string(),
        [&](Game& g) {
          ++games;
          check_round_trip(g);
        },
        [](const parser::ParseError&) {});  // the golden error fixtures are checked elsewhere
  }
  CHECK(games >= 3);
}

TEST_CASE("round trip of a game built in code", "[notation][roundtrip]") {
  Game g;
  g.tags = {{"Event", "built"}, {"Game", "ludo"}, {"Note", "a \"quote\""}};
  g.leading_comments = {"lead", "with } brace"};
  Roll r;
  r.number = 1;
  r.seat = Colour::Blue;
  r.dice = {6, 0};
  r.steps = {Step::part(SquareMove{Square::nest(), Square::ring(0), false})};
  r.nags = {3, 200};
  r.comments = {"x } y", "plain"};
  Roll alt = r;
  alt.kind = PlayKind::NoPlay;
  alt.steps.clear();
  alt.comments = {"only } brace"};
  alt.nags.clear();
  r.variations = {{alt}};
  g.movetext.emplace_back(r);
  Roll p;
  p.number = 2;
  p.seat = Colour::Blue;
  p.dice = {6, 0};
  p.kind = PlayKind::Penalty;
  p.penalty_move = SquareMove{Square::home_path(3), Square::nest(), false};
  g.movetext.emplace_back(p);
  g.movetext.emplace_back(Withdrawal{Colour::Green, WithdrawalKind::Abandons, {"bye"}, 0, 0});
  check_round_trip(g);
}

TEST_CASE("synthetic bench games round trip", "[notation][roundtrip]") {
  // The bench generator's games (bench/bench_parse.hpp) parse and reprint identically.
  const auto file = std::filesystem::temp_directory_path() / "ppn-roundtrip-synthetic.ppn";
  const std::size_t written = bench::write_synthetic_ppn(file.string(), 200000, 3);
  std::ifstream in(file, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  auto parsed = parser::parse_all(ss.str(), file.string());
  CHECK(parsed.errors.empty());
  CHECK(parsed.games.size() == written);
  std::string printed;
  for (const auto& g : parsed.games) append_ppn(printed, g);
  CHECK(printed == ss.str());
  std::filesystem::remove(file);
}
