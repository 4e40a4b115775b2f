// The state of one game's replay, shared by the parts that replay a record (replayer.cpp's
// loop, setup, roll_replay, observed, withdrawal, result): the record and the config, the
// rules in force, the state reached so far, and the diagnostics collected.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "notation/game.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "rules/engine.hpp"

namespace ppn::replay {

struct Walk {
  const Game& game;
  const ReplayConfig& cfg;
  const RollVisitor& visit;
  ReplayResult& res;
  rules::Options opts;
  rules::Geometry g = rules::kParcheesi68;  // geometry_of(opts)
  rules::Game st;  // the game reached so far
  int roll_index = 0;
  unsigned observer_mask = 0;  // [Observer]: seats whose every roll is recorded
  // [Setup] taken in the middle of a roll: the parts its first roll plays (SPEC.md 2, 7)
  std::optional<rules::FixedVec<std::uint8_t, 4>> setup_parts;
  bool ended_by_withdrawal = false;  // the game ended because the other seats withdrew
  // Seats finished in the [Setup]: ranked in turn order, since which of them finished first
  // is not recorded (result.cpp).
  int setup_finished = 0;
  // The current roll's play, as the engine reads it (roll_replay.cpp): one for the whole game.
  PlayConversion conv;

  // A diagnostic about the record as a whole, at the line of the tag concerned when there is
  // one (`line`), else at the game's first line.
  void game_diag(Severity sev, Code code, std::string msg, std::uint32_t line = 0);

  ReplayDiagnostic roll_diag(const Roll& r, Severity sev, Code code, std::string msg);

  // Points a roll's diagnostic at one step of its play: the step's index, and its source
  // position when the parser kept it (Roll::step_locations).
  static void at_step(ReplayDiagnostic& d, const Roll& r, int step);
};

// Handles an illegal roll according to the policy. Returns true to go on replaying.
// The policy (ReplayConfig::on_error) lives with the loop, in replayer.cpp.
bool on_illegal(Walk& walk, ReplayDiagnostic d, const Roll& r, const PlayConversion* conv);

}  // namespace ppn::replay
