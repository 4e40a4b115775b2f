// The deterministic replayer: walks a parsed PPN game roll by roll under its rule profile,
// yields every position, and collects a diagnostic for every roll that breaks a rule.
//
//   ReplayConfig cfg;                       // profile from [Variant]; cfg.variant overrides
//   ReplayResult r = replay_game(game, cfg, [](const RollEvent& e) { ... e.after ... });
//   for (const auto& d : r.diagnostics) std::cout << d.name() << ": " << d.text();
//
// Replay is deterministic: it depends only on the game and the config.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/diagnostic.hpp"
#include "notation/game.hpp"
#include "rules/game.hpp"
#include "replay/variant_inference.hpp"

namespace ppn::replay {

// What to do after an illegal roll (issue: "continues after an illegal roll according to a
// policy").
enum class OnError : std::uint8_t {
  stop,         // report it and stop the whole run (the caller stops reading further games)
  skip,         // report it and drop the game (its positions are not kept)
  keep_prefix,  // report it, keep the positions before it, stop replaying this game
  as_played,    // report it as a warning, apply the play as recorded, and go on
};
std::optional<OnError> parse_on_error(std::string_view name);
std::string_view on_error_name(OnError p);

struct ReplayConfig {
  std::string variant;               // non-empty: overrides the record's [Variant]; kAutoVariant
                                     // ("auto"): the profile is inferred (variant_inference.hpp)
  std::vector<std::string> options;  // "name=value", applied after the record's [Option] tags
  OnError on_error = OnError::keep_prefix;
  rules::OrderStrictness order = rules::OrderStrictness::strict;
  int max_alternatives = 3;
  // The game is the part of a record read before its syntax error (parser::ParseError::partial):
  // its end was not read, so [Result] is not checked against the last position.
  bool partial = false;
};

using ppn::Severity;

// A diagnostic of the replay: the one value (notation/diagnostic.hpp: code, location of the roll
// or of its faulty mini-move, or of the game for record-level problems, message, citation,
// legal alternatives in PPN) and where in the game it lies.
struct ReplayDiagnostic : Diagnostic {
  int roll_index = -1;              // 0-based among the main-line rolls; -1: the game as a whole
  int step_index = -1;              // offending step of the recorded play; -1: the play as a whole
  std::string roll_text;            // the roll as recorded, in canonical PPN
  std::string position_id;          // position before the roll
  // An illegal play carried out as recorded (--on-error as-played): reported as a warning, its
  // note "(accepted as played)".
  bool as_played = false;
};

// One replayed roll, passed to the visitor (after the roll has been applied).
struct RollEvent {
  int roll_index = 0;
  const Roll* roll = nullptr;
  rules::Game before;
  rules::Game after;
  bool legal = true;
  // What the roll did (rules/game.hpp): its events (none for an illegal roll carried out as
  // played: its account is not kept), the pawn a penalty sent back, each capture's victim.
  rules::RollResult result;
};
using RollVisitor = std::function<void(const RollEvent&)>;

// A main-line roll whose play was written with one pawn moved by both dice in one step (`2/11`
// for a 6-3, notation/SPEC.md 3.1 "Combined step") and read as the one play it stands for:
// its steps with that step written out as two mini-moves (`2/8 8/11`), for `ppn fmt`.
struct ExpandedRoll {
  int roll_index = 0;  // 0-based among the main-line rolls
  std::vector<Step> steps;
};

struct ReplayResult {
  std::string profile;              // the profile used
  bool setup_ok = true;             // false: variant/options/seats/setup unusable, nothing replayed
  bool stopped = false;             // replay of this game stopped early (stop/skip/keep_prefix)
  bool skipped = false;             // on_error=skip dropped the game
  bool stop_run = false;            // on_error=stop: the caller should stop
  int rolls = 0;                    // main-line rolls in the record
  int rolls_replayed = 0;           // rolls applied (legal, or as played)
  int illegal = 0;                  // rolls found illegal
  bool game_over = false;
  // Observed positions (`@`) that were not the replayed state: stretches of plays the record
  // does not show (notation/SPEC.md 3.4). 0: the record holds every roll replayed.
  int unseen_stretches = 0;
  std::vector<Colour> ranking;      // finishers, best first
  rules::Game final_game;
  std::vector<ReplayDiagnostic> diagnostics;
  std::vector<ExpandedRoll> expanded;  // rolls read from a combined step, in roll order
  std::optional<VariantInference> inference;  // --variant auto: the profiles tried and the pick

  std::size_t errors() const;
  std::size_t warnings() const;
};

ReplayResult replay_game(const Game& game, const ReplayConfig& cfg, const RollVisitor& visit = {});

// The profile and options a game asks for ([Variant] default hasbro-2001, [Option] tags),
// with cfg's overrides on top (cfg.variant "auto": the inferred profile). Error: a message.
struct GameRules {
  std::string profile;
  rules::Options options;
  std::string error;
  std::uint32_t line = 0;  // with an error: the line of the tag at fault (0: none, or --variant/--option)
};
GameRules rules_for_game(const Game& game, const ReplayConfig& cfg);

}  // namespace ppn::replay
