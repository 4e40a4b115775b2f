// Self-play: simple bots play whole games under a rule profile and record them as PPN games.
// Every roll is chosen among the engine's legal plays, so every game written validates.
//
//   SelfplayConfig cfg;  cfg.variant = "hasbro-2001"; cfg.seed = 7; cfg.players = 4;
//   auto made = make_selfplay(cfg);            // error text or a Selfplay
//   ppn::Game g = std::get<Selfplay>(made).play_game(0);
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "notation/game.hpp"
#include "rules/engine.hpp"

namespace ppn::analysis {

// How a bot chooses among the legal plays of a roll.
enum class BotKind : std::uint8_t {
  random,  // uniformly among the distinct legal plays
  greedy,  // the play whose resulting position scores best (race, captures, safety)
  eval,    // the play whose resulting position the fitted evaluator rates best for the mover
           // (1-ply: the state after the play, turn passed or doublet's roll to come)
};
// "random", "greedy", "eval"; and back (nullopt: not a bot's name).
std::string_view bot_kind_name(BotKind k);
std::optional<BotKind> bot_kind_of(std::string_view name);

struct SelfplayConfig {
  std::string variant = "hasbro-2001";
  std::vector<std::string> options;  // "name=value" overrides
  int players = 4;                   // 2..4; seats green, red, blue, yellow in that order
  std::uint64_t seed = 1;
  int max_rolls = 3000;              // a game still running after this many rolls is left unfinished
};

// The choices of one roll: the engine's distinct legal plays (LegalPlays: the first found
// of each resulting position), or, on a third doublet (Ludo: third six), the one PENALTY
// (`penalty`, one empty play whose result is the penalty's position). Every roll has at least
// one choice (the empty play `-` when nothing can move).
struct RollChoices {
  bool penalty = false;
  int parts = 0;  // dice parts of the roll (rules::roll_setup): a play using them all used the roll fully
  rules::LegalPlays plays;
};
RollChoices roll_choices(const rules::Options& o, const rules::GameState& st, int d1, int d2);
// Carries out choice `i` of `c` on `st` (the roll d1-d2 of st.to_move): installs its position,
// counts the doublets, passes the turn (rules::advance_turn). Returns whether the game is over.
bool take_choice(const rules::Options& o, rules::GameState& st, int d1, int d2, const RollChoices& c,
                 std::size_t i);

// What a seat's bot is shown when a roll gives it a choice (two or more legal plays).
struct Decision {
  const rules::GameState& state;  // before the roll
  int d1, d2;                     // d2 == 0: one die (Ludo)
  const RollChoices& choices;
};
// A bot of the caller's (the Python module's): returns the index of its choice among
// choices.plays.plays; an index out of range is an error the caller reports by throwing.
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

 private:
  SelfplayConfig cfg_;
  rules::Options opts_;
};

// Checks the config (profile, options, players) and makes the generator; error: a message.
std::variant<Selfplay, std::string> make_selfplay(const SelfplayConfig& cfg);

// The eval bot's choice among `c` (the roll d1-d2 of st.to_move): the index of the play after
// which `ev.fitted` gives the mover the best winning chance.
class Evaluator;
std::size_t eval_choice(const rules::Options& o, const Evaluator& ev, const rules::GameState& st, int d1, int d2,
                        const RollChoices& c);

// Score of a position for `seat` as the greedy bot sees it (higher is better).
int greedy_score(const rules::Position& p, int seat, const rules::Geometry& g = rules::kParcheesi68);

}  // namespace ppn::analysis
