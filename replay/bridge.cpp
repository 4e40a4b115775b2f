// Conversion between notation and engine types (see bridge.hpp).
#include "replay/bridge.hpp"

#include "notation/printer.hpp"

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

std::string play_text(const Play& p, const Events& ev, const Geometry& g) {
  if (p.empty()) return "-";
  Roll r;
  r.steps = steps_from_play(p, ev, g);
  return play_to_ppn(r);
}

namespace {

// The state a position ID describes, its position not yet checked (the callers check it, by
// the board's invariants or by the rules of a profile). Error: a message in the board's words.
std::variant<GameState, std::string> read_state(const PositionDesc& d, const Geometry& g) {
  if (!d.pending.empty()) return std::string("a position in the middle of a roll (pending parts) cannot start a replay");
  Position pos{};
  for (auto& row : pos.pawns) row.fill(kAbsent);
  unsigned mask = 0;
  for (const auto& sp : d.seats) {
    const int s = seat_of(sp.seat);
    if (sp.pawns.size() != kPawnsPerSeat)
      return std::string(colour_name(sp.seat)) + " has " + std::to_string(sp.pawns.size()) +
             (g.ludo ? " tokens; a Ludo seat has 4" : " pawns; a Parcheesi seat has 4");
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const auto rel = rel_of_square(sp.pawns[k], g);
      if (!rel) return "square " + to_string(sp.pawns[k]) + " is not on this board";
      pos.pawns[s][k] = *rel < 0 ? kNest : byte_of_rel(*rel);
    }
    pos.sort_seat(s);
    mask |= 1u << s;
  }
  if (!d.find(d.to_move)) return std::string("the seat to move (") + std::string(colour_name(d.to_move)) + ") has no pawns in the position";
  std::array<std::uint8_t, kMaxSeats> order{0, 1, 2, 3};
  GameState st = initial_state(mask, order, static_cast<std::uint8_t>(seat_of(d.to_move)));
  st.set_position(pos);
  st.doublets = d.rerolls;
  for (int s = 0; s < kMaxSeats; ++s)
    if ((mask >> s & 1u) && seat_finished(pos, s, g)) st.finished_mask |= 1u << s;
  return st;
}

}  // namespace

std::variant<GameState, std::string> state_from_desc(const PositionDesc& d, const Geometry& g) {
  auto made = read_state(d, g);
  if (auto* st = std::get_if<GameState>(&made))
    if (const char* bad = position_check(st->pos, g)) return "impossible position: " + position_problem(bad);
  return made;
}

std::variant<GameState, std::string> state_from_desc(const PositionDesc& d, const Options& o) {
  auto made = read_state(d, geometry_of(o));
  if (auto* st = std::get_if<GameState>(&made))
    if (const PositionProblem pr = position_check(st->pos, o)) return position_problem(pr, o);
  return made;
}

PositionDesc desc_from_state(const GameState& st, const Geometry& g) {
  PositionDesc d;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (!st.pos.seat_present(s)) continue;
    SeatPawns sp;
    sp.seat = colour_of(s);
    for (auto b : st.pos.pawns[s]) sp.pawns.push_back(b == kNest ? Square::nest() : square_of_rel(rel_of_byte(b), g));
    d.seats.push_back(std::move(sp));
  }
  d.to_move = colour_of(st.to_move);
  d.rerolls = st.doublets;
  canonicalize(d);
  return d;
}

std::string position_id(const GameState& st, const Geometry& g) {
  return format_position_id(desc_from_state(st, g));
}

}  // namespace ppn::replay
