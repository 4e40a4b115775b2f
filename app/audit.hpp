// `ppn audit`'s use case: the throws of recorded games tallied for the dice-fairness tests
// (analysis/dice_audit.hpp), all of them and by group (each player, each source file, or
// none), in the order the games come: read from PPN files (the front end reads them, hands
// each game's throws here) or stored in a database (read here).
//
//   app::DiceTally t("player");
//   auto st = app::tally_stored_rolls(db_path, t);    // the stored rolls, or why not
//   t.add(app::game_throws(game, source, "player"));  // a game of a file
//   auto overall = analysis::audit(t.all);
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "analysis/dice_audit.hpp"
#include "notation/game.hpp"
#include "notation/result.hpp"

namespace ppn::app {

// One game's throws in order, each with the key of its group ("" when grouped by nothing).
using GameThrows = std::vector<std::tuple<int, int, std::string>>;

// The throws of `game` (read from `source`) grouped `by` "player" (the seat's player tag, else
// "(colour)"), "source" or "none".
GameThrows game_throws(const Game& game, const std::string& source, const std::string& by);

struct DiceTally {
  explicit DiceTally(std::string by) : by(std::move(by)) {}
  std::string by;                 // player, source or none
  std::size_t games = 0;
  analysis::DiceSample all;
  std::vector<std::pair<std::string, analysis::DiceSample>> groups;  // first-appearance order
  // Adds one game's throws (games counted one).
  void add(const GameThrows& throws);
  analysis::DiceSample& group(const std::string& key);

 private:
  std::map<std::string, std::size_t> index_;
};

// Adds every roll a database holds, in game and roll order, with its seat's player (or
// "(colour)") and its game's source file. Error: E-DATABASE (the message as printed after
// "audit: ").
Status tally_stored_rolls(const std::string& db_path, DiceTally& tally);

}  // namespace ppn::app
