#include "convert/racket_position.hpp"

#include <algorithm>

namespace ppn::convert::racket {

using namespace ppn::rules;

Place place_of_loc(Colour c, nu::Loc loc) {
  switch (loc.kind) {
    case nu::LocKind::start: return Place::nest();
    case nu::LocKind::home: return Place::at(kHome);
    case nu::LocKind::row: return Place::at(rel_of_row(loc.index));
    case nu::LocKind::main: return Place::at(kBoard.rel_of_track(rel_of_ring(c, loc.index)));
  }
  return Place::nest();
}

nu::Loc loc_of_rel(Colour c, int rel) {
  if (rel < 0) return nu::Loc{nu::LocKind::start, 0};
  if (rel <= kLastRing) return nu::Loc{nu::LocKind::main, static_cast<std::uint8_t>(ring_of_rel(c, rel))};
  if (rel < kHome) return nu::Loc{nu::LocKind::row, static_cast<std::uint8_t>(row_of_rel(rel))};
  return nu::Loc{nu::LocKind::home, 0};
}

rules::Position any_position_of_board(const nu::Board& b) {
  rules::Position p = rules::Position::empty();
  for (int s = 0; s < kMaxSeats; ++s) {
    const Colour c = colour_of(s);
    Pawns places;
    for (int id = 0; id < kPawnsPerSeat; ++id) places[id] = place_of_loc(c, b.at(nu::Pawn{c, static_cast<std::uint8_t>(id)}));
    p.place(s, places);
  }
  return p;
}

std::optional<std::string> position_of_board(const nu::Board& b, unsigned seats, PawnPosition& out) {
  for (int s = 0; s < kMaxSeats; ++s) {
    const Colour c = colour_of(s);
    for (int id = 0; id < kPawnsPerSeat; ++id) {
      const nu::Loc loc = b.at(nu::Pawn{c, static_cast<std::uint8_t>(id)});
      if (loc.kind == nu::LocKind::main && rel_of_ring(c, loc.index) > kLastRing)
        return "board: " + std::string(colour_name(c)) + " pawn on square " + std::to_string(loc.index) +
               ", behind its ENTER";
      out.ids[s][id] = ((seats >> s) & 1u) ? place_of_loc(c, loc) : Place::nest();
    }
    if ((seats >> s) & 1u) out.pos.place(s, out.ids[s]);
    else out.pos.remove(s);
  }
  if (const char* bad = position_check(out.pos, kBoard)) return std::string("board: inconsistent (") + bad + ")";
  return std::nullopt;
}

std::optional<nu::Board> board_of_position(const PawnPosition& p) {
  nu::Board b;
  for (int s = 0; s < kMaxSeats; ++s)
    for (int id = 0; id < kPawnsPerSeat; ++id) {
      const Place at = p.ids[s][id];
      if (at.in_nest()) continue;  // start (a colour not taking part too)
      const int rel = at.rel();
      if (rel > kHome) return std::nullopt;  // a lap square
      b.at(nu::Pawn{colour_of(s), static_cast<std::uint8_t>(id)}) = loc_of_rel(colour_of(s), rel);
    }
  return b;
}

EnginePlay play_of_moves(const nu::Moves& m, Colour mover) {
  EnginePlay out;
  if (m.list.size() > static_cast<std::size_t>(kMaxPlayLen)) {
    out.forced = RuleCode::too_many_moves;
    out.forced_index = kMaxPlayLen;
    return out;
  }
  auto force = [&](RuleCode c, int i, std::string d) {
    if (!out.forced) {
      out.forced = c;
      out.forced_index = i;
      out.forced_detail = std::move(d);
    }
  };
  for (int i = 0; i < static_cast<int>(m.list.size()); ++i) {
    const nu::Move& mv = m.list[i];
    if (mv.pawn.colour != mover)
      force(RuleCode::wrong_colour, i, "moves a " + std::string(colour_name(mv.pawn.colour)) + " pawn");
    if (mv.kind == nu::MoveKind::enter) {
      out.play.push_back(MiniMove::enter(mv.pawn.id));
      continue;
    }
    int rel = 0;
    if (mv.kind == nu::MoveKind::main) {
      if (mv.start < 0 || mv.start >= kRingSquares) {
        force(RuleCode::no_pawn_there, i, "ring square out of range");
      } else {
        rel = rel_of_ring(mover, mv.start);
        if (rel > kLastRing) force(RuleCode::no_pawn_there, i, "square behind the ENTER");
      }
    } else {
      if (mv.start < 0 || mv.start >= kHomeRowSquares) force(RuleCode::no_pawn_there, i, "home-row index out of range");
      else rel = rel_of_row(mv.start);
    }
    if (mv.distance <= 0 || mv.distance > 200) force(RuleCode::wrong_part, i, "distance " + std::to_string(mv.distance));
    out.play.push_back(MiniMove::move(rel, std::clamp(mv.distance, 0, 255), mv.pawn.id));
  }
  return out;
}

}  // namespace ppn::convert::racket
