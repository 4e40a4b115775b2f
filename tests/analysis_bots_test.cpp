// Every named bot against the random bot on every rule profile (analysis/bot_match.hpp): with
// the bot's seat rotating through the turn order, the 95% interval of its share of wins lies
// above par (one game in two for two players).
#include <catch2/catch.hpp>
#include <string>

#include "analysis/bot_match.hpp"
#include "rules/options.hpp"

using namespace ppn;
using namespace ppn::analysis;

TEST_CASE("bots: every named bot beats random on every profile", "[analysis][bot]") {
#if defined(__SANITIZE_ADDRESS__)
  // The sanitizers' Debug build is some ten times slower: fewer games, every pairing still
  // played and judged by its interval.
  const int games = 60;
#else
  const int games = 200;
#endif
  for (const std::string_view profile : rules::profile_list()) {
    for (const BotKind bot : {BotKind::greedy, BotKind::eval}) {
      SelfplayConfig cfg{.variant = std::string(profile), .options = {}, .players = 2, .seed = 30};
      auto r = play_match(cfg, bot, BotKind::random, games);
      REQUIRE(r);
      const BotMatch& m = *r;
      INFO(profile << ": " << bot_kind_name(bot) << " won " << m.wins << " of " << m.games);
      CHECK(m.games == games);
      CHECK(m.unfinished == 0);
      // Seats rotated: the bot threw first in half the games and won some from each seat.
      CHECK(m.wins_by_place[0] > 0);
      CHECK(m.wins_by_place[1] > 0);
      CHECK(m.interval().first > 0.5);
    }
  }
}
