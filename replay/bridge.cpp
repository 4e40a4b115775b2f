// Conversion between notation and engine types (see bridge.hpp).
#include "replay/bridge.hpp"

#include "notation/printer.hpp"
#include "rules/turn_direction.hpp"

#include <algorithm>

namespace ppn::replay {

using namespace ppn::rules;

PlayConversion play_from_steps(const std::vector<Step>& steps, Colour mover, const Geometry& g) {
  PlayConversion out;
  play_from_steps(steps, mover, g, out);
  return out;
}

void play_from_steps(const std::vector<Step>& steps, Colour mover, const Geometry& g, PlayConversion& out) {
  out.play.clear();
  out.forfeits = 0;
  out.capture_marks.clear();
  out.step_of_move.clear();
  out.owner_of_move.clear();
  out.first_foreign = -1;
  out.error.clear();
  out.error_step = -1;
  auto fail = [&](int i, std::string msg) {
    out.error = std::move(msg);
    out.error_step = i;
  };
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    const Step& st = steps[i];
    if (st.forfeited()) {
      ++out.forfeits;
      continue;
    }
    const ppn::SquareMove& m = *st.move;
    const bool foreign = st.owner && *st.owner != mover;
    if (foreign && out.first_foreign < 0) out.first_foreign = i;
    const auto from = rel_of_square(m.from, g);
    const auto to = rel_of_square(m.to, g);
    if (!from) return fail(i, "square " + to_string(m.from) + " is not on this board");
    if (!to) return fail(i, "square " + to_string(m.to) + " is not on this board");
    if (out.play.full()) return fail(i, "too many mini-moves in one roll");
    rules::MiniMove mm;
    if (*from < 0) {
      // Entering (Hasbro 2001 rules, Entering Your Pawns: "place it on your ENTER space").
      if (*to != 0 || st.is_bonus())
        return fail(i, "a pawn leaves the nest only for its ENTER space (N/0), and never by a bonus");
      mm = rules::MiniMove::enter();
    } else {
      if (*from == g.home) return fail(i, "a pawn at HOME does not move");
      int dist = *to - *from;
      bool around = false;
      if (g.on_track(*from) && g.on_track(*to)) {
        // Along the ring, possibly past the turn-off onto a second lap (Wikipedia rules, Gameplay; Q60) and
        // round to the ENTER again; a wrap longer than the largest part (a 20 bonus) is a
        // backward move, not a lap.
        dist = g.track(*to) - g.track(*from);
        if (dist < 0 && dist + g.ring_len <= 20) dist += g.ring_len;
        around = dist > 0 && g.crosses_turnoff(*from, dist);
      } else if (g.is_lap(*from)) {
        return fail(i, "a pawn on ring square 64-67 has passed its turn-off; it goes round the ring "
                       "before it can turn in again (" + to_ppn(m) + ")");
      }
      if (dist <= 0) return fail(i, "pawns only move forward (" + to_ppn(m) + ")");
      if (st.is_bonus() && dist != st.bonus)
        return fail(i, "a +" + std::to_string(st.bonus) + " bonus moves one pawn exactly " +
                           std::to_string(st.bonus) + " squares, not " + std::to_string(dist));
      if (!st.is_bonus() && dist > rules::kMaxDiePart)
        return fail(i, "a die part moves 1 to 6 squares (7 or 12 for a six under six_counts), not " +
                           std::to_string(dist));
      mm = rules::MiniMove::move(*from, dist, rules::kAnyPawn, around);
    }
    out.play.push_back(mm);
    out.capture_marks.push_back(m.capture);
    out.step_of_move.push_back(i);
    out.owner_of_move.push_back(foreign ? seat_of(*st.owner) : -1);
  }
}

std::vector<Step> steps_from_play(const Play& p, const Events& ev, const Geometry& g) {
  std::vector<Step> out;
  out.reserve(p.size() + ev.bonuses_forfeited);
  for (const auto& mm : p) {
    Step st;
    ppn::SquareMove m;
    if (mm.kind == MiniKind::enter) {
      m.from = Square::nest();
      m.to = Square::ring(0);
    } else {
      m.from = square_of_rel(mm.from, g);
      m.to = square_of_rel(g.dest_at_most_home(mm.from, mm.value, mm.around), g);
      if (mm.is_bonus()) st.bonus = mm.value;
    }
    m.capture = (mm.flags & kCaptured) != 0;
    st.move = m;
    out.push_back(st);
  }
  for (int i = ev.forfeited_tens; i < ev.bonuses_forfeited - ev.bonuses_void; ++i) out.push_back(Step::forfeit(20));
  for (int i = 0; i < ev.forfeited_tens; ++i) out.push_back(Step::forfeit(10));
  return out;
}

void write_played(Roll& roll, const Play& p, const rules::RollResult& r, const Geometry& g) {
  roll.steps.clear();
  roll.penalty_move.reset();
  if (r.kind == rules::RollKind::penalty) {
    roll.kind = PlayKind::Penalty;
    if (r.penalty_pawn) roll.penalty_move = SquareMove{rules::square_of_rel(r.penalty_pawn->rel(), g), Square::nest(), false};
  } else if (p.empty()) {
    roll.kind = PlayKind::NoPlay;
  } else {
    roll.kind = PlayKind::Moves;
    roll.steps = steps_from_play(p, r.events, g);
  }
}

std::string play_text(const Play& p, const Events& ev, const Geometry& g) {
  if (p.empty()) return "-";
  Roll r;
  r.steps = steps_from_play(p, ev, g);
  return play_to_ppn(r);
}

namespace {

// The position a position ID describes, not yet checked (the callers check it, by the board's
// invariants or by the rules of a profile). Error: a message in the board's words.
Result<Position> read_position(const PositionDesc& d, const Geometry& g) {
  const auto fail = [](std::string m) { return failure(Code::setup, std::move(m)); };
  if (!d.pending.empty()) return fail("a position in the middle of a roll (pending parts) cannot start a replay");
  Position pos = Position::empty();
  for (const auto& sp : d.seats) {
    if (sp.pawns.size() != kPawnsPerSeat)
      return fail(std::string(colour_name(sp.seat)) + " has " + std::to_string(sp.pawns.size()) +
                  (g.ludo ? sp.pawns.size() == 1 ? " token" : " tokens" : sp.pawns.size() == 1 ? " pawn" : " pawns") +
                  (g.ludo ? "; a Ludo seat has 4" : "; a Parcheesi seat has 4") + " (N for each one in the nest)");
    Pawns placed;
    auto next = placed.begin();
    for (const Square& sq : sp.pawns) {
      const auto rel = rel_of_square(sq, g);
      if (!rel) return fail("square " + to_string(sq) + " is not on this board");
      *next++ = *rel < 0 ? Place::nest() : Place::at(*rel);
    }
    pos.place(seat_of(sp.seat), placed);
  }
  if (!d.find(d.to_move))
    return fail(std::string("the seat to move (") + std::string(colour_name(d.to_move)) + ") has no pawns in the position");
  return pos;
}

}  // namespace

Result<Position> position_from_desc(const PositionDesc& d, const Geometry& g) {
  auto made = read_position(d, g);
  if (made)
    if (const char* bad = position_check(*made, g)) return failure(Code::setup, "impossible position: " + position_problem(bad));
  return made;
}

Result<Position> position_from_desc(const PositionDesc& d, const Options& o) {
  auto made = read_position(d, geometry_of(o));
  if (made)
    if (const PositionProblem pr = position_check(*made, o)) return failure(Code::setup, position_problem(pr, o));
  return made;
}

Result<rules::Game> game_from_desc(const PositionDesc& d, const Options& o, std::string_view profile) {
  auto pos = position_from_desc(d, o);
  if (!pos) return std::move(pos).error();
  std::vector<Colour> seats;
  for (Colour c : turn_direction(profile))
    if (d.find(c)) seats.push_back(c);
  return rules::Game::at(o, *pos, seats, d.to_move, d.rerolls);
}

PositionDesc desc_of(const Position& p, Colour to_move, int doublets, const Geometry& g) {
  PositionDesc d;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (!p.seat_present(s)) continue;
    SeatPawns sp;
    sp.seat = colour_of(s);
    for (const Place at : p.pawns(s)) sp.pawns.push_back(at.in_nest() ? Square::nest() : square_of_rel(at.rel(), g));
    d.seats.push_back(std::move(sp));
  }
  d.to_move = to_move;
  d.rerolls = static_cast<std::uint8_t>(doublets);
  canonicalize(d);
  return d;
}

PositionDesc desc_of(const rules::Game& game) {
  return desc_of(game.position(), game.to_move(), game.doublets(), game.geometry());
}

std::string position_id(const rules::Game& game) { return format_position_id(desc_of(game)); }

}  // namespace ppn::replay
