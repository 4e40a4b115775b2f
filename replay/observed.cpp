// An observed position (see observed.hpp).
#include "replay/observed.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "notation/position_id.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// Progress of a pawn along its route, for the plausibility of an unobserved stretch: -1 the
// nest, then its rel (ring 0..63, home path 64..70, HOME 71; second-lap squares,
// homepath_mandatory=no, are rel 72..75).
int progress_of(Place p) { return p.rel(); }

std::string seat_squares(const Position& p, int seat, const Geometry& g) {
  std::string s;
  for (const Place at : p.pawns(seat)) {
    if (!s.empty()) s += ',';
    s += at.in_nest() ? "N" : to_string(square_of_rel(at.rel(), g));
  }
  return s;
}

// An observed position: the board, who throws next and after how many doublets.
struct Observed {
  Position pos;
  Colour to_move;
  int doublets;
};

// What a seat may have done during a stretch of unseen plays (notation/SPEC.md 3.4).
struct StretchRole {
  bool had_turn = false;     // it threw the dice in the stretch: its pawns may advance
  bool reenter = false;      // a pawn captured before its turn may have entered again since
  bool penalty = false;      // its third doublet's penalty may have sent a home-path pawn back
};

// Whether the pawns of a seat can have gone from `before` to `after` in the stretch: each
// pawn stays, advances (its seat had a turn), goes back to its nest (captured on the ring, or
// the doubles penalty), or, captured before its seat's turn, entered again and moved on.
// HOME is final. With second laps (homepath_mandatory=no) ring squares are not ordered.
bool stretch_plausible(const Position& before, const Position& after, int seat, const StretchRole& role, bool laps,
                       const Geometry& g) {
  Pawns a = after.pawns(seat);
  std::sort(a.begin(), a.end());
  const Pawns b = before.pawns(seat);
  auto on_ring = [&](int p) { return (p >= 0 && p <= g.last_ring) || p > g.home; };
  auto allowed = [&](int pb, int pa) {
    if (pb == g.home) return pa == g.home;
    if (pa == pb) return true;
    if (pa == -1) return on_ring(pb) || role.penalty || role.had_turn;
    if (!role.had_turn) return false;
    if (laps && on_ring(pb)) return true;  // ahead, or round again: the ring is not ordered
    if (pa > pb) return true;
    return role.reenter && on_ring(pb);                  // captured, entered again, moved on
  };
  do {
    bool ok = true;
    for (int k = 0; k < kPawnsPerSeat && ok; ++k) ok = allowed(progress_of(b[k]), progress_of(a[k]));
    if (ok) return true;
  } while (std::next_permutation(a.begin(), a.end()));
  return false;
}

// Why the stretch of unseen plays between the replayed state and an observed one is
// implausible (notation/SPEC.md 3.4), or nullopt.
std::optional<std::string> implausible(const Walk& walk, const Observed& ns) {
  const Position& now = walk.st.position();
  // the colours with pawns on the board: a withdrawn seat's pawns stay there (withdraw)
  unsigned on_board = 0, listed = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (now.seat_present(s)) on_board |= 1u << s;
    if (ns.pos.seat_present(s)) listed |= 1u << s;
  }
  if (listed != on_board) return std::string("it lists other colours than the board holds");
  const int mover = seat_of(walk.st.to_move());
  const int doublets = walk.st.doublets();
  const int ns_to_move = seat_of(ns.to_move);
  const bool mover_observed = walk.observer_mask >> mover & 1;
  // A doublet's re-roll comes at once: nobody else can have moved.
  if (ns_to_move == mover && ns.doublets == doublets && doublets > 0) {
    if (!(ns.pos == now))
      return std::string(colour_name(colour_of(mover))) + " re-rolls after its doublet (d" +
             std::to_string(doublets) + "), so nothing can have changed, but the position did: replayed " +
             position_id(walk.st) + ", observed " + format_position_id(desc_of(ns.pos, ns.to_move, ns.doublets, walk.g));
    return std::nullopt;
  }
  // An observed seat's re-roll is recorded; only the third doublet's penalty may go unseen.
  if (mover_observed && doublets == 1 && !walk.res.game_over)
    return std::string(colour_name(colour_of(mover))) +
           "'s re-roll after its doublet is missing (every roll of an [Observer] seat is recorded)";
  if ((walk.observer_mask >> ns_to_move & 1) && ns.doublets > 0)
    return std::string(colour_name(ns.to_move)) + " is to move with d" + std::to_string(ns.doublets) +
           ", but its doublets would be recorded rolls";
  const bool laps = walk.opts.homepath_mandatory() == HomepathMandatory::no;
  // Who threw the dice in the stretch. When the observed seat to move is an [Observer]
  // seat, the stretch is less than one round (its every roll is recorded): the seats from
  // the one to move now up to it, in turn order; the mover's third doublet (d2) may add its
  // penalty. Otherwise any number of rounds may have passed: every seat may have played.
  std::array<StretchRole, kMaxSeats> roles{};
  unsigned active = 0;
  for (int s = 0; s < kMaxSeats; ++s)
    if (walk.st.playing(colour_of(s))) active |= 1u << s;
  if (walk.observer_mask >> ns_to_move & 1) {
    const std::vector<Colour> order = walk.st.turn_order();
    const int n = static_cast<int>(order.size());
    int idx = 0;
    for (int i = 0; i < n; ++i)
      if (seat_of(order[i]) == mover) idx = i;
    bool someone_before = false;
    for (int step = 0; step < n; ++step) {
      const int s = seat_of(order[(idx + step) % n]);
      if (!(active >> s & 1)) continue;
      if (step > 0 && s == ns_to_move) break;
      if (step == 0 && s == ns_to_move) {
        // the mover again: only after its third doublet's penalty and a whole round
        if (doublets < 2) break;
        roles[s].penalty = true;
        someone_before = true;
        continue;
      }
      if (walk.observer_mask >> s & 1) {
        roles[s].penalty = step == 0 && doublets == 2;
      } else {
        roles[s].had_turn = true;
        roles[s].reenter = someone_before;
        roles[s].penalty = true;
      }
      someone_before = true;
    }
    if (ns_to_move == mover && doublets == 2)
      for (int s = 0; s < kMaxSeats; ++s)
        if ((active >> s & 1) && s != mover && !(walk.observer_mask >> s & 1)) roles[s] = {true, true, true};
  } else {
    for (int s = 0; s < kMaxSeats; ++s)
      roles[s] = (walk.observer_mask >> s & 1) ? StretchRole{false, false, true} : StretchRole{true, true, true};
  }
  for (int s = 0; s < kMaxSeats; ++s)
    if (!walk.st.takes_part(colour_of(s))) roles[s] = StretchRole{};  // withdrawn: no more turns
  std::string why;
  for (int s = 0; s < kMaxSeats; ++s) {
    // a withdrawn seat (replay/README.md "Withdrawals") throws no more: like a seat without
    // a turn, its pawns can only be sent back to the nest
    if (!(on_board >> s & 1)) continue;
    if (stretch_plausible(now, ns.pos, s, roles[s], laps, walk.g)) continue;
    if (!why.empty()) why += "; ";
    const bool observed = walk.observer_mask >> s & 1;
    why += std::string(colour_name(colour_of(s))) + " went from " + seat_squares(now, s, walk.g) + " to " +
           seat_squares(ns.pos, s, walk.g) +
           (!walk.st.takes_part(colour_of(s)) ? " (it withdrew: its pawns can only be sent back to the nest)"
            : observed ? " (an [Observer] seat's pawns can only be sent back to the nest)"
            : !roles[s].had_turn ? " (it had no turn in between: its pawns can only be sent back to the nest)"
            : !roles[s].reenter ? " (its turn came first: pawns advance, or go back to the nest and stay there)"
                                : " (pawns advance, or go back to the nest and may enter again; HOME is final)");
  }
  if (!why.empty()) return why;
  return std::nullopt;
}

}  // namespace

void observe(Walk& walk, const ObservedPosition& o) {
  auto made = position_from_desc(o.position, walk.opts);  // judged by the profile's rules, as a [Setup]
  if (!made) {
    ReplayDiagnostic d;
    d.code = Code::observed;
    d.message = "observed position: " + made.error().message;
    d.line = o.line;
    d.column = o.column;
    walk.res.diagnostics.push_back(std::move(d));  // a record error, not a roll's (roll_index -1)
    ++walk.res.unseen_stretches;  // the record says plays went unseen, whatever they were
    return;
  }
  const Observed ns{*made, o.position.to_move, o.position.rerolls};
  // A stretch that moved a pawn or passed the turn holds plays the record does not show.
  if (!(ns.pos == walk.st.position()) || ns.to_move != walk.st.to_move() || ns.doublets != walk.st.doublets())
    ++walk.res.unseen_stretches;
  if (auto why = implausible(walk, ns)) {
    ReplayDiagnostic d;
    d.code = Code::implausible_stretch;
    // A record error of its own (roll_index -1), not a roll's: the replayed position it is
    // compared with is in the message.
    d.message = "the observed position cannot follow from the replayed one (" + position_id(walk.st) +
                ") by unseen plays: " + *why + " (notation/SPEC.md 3.4)";
    d.line = o.line;
    d.column = o.column;
    d.position_id = position_id(walk.st);
    walk.res.diagnostics.push_back(std::move(d));
  }
  walk.st.replace_position(ns.pos, ns.to_move, ns.doublets);
}

}  // namespace ppn::replay
