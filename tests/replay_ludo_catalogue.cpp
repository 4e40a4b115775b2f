// The hand-made Ludo catalogue (tests/rules/ludo-catalogue.ppn): every case replayed under each
// profile its [Expect] names; the verdict (legal, or the code of the first error) and, for a
// legal roll, the position after it ([After], seat to roll and sixes in a row included) must
// match.
#include <catch2/catch.hpp>
#include <sstream>

#include <fstream>

#include "shared_data.hpp"
#include "notation/position_id.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"

namespace {

using namespace ppn;

// "legal" or "ludo=legal ludo-seed=E-TOKEN-PASSED": (profile, verdict) pairs; an empty
// profile means the game's own [Variant].
std::vector<std::pair<std::string, std::string>> expectations(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) out.emplace_back("", word);
    else out.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return out;
}

}  // namespace

TEST_CASE("ludo catalogue: every hand-made case gives its verdict under each profile it names", "[replay][ludo]") {
  std::ifstream in(ppn::test::source_path("tests/rules/ludo-catalogue.ppn"), std::ios::binary);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto parsed = parser::parse_all(text, "ludo-catalogue.ppn");
  REQUIRE(parsed.errors.empty());
  REQUIRE(parsed.games.size() >= 40);
  int checks = 0;
  for (const auto& game : parsed.games) {
    const std::string id(game.tag_value("Case"));
    INFO("case " << id);
    REQUIRE(!game.tag_value("Cite").empty());
    const auto expect = expectations(game.tag_value("Expect"));
    REQUIRE(!expect.empty());
    for (const auto& [profile, verdict] : expect) {
      INFO("profile " << (profile.empty() ? "[Variant]" : profile) << ", expected " << verdict);
      replay::ReplayConfig cfg;
      cfg.variant = profile;
      rules::Game after;
      const auto res = replay::replay_game(game, cfg, [&](const replay::RollEvent& e) { after = e.after; });
      std::string got = "legal";
      for (const auto& d : res.diagnostics)
        if (d.severity == replay::Severity::error) {
          got = d.name();
          break;
        }
      CHECK(got == verdict);
      ++checks;
      const auto want_after = game.tag_value("After");
      if (verdict != "legal" || want_after.empty() || !(profile.empty() || profile == game.tag_value("Variant")))
        continue;
      const auto desc = parse_position_id(want_after);
      REQUIRE(std::holds_alternative<PositionDesc>(desc));
      const auto rules = replay::rules_for_game(game, cfg);
      const auto want = replay::game_from_desc(std::get<PositionDesc>(desc), rules.options, rules.profile);
      REQUIRE(want.ok());
      CHECK(replay::position_id(after) == replay::position_id(*want));
    }
  }
  CHECK(checks >= 50);
}
