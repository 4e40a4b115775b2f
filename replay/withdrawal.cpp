// A withdrawal (see withdrawal.hpp).
#include "replay/withdrawal.hpp"

#include <string>

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// The seat after `seat` in turn order that is still playing.
int next_active_seat(const GameState& st, int seat) {
  int idx = 0;
  for (int i = 0; i < kMaxSeats; ++i)
    if (st.turn_order[i] == seat) idx = i;
  for (int step = 1; step <= kMaxSeats; ++step) {
    const int next = st.turn_order[(idx + step) % kMaxSeats];
    if ((st.seats_mask >> next & 1) && !(st.finished_mask >> next & 1)) return next;
  }
  return seat;
}

}  // namespace

void withdraw(Walk& walk, const Withdrawal& w) {
  const int s = seat_of(w.seat);
  auto diag = [&](Severity sev, std::string msg) {
    ReplayDiagnostic d;
    d.severity = sev;
    d.code = Code::withdrawal;
    d.message = std::move(msg);
    d.line = w.line;
    d.column = w.column;
    d.position_id = position_id(walk.st, walk.g);
    walk.res.diagnostics.push_back(std::move(d));
  };
  const std::string who = std::string(colour_name(w.seat));
  if (walk.res.game_over) {
    diag(Severity::warning, who + " withdraws after the end of the game; nothing changes");
    return;
  }
  if (!(walk.st.seats_mask >> s & 1) || (walk.st.finished_mask >> s & 1)) {
    diag(Severity::error, who + " withdraws, but " + who +
                              (walk.st.finished_mask >> s & 1 ? " has finished already"
                               : walk.st.pos.seat_present(s)  ? " has withdrawn already"
                                                         : " is not in the game ([Seats])"));
    return;
  }
  const bool was_to_move = walk.st.to_move == s;
  const int next = next_active_seat(walk.st, s);
  walk.st.seats_mask = static_cast<std::uint8_t>(walk.st.seats_mask & ~(1u << s));
  if (was_to_move) {
    walk.st.to_move = static_cast<std::uint8_t>(next);
    walk.st.doublets = 0;
  }
  if (active_seats(walk.st) == 1) {
    // the last seat still playing wins (or takes the next place)
    for (int k = 0; k < kMaxSeats; ++k)
      if ((walk.st.seats_mask >> k & 1) && !(walk.st.finished_mask >> k & 1)) walk.st.ranking[walk.st.ranking_len++] = static_cast<std::uint8_t>(k);
  }
  if (active_seats(walk.st) <= 1) {
    walk.res.game_over = true;
    walk.ended_by_withdrawal = true;
  }
}

}  // namespace ppn::replay
