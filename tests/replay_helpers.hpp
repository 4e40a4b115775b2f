// Helpers for the replay tests: positions as PPN position IDs, plays, profiles.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "notation/position_id.hpp"
#include "replay/bridge.hpp"
#include "rules/engine.hpp"

namespace ppn::test {

inline rules::Options profile(const char* name) {
  auto r = rules::profile_options(name);
  REQUIRE(r.ok());
  return *r.options;
}

// A state from its PPN position ID (notation/SPEC.md "Position ID", the one text form of a
// position), e.g. "g:N,N,N,3 r:N,N,N,N / g d0": the pawns, the seat to move and the doublets
// already thrown, checked by the rules of `o` (replay::state_from_desc).
inline rules::GameState state(const std::string& id, const rules::Options& o = {}) {
  const auto desc = parse_position_id(id);
  INFO(id);
  REQUIRE(std::holds_alternative<PositionDesc>(desc));
  auto made = replay::state_from_desc(std::get<PositionDesc>(desc), o);
  if (const auto* err = std::get_if<std::string>(&made)) FAIL(*err);
  return std::get<rules::GameState>(made);
}
inline rules::Position position_of(const std::string& id, const rules::Options& o = {}) { return state(id, o).pos; }

// The position ID of a position with `mover` to move, no doublet thrown yet.
inline std::string id_of(const rules::Position& p, int mover = 0) {
  rules::GameState st;
  st.set_position(p);
  st.to_move = static_cast<std::uint8_t>(mover);
  return replay::position_id(st);
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
  return v.legal ? rules::RuleCode::ok : v.diag.code;
}

// A profile's options with one `name=value` override applied (the same as an [Option] tag).
inline rules::Options with(const char* assignment, const char* base = "hasbro-2001") {
  rules::Options o = profile(base);
  REQUIRE_FALSE(rules::apply_override(o, assignment));
  return o;
}

}  // namespace ppn::test
