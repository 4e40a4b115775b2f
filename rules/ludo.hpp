// The Ludo rules (board=ludo52; Ludo rules, Rules, RULES.md §ludo-board and the ludo column of §profiles),
// behind the engine's public API: engine.hpp's validate_play, legal_plays, roll_setup and
// advance_turn hand a Ludo rule set to these functions. Internal to rules/.
//
// A roll is one die d. Its play is empty (`-`: no token can move, Ludo rules, Gameplay "if no move is
// possible, the turn moves to the next player"), one mini-move (an entry on a 6, or a token
// moved d squares), or, under block_advance=together, the two tokens of a block moved d
// squares as one (written as two equal mini-moves, `12/18 12/18`). Tokens are interchangeable:
// a mini-move names its square, not a token.
//
// Position bytes as everywhere (position.hpp): 0 yard, rel+1 for rel 0..55 (0 start square,
// 1..50 track, 51..55 home column h1..h5), 57 = the finish (rel 56, HOME).
#pragma once

#include "rules/engine.hpp"

namespace ppn::rules::ludo {

// Every distinct legal play of die d for the seat to move (distinct = distinct result);
// the empty play when no token can move.
LegalPlays legal_plays(const Options& o, const GameState& st, int d);

// The recorded play of req.d1 (one die) judged: legal with its result and events, or the
// first rule it breaks, with up to req.max_alternatives legal plays.
Verdict validate_play(const Options& o, const ValidateRequest& req);

// One move carried out as recorded, judging nothing (rules/apply.hpp apply_recorded): the token
// of `owner` on byte `from` goes to rel `to` through apply(), the board's one way of moving a
// token; with `captures`, the lone token of each other colour on the landing square goes back
// to its yard, and a block of two when the token completes a block of its own there (`victim`:
// the first such seat; `tokens` grows by the tokens captured). Returns the result flags. The
// caller has checked that `owner` has a token on `from`.
std::uint8_t apply_recorded_move(const Options& o, Position& p, int owner, std::uint8_t from, int to,
                                 bool captures, int& victim, int& tokens);

// After a legal roll of d with `result`: whether the same seat throws again. A 6 gives
// another roll (reroll_on_six, Ludo rules, Gameplay "Rolling a 6 earns the player an additional or
// 'bonus' roll"), and so do a capture and an arrival under capture_reward / home_reward =
// extra_roll [LU-UK]; a seat that has just finished never rolls again.
bool rolls_again(const Options& o, const GameState& before, int d, const Position& result);

}  // namespace ppn::rules::ludo
