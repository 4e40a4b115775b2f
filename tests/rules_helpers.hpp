// Helpers for the rules core's own tests (tests/rules_*): positions as PPN position IDs, plays,
// profiles, and the engine's verdicts on its internal turn state (rules/engine.hpp), which
// only the rules core and these tests see.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "notation/position_id.hpp"
#include "replay/bridge.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace ppn::test {

inline rules::Options profile(const char* name) {
  auto r = rules::profile_options(name);
  REQUIRE(r.ok());
  return *r.options;
}

// A state from its PPN position ID (notation/SPEC.md "Position ID", the one text form of a
// position), e.g. "g:N,N,N,3 r:N,N,N,N / g d0": the pawns, the seat to move and the doublets
// already thrown, checked by the rules of `o` (replay::state_from_desc).
// The colours sit in colour order (green, red, blue, yellow) for turns.
inline rules::GameState state(const std::string& id, const rules::Options& o = {}) {
  const auto desc = parse_position_id(id);
  INFO(id);
  REQUIRE(std::holds_alternative<PositionDesc>(desc));
  const PositionDesc& d = std::get<PositionDesc>(desc);
  auto made = replay::position_from_desc(d, o);
  if (!made) FAIL(made.error().message);
  unsigned mask = 0;
  for (int s = 0; s < rules::kMaxSeats; ++s)
    if (made->seat_present(s)) mask |= 1u << s;
  rules::GameState st = rules::initial_state(mask, {0, 1, 2, 3}, static_cast<std::uint8_t>(rules::seat_of(d.to_move)));
  st.set_position(*made);
  st.doublets = d.rerolls;
  const rules::Geometry g = rules::geometry_of(o);
  for (int s = 0; s < rules::kMaxSeats; ++s)
    if ((mask >> s & 1u) && rules::seat_finished(*made, s, g)) st.finished_mask |= static_cast<std::uint8_t>(1u << s);
  return st;
}
inline rules::Position position_of(const std::string& id, const rules::Options& o = {}) { return state(id, o).pos; }

// The position ID of a position with `mover` to move, no doublet thrown yet.
inline std::string id_of(const rules::Position& p, int mover = 0, const rules::Geometry& g = rules::kParcheesi68) {
  return format_position_id(replay::desc_of(p, rules::colour_of(mover), 0, g));
}
// The position ID of an engine state.
inline std::string id_of(const rules::GameState& st, const rules::Geometry& g = rules::kParcheesi68) {
  return format_position_id(replay::desc_of(st.pos, rules::colour_of(st.to_move), st.doublets, g));
}

// Opponent seat `seat` pawn standing on square `mover_rel` counted from the mover's ENTER
// (seat 0's view): its own relative square.
inline int own_rel(int seat, int mover_rel) { return ((mover_rel - 17 * seat) % 68 + 68) % 68; }

inline rules::MiniMove E() { return rules::MiniMove::enter(); }
inline rules::MiniMove M(int from, int part) { return rules::MiniMove::move(from, part); }

inline rules::Play play(std::initializer_list<rules::MiniMove> ms) {
  rules::Play p;
  for (const auto& m : ms) p.push_back(m);
  return p;
}

// The refusal of an illegal verdict; the test stops when the play was legal (no refusal).
inline const rules::Refusal& refusal_of(const rules::Verdict& v) {
  REQUIRE(v.diag);
  return *v.diag;
}

inline rules::Verdict check(const rules::Options& o, const rules::GameState& st, int d1,
                             int d2, const rules::Play& p,
                             rules::OrderStrictness order = rules::OrderStrictness::strict) {
  rules::ValidateRequest req;
  req.state = &st;
  req.d1 = d1;
  req.d2 = d2;
  req.play = &p;
  req.order = order;
  return rules::validate_play(o, req);
}

// The verdict's rule code, RuleCode::ok when the play is legal.
inline rules::RuleCode code(const rules::Verdict& v) {
  return v.legal ? rules::RuleCode::ok : v.diag->code;
}

// A profile's options with one `name=value` override applied (the same as an [Option] tag).
inline rules::Options with(const char* assignment, const char* base = "hasbro-2001") {
  rules::Options o = profile(base);
  REQUIRE_FALSE(rules::apply_override(o, assignment));
  return o;
}

}  // namespace ppn::test
