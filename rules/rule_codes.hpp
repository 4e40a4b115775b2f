// Stable rule codes of the engine's diagnostics (documented in rules/RULE_CODES.md).
#pragma once

#include <cstdint>
#include <string_view>

namespace ppn::rules {

enum class RuleCode : std::uint8_t {
  ok,
  // one mini-move on its own
  no_pawn_there,          // E-NO-PAWN-THERE
  wrong_part,             // E-WRONG-PART
  bonus_split,            // E-BONUS-SPLIT
  no_five,                // E-NO-FIVE
  entry_blocked,          // E-ENTRY-BLOCKED
  overshoot,              // E-OVERSHOOT
  blockade_passed,        // E-BLOCKADE-PASSED
  blockade_landed,        // E-BLOCKADE-LANDED
  safety_occupied,        // E-SAFETY-OCCUPIED
  bonus_capture,          // E-BONUS-CAPTURE
  die_after_bonus,        // E-DIE-AFTER-BONUS
  penalty_expected,       // E-PENALTY-EXPECTED
  game_over,              // E-GAME-OVER
  wrong_colour,           // E-WRONG-COLOUR
  // the play as a whole
  die_still_usable,       // E-DIE-STILL-USABLE
  entry_still_possible,   // E-ENTRY-STILL-POSSIBLE
  doublets_partial,       // E-DOUBLETS-PARTIAL
  larger_die,             // E-LARGER-DIE
  blockade_moved_together,// E-BLOCKADE-MOVED-TOGETHER
  bonus_not_taken,        // E-BONUS-NOT-TAKEN
  too_many_moves,         // E-TOO-MANY-MOVES
  blockade_too_old,       // E-BLOCKADE-TOO-OLD
  second_lap,             // E-SECOND-LAP
  blockade_not_opened,    // E-BLOCKADE-NOT-OPENED
  // Ludo (rules/ludo.cpp)
  no_six,                 // E-NO-SIX
  own_token,              // E-OWN-TOKEN
  token_passed,           // E-TOKEN-PASSED
  homecolumn_jump,        // E-HOMECOLUMN-JUMP
  count
};

// "E-BLOCKADE-PASSED" etc.; "OK" for ok.
std::string_view rule_code_name(RuleCode c);
// One-line meaning and the rule it cites (source and section, RULES.md Q-number; docs/RULES.md).
std::string_view rule_code_meaning(RuleCode c);
std::string_view rule_code_citation(RuleCode c);

}  // namespace ppn::rules
