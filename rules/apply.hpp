// The application of a play to a position: the one place where a
// pawn moves, a capture sends a pawn home, an arrival is counted and a bonus is earned, used,
// forfeited or void. Both boards sit behind it: Parcheesi's working board (roll.hpp
// move_pawn / earn, the same primitive the engine's legality code applies its mini-moves
// with) and Ludo's (ludo.cpp apply, through ludo::apply_recorded_move).
//
// Two ways in:
//   - validate_play (engine.hpp) judges a play and, when it is legal, applies it: its
//     Verdict's result and events are the outcome.
//   - apply_recorded (below) carries out a play as a record or an outside board wrote it,
//     judging nothing (on_error=as_played, the NU/Racket board of convert/, export): each move
//     takes a named pawn from its square to another; a move that captures sends back the lone
//     pawn of another colour on its landing square (an entry onto a full ENTER: the pawn
//     entry_vs_stack names, Q11; Ludo: also a block of two that a completed block lands on).
//   - apply_play carries out an engine play (legal_plays') by the same road, its capture
//     flags saying where it captures: self-play and analysis take its events.
// settle_bonuses is the one statement of what becomes of the bonuses a play leaves unplayed.
//
//   RecordedPlay rp;
//   rp.push_back(RecordedMove::of(MiniMove::enter(), g));
//   Outcome out = apply_recorded(o, before, seat, rp);    // or RecordApplier, move by move
//   if (out.failed < 0) use(out.after, out.events);
#pragma once

#include <cstdint>

#include "rules/engine.hpp"

namespace ppn::rules {

// Bonuses earned by a play and not played (Hasbro 2001 rules, Capture Bonus: "If you can't
// move one pawn the full 20 spaces, you forfeit the bonus"): forfeited, unless the play wins
// the game, when they are void (RULES.md Q63). The one place this is decided: fills the
// bonuses_forfeited / bonuses_void / forfeited_tens figures of `ev` from the unplayed bonus
// values `left` (20 or 10 each).
void settle_bonuses(Events& ev, const std::uint8_t* left, int n_left, bool won);

inline constexpr std::uint8_t kPastHome = 0xFF;  // RecordedMove::to of a part that overshoots HOME

struct RecordedMove {
  std::int8_t owner = -1;
  std::uint8_t from = kNest;
  std::uint8_t to = 0;
  std::uint8_t part = 0;
  bool captures = false;
  // A mini-move (MiniMove::around and lap squares go round) as a recorded move; `to` past HOME
  // when the part overshoots (apply_recorded then fails).
  static RecordedMove of(const MiniMove& m, const Geometry& g, int owner = -1, bool captures = false);
};
using RecordedPlay = FixedVec<RecordedMove, kMaxPlayLen>;

struct Outcome {
  Position after{};
  // Per move: result flags (kCaptured, kReachedHome) and the seat whose pawn it captured (-1).
  std::array<std::uint8_t, kMaxPlayLen> flags{};
  std::array<std::int8_t, kMaxPlayLen> victim{};
  Events events{};  // of the roll's seat: entries, captures, arrivals, bonuses
  bool won = false;  // the roll's seat has every pawn HOME after the play
  int failed = -1;   // the move that cannot be carried out (no such pawn there, past HOME), or -1
};

// Carries out a play of `seat` on `before` as recorded (see above), one move at a time (a
// caller that keeps pawn identities, convert/nu_ppn.cpp, follows each move). Bonuses are earned
// by the captures and arrivals of the seat's own pawns under the options, as the engine earns
// them (roll.hpp earn).
class RecordApplier {
 public:
  RecordApplier(const Options& o, const Position& before, int seat);
  // Carries out the next move. False when it cannot be (no pawn of its colour on its square,
  // past HOME): nothing changes, and the outcome stays that of the moves before it.
  bool apply(const RecordedMove& m);
  int moves() const { return n_; }
  // The outcome so far, its unplayed bonuses settled (settle_bonuses).
  Outcome outcome() const;

 private:
  const Options* o_;
  Geometry g_;
  int seat_;
  int n_ = 0;
  Outcome out_;
  // The seat's account (roll.hpp State's counters): entries, dice parts, captures, arrivals,
  // capture bonuses and bonuses earned, the bonuses earned, those played.
  std::uint8_t entries_ = 0, dice_used_ = 0, captures_ = 0, arrivals_ = 0, capture_bonuses_ = 0, earned_ = 0;
  FixedVec<std::uint8_t, kMaxPlayLen> bonuses_, used_;
};

// The whole play at once; Outcome::failed names the first move that cannot be carried out.
Outcome apply_recorded(const Options& o, const Position& before, int seat, const RecordedPlay& play);

// An engine play (legal_plays' or validate_play's, its result flags set) carried out: its
// outcome is the engine's (the same primitive applies it), without judging it again.
Outcome apply_play(const Options& o, const Position& before, int seat, const Play& play);

}  // namespace ppn::rules
