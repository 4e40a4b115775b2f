// Acceptance bar "ppn selfplay + ppn validate agree on thousands of games for every profile":
// for every profile of the engine's list, self-play games (analysis/selfplay.hpp; 2, 3 and 4
// players mixed) replay under that profile with zero diagnostics and every roll replayed,
// and the replay ends the game exactly when the record says it is over.
#include <catch2/catch.hpp>

#include <string>
#include <variant>

#include "analysis/selfplay.hpp"
#include "rules/options.hpp"
#include "replay/replayer.hpp"

using namespace ppn;

namespace {
constexpr int kGamesPerProfile = 1000;
// Profiles the engine lists but cannot select yet (options "not supported yet"). The test
// checks that they are still refused, so a profile that becomes selectable must be removed
// here. None at present (parchis-es became selectable with its Parchís options).
bool known_unsupported(std::string_view) { return false; }
}  // namespace

TEST_CASE("self-play games replay cleanly under every profile", "[replay][selfplay][profiles][slow]") {
  int profiles_run = 0;
  for (std::string_view name : rules::profile_list()) {
    INFO("profile " << name);
    if (known_unsupported(name)) {
      const auto r = rules::profile_options(name);
      CHECK_FALSE(r.ok());
      CHECK(r.error.find("not supported yet") != std::string::npos);
      continue;
    }
    REQUIRE(rules::profile_options(name).ok());
    ++profiles_run;
    long rolls = 0;
    int finished = 0;
    for (int players = 2; players <= 4; ++players) {
      analysis::SelfplayConfig cfg;
      cfg.variant = std::string(name);
      cfg.players = players;
      cfg.seed = 20240 + static_cast<std::uint64_t>(players);
      auto made = analysis::make_selfplay(cfg);
      REQUIRE(made);
      const analysis::Selfplay& sp = *made;
      // Ludo: twice as many (issue 8 asks for thousands of games per Ludo profile).
      const int per_profile = rules::is_ludo_profile(name) ? 2 * kGamesPerProfile : kGamesPerProfile;
      const int games = per_profile / 3 + (players == 2 ? per_profile % 3 : 0);
      for (int i = 0; i < games; ++i) {
        const Game g = sp.play_game(static_cast<std::uint64_t>(i));
        const auto r = replay::replay_game(g, {});
        INFO("players " << players << " game " << i);
        if (!r.diagnostics.empty()) FAIL_CHECK(r.diagnostics.front().name() << ": " << r.diagnostics.front().text()
                                                   << " at roll " << r.diagnostics.front().roll_text
                                                   << " from " << r.diagnostics.front().position_id);
        CHECK(r.setup_ok);
        CHECK(r.rolls_replayed == r.rolls);
        CHECK(r.game_over == (g.tag_value("Result") != "*"));
        rolls += r.rolls;
        finished += r.game_over;
      }
    }
    // Every profile plays its games to the end (wikipedia-house included: second laps are
    // recorded and replayed like any other move).
    const double share = double(finished) / kGamesPerProfile;
    WARN("profile " << name << ": " << kGamesPerProfile << " games, " << rolls << " rolls, "
                    << finished << " finished");
    CHECK(share >= 0.99);
  }
  CHECK(profiles_run >= 6);
}
