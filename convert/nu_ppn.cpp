#include "convert/nu_ppn.hpp"

#include <algorithm>

#include "convert/racket_position.hpp"
#include "rules/apply.hpp"

namespace ppn::convert::nu {

namespace {

// Racket's coordinates (racket_coords.hpp, racket_position.hpp) and the notation's squares
// (rules/squares.hpp).
using racket::kFirstRow;
using racket::kLastRing;
using racket::loc_of_rel;  // the location `rel` steps from the colour's ENTER
using racket::rel_of_ring;

int slot(Colour c, int id) { return static_cast<int>(c) * kPawnsPerColour + id; }

// Rel of a square in the mover's coordinates (PPN): -1 nest, ring, h1..h7, H; nullopt for a
// square Racket's board does not have (a second-lap square, ring 64+).
std::optional<int> rel_of_square(Square s) {
  const auto rel = rules::rel_of_square(s, racket::kBoard);
  return rel && *rel <= kHomeSteps ? rel : std::nullopt;
}

Square square_of_rel(int rel) { return rules::square_of_rel(rel, racket::kBoard); }

std::string pawn_name(Pawn p) { return std::string(colour_name(p.colour)) + " " + std::to_string(p.id); }

// A play carried out on a Racket board by the rules core's applier (the board judges nothing:
// racket-nu earns the bonuses, and a pawn landing on a ring square where one pawn of another
// colour stands sends it to its start, as board.rkt bumps it), keeping the pawn ids: the
// moved pawn is the one the move names, a captured one the pawn of its colour on the
// landing square.
class BoardApplier {
 public:
  BoardApplier(const Board& before, Colour mover)
      : board_(before), rules_(racket_options(), racket::any_position_of_board(before), static_cast<int>(mover)) {}

  // Carries out one move; an error message when it cannot be (a square off the board, past HOME).
  std::string apply(const Move& mv) {
    const Colour c = mv.pawn.colour;
    int dest = 0;
    if (mv.kind != MoveKind::enter) {
      int from = 0;
      if (mv.kind == MoveKind::main) {
        if (mv.start < 0 || mv.start >= kRingSquares)
          return "ring square " + std::to_string(mv.start) + " is not on the board (0..67)";
        from = rel_of_ring(c, mv.start);
        if (from > kLastRing)
          return "ring square " + std::to_string(mv.start) + " lies behind the " + std::string(colour_name(c)) +
                 " ENTER (" + std::to_string(enter_square(c)) + ")";
      } else if (mv.start < 0 || mv.start >= kHomeRowSquares) {
        return "home-row square " + std::to_string(mv.start) + " is not on the board (0..6)";
      } else {
        from = kFirstRow + mv.start;
      }
      if (mv.distance <= 0) return "distance " + std::to_string(mv.distance) + " is not positive";
      dest = from + mv.distance;
      if (dest > kHomeSteps)
        return "pawn " + pawn_name(mv.pawn) + " would move " + std::to_string(dest - kHomeSteps) + " past HOME";
    }
    // The named pawn moves from wherever it stands to the square the move gives: the rules
    // core's recorded move from its place (RecordedMove::of, a move of one step from there or an
    // entry), taken to `dest` by the move's part.
    const rules::Place at = racket::place_of_loc(c, board_.at(mv.pawn));
    rules::RecordedMove rm = rules::RecordedMove::of(
        at.in_nest() ? rules::MiniMove::enter() : rules::MiniMove::move(at.rel(), 1), racket::kBoard, rules::seat_of(c), true);
    rm.to = static_cast<std::uint8_t>(dest);
    rm.part = static_cast<std::uint8_t>(mv.kind == MoveKind::enter ? 5 : mv.distance);
    if (!rules_.apply(rm)) return "pawn " + pawn_name(mv.pawn) + " cannot be moved";
    const int k = rules_.moves() - 1;
    const rules::Outcome out = rules_.outcome();
    const Loc to = loc_of_rel(c, dest);
    board_.at(mv.pawn) = to;
    if (const int v = out.victim[k]; v >= 0)
      for (int id = 0; id < kPawnsPerColour; ++id)
        if (Loc& l = board_.locs[slot(static_cast<Colour>(v), id)]; l == to) {
          l = Loc{LocKind::start, 0};
          break;
        }
    captures_.push_back((out.flags[k] & rules::kCaptured) != 0);
    return {};
  }

  Applied applied() const {
    Applied a;
    a.after = board_;
    a.captures = captures_;
    a.outcome = rules_.outcome();
    return a;
  }

 private:
  static const rules::Options& racket_options() {
    static const rules::Options o = *rules::profile_options("racket-nu").options;
    return o;
  }
  Board board_;
  rules::RecordApplier rules_;
  std::vector<bool> captures_;
};


}  // namespace


std::optional<Square> square_of_loc(Colour c, Loc loc) {
  switch (loc.kind) {
    case LocKind::start: return Square::nest();
    case LocKind::home: return Square::home();
    case LocKind::row: return Square::home_path(static_cast<std::uint8_t>(loc.index + 1));
    case LocKind::main: {
      const int rel = rel_of_ring(c, loc.index);
      if (rel > kLastRing) return std::nullopt;
      return Square::ring(static_cast<std::uint8_t>(rel));
    }
  }
  return std::nullopt;
}

std::optional<Loc> loc_of_square(Colour c, Square s) {
  const auto rel = rel_of_square(s);
  if (!rel) return std::nullopt;
  if (*rel < 0) return Loc{LocKind::start, 0};
  return loc_of_rel(c, *rel);
}

PositionDesc desc_of_board(const Board& b, Colour to_move, int rerolls) {
  PositionDesc d;
  for (int c = 0; c < colour_count; ++c) {
    SeatPawns sp;
    sp.seat = static_cast<Colour>(c);
    for (int id = 0; id < kPawnsPerColour; ++id) {
      const Loc loc = b.locs[slot(sp.seat, id)];
      if (auto sq = square_of_loc(sp.seat, loc)) sp.pawns.push_back(*sq);
      else sp.pawns.push_back(Square::ring(static_cast<std::uint8_t>(rel_of_ring(sp.seat, loc.index))));
    }
    d.seats.push_back(std::move(sp));
  }
  d.to_move = to_move;
  d.rerolls = static_cast<std::uint8_t>(std::clamp(rerolls, 0, int{PositionDesc::max_rerolls}));
  canonicalize(d);
  return d;
}

std::optional<Board> board_of_desc(const PositionDesc& d, const Board& previous) {
  Board out;
  for (int c = 0; c < colour_count; ++c) {
    const Colour colour = static_cast<Colour>(c);
    const SeatPawns* sp = d.find(colour);
    if (!sp || sp->pawns.size() != kPawnsPerColour) return std::nullopt;
    std::vector<Loc> want;
    for (Square s : sp->pawns) {
      auto loc = loc_of_square(colour, s);
      if (!loc) return std::nullopt;
      want.push_back(*loc);
    }
    std::array<bool, kPawnsPerColour> placed{};
    // Pawns that still stand where they stood keep their ids.
    for (int id = 0; id < kPawnsPerColour; ++id) {
      auto it = std::find(want.begin(), want.end(), previous.locs[slot(colour, id)]);
      if (it == want.end()) continue;
      out.locs[slot(colour, id)] = *it;
      placed[id] = true;
      want.erase(it);
    }
    std::size_t next = 0;
    for (int id = 0; id < kPawnsPerColour; ++id)
      if (!placed[id]) out.locs[slot(colour, id)] = want[next++];
  }
  return out;
}

Board initial_board() { return Board{}; }

bool finished(const Board& b, Colour c) {
  for (int id = 0; id < kPawnsPerColour; ++id)
    if (b.locs[slot(c, id)].kind != LocKind::home) return false;
  return true;
}

Applied apply_moves(const Board& before, Colour mover, const Moves& m) {
  BoardApplier ap(before, mover);
  for (std::size_t i = 0; i < m.list.size(); ++i) {
    if (std::string err = ap.apply(m.list[i]); !err.empty()) {
      Applied a = ap.applied();
      a.error = std::move(err);
      a.error_move = static_cast<int>(i);
      a.captures.resize(m.list.size(), false);
      return a;
    }
  }
  return ap.applied();
}

StepsResult steps_of_moves(const Board& before, Colour mover, const Moves& m) {
  StepsResult r;
  r.applied = apply_moves(before, mover, m);
  if (!r.applied.error.empty()) {
    r.error = "move " + std::to_string(r.applied.error_move + 1) + ": " + r.applied.error;
    r.error_move = r.applied.error_move;
    return r;
  }
  bool foreign = false;
  for (std::size_t i = 0; i < m.list.size(); ++i) {
    const Move& mv = m.list[i];
    // Another colour's pawn (in14: a red pawn entered on green's roll) is written in that
    // colour's own coordinates with its prefix, `R:N/0` (notation/SPEC.md 3.1).
    const Colour c = mv.pawn.colour;
    Step st;
    if (c != mover) {
      st.owner = c;
      foreign = true;
    }
    SquareMove mm;
    if (mv.kind == MoveKind::enter) {
      mm.from = Square::nest();
      mm.to = Square::ring(0);
    } else {
      const int from = mv.kind == MoveKind::main ? rel_of_ring(c, mv.start) : kFirstRow + mv.start;
      mm.from = square_of_rel(from);
      mm.to = square_of_rel(from + mv.distance);
      if (rules::is_bonus_part(mv.distance)) st.bonus = static_cast<std::uint8_t>(mv.distance);
    }
    mm.capture = r.applied.captures[i];
    st.move = mm;
    r.steps.push_back(st);
  }
  // Forfeited bonuses (none after the win: void, rules/apply.hpp) are written for a play of the
  // mover's own pawns only: a play that moves another colour's pawn is recorded as sent, and
  // the rules engine rejects it.
  if (!foreign) {
    const auto& ev = r.applied.outcome.events;
    for (int k = ev.forfeited_tens; k < ev.bonuses_forfeited - ev.bonuses_void; ++k) r.steps.push_back(Step::forfeit(20));
    for (int k = 0; k < ev.forfeited_tens; ++k) r.steps.push_back(Step::forfeit(10));
  }
  return r;
}

MovesResult moves_of_steps(const Board& before, Colour mover, const std::vector<Step>& steps) {
  MovesResult r;
  BoardApplier ap(before, mover);
  Board now = before;  // where each pawn stands after the steps so far
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& st = steps[i];
    if (!st.move) continue;  // a forfeited bonus is no move
    const auto from = rel_of_square(st.move->from);
    const auto to = rel_of_square(st.move->to);
    if (!from || !to || *to < *from || (*from < 0 && *to != 0)) {
      r.error = "step " + std::to_string(i + 1) + " (" + to_string(st.move->from) + "/" +
                to_string(st.move->to) + ") is not a move on Racket's board";
      break;
    }
    const Colour c = st.owner.value_or(mover);  // `R:12/15`: a red pawn, red's coordinates
    const auto from_loc = *from < 0 ? Loc{LocKind::start, 0} : loc_of_rel(c, *from);
    int id = -1;
    for (int k = 0; k < kPawnsPerColour && id < 0; ++k)
      if (now.locs[slot(c, k)] == from_loc) id = k;
    if (id < 0) {
      r.error = "step " + std::to_string(i + 1) + ": no " + std::string(colour_name(c)) + " pawn on " +
                to_string(st.move->from);
      break;
    }
    Move mv;
    mv.pawn = Pawn{c, static_cast<std::uint8_t>(id)};
    if (*from < 0) {
      mv.kind = MoveKind::enter;
    } else {
      mv.kind = from_loc.kind == LocKind::main ? MoveKind::main : MoveKind::home;
      mv.start = from_loc.index;
      mv.distance = *to - *from;
    }
    if (std::string err = ap.apply(mv); !err.empty()) {
      r.error = "step " + std::to_string(i + 1) + ": " + err;
      break;
    }
    now = ap.applied().after;
    r.moves.list.push_back(mv);
  }
  r.applied = ap.applied();
  return r;
}

}  // namespace ppn::convert::nu
