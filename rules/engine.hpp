// The rules engine's public API (namespace ppn::rules).
//
//   GameState st = initial_state(0b1111, {0,1,2,3}, 0);
//   Options o = *profile_options("hasbro-2001").options;
//   Play p; p.push_back(MiniMove::enter()); p.push_back(MiniMove::move(0, 3));
//   Verdict v = validate_play(o, {&st, 5, 3, &p});
//   if (v.legal) advance_turn(st, 5, 3, v.result, o);
//   else std::cout << v.diag->name() << ": " << v.diag->text() << " at " << v.diag->index;
//   LegalPlays all = legal_plays(o, st, 5, 3);   // distinct final positions
//
// Roll legality follows RULES.md §procedure (hasbro-2001) with the options of options.hpp;
// racket-nu reproduces Racket's take-turn (games/parcheesi/moves.rkt).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/geometry.hpp"
#include "rules/options.hpp"
#include "rules/play.hpp"
#include "rules/position.hpp"
#include "rules/rule_codes.hpp"

namespace ppn::rules {

// What a throw of two dice means for the mover (RULES.md §procedure step 1).
enum class RollKind : std::uint8_t {
  normal,     // two parts {d1, d2} (a doublet with a pawn in the nest too: {d, d})
  four_part,  // doublets bonus {d, d, 7-d, 7-d} (Hasbro 2001 rules, Doublets Bonus; Q42, Q43)
  penalty,    // third consecutive doublet: no move, the penalty applies (Q46)
};
struct RollSetup {
  RollKind kind = RollKind::normal;
  FixedVec<std::uint8_t, 4> parts;
};
RollSetup roll_setup(const GameState& st, int d1, int d2, const Options& o);

// Events of a legal roll.
struct Events {
  std::uint8_t entries = 0;
  std::uint8_t dice_parts_used = 0;
  std::uint8_t captures = 0;
  std::uint8_t arrivals = 0;          // pawns that reached HOME
  std::uint8_t bonuses_earned = 0;
  std::uint8_t bonuses_used = 0;
  // Bonuses earned and not played (rules/apply.hpp settle_bonuses), all of them (as
  // db/SCHEMA.md rolls.bonuses_forfeited stores them). Of those, `bonuses_void` are void: the
  // roll wins the game (RULES.md Q63; then all of them are). The others are forfeited,
  // `forfeited_tens` of them 10s and the rest 20s.
  std::uint8_t bonuses_forfeited = 0;
  std::uint8_t bonuses_void = 0;
  std::uint8_t forfeited_tens = 0;
  bool penalty = false;               // the third-doublet penalty was applied
};

// The engine's verdict on an illegal play: the one Diagnostic (notation/diagnostic.hpp: code,
// message, citation; the severity an error, no location: replay/ places it on the record's text
// and writes `plays` as PPN, which the rules core does not know), the offending mini-move and
// up to ValidateRequest::max_alternatives legal plays.
struct Refusal : Diagnostic {
  int index = -1;                     // offending mini-move (-1: the play as a whole)
  std::vector<Play> plays;            // legal plays of the roll
};

enum class OrderStrictness : std::uint8_t { strict, outcome };  // RULES.md §replay-settings

struct ValidateRequest {
  const GameState* state = nullptr;
  int d1 = 0, d2 = 0;
  const Play* play = nullptr;
  // Optional pawn identities of the mover: ids[k] = position byte (position.hpp) of the
  // pawn the record calls k. MiniMove::pawn then names one of them, and the rules that depend
  // on which pawn moved (a blockade moved together, Q54) use these identities. Without ids,
  // pawns are numbered in sorted order and an unnamed mini-move moves the first pawn found
  // on its square.
  const std::array<std::uint8_t, kPawnsPerSeat>* ids = nullptr;
  OrderStrictness order = OrderStrictness::strict;
  int max_alternatives = 0;
  // Parts as recorded, when the record states them (e.g. a reference corpus listing
  // [d,d,7-d,7-d]); empty = derive them with roll_setup().
  const FixedVec<std::uint8_t, 4>* parts = nullptr;
};

struct Verdict {
  bool legal = false;
  Position result{};                  // position after the roll (legal plays only)
  Events events{};
  // The refusal, illegal plays only. A pointer, so that a legal verdict (the judge of every
  // replayed roll) builds nothing: GCC's std::optional zero-fills the storage of its Refusal.
  std::unique_ptr<Refusal> diag;
};

Verdict validate_play(const Options& o, const ValidateRequest& req);

// Every distinct legal play of a roll. "Distinct" = distinct resulting position: two orders
// or two pawn choices that end in the same position are one play (the backgammon notion);
// the first sequence found in a fixed search order represents it.
// Under homepath_mandatory=no, turning in and going round (MiniMove::around) are different
// plays whenever they end in different positions.
struct LegalPlays {
  std::vector<Play> plays;
  std::vector<Position> results;
};
LegalPlays legal_plays(const Options& o, const GameState& st, int d1, int d2,
                       const FixedVec<std::uint8_t, 4>* parts = nullptr);

// Third-doublet penalty (Hasbro 2001 rules, Doublets Penalty; RULES.md Q46-Q49): the mover's pawn
// closest to HOME among rel 0..70 returns to the nest; none on the board: no change.
// repeat_penalty=last_moved_except_homepath (Parchís [ES-B], Q46): the pawn standing on
// `last_moved` (GameState::last_moved) returns instead, unless that square is on the home
// path or HOME; no pawn moved this turn: no change (rules/README.md "Decisions").
Position apply_penalty(const Position& p, int seat, const Options& o,
                       const Geometry& g = kParcheesi68, std::uint8_t last_moved = kNest);

// Turn machinery after a roll: installs `result`, records a finisher, counts doublets and
// chooses who throws next (extra roll after doublets, Q41; turn passes otherwise; the
// penalty roll ends the turn, Q46). `fully_used` matters only for
// doubles_reroll=only_if_fully_used. `play` (the roll's mini-moves, in the order played)
// sets GameState::last_moved for repeat_penalty=last_moved_except_homepath; without it
// last_moved is left as it was. Returns true when the game is over.
bool advance_turn(GameState& st, int d1, int d2, const Position& result, const Options& o,
                  bool fully_used = true, const Play* play = nullptr);
// The same with the relative square where the pawn moved last by the roll stands (-1: none
// moved, last_moved left as it was).
bool advance_turn_to(GameState& st, int d1, int d2, const Position& result, const Options& o, bool fully_used,
                     int last_rel);
// The relative square where a mini-move ends (an entry: the ENTER; at most HOME).
int end_of(const MiniMove& m, const Geometry& g);
// The seat's blockade squares (position bytes of ring or home-path squares holding two of its
// pawns; 0 for none), at most two.
std::array<std::uint8_t, 2> blockades_of(const Position& p, int seat, const Geometry& g);
// The turn passes from `seat` to the next seat in the recorded turn order (Q2) that takes part
// and has not finished (`seat` itself when no other does).
void pass_turn(GameState& st, int seat);

bool seat_finished(const Position& p, int seat, const Geometry& g = kParcheesi68);

// A seat that has brought its last pawn HOME joins the ranking; returns whether the game is
// over (Hasbro 2001 rules, How to Win "The first player to move all four pawns HOME wins";
// Ludo rules, Rules "The others often continue to play" under play_for_places=yes: until one
// seat is left, who then takes the last place; RULES.md Q63). The one statement of when a
// game ends: advance_turn and setup_state both call it.
bool finish_seat(GameState& st, int seat, const Options& o);

// blockade_limit=k14_3_turns (k14 rules, Blockade; RULES.md Q56, formalised there as a
// proposal): true when the roll ends the mover's turn (not a doublet) and `result` still has
// a blockade on a square where the mover's blockade has stood at the end of three or more of
// the mover's turns in a row. Blockades are tracked by square (pawns are interchangeable),
// so a pair replaced by another pair on the same square counts as the same blockade.
// validate_play and legal_plays apply it: such a result is illegal (E-BLOCKADE-TOO-OLD)
// when some legal play of the roll breaks the old blockade(s). advance_turn keeps the ages.
bool k14_keeps_old_blockade(const GameState& st, int d1, int d2, const Position& result,
                            const Options& o);

// blockade_limit=break_on_six (Parchís: a barrera "tendrá que deshacerse obligatoriamente al
// salir un 6", RULES.md Q56 [ES-B]; two-dice reading in rules/README.md "Decisions"): on a
// roll where either die shows 6, the number of the mover's start-of-roll blockades still
// standing (two of its pawns on the same square) in `result`; 0 on other rolls or options.
// validate_play and legal_plays keep only the plays with the fewest (E-BLOCKADE-NOT-OPENED).
int six_kept_blockades(const GameState& st, int d1, int d2, const Position& result,
                       const Options& o);

}  // namespace ppn::rules
