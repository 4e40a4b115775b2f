// Helpers for the replay tests: positions written in relative terms, plays, profiles.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "rules/engine.hpp"

namespace ppn::test {

inline rules::Options profile(const char* name) {
  auto r = rules::profile_options(name);
  REQUIRE(r.ok());
  return *r.options;
}

// A state from position text (rules::position_text format), mover and doublets so far.
inline rules::GameState state(const std::string& text, int mover = 0, int doublets = 0) {
  auto p = rules::parse_position_text(text);
  REQUIRE(p.has_value());
  rules::GameState st;
  st.set_position(*p);
  st.to_move = static_cast<std::uint8_t>(mover);
  st.doublets = static_cast<std::uint8_t>(doublets);
  st.seats_mask = 0;
  for (int s = 0; s < 4; ++s)
    if (p->seat_present(s)) st.seats_mask = static_cast<std::uint8_t>(st.seats_mask | (1u << s));
  return st;
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
