// Turn machinery: roll kinds, the third-doublet penalty, extra rolls, end of game.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <initializer_list>

#include "rules/checker.hpp"
#include "rules/engine.hpp"
#include "rules/ludo.hpp"
#include "rules/options.hpp"
#include "rules/squares.hpp"
#include "rules/turn_direction.hpp"

namespace ppn::rules {

using ppn::rules::detail::rows;

std::array<Colour, 4> turn_direction(std::string_view profile) {
  const Seating seating = profile_seating(profile).value_or(*profile_seating(kDefaultParcheesiProfile));
  return {seating.turns[0], seating.turns[1], seating.turns[2], seating.turns[3]};
}

bool finish_seat(GameState& st, int seat, const Options& o) {
  st.finished_mask = static_cast<std::uint8_t>(st.finished_mask | (1u << seat));
  st.ranking[st.ranking_len++] = static_cast<std::uint8_t>(seat);
  // Parcheesi: the first to finish wins and the game ends. Ludo rules, Rules "The first to
  // bring all their tokens to the finish wins the game. The others often continue to play to
  // determine second-, third-, and fourth-place finishers" (play_for_places=yes: until one
  // seat is left, who takes the last place).
  if (!o.ludo()) return true;
  int left = 0, last = -1;
  for (int s = 0; s < kMaxSeats; ++s)
    if (((st.seats_mask >> s) & 1) && !((st.finished_mask >> s) & 1)) ++left, last = s;
  if (o.play_for_places() == PlayForPlaces::yes && left > 1) return false;
  if (left == 1) st.ranking[st.ranking_len++] = static_cast<std::uint8_t>(last);
  return true;
}

SeatOrder seat_order_of(std::span<const Colour> seats) {
  SeatOrder so;
  int n = 0;
  for (Colour c : seats) {
    so.mask |= 1u << seat_of(c);
    so.order[n++] = static_cast<std::uint8_t>(seat_of(c));
  }
  for (int s = 0; s < kMaxSeats; ++s)
    if (!(so.mask >> s & 1)) so.order[n++] = static_cast<std::uint8_t>(s);
  return so;
}

bool seat_finished(const Position& p, int seat, const Geometry& g) {
  // Sorted bytes; lap squares (second laps) sort above HOME, so test both ends.
  return p.seat_present(seat) && rows(p)[seat][0] == byte_of_rel(g.home) &&
         rows(p)[seat][kPawnsPerSeat - 1] == byte_of_rel(g.home);
}

namespace {
// Ludo, one die: Ludo rules, Gameplay: "If the third roll is also a 6, the player may not move
// and the turn immediately passes to the next player" (repeat_penalty=lose_roll; Q46).
bool ludo_third_six(const GameState& st, int d, const Options& o) {
  return d == 6 && st.doublets >= 2 && o.repeat_penalty() == RepeatPenalty::lose_roll;
}

// A setup of `kind` with the given parts. On a little-endian machine its six bytes are
// assembled in a register and copied whole: filled part by part, the setup would be reloaded
// whole on return before its byte stores had landed (a stalled load on every roll).
RollSetup made(RollKind kind, std::initializer_list<int> parts) {
  static_assert(sizeof(RollSetup) == 6 && offsetof(RollSetup, parts) == 1, "kind, four parts, their count");
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t w = static_cast<std::uint64_t>(kind) | static_cast<std::uint64_t>(parts.size()) << 40;
    int shift = 8;
    for (int v : parts) {
      w |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(v)) << shift;
      shift += 8;
    }
    RollSetup r;
    std::memcpy(static_cast<void*>(&r), &w, sizeof r);  // (RollSetup is trivially copyable)
    return r;
  } else {
    RollSetup r;
    r.kind = kind;
    for (int v : parts) r.parts.push_back(static_cast<std::uint8_t>(v));
    return r;
  }
}
}  // namespace

RollSetup roll_setup(const GameState& st, int d1, int d2, const Options& o) {
  const int seat = st.to_move;
  if (o.ludo()) {
    (void)d2;  // one die
    return ludo_third_six(st, d1, o) ? made(RollKind::penalty, {}) : made(RollKind::normal, {d1});
  }
  const bool doublet = d1 == d2;
  // Hasbro 2001 rules, Doublets Penalty "The third consecutive time you roll doublets, you may not
  // move forward" (Q46, Q47).
  if (doublet && st.doublets >= 2 && o.repeat_penalty() != RepeatPenalty::off) return made(RollKind::penalty, {});
  const auto& row = rows(st.pos)[seat];
  const bool in_nest = std::find(row.begin(), row.end(), kNest) != row.end();
  bool bonus = false;
  switch (o.doubles_bonus_when()) {
    // Hasbro 2001 rules, Doublets Bonus "after all four of your pawns are entered"; Q42: no pawn in
    // START (pawns at HOME count as entered).
    case DoublesBonusWhen::none_in_start: bonus = !in_nest; break;
    case DoublesBonusWhen::all_on_board:
      bonus = !in_nest && std::find(row.begin(), row.end(), byte_of_rel(kParcheesi68.home)) == row.end();
      break;
    case DoublesBonusWhen::never: bonus = false; break;
  }
  // "use the four numbers on the tops and the bottoms of the dice" (Q43)
  if (doublet && bonus) return made(RollKind::four_part, {d1, d1, 7 - d1, 7 - d1});
  // Parchís (RULES.md §options (six_counts), [ES-T], [ES-JCF]): with every pawn out of the nest (casa),
  // a die showing 6 moves 7 (or 12). Judged when the dice are thrown: an entry made with
  // the other die of the same roll does not turn its 6 into a 7 (rules/README.md
  // "Decisions"). Pawns at HOME count as out.
  const int six = o.six_counts() == SixCounts::six || in_nest        ? 6
                  : o.six_counts() == SixCounts::seven_when_all_out ? 7
                                                                     : 12;
  return made(RollKind::normal, {d1 == 6 ? six : d1, d2 == 6 ? six : d2});
}

Position apply_penalty(const Position& p, int seat, const Options& o, const Geometry& g,
                       std::uint8_t last_moved) {
  Position q = p;
  if (o.ludo()) return q;  // the third six costs the roll, no token (Ludo rules, Gameplay; RULES.md Q46)
  if (o.repeat_penalty() == RepeatPenalty::last_moved_except_homepath) {
    // Parchís [ES-B] (RULES.md Q46): the last moved piece goes back to casa, unless it is
    // in the pasillo (home path) or llegada (HOME). No piece moved this turn: nothing goes
    // back (rules/README.md "Decisions", like Q49).
    if (last_moved == kNest || !g.on_track(rel_of_byte(last_moved))) return q;
    for (auto& b : rows(q)[seat])
      if (b == last_moved) {
        b = kNest;
        q.sort_seat(seat);
        break;
      }
    return q;
  }
  if (o.repeat_penalty() != RepeatPenalty::closest_to_home) return q;  // lose_roll, off
  // Hasbro 2001 rules, Doublets Penalty: "your pawn closest to HOME (even if it's on your home path) must be returned
  // to your START circle"; HOME pawns are not on the path (Q48); none on the path: nothing
  // is returned (Q49). Closest = fewest steps still to go; a pawn on a lap square
  // (homepath_mandatory=no) has to go round again, so it is the farthest.
  int pick = -1;
  for (int k = 0; k < kPawnsPerSeat; ++k) {
    const auto b = rows(q)[seat][k];
    if (b == kNest || rel_of_byte(b) == g.home) continue;
    if (pick < 0 || g.steps_to_home(rel_of_byte(b)) < g.steps_to_home(rel_of_byte(rows(q)[seat][pick])))
      pick = k;
  }
  if (pick >= 0) {
    rows(q)[seat][pick] = kNest;
    q.sort_seat(seat);
  }
  return q;
}

std::array<std::uint8_t, 2> blockades_of(const Position& p, int seat, const Geometry& g) {
  std::array<std::uint8_t, 2> out{};
  int n = 0;
  const auto& row = rows(p)[seat];
  for (int k = 0; k + 1 < kPawnsPerSeat; ++k)
    if (row[k] == row[k + 1] && row[k] != kNest && rel_of_byte(row[k]) != g.home && n < 2 &&
        (k == 0 || row[k - 1] != row[k]))
      out[n++] = row[k];
  return out;
}

namespace {
// k14 rules, Blockade: "may keep them together for three turns": the age counts the owner's turns at
// whose end the blockade stood on the same square (RULES.md Q56).
void age_blockades(GameState& st, int seat) {
  const auto now = blockades_of(st.pos, seat, kParcheesi68);
  std::array<std::uint8_t, 2> age{};
  for (int i = 0; i < 2; ++i) {
    if (!now[i]) continue;
    age[i] = 1;
    for (int j = 0; j < 2; ++j)
      if (st.blockade_sq[seat][j] == now[i])
        age[i] = static_cast<std::uint8_t>(st.blockade_age[seat][j] + 1);
  }
  st.blockade_sq[seat] = now;
  st.blockade_age[seat] = age;
}
}  // namespace

bool k14_keeps_old_blockade(const GameState& st, int d1, int d2, const Position& result,
                            const Options& o) {
  if (o.blockade_limit() != BlockadeLimit::k14_3_turns || d1 == d2) return false;
  const int seat = st.to_move;
  for (int i = 0; i < 2; ++i) {
    const auto sq = st.blockade_sq[seat][i];
    // "After three turns of blockading, at least one of the pawns must be moved on the
    // fourth turn so that the two pawns rest on different spaces at end of the turn."
    if (sq && st.blockade_age[seat][i] >= 3 && result.count(seat, sq) == 2) return true;
  }
  return false;
}

int six_kept_blockades(const GameState& st, int d1, int d2, const Position& result,
                       const Options& o) {
  if (o.blockade_limit() != BlockadeLimit::break_on_six || (d1 != 6 && d2 != 6)) return 0;
  const int seat = st.to_move;
  int kept = 0;
  for (auto sq : blockades_of(st.pos, seat, kParcheesi68))
    if (sq && result.count(seat, sq) == 2) ++kept;
  return kept;
}

void pass_turn(GameState& st, int seat) {
  int idx = 0;
  for (int i = 0; i < kMaxSeats; ++i)
    if (st.turn_order[i] == seat) idx = i;
  for (int step = 1; step <= kMaxSeats; ++step) {
    const int next = st.turn_order[(idx + step) % kMaxSeats];
    if (((st.seats_mask >> next) & 1) && !((st.finished_mask >> next) & 1)) {
      st.to_move = static_cast<std::uint8_t>(next);
      break;
    }
  }
}

namespace {

// Ludo (board=ludo52). GameState::doublets counts the sixes thrown in a row in this turn.
bool advance_ludo_turn(GameState& st, int d, const Position& result, const Options& o) {
  const int seat = st.to_move;
  const Geometry& g = geometry_of(o);
  const bool penalty = ludo_third_six(st, d, o);
  const bool again = !penalty && ludo::rolls_again(o, st, d, result);
  st.set_position(result);
  if (seat_finished(st.pos, seat, g) && !((st.finished_mask >> seat) & 1)) {
    if (finish_seat(st, seat, o)) {
      st.doublets = 0;
      return true;
    }
  }
  if (again) {
    st.doublets = d == 6 ? static_cast<std::uint8_t>(st.doublets + 1) : std::uint8_t{0};
    return false;
  }
  st.doublets = 0;
  pass_turn(st, seat);
  return false;
}

}  // namespace

int end_of(const MiniMove& m, const Geometry& g) {
  return m.kind == MiniKind::enter ? 0 : g.dest_at_most_home(m.from, m.value, m.around);
}

bool advance_turn(GameState& st, int d1, int d2, const Position& result, const Options& o,
                  bool fully_used, const Play* play) {
  return advance_turn_to(st, d1, d2, result, o, fully_used,
                         play && !play->empty() ? end_of((*play)[play->size() - 1], kParcheesi68) : -1);
}

bool advance_turn_to(GameState& st, int d1, int d2, const Position& result, const Options& o, bool fully_used,
                     int last_rel) {
  if (o.ludo()) return advance_ludo_turn(st, d1, result, o);
  const int seat = st.to_move;
  const bool doublet = d1 == d2;
  const bool penalty = doublet && st.doublets >= 2 && o.repeat_penalty() != RepeatPenalty::off;
  st.set_position(result);
  // repeat_penalty=last_moved_except_homepath (Q46): the square of the pawn moved by the
  // roll's last mini-move (an entry: the ENTER; a move: where it ends, at most HOME).
  if (last_rel >= 0) st.last_moved = byte_of_rel(last_rel);
#ifndef NDEBUG
  assert(position_check(st.pos, kParcheesi68, o.safety_sharing() == SafetySharing::two_any_colours) == nullptr);
#endif
  if (seat_finished(st.pos, seat) && !((st.finished_mask >> seat) & 1)) {
    // Hasbro 2001 rules, How to Win "The first player to move all four pawns HOME wins"; Q63: the game
    // ends at once, no re-roll.
    finish_seat(st, seat, o);
    st.doublets = 0;
    return true;
  }
  // Q41: a doublet gives another roll (doubles_reroll=only_if_fully_used: only when every
  // part was played); the third doublet's penalty ends the turn (Q46).
  if (doublet && !penalty &&
      (o.doubles_reroll() == DoublesReroll::always || fully_used)) {
    ++st.doublets;
    return false;
  }
  st.doublets = 0;
  st.last_moved = kNest;
  age_blockades(st, seat);
  pass_turn(st, seat);
  return false;
}

}  // namespace ppn::rules
