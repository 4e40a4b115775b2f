// The application of a play as recorded, and the fate of unplayed bonuses (see apply.hpp).
#include "rules/apply.hpp"

#include <algorithm>

#include "rules/ludo.hpp"
#include "rules/roll.hpp"

namespace ppn::rules {

using ppn::rules::detail::rows;

void settle_bonuses(Events& ev, const std::uint8_t* left, int n_left, bool won) {
  ev.bonuses_forfeited = static_cast<std::uint8_t>(n_left);
  // RULES.md Q63: the game is over with the winning move; nothing is forfeited after it.
  ev.bonuses_void = won ? ev.bonuses_forfeited : 0;
  ev.forfeited_tens = won ? 0 : static_cast<std::uint8_t>(std::count(left, left + n_left, std::uint8_t{10}));
}

RecordedMove RecordedMove::of(const MiniMove& m, const Geometry& g, int owner, bool captures) {
  RecordedMove r;
  r.owner = static_cast<std::int8_t>(owner);
  r.part = m.value;
  r.captures = captures;
  if (m.kind == MiniKind::enter) return r;  // from the nest to rel 0
  r.from = byte_of_rel(m.from);
  const bool round = m.around || g.is_lap(m.from);
  const int t = g.dest(m.from, m.value, round);
  r.to = t > g.home && !round ? kPastHome : static_cast<std::uint8_t>(t);
  return r;
}

namespace {

// The lone pawn of another colour than `owner` on the track square `owner` calls `to`: its
// seat, or -1 (none there, or more than one).
int lone_victim(const Position& p, const Geometry& g, int owner, int to) {
  if (!g.on_track(to)) return -1;
  const int a = g.abs_of_rel(owner, to);
  int victim = -1, n = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (s == owner || !p.seat_present(s)) continue;
    // A pawn stands on its own squares 64..67 only on a lap (Geometry: lap squares).
    const int c = p.count(s, byte_of_rel(g.rel_of_track(g.rel_of(s, a))));
    n += c;
    if (c) victim = s;
  }
  return n == 1 ? victim : -1;
}

}  // namespace

RecordApplier::RecordApplier(const Options& o, const Position& before, int seat)
    : o_(&o), g_(geometry_of(o)), seat_(seat) {
  out_.after = before;
  out_.victim.fill(-1);
}

bool RecordApplier::apply(const RecordedMove& m) {
  const int owner = m.owner >= 0 ? m.owner : seat_;
  Position& p = out_.after;
  if (n_ >= kMaxPlayLen || m.to == kPastHome || owner >= kMaxSeats || !p.seat_present(owner) ||
      p.count(owner, m.from) == 0)
    return false;
  std::uint8_t flags = 0;
  int victim = -1, tokens = 0;
  if (o_->ludo()) {
    flags = ludo::apply_recorded_move(*o_, p, owner, m.from, m.to, m.captures, victim, tokens);
  } else {
    const auto& row = rows(p)[owner];
    const int slot = static_cast<int>(std::find(row.begin(), row.end(), m.from) - row.begin());
    detail::Board b = detail::make_board(p, owner, row, g_);
    if (m.captures) {
      // An entry onto a full ENTER takes the pawn the rules name (Q11); elsewhere a capture
      // takes the one pawn of another colour there.
      const auto cell = b.ring[g_.abs_of(owner, 0)];
      const bool full = detail::cell_count(cell) == 2 &&
                        (detail::cell_seat(cell) != owner || detail::cell_seat2(cell) != owner);
      victim = m.from == kNest && m.to == 0 && full ? detail::entry_victim(cell, owner)
                                                    : lone_victim(p, g_, owner, m.to);
    }
    flags = detail::move_pawn(b, g_, owner, slot, m.to, victim);
    p = detail::finish(b, owner);
  }
  out_.flags[n_] = flags;
  if (flags & kCaptured) out_.victim[n_] = static_cast<std::int8_t>(victim);
  ++n_;
  if (owner != seat_) return true;  // another colour's pawn earns the roll's seat nothing
  if (m.from == kNest) ++entries_;
  if (is_bonus_part(m.part)) used_.push_back(m.part);
  else ++dice_used_;
  // What the move earns, decided where the engine decides it.
  detail::State s;
  s.bonus = bonuses_;
  s.captures = captures_;
  s.arrivals = arrivals_;
  s.capture_bonuses = capture_bonuses_;
  s.earned = earned_;
  detail::earn(s, *o_, flags);
  // A Ludo block that captures a block takes two tokens at once (earn counts one capture).
  if (tokens > 1) s.captures = static_cast<std::uint8_t>(s.captures + tokens - 1);
  bonuses_ = s.bonus;
  captures_ = s.captures;
  arrivals_ = s.arrivals;
  capture_bonuses_ = s.capture_bonuses;
  earned_ = s.earned;
  return true;
}

Outcome RecordApplier::outcome() const {
  Outcome out = out_;
  out.won = out.after.seat_present(seat_) && seat_finished(out.after, seat_, g_);
  Events& ev = out.events;
  ev.entries = entries_;
  ev.dice_parts_used = dice_used_;
  ev.captures = captures_;
  ev.arrivals = arrivals_;
  ev.bonuses_earned = earned_;
  ev.bonuses_used = static_cast<std::uint8_t>(used_.size());
  // The bonuses earned and not played, in whatever order the record played them.
  auto left = bonuses_;
  for (auto v : used_)
    if (const int k = detail::find_part(left, v); k >= 0) detail::remove_at(left, k);
  settle_bonuses(ev, left.begin(), left.size(), out.won);
  return out;
}

Outcome apply_recorded(const Options& o, const Position& before, int seat, const RecordedPlay& play) {
  RecordApplier a(o, before, seat);
  for (int i = 0; i < play.size(); ++i)
    if (!a.apply(play[i])) {
      Outcome out = a.outcome();
      out.failed = i;
      return out;
    }
  return a.outcome();
}

Outcome apply_play(const Options& o, const Position& before, int seat, const Play& play) {
  const Geometry& g = geometry_of(o);
  RecordedPlay rp;
  for (const auto& m : play) rp.push_back(RecordedMove::of(m, g, -1, (m.flags & kCaptured) != 0));
  return apply_recorded(o, before, seat, rp);
}

}  // namespace ppn::rules
