// One diagnostic value for every stage: the parser, the converters, the rules core,
// replay, db and the CLI report a problem as a Code (an enum value with a stable name, listed
// in rules/RULE_CODES.md), a Location, a message and the rule it cites. Callers decide by code
// or severity, never by reading the text. It lives in notation/, the lowest layer, so that
// every stage can include it; it knows no rules, only the names and meanings of the codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ppn {

enum class Severity : std::uint8_t { error, warning };

// Where a problem lies. line/column are 1-based; 0 = unknown (a whole file, or the game as a
// whole). `file` may be empty where the reader knows no name. Every located value (Diagnostic,
// parser::ParseError, ...) is a Location, so `e.file`, `e.line`, `e.column` read alike on each.
struct Location {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// Every code a diagnostic may carry. Its name (code_name) is part of the contract: the JSON
// output, golden files, docs/JSON_OUTPUT.md and rules/RULE_CODES.md spell it. The first block,
// up to homecolumn_jump, is the rules core's (rules::RuleCode): a play that breaks a rule.
enum class Code : std::uint8_t {
  ok,  // OK: a legal play
  // one mini-move on its own
  no_pawn_there,           // E-NO-PAWN-THERE
  wrong_part,              // E-WRONG-PART
  bonus_split,             // E-BONUS-SPLIT
  no_five,                 // E-NO-FIVE
  entry_blocked,           // E-ENTRY-BLOCKED
  overshoot,               // E-OVERSHOOT
  blockade_passed,         // E-BLOCKADE-PASSED
  blockade_landed,         // E-BLOCKADE-LANDED
  safety_occupied,         // E-SAFETY-OCCUPIED
  bonus_capture,           // E-BONUS-CAPTURE
  die_after_bonus,         // E-DIE-AFTER-BONUS
  penalty_expected,        // E-PENALTY-EXPECTED
  game_over,               // E-GAME-OVER
  wrong_colour,            // E-WRONG-COLOUR
  // the play as a whole
  die_still_usable,        // E-DIE-STILL-USABLE
  entry_still_possible,    // E-ENTRY-STILL-POSSIBLE
  doublets_partial,        // E-DOUBLETS-PARTIAL
  larger_die,              // E-LARGER-DIE
  blockade_moved_together, // E-BLOCKADE-MOVED-TOGETHER
  bonus_not_taken,         // E-BONUS-NOT-TAKEN
  too_many_moves,          // E-TOO-MANY-MOVES
  blockade_too_old,        // E-BLOCKADE-TOO-OLD
  second_lap,              // E-SECOND-LAP
  blockade_not_opened,     // E-BLOCKADE-NOT-OPENED
  // Ludo (rules/ludo.cpp)
  no_six,                  // E-NO-SIX
  own_token,               // E-OWN-TOKEN
  token_passed,            // E-TOKEN-PASSED
  homecolumn_jump,         // E-HOMECOLUMN-JUMP
  // the record (replay/): problems of the record itself rather than of one play
  rules,                   // E-RULES
  seats,                   // E-SEATS
  setup,                   // E-SETUP
  withdrawal,              // E-WITHDRAWAL
  turn_order,              // E-TURN-ORDER
  dice,                    // E-DICE
  penalty_pawn,            // E-PENALTY-PAWN
  no_penalty,              // E-NO-PENALTY
  bad_move,                // E-BAD-MOVE
  ambiguous_step,          // E-AMBIGUOUS-STEP
  unplayable,              // E-UNPLAYABLE
  observed,                // E-OBSERVED
  implausible_stretch,     // E-IMPLAUSIBLE-STRETCH
  result,                  // E-RESULT
  capture_mark,            // W-CAPTURE-MARK
  forfeit_mark,            // W-FORFEIT-MARK
  variant_ambiguous,       // W-VARIANT-AMBIGUOUS
  variant_rejected,        // W-VARIANT-REJECTED
  // how the record is written (parser/): read, with a warning
  move_number,             // W-MOVE-NUMBER
  latin1,                  // W-LATIN1
  // reading the input (validate --format json)
  syntax,                  // E-SYNTAX
  io,                      // E-IO
  // calls that fail outside a record (notation/result.hpp)
  database,                // E-DATABASE
  argument,                // E-ARGUMENT
  count
};
inline constexpr int kCodeCount = static_cast<int>(Code::count);
// The last code of the rules core's block (rules::RuleCode).
inline constexpr Code kLastRuleCode = Code::homecolumn_jump;

// "E-BLOCKADE-PASSED" etc.; "OK" for ok.
std::string_view code_name(Code c);
// The code of a name (exact spelling); nullopt for a name no code has.
std::optional<Code> code_from_name(std::string_view name);
// The class of the code: W- codes are warnings, every other one an error. A diagnostic may be
// lowered to a warning by a policy (--on-error as-played, a problem after the game's end);
// Diagnostic::severity says what it was reported as.
Severity code_class(Code c);
// One-line meaning, and the rule it cites (source and section, RULES.md Q-number; docs/RULES.md);
// the citation is empty for a code no rules text covers.
std::string_view code_meaning(Code c);
std::string_view code_citation(Code c);

// `message [citation]`, or the message alone when there is no citation: how every stage
// prints a cited message.
std::string cited(std::string_view message, std::string_view citation);

struct Diagnostic : Location {
  Code code = Code::ok;
  Severity severity = Severity::error;
  std::string message;                    // what is wrong; neither the code nor the citation
  std::string_view citation;              // static text: code_citation, or a board's own (Ludo)
  std::vector<std::string> alternatives;  // legal plays, as text, where the stage knows them
  std::string note;                       // printed after the citation, e.g. "(accepted as played)"

  std::string_view name() const { return code_name(code); }
  // The message as printed: cited(message, citation), then the note.
  std::string text() const { return note.empty() ? cited(message, citation) : cited(message, citation) + " " + note; }
};

// An error of `code` with this message and the code's own citation: the diagnostic of a call
// that fails outside a record (notation/result.hpp).
Diagnostic failure(Code code, std::string message);

}  // namespace ppn
