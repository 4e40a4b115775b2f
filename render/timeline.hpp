// A game as a sequence of frames for viewers: the position before the first roll, then the
// position after every main-line roll, each with its roll, dice, play in PPN and the
// diagnostics the replayer gave for that roll.
//
// The replay runs with on_error=as_played (replay/replayer.hpp) so that a viewer can show the
// game past an illegal roll: the illegal roll's frame carries the diagnostic and the position
// the record's play leads to. A roll the replayer could not apply at all (e.g. it names a
// square where the mover has no pawn) keeps the previous position and is marked !applied;
// when the replay stops there, the later rolls are also !applied.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "notation/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::render {

// A pawn's place in its own seat's coordinates (rules/position.hpp Place).
struct PawnSpot {
  int seat = 0;
  rules::Place place;
  friend bool operator==(const PawnSpot&, const PawnSpot&) = default;
};

// One mini-move of the roll that led to a frame, as the record wrote it (bonus moves too).
struct PlayedMove {
  PawnSpot from, to;  // the same seat
};

struct Frame {
  int roll_index = -1;        // 0-based main-line roll; -1: the start position
  std::uint32_t number = 0;   // the roll's move number as recorded (0 for the start)
  const Roll* roll = nullptr; // the roll (points into the Game)
  std::string roll_text;      // the roll in canonical PPN, with annotations, comments, variations
  std::string move_text;      // only the move: "41. G 2-3: 30/32 32/35x +20 35/55"
  rules::Game game;           // the game after the roll (before the first roll: the start)
  bool applied = true;        // the replayer applied the roll (legal, or as played)
  bool legal = true;          // no error diagnostic for this roll
  // The roll was judged: false past the first illegal roll, where `ppn validate` stops (its
  // position follows from a bad roll applied as written, so its errors are follow-ons), unless
  // the replay's policy is --on-error as-played, which judges every roll.
  bool checked = true;
  int captures = 0;           // pawns captured by the roll
  bool penalty = false;       // the roll was the third-doublet PENALTY
  std::vector<replay::ReplayDiagnostic> diagnostics;  // of this roll
  // The last play, for the viewers to mark (all empty when the roll was not applied, a
  // no-play `-`, or the start):
  std::vector<PlayedMove> moves;        // the record's mini-moves, in play order
  std::vector<PawnSpot> captured;       // where each pawn sent back to its nest by this roll stood
                                        // (read off the positions before and after, so it is what
                                        // the board shows even when the record has no `x`)
  std::optional<PawnSpot> penalty_from; // PENALTY: where the pawn sent back stood
};

struct Timeline {
  std::string profile;
  // The board of the game's rules (rules::geometry_of its options): the viewers draw the
  // Ludo board when it is Ludo's 52-square track, the Parcheesi cross otherwise.
  rules::Geometry geometry = rules::kParcheesi68;
  std::string setup_error;    // non-empty: the game cannot be replayed at all (bad [Seats], ...)
  std::vector<Frame> frames;  // frames[0] is the start; frames[k] follows the k-th roll
  std::vector<replay::ReplayDiagnostic> game_diagnostics;  // not tied to a roll
  bool game_over = false;

  // Index of the frame of the roll numbered `number` (0: the start); -1 when there is none.
  int frame_of_number(std::uint32_t number) const;
};

// The game must outlive the timeline (frames point at its rolls).
Timeline build_timeline(const Game& game, const replay::ReplayConfig& base = {});

// The player's name from the seat's colour tag ([Green "Marta Ruiz"]), "" when absent.
std::string player_tag(const Game& game, int seat);

// Seats in turn order (from [Seats], else the order of first rolls), for labels.
std::vector<int> seats_in_order(const rules::Game& game);

}  // namespace ppn::render
