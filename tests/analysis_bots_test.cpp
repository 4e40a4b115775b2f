// Every named bot against the random bot on every rule profile (analysis/bot_match.hpp): with
// the bot's seat rotating through the turn order, the 95% interval of its share of wins lies
// above par (one game in two for two players).
#include <array>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

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
    for (const BotKind bot : {BotKind::greedy, BotKind::eval, BotKind::net0}) {
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

namespace {

// The dice of a game's rolls, in order.
std::vector<std::array<std::uint8_t, 2>> dice_of(const ppn::Game& g) {
  std::vector<std::array<std::uint8_t, 2>> out;
  for (const auto& e : g.movetext)
    if (const auto* r = std::get_if<ppn::Roll>(&e)) out.push_back({r->dice[0], r->dice.size() > 1 ? r->dice[1] : std::uint8_t{0}});
  return out;
}

}  // namespace

TEST_CASE("bots: under duplicate dice a game throws the same dice whoever sits where", "[analysis][bot]") {
  for (const bool ludo : {false, true}) {
    SelfplayConfig cfg{.variant = ludo ? "ludo" : "hasbro-2001", .options = {}, .players = 4, .seed = 41};
    INFO(cfg.variant);
    // The random bot in two different places: its choices differ, and so do the games.
    std::vector<SeatBot> first(4), second(4);
    for (int k = 0; k < 4; ++k) {
      first[static_cast<std::size_t>(k)].kind = k == 0 ? BotKind::random : BotKind::greedy;
      second[static_cast<std::size_t>(k)].kind = k == 2 ? BotKind::random : BotKind::greedy;
    }
    const auto common = [](const auto& a, const auto& b) {
      const std::size_t n = std::min(a.size(), b.size());
      return std::vector(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(n)) ==
             std::vector(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
    };
    for (const std::uint64_t game : {0u, 1u, 2u}) {
      cfg.duplicate_dice = true;
      const Selfplay dup = *make_selfplay(cfg);
      const auto a = dice_of(dup.play_game(game, first)), b = dice_of(dup.play_game(game, second));
      REQUIRE(a.size() > 20);
      REQUIRE(b.size() > 20);
      CHECK(common(a, b));
      // Without it the random bot's choices draw from the dice stream: the dice part ways.
      cfg.duplicate_dice = false;
      const Selfplay own = *make_selfplay(cfg);
      CHECK_FALSE(common(dice_of(own.play_game(game, first)), dice_of(own.play_game(game, second))));
    }
  }
}

TEST_CASE("bots: under duplicate dice a bot against copies of itself wins exactly one game in n", "[analysis][bot]") {
  // Every place of a round throws the same dice, and identical deterministic bots then play
  // the same game: the bot measured wins it from exactly one of the places.
  for (const int players : {2, 3, 4}) {
    SelfplayConfig cfg{.variant = "hasbro-2001", .options = {}, .players = players, .seed = 42, .max_rolls = 3000,
                       .duplicate_dice = true};
    auto r = play_match(cfg, BotKind::greedy, BotKind::greedy, 10 * players);
    REQUIRE(r);
    CHECK(r->unfinished == 0);
    CHECK(r->wins == 10);
  }
}
