// Conversion between the notation's model (mover-relative squares, PPN steps, position IDs)
// and the engine's (position bytes, part-valued mini-moves, 16-byte positions).
//
// Seats: a colour's engine seat is its Colour value (green 0, red 1, blue 2, yellow 3). The
// engine puts seat s's ENTER at engine-absolute square 17*s, so the colours sit on the board
// as in notation/SPEC.md (Racket/NU ENTERs green 5, red 22, blue 39, yellow 56: 17 apart, in
// this order along the direction of travel).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/game.hpp"
#include "notation/position_id.hpp"
#include "notation/result.hpp"
#include "rules/game.hpp"
#include "rules/squares.hpp"

namespace ppn::replay {

// A recorded play turned into engine mini-moves. Forfeited bonuses (`+20 -`) are not
// mini-moves; they are counted so the replayer can compare them with the engine's count.
struct PlayConversion {
  rules::Play play;
  int forfeits = 0;
  // (Fixed capacity like the play, no heap: a roll is converted on every replayed roll.)
  rules::FixedVec<bool, rules::kMaxPlayLen> capture_marks;  // per engine mini-move: the record wrote `x`
  rules::FixedVec<int, rules::kMaxPlayLen> step_of_move;    // per engine mini-move: index of its step in the record
  // Per engine mini-move: the seat whose pawn moves, -1 for the mover's own pawn; another
  // seat when the step names another colour's pawn (`R:N/0`, in that colour's coordinates).
  rules::FixedVec<int, rules::kMaxPlayLen> owner_of_move;
  int first_foreign = -1;           // index of the first step of another colour's pawn, or -1
  std::string error;                // non-empty: the play cannot be read on this board
  int error_step = -1;
};
// Steps of another colour's pawn than `mover`'s are converted too (first_foreign), so that the
// play can be carried out as recorded; the engine validates plays of the mover's pawns only.
// An owner naming the mover itself is no owner (notation/game.hpp).
PlayConversion play_from_steps(const std::vector<Step>& steps, Colour mover, const rules::Geometry& g = rules::kParcheesi68);
// The same into `out`, whose earlier contents are discarded: the replayer converts every roll
// into one PlayConversion (replay/walk.hpp) instead of a fresh one whose fixed-capacity lists
// would be zeroed each time, a large part of a cheap Ludo roll's validation.
void play_from_steps(const std::vector<Step>& steps, Colour mover, const rules::Geometry& g, PlayConversion& out);

// An engine play (with the result flags the engine set) as PPN steps: entries `N/0`, moves
// `FROM/TO` with `x` on captures, bonus moves `+20 FROM/TO`, then one `+20 -` / `+10 -` per
// bonus the play forfeits as its events count them (rules/apply.hpp settle_bonuses: none when
// the play wins the game, RULES.md Q63). `ev`: the play's events (its Verdict, or
// rules/apply.hpp apply_play).
std::vector<Step> steps_from_play(const rules::Play& p, const rules::Events& ev,
                                  const rules::Geometry& g = rules::kParcheesi68);
// A roll the engine played (rules::Game::play_legal's `r` for play `p`) written into `roll` as a
// record writes it: its steps, `-` for the empty play, or PENALTY with the pawn it sent back.
void write_played(Roll& roll, const rules::Play& p, const rules::RollResult& r, const rules::Geometry& g);
// The same as one line of PPN ("N/0 0/3", "-" for the empty play).
std::string play_text(const rules::Play& p, const rules::Events& ev, const rules::Geometry& g = rules::kParcheesi68);
// The position a position ID gives, judged by the rules of a profile: one its plays can produce
// (rules::position_check with the options; a record's [Setup], an observed position). Every
// listed seat needs exactly four pawns; mid-roll IDs (pending parts) are refused (E-SETUP,
// the message in the board's words).
Result<rules::Position> position_from_desc(const PositionDesc& d, const rules::Options& o);
// The same judged only by the board's invariants (any profile of the board).
Result<rules::Position> position_from_desc(const PositionDesc& d, const rules::Geometry& g);
// The game a position ID gives: its position (as above), the seat to move and its doublets; the
// colours in the order turns pass under the profile `o` came from (rules::turn_direction).
Result<rules::Game> game_from_desc(const PositionDesc& d, const rules::Options& o, std::string_view profile);
// A game's position as a position ID (notation), and as its text, e.g. "g:N,N,0,3 r:N,N,N,N / r d0".
PositionDesc desc_of(const rules::Game& game);
PositionDesc desc_of(const rules::Position& p, Colour to_move, int doublets, const rules::Geometry& g);
std::string position_id(const rules::Game& game);

}  // namespace ppn::replay
