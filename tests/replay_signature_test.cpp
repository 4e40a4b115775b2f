// The determinism signature (Stockfish's "Bench:" idea): one hash over every position replayed
// from samples/, pinned in tests/replay/samples.signature. Any drift in the rules engine, the
// parser or the samples changes it and fails loudly; when a change is intended, the failure
// prints the new value to pin.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "game_file.hpp"
#include "replay/replayer.hpp"
#include "shared_data.hpp"

using ppn::test::games_in;
using ppn::test::sample_files;

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xFF51AFD7ED558CCDull;
}

}  // namespace

TEST_CASE("samples: every sample game is legal under its profile", "[replay][samples]") {
  const auto files = sample_files();
  REQUIRE(files.size() >= 6);
  for (const auto& f : files) {
    INFO(f);
    for (const auto& g : games_in(f)) {
      const auto r = ppn::replay::replay_game(g, {});
      for (const auto& d : r.diagnostics) INFO(d.name() << " at line " << d.line << ": " << d.message);
      CHECK(r.diagnostics.empty());
      CHECK(r.rolls_replayed == r.rolls);
    }
  }
}

TEST_CASE("samples: six complete hand-written hasbro-2001 games, for 2, 3 and 4 players", "[replay][samples]") {
  // issue 2: "at least six complete, rules-correct games under hasbro-2001 (4, 3 and 2
  // players)", written by hand (each says so in its game comment), without house rules or a
  // set start position, each won by someone (the unfinished records, [Result "*"], aside)
  std::map<std::size_t, int> by_players;
  for (const auto& f : sample_files()) {
    for (const auto& g : games_in(f)) {
      std::string lead = g.leading_comments.empty() ? "" : g.leading_comments.front();
      std::transform(lead.begin(), lead.end(), lead.begin(), [](unsigned char c) { return std::tolower(c); });
      const bool by_hand = lead.find("written by hand") != std::string::npos;
      if (!by_hand || g.tag_value("Variant") != "hasbro-2001" || g.find_tag("Option") || g.find_tag("Setup") ||
          g.tag_value("Result") == "*")
        continue;
      INFO(f);
      const auto r = ppn::replay::replay_game(g, {});
      CHECK(r.diagnostics.empty());
      CHECK(r.game_over);
      CHECK(r.ranking.size() >= 1);
      const auto seats = g.tag_value("Seats");
      by_players[static_cast<std::size_t>(std::count(seats.begin(), seats.end(), ' ') + 1)] += r.game_over;
    }
  }
  CHECK(by_players[2] + by_players[3] + by_players[4] >= 6);
  CHECK(by_players[2] >= 1);
  CHECK(by_players[3] >= 1);
  CHECK(by_players[4] >= 1);
}

TEST_CASE("samples: determinism signature over every replayed position", "[replay][samples][signature]") {
  std::uint64_t sig = 0;
  std::size_t positions = 0;
  for (const auto& f : sample_files()) {
    for (const auto& g : games_in(f))
      ppn::replay::replay_game(g, {}, [&](const ppn::replay::RollEvent& e) {
        sig = mix(sig, e.after.hash());
        sig = mix(sig, (std::uint64_t(ppn::rules::seat_of(e.after.to_move())) << 8) | std::uint64_t(e.after.doublets()));
        ++positions;
      });
  }
  std::ifstream pinned_file(ppn::test::source_path("tests/replay/samples.signature"));
  std::string pinned;
  pinned_file >> pinned;
  std::ostringstream now;
  now << std::hex << sig;
  INFO("positions replayed: " << positions << "; signature now " << now.str()
                              << " (pin it in tests/replay/samples.signature if the change is intended)");
  CHECK(positions > 300);
  CHECK(now.str() == pinned);
}
