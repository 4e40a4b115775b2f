// Self-play: simple bots play whole games under a rule profile and record them as PPN games.
// Every roll is chosen among the engine's legal plays, so every game written validates.
//
//   SelfplayConfig cfg;  cfg.variant = "hasbro-2001"; cfg.seed = 7; cfg.players = 4;
//   auto made = make_selfplay(cfg);            // error text or a Selfplay
//   ppn::Game g = std::get<Selfplay>(made).play_game(0);
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "notation/game.hpp"
#include "rules/engine.hpp"

namespace ppn::analysis {

// How a bot chooses among the legal plays of a roll.
enum class BotKind : std::uint8_t {
  random,  // uniformly among the distinct legal plays
  greedy,  // the play whose resulting position scores best (race, captures, safety)
};

struct SelfplayConfig {
  std::string variant = "hasbro-2001";
  std::vector<std::string> options;  // "name=value" overrides
  int players = 4;                   // 2..4; seats green, red, blue, yellow in that order
  std::uint64_t seed = 1;
  int max_rolls = 3000;              // a game still running after this many rolls is left unfinished
};

class Selfplay {
 public:
  Selfplay(const SelfplayConfig& cfg, const rules::Options& opts) : cfg_(cfg), opts_(opts) {}
  // Game number `index` of this seed: the same (seed, index) gives the same game.
  Game play_game(std::uint64_t index) const;

 private:
  SelfplayConfig cfg_;
  rules::Options opts_;
};

// Checks the config (profile, options, players) and makes the generator; error: a message.
std::variant<Selfplay, std::string> make_selfplay(const SelfplayConfig& cfg);

// Score of a position for `seat` as the greedy bot sees it (higher is better).
int greedy_score(const rules::Position& p, int seat, const rules::Geometry& g = rules::kParcheesi68);

}  // namespace ppn::analysis
