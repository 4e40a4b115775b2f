// Self-play: simple bots play whole games under a rule profile and record them as PPN games.
// Every roll is chosen among the engine's legal plays, so every game written validates.
//
//   SelfplayConfig cfg;  cfg.seed = 7; cfg.players = 4;   // cfg.variant: the Parcheesi default
//   Result<Selfplay> made = make_selfplay(cfg);            // E-ARGUMENT or a Selfplay
//   ppn::Game g = made->play_game(0);
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/game.hpp"
#include "notation/result.hpp"
#include "rules/game.hpp"

namespace ppn::analysis {

// How a bot chooses among the legal plays of a roll.
enum class BotKind : std::uint8_t {
  random,  // uniformly among the distinct legal plays
  greedy,  // the play whose resulting position scores best (race, captures, safety)
  eval,    // the play whose resulting position the fitted evaluator rates best for the mover
           // (the state after the play, turn passed or doublet's roll to come)
  net0,    // the neural evaluator at 0-ply (net_play.hpp net0_choice)
  net1,    // the neural evaluator at 1-ply: the next throw and its reply looked at (net1_choice)
};
// "random", "greedy", "eval", "net0", "net1"; and back (nullopt: not a bot's name).
std::string_view bot_kind_name(BotKind k);
std::optional<BotKind> bot_kind_of(std::string_view name);

struct SelfplayConfig {
  std::string variant{rules::kDefaultParcheesiProfile};
  std::vector<std::string> options;  // "name=value" overrides
  int players = 4;                   // 2..4; the profile's seating (rules::profile_seating)
  std::uint64_t seed = 1;
  int max_rolls = 3000;              // a game still running after this many rolls is left unfinished
  // Duplicate dice: the random bot's choices draw from a stream of their own, so that game i
  // throws the same dice in the same order whoever sits where (the k-th roll of the game, by
  // whichever seat it falls to). Off: the dice of a seed are those `ppn selfplay` writes.
  bool duplicate_dice = false;
};


// What a seat's bot is shown when a roll gives it a choice (two or more legal plays): the
// game before the roll, the dice and the roll's legal plays (rules::Game::legal_plays: one
// per distinct resulting position; a third doublet's is the one empty play of the penalty).
struct Decision {
  const rules::Game& game;        // before the roll; game.to_move() throws
  rules::Dice dice;               // dice.d2 == 0: one die (Ludo)
  const rules::LegalPlays& plays;
};
// A bot of the caller's (the Python module's): returns the index of its choice among
// plays.plays; an index out of range is an error the caller reports by throwing.
using Chooser = std::function<std::size_t(const Decision&)>;
struct SeatBot {
  BotKind kind = BotKind::random;  // used when `choose` is empty
  Chooser choose;
  std::string name;                // the player's tag; empty: "random bot N" / "greedy bot N" / "eval bot N"
};

class Selfplay {
 public:
  Selfplay(const SelfplayConfig& cfg, const rules::Options& opts) : cfg_(cfg), opts_(opts) {}
  // Game number `index` of this seed: the same (seed, index) gives the same game.
  Game play_game(std::uint64_t index) const;
  // Game `index` played by the given bots, one per seat in turn order (cfg.players of them):
  // deterministic for (seed, index) when the caller's choosers are. play_game(index) is this
  // with the built-in bots it picks from the seed. `ranking`, when given, receives the
  // finishing order as indices into `bots`.
  Game play_game(std::uint64_t index, const std::vector<SeatBot>& bots, std::vector<int>* ranking = nullptr) const;
  // The engine seat of each place in the turn order (the profile's seating, RULES.md Q2).
  std::vector<int> seat_order() const;

 private:
  SelfplayConfig cfg_;
  rules::Options opts_;
};

// Checks the config (profile, options, players) and makes the generator; E-ARGUMENT when one
// of them is unusable.
Result<Selfplay> make_selfplay(const SelfplayConfig& cfg);

// Whether the bot can play on the board (the net bots need the board's trained net,
// neural_evaluator.hpp neural_net): the CLI and the Python module check it before a game.
bool bot_available(BotKind k, bool ludo);

// The eval bot's choice among `plays` (the legal plays of the throw `d` in `g`): the index of
// the play after which `ev.fitted` gives the mover the best winning chance.
class Evaluator;
std::size_t eval_choice(const Evaluator& ev, const rules::Game& g, rules::Dice d, const rules::LegalPlays& plays);

// The built-in bot `k`'s choice among `plays` (the legal plays of `d` in `g`; 0 when there are
// fewer than two), the random bot drawing from `rng`; the net bots need bot_available.
class Rng;
std::size_t bot_choice(BotKind k, const Evaluator& ev, const rules::Game& g, rules::Dice d,
                       const rules::LegalPlays& plays, Rng& rng);

// Score of a position for `seat` as the greedy bot sees it (higher is better).
int greedy_score(const rules::Position& p, int seat, const rules::Geometry& g = rules::kParcheesi68);
// The greedy bot's choice among `plays` for the seat to move in `g`: the play whose resulting
// position scores best; on Ludo's board, among plays of one score, the one leaving the mover's
// leading token nearest HOME (then the next), and the first of those.
std::size_t greedy_choice(const rules::Game& g, const rules::LegalPlays& plays);

}  // namespace ppn::analysis
