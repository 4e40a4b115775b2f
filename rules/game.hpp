// The game between rolls, as one object: where every pawn stands, who throws, the doublets of
// the turn, who has finished, and the rules in force (in the manner of Stockfish's Position and
// python-chess's Board). Callers ask it questions and play rolls on it; its encoding (the
// position bytes of position.hpp, the turn state) stays inside the rules core. Both boards
// (Parcheesi's ring with home paths and bonuses, Ludo's track) live behind it.
//
//   Game g = Game::start(*profile_options("hasbro-2001").options, seats);   // seats in turn order
//   LegalPlays all = g.legal_plays({5, 3});
//   RollResult r = g.play_legal({5, 3}, all, 0);             // a play of the list: no re-judging
//   if (auto done = g.play({5, 3}, recorded_play); !done)    // a recorded play, judged
//     report(done.refusal());                                 // engine.hpp Refusal
//   Game copy = Game::from_bytes(g.bytes()).value();          // the versioned storage form
//
// One roll is one call: play (judged), play_legal (one of legal_plays'), play_recorded (as a
// record wrote it, judging nothing: --on-error as-played, outside boards) or play_penalty (a
// third doublet, Ludo's third six). Each returns everything the roll did (RollResult) and
// passes the turn as the rules say (Q41, Q46, Q63).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "notation/colour.hpp"
#include "notation/diagnostic.hpp"
#include "rules/apply.hpp"
#include "rules/engine.hpp"
#include "rules/squares.hpp"
#include "rules/turn_direction.hpp"

namespace ppn::rules {

// A throw: two dice (d2 == 0: Ludo's one die).
struct Dice {
  int d1 = 0, d2 = 0;
  bool doublet() const { return d2 != 0 && d1 == d2; }
};

// Everything one roll did.
struct RollResult {
  RollKind kind = RollKind::normal;    // penalty: the third doublet (Ludo: six)
  Position after{};
  Events events{};
  // Each capture's victim: the seat of every pawn the roll sent back to its nest, in seat order.
  FixedVec<std::int8_t, kMaxPlayLen> victims;
  std::optional<Place> penalty_pawn;   // where the pawn the penalty sent back stood
  bool dice_used_up = true;            // every part of the roll was played
  bool again = false;                  // the same seat throws next (doublet, Ludo's six)
  bool over = false;                   // the game has ended
  Colour next = Colour::Green;         // who throws next
};

// What a roll of the game's dice allows before any pawn is chosen (RULES.md §procedure step 1).
// (RollSetup's kind and parts, copied whole: filled field by field they would be read back
// before their stores had landed.)
struct RollParts : RollSetup {
  bool enters = false;                 // the dice can bring a pawn out of the nest (a 5 or a total
                                       // of 5, Hasbro 2001 rules, Entering Your Pawns; Ludo: a 6)
};

// A played roll: its RollResult when legal, else the Refusal.
class Played {
 public:
  explicit Played(RollResult r) : v_(std::in_place_index<0>, std::move(r)) {}
  explicit Played(Refusal r) : v_(std::in_place_index<1>, std::move(r)) {}
  bool legal() const { return v_.index() == 0; }
  explicit operator bool() const { return legal(); }
  const RollResult& result() const { return std::get<0>(v_); }
  const Refusal& refusal() const { return std::get<1>(v_); }

 private:
  std::variant<RollResult, Refusal> v_;
};

// A judged play, the game unchanged: when legal, the position it leaves and its events, else
// the Refusal. (The engine's verdict is built in place: copied, its freshly written position
// would be read back before its stores had landed, a stall on every replayed roll.)
class Judged {
 public:
  bool legal() const { return v_.legal; }
  explicit operator bool() const { return legal(); }
  const Position& after() const { assert(legal()); return v_.result; }
  const Events& events() const { assert(legal()); return v_.events; }
  const Refusal& refusal() const { assert(!legal()); return *v_.diag; }

 private:
  friend class Game;
  Judged(const Options& o, const ValidateRequest& req) : v_(validate_play(o, req)) {}
  Verdict v_;
};

class Game {
 public:
  // No game yet (no seat takes part), to be assigned.
  Game() : Game(Options{}, GameState{}) {}
  // A new game: every seat of `seats` (in the order turns pass, RULES.md Q2) with four pawns in
  // the nest, `first` to throw (the first of them when not given; a record's first roll says).
  static Game start(const Options& o, std::span<const Colour> seats, std::optional<Colour> first = std::nullopt);
  // A game from a given position (a [Setup], a position ID, an observed board), `to_move` to
  // throw after `doublets` doublets (Ludo: sixes) of its turn. Seats whose pawns are all HOME
  // count as finished. The position is judged by the profile's own rules (position_check,
  // setup_state): a problem is returned instead of a game.
  struct SetUp;
  static SetUp set_up(const Options& o, const Position& p, std::span<const Colour> seats, Colour to_move,
                      int doublets = 0);
  // The same without judging (a position already checked, position_check): seats whose pawns
  // are all HOME are finished, none ranked.
  static Game at(const Options& o, const Position& p, std::span<const Colour> seats, Colour to_move, int doublets = 0);

  // ---- Queries ----
  const Options& options() const { return o_; }
  const Geometry& geometry() const { return g_; }
  const Position& position() const { return st_.pos; }
  std::uint64_t hash() const { return st_.hash; }
  Colour to_move() const { return colour_of(st_.to_move); }
  int doublets() const { return st_.doublets; }
  // Seats: taking part (given at the start, not withdrawn), finished, still playing.
  bool takes_part(Colour c) const { return st_.seats_mask >> seat_of(c) & 1u; }
  bool finished(Colour c) const { return st_.finished_mask >> seat_of(c) & 1u; }
  bool playing(Colour c) const { return takes_part(c) && !finished(c); }
  // Withdrawn (resigned, abandoned): its pawns are on the board, it throws no more.
  bool withdrawn(Colour c) const { return st_.pos.seat_present(seat_of(c)) && !takes_part(c); }
  int seats_playing() const;
  // The colours of the game in the order turns pass, those withdrawn included (their pawns
  // stay on the board until the record removes them).
  std::vector<Colour> turn_order() const;
  // The finishing order so far; complete once the game is over.
  std::vector<Colour> ranking() const;
  bool over() const { return over_; }
  Pawns pawns(Colour c) const { return st_.pos.pawns(seat_of(c)); }
  // The squares where `c` has a blockade (two pawns on a ring or home-path square, Hasbro 2001
  // rules, Blockades; Ludo under stacking=blocks: a block).
  std::vector<Place> blockades(Colour c) const;
  // Steps `c` still has to go: each pawn's steps to HOME, a pawn in the nest counting the
  // whole way from before its entry (the board's entry die, RULES.md §board).
  int race(Colour c) const;
  // What a throw allows the seat to move.
  RollParts parts(Dice d) const;
  // Whether the throw is the third doublet (Ludo: third six) of the turn, which plays the
  // penalty (Hasbro 2001 rules, Doublets Penalty; RULES.md Q46): parts(d).kind == penalty.
  bool penalty_throw(Dice d) const { return roll_setup(st_, d.d1, d.d2, o_).kind == RollKind::penalty; }
  // Whether a blockade of `owner` stops the mover's throw `d`: it stands on the mover's ENTER
  // when the dice can enter a pawn (a 5 or a total of 5: Hasbro 2001 rules, Entering Your Pawns; RULES.md
  // Q7, Q11), or where, or before where (RULES.md Q19, Q23 block_stops), one of the parts
  // would take a pawn on the ring.
  bool stopped_by_blockade(Colour owner, Dice d) const;

  // ---- Plays ----
  // Every distinct legal play of the throw (distinct = distinct resulting position); the empty
  // play when nothing can move; one empty play for a penalty throw (its result the penalty's).
  LegalPlays legal_plays(Dice d) const;

  struct PlayRules {
    OrderStrictness order = OrderStrictness::strict;
    int max_alternatives = 0;
    // Pawn identities: (*ids)[k] is where the pawn the record calls k stands (engine.hpp
    // ValidateRequest::ids); and the parts when the record states them (a mid-roll [Setup]).
    const Pawns* ids = nullptr;
    const FixedVec<std::uint8_t, 4>* parts = nullptr;
  };
  // The play judged; when legal, carried out.
  Played play(Dice d, const Play& play, const PlayRules& how) ;
  Played play(Dice d, const Play& p) { return play(d, p, PlayRules{}); }
  // The judgement alone, the game unchanged; then, when legal, `carry_out` plays it (the two
  // halves of `play`, for a caller that reports on the position before the roll).
  Judged judge(Dice d, const Play& p, const PlayRules& how) const;
  RollResult carry_out(Dice d, const Play& p, const Judged& judged, const PlayRules& how);
  // The readings of a play written with one pawn moved by two die parts in one step (`2/11`
  // for a 6-3, as backgammon players write 24/13; notation/SPEC.md 3.1 "Combined step"):
  // mini-move `k` of `written` moves its pawn by the sum of two parts. Each reading is
  // `written` with that mini-move split into two die parts of the throw (RollParts::parts,
  // either order) moving the same pawn, the second from where the first ends, and legal under
  // `how` (Hasbro 2001 rules, Moving Your Entered Pawns: "if you roll 4 + 3 you can move one
  // pawn 7 spaces"). Readings ending in the same position count once (legal_plays' notion of
  // a distinct play). None for a bonus, an entry, or a move round the ring.
  std::vector<Play> combined_readings(Dice d, const Play& written, std::size_t k, const PlayRules& how) const;
  // Play `i` of `all` (this throw's legal_plays), carried out without judging it again.
  RollResult play_legal(Dice d, const LegalPlays& all, std::size_t i);
  // The penalty of a third doublet (Ludo: third six), which the throw must be (parts().kind).
  RollResult play_penalty(Dice d);
  // A play as recorded, judging nothing (apply.hpp apply_recorded): the roll counts as using
  // its dice, and the pawn moved last (repeat_penalty=last_moved_except_homepath) is the last
  // move's when every move is the mover's own. Not carried out, the game unchanged, when a
  // move cannot be (no such pawn there, past HOME: `failed` is its index) or the play leaves
  // a position no game can reach (`failed` -1, `impossible` the failed check, position_problem).
  struct NotCarried {
    int failed = -1;
    const char* impossible = nullptr;
  };
  std::variant<RollResult, NotCarried> play_recorded(Dice d, const RecordedPlay& p);

  // ---- What a record does besides rolls ----
  // `c` withdraws (resigns, abandons): it throws no more; when one seat is left it has won.
  void withdraw(Colour c);
  // The seat to throw is `c`, its turn begun afresh (a roll out of turn played as recorded).
  void hand_turn_to(Colour c);
  // The board is now `p` (an observed position): seats and turn order unchanged, seats whose
  // pawns are all HOME finished.
  void replace_position(const Position& p, Colour to_move, int doublets);
  // The game is over (the record says so: withdrawals, the last seat left).
  void end() { over_ = true; }

  // ---- Storage ----
  // A versioned byte form: version byte, then the state. from_bytes refuses another version or
  // a malformed state.
  std::string bytes() const;
  static std::optional<Game> from_bytes(std::string_view b, const Options& o);

  // The engine's turn state, for the rules core's own code and tests.
  const GameState& state() const { return st_; }

  friend bool operator==(const Game& a, const Game& b) {
    return a.st_.pos == b.st_.pos && a.st_.to_move == b.st_.to_move && a.st_.doublets == b.st_.doublets &&
           a.st_.seats_mask == b.st_.seats_mask && a.st_.finished_mask == b.st_.finished_mask && a.over_ == b.over_;
  }

 private:
  Game(const Options& o, const GameState& st);
  RollResult advance(Dice d, const Position& after, const Events& ev, bool used_up, int last_rel, RollKind kind);
  int last_moved(const Play& p) const;
  static void note_victims(const Position& before, int mover, RollResult& r);

  Options o_;
  Geometry g_;
  GameState st_;
  bool over_ = false;
};

struct Game::SetUp {
  std::optional<Game> game;
  PositionProblem problem;   // set when there is no game
  bool over = false;         // the position is a finished game
};

}  // namespace ppn::rules
