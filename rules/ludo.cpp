// The Ludo rules (rules/ludo.hpp). Each rule cites the sentence of the Ludo rules (by
// section, as docs/RULES.md names them), the classic Wikipedia text [LU-W] or the rules question (docs/RULES.md)
// it follows; every ambiguity is an option of options.hpp, fixed by the profiles ludo,
// ludo-seed and ludo-modern (rules/README.md "Ludo").
#include "rules/ludo.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "notation/text_util.hpp"
#include "rules/squares.hpp"

namespace ppn::rules::ludo {

using ppn::rules::detail::rows;
namespace {

using Cell = std::array<std::uint8_t, kMaxSeats>;  // tokens per seat on one square

// The start of a roll: the position seen from the mover.
struct Board {
  const Options* o = nullptr;
  Geometry g;
  int mover = 0;
  Position pos;

  Board(const Options& opts, const Position& p, int seat)
      : o(&opts), g(geometry_of(opts)), mover(seat), pos(p) {}
  int own_at(int rel) const { return pos.count(mover, rel < 0 ? kNest : byte_of_rel(rel)); }
  // The opponents' tokens on the track square the mover calls rel (a scan of twelve tokens
  // is cheaper than an occupancy map built for every roll).
  Cell opponents_at(int rel) const {
    Cell c{};
    const int a = g.abs_of(mover, rel);
    for (int s = 0; s < kMaxSeats; ++s) {
      if (s == mover || !pos.seat_present(s)) continue;
      const auto mine = byte_of_rel(g.rel_of(s, a));
      if (g.rel_of(s, a) > g.last_ring) continue;  // the square behind s's start: s never stands there
      c[s] = static_cast<std::uint8_t>(pos.count(s, mine));
    }
    return c;
  }
  bool safe(int rel) const { return g.is_safe_abs(g.abs_of(mover, rel)); }
  std::string name(int rel) const { return rel < 0 ? "the yard" : to_string(square_of_rel(rel, g)); }
};

// One mini-move (a token, or a block of two: `movers`) judged on the board. A failure keeps
// what explain() needs to word it (the square and the seat it is about), so that generating
// the legal moves of a roll builds no text.
struct Outcome {
  RuleCode code = RuleCode::ok;
  int from = -1, to = 0;
  int movers = 1;
  int at = -1;    // failure: the square (mover's rel) it is about
  int seat = -1;  // failure: the other seat it is about
  Cell captured{};  // tokens sent back to the yard, per seat
  bool arrived = false;
};

Outcome failed(RuleCode c, int from, int movers, int at = -1, int seat = -1) {
  Outcome r;
  r.code = c;
  r.from = from;
  r.movers = movers;
  r.at = at;
  r.seat = seat;
  return r;
}

// How many of one colour's tokens a square may hold: one under stacking=single_only ([LU-W]
// "Players may not end their move on a square they already occupy"), except a doubled start
// square (start_doubled=yes, Ludo rules, Gameplay "The start box has 2 own tokens (is doubled)"); two
// under stacking=blocks (Ludo rules, Gameplay "the pieces are doubled and form a block").
int capacity(const Board& b, int rel) {
  if (b.o->stacking() == Stacking::blocks) return 2;
  return rel == 0 && b.o->start_doubled() == StartDoubled::yes ? 2 : 1;
}

// Landing on track square `rel` (or a home-column square) with `movers` tokens.
Outcome land(const Board& b, Outcome r) {
  const int rel = r.to;
  if (rel == b.g.home) {
    r.arrived = true;  // the finish holds any number (Q62)
    return r;
  }
  const int own = b.own_at(rel) - (r.from == rel ? r.movers : 0);
  if (own + r.movers > capacity(b, rel)) return failed(RuleCode::own_token, r.from, r.movers, rel);
  if (rel > b.g.last_ring) return r;  // the home column: no opponent enters it
  const Cell opp = b.opponents_at(rel);
  if (b.safe(rel)) return r;  // safe squares: tokens of any colours share them, nobody is captured [LU-UK]
  for (int s = 0; s < kMaxSeats; ++s) {
    if (opp[s] == 0) continue;
    if (opp[s] >= 2) {
      // Ludo rules, Gameplay: "If the advance of a block ends on an opponent's block, the latter is
      // captured and returned to its owner's yard, collectively": only a block captures a
      // block; a lone token cannot land on one.
      if (r.movers == 2 && b.o->block_advance() == BlockAdvance::together) {
        r.captured[s] = opp[s];
        continue;
      }
      return failed(r.from < 0 ? RuleCode::entry_blocked : RuleCode::blockade_landed, r.from, r.movers, rel, s);
    }
    // Ludo rules, Gameplay "If the advance of a token ends on a square occupied by an opponent's token,
    // the opponent token is returned to its owner's yard."
    r.captured[s] = opp[s];
  }
  return r;
}

// An entry: a token leaves the yard for the start square (rel 0).
Outcome enter(const Board& b, int d) {
  if (b.own_at(-1) == 0) return failed(RuleCode::no_pawn_there, -1, 1);
  // Ludo rules, Gameplay "To enter a token into play from its yard to its starting square, a player must
  // roll a 6."
  if (d != 6) return failed(RuleCode::no_six, -1, 1);
  Outcome r;
  r.from = -1;
  r.to = 0;
  return land(b, r);
}

// A move of `movers` tokens from rel `from` by d.
Outcome move(const Board& b, int from, int d, int movers) {
  if (from < 0 || from >= b.g.home || b.own_at(from) < movers) return failed(RuleCode::no_pawn_there, from, movers);
  if (movers == 2 && b.o->block_advance() != BlockAdvance::together)
    return failed(RuleCode::too_many_moves, from, movers);
  const int to = from + d;
  // Ludo rules, Gameplay "Roll the exact number needed to get each token onto the home triangle" (Q58).
  if (to > b.g.home) return failed(RuleCode::overshoot, from, movers);
  const bool check_track = b.o->block_stops() == BlockStops::landing_and_passing || b.o->pass_opponents() == PassOpponents::no;
  for (int q = from + 1; q < to; ++q) {
    if (q <= b.g.last_ring) {
      if (!check_track) continue;
      const Cell opp = b.opponents_at(q);
      for (int s = 0; s < kMaxSeats; ++s) {
        if (opp[s] >= 2 && b.o->block_stops() == BlockStops::landing_and_passing)
          return failed(RuleCode::blockade_passed, from, movers, q, s);
        if (opp[s] >= 1 && b.o->pass_opponents() == PassOpponents::no)
          return failed(RuleCode::token_passed, from, movers, q, s);
      }
    } else if (b.o->homecolumn_no_jump() == HomecolumnNoJump::yes && b.own_at(q) > 0) {
      return failed(RuleCode::homecolumn_jump, from, movers, q);
    }
  }
  Outcome r;
  r.from = from;
  r.to = to;
  r.movers = movers;
  return land(b, r);
}

// The words of a failed Outcome, citing the rule it breaks.
std::string explain(const Board& b, const Outcome& r, int d) {
  const std::string who = r.seat >= 0 ? std::string(colour_name(colour_of(r.seat))) : std::string();
  switch (r.code) {
    case RuleCode::no_pawn_there:
      return r.from < 0 ? "no token of the mover is in the yard"
                        : std::string(r.movers == 2 ? "no block" : "no token") + " of the mover stands on " + b.name(r.from);
    case RuleCode::no_six: return "the die shows " + std::to_string(d) + "; a token enters only on a 6";
    case RuleCode::too_many_moves: return "one die moves one token (block_advance=no)";
    case RuleCode::overshoot:
      return "a " + std::to_string(d) + " from " + b.name(r.from) + " would pass the finish; it needs exactly " +
             std::to_string(b.g.home - r.from);
    case RuleCode::blockade_passed:
      return who + "'s block on " + b.name(r.at) + " cannot be passed (block_stops=landing_and_passing)";
    case RuleCode::token_passed:
      // The rule's words are the code's citation (notation/diagnostic.cpp), not repeated here.
      return "the move passes " + who + "'s token on " + b.name(r.at);
    case RuleCode::homecolumn_jump:
      return "the move jumps the mover's own token on " + b.name(r.at);
    case RuleCode::own_token:
      return b.name(r.at) + " already holds the mover's " +
             (b.o->stacking() == Stacking::single_only
                  ? "token"
                  : "tokens (a block is two tokens)");
    case RuleCode::entry_blocked:
    case RuleCode::blockade_landed:
      return who + "'s block on " + b.name(r.at) + " cannot be landed on by a lone token (Ludo rules, Gameplay: only a block captures a block)";
    default: return std::string(code_meaning(r.code));
  }
}

// The position after the move, written into `p` where the caller keeps it: returned by value,
// it would be built byte by byte and then reloaded whole before those stores had landed (a
// stalled load on every move).
void apply_into(const Board& b, const Outcome& r, Position& p) {
  p = b.pos;
  for (int k = 0; k < r.movers; ++k) {
    const auto from = r.from < 0 ? kNest : byte_of_rel(r.from);
    auto it = std::find(rows(p)[b.mover].begin(), rows(p)[b.mover].end(), from);
    *it = byte_of_rel(r.to);
  }
  p.sort_seat(b.mover);
  if (r.to <= b.g.last_ring)
    for (int s = 0; s < kMaxSeats; ++s) {
      if (r.captured[s] == 0) continue;
      const int theirs = b.g.rel_of(s, b.g.abs_of(b.mover, r.to));
      for (auto& t : rows(p)[s])
        if (t == byte_of_rel(theirs)) t = kNest;
      p.sort_seat(s);
    }
}

Position apply(const Board& b, const Outcome& r) {
  Position p;
  apply_into(b, r, p);
  return p;
}

Play play_of(const Outcome& r, int d) {
  Play p;
  for (int k = 0; k < r.movers; ++k) {
    MiniMove m = r.from < 0 ? MiniMove::enter() : MiniMove::move(r.from, d);
    if (r.from < 0) m.value = 6;
    // One `x` per token captured: a block that captures a block "collectively" marks both of
    // its landings, a capture of a lone token marks the last.
    int caps = 0;
    for (auto c : r.captured) caps += c;
    if (k >= r.movers - caps) m.flags |= kCaptured;
    if (r.arrived) m.flags |= kReachedHome;
    p.push_back(m);
  }
  return p;
}

struct Candidate {
  Outcome out;
  Position result;
};
// An entry, and a token and a block from each of four squares.
using Candidates = FixedVec<Candidate, 1 + 2 * kPawnsPerSeat>;

// Every legal single move of die d, deduplicated by result (one per start square).
Candidates candidates(const Board& b, int d) {
  Candidates out;
  auto add = [&](const Outcome& r) {
    if (r.code != RuleCode::ok) return;
    const Position p = apply(b, r);
    for (const auto& c : out)
      if (c.result == p) return;
    out.push_back({r, p});
  };
  add(enter(b, d));
  std::array<std::uint8_t, kPawnsPerSeat> seen{};
  int n = 0;
  for (auto byte : rows(b.pos)[b.mover]) {
    if (byte == kNest || rel_of_byte(byte) >= b.g.home) continue;
    if (std::find(seen.begin(), seen.begin() + n, byte) != seen.begin() + n) continue;
    seen[n++] = byte;
    const int from = rel_of_byte(byte);
    add(move(b, from, d, 1));
    if (b.o->block_advance() == BlockAdvance::together && b.own_at(from) >= 2) add(move(b, from, d, 2));
  }
  return out;
}

// Whether some token can move d (the empty play is legal only when none can).
bool any_move(const Board& b, int d) {
  if (enter(b, d).code == RuleCode::ok) return true;
  for (auto byte : rows(b.pos)[b.mover]) {
    if (byte == kNest || rel_of_byte(byte) >= b.g.home) continue;
    if (move(b, rel_of_byte(byte), d, 1).code == RuleCode::ok) return true;
    if (b.o->block_advance() == BlockAdvance::together && b.own_at(rel_of_byte(byte)) >= 2 &&
        move(b, rel_of_byte(byte), d, 2).code == RuleCode::ok)
      return true;
  }
  return false;
}

// enter_obligation=max_entries: "When able to, the players will enter their tokens" read as a
// duty: with a 6 and a token able to enter, only the entry is legal. none (the ludo profiles):
// "may choose to advance a token already in play, or ... enter" [LU-W]; Ludo rules, Gameplay "may draw a
// token from home every time he gets a 6 ... or move a piece 6 times".
Candidates legal(const Options& o, const Board& b, int d) {
  auto all = candidates(b, d);
  if (o.enter_obligation() != EnterObligation::max_entries) return all;
  const bool can_enter = std::any_of(all.begin(), all.end(), [](const Candidate& c) { return c.out.from < 0; });
  if (!can_enter) return all;
  Candidates kept;
  for (auto& c : all)
    if (c.out.from < 0) kept.push_back(c);
  return kept;
}

// The Ludo rule behind a code the Parcheesi rules share (the code table, notation/diagnostic.cpp, cites the Hasbro 2001 rules there).
std::string_view ludo_citation(RuleCode code) {
  switch (code) {
    case RuleCode::no_pawn_there: return "Ludo rules, Gameplay 'he selects a token and moves it forwards'";
    case RuleCode::wrong_part:
      return "Ludo rules, Gameplay 'moves it forwards along the track the number of squares indicated by the die'";
    case RuleCode::overshoot: return "Ludo rules, Gameplay 'Roll the exact number needed to get each token onto the home triangle'; RULES.md Q58";
    case RuleCode::die_still_usable:
      return "Ludo rules, Gameplay 'Players must always move a token according to the die value rolled'; 'Passes are not allowed'";
    case RuleCode::entry_still_possible: return "RULES.md Q6 (option enter_obligation=max_entries)";
    case RuleCode::too_many_moves: return "Ludo rules, Gameplay 'he selects a token and moves it'; RULES.md Q54 (option block_advance)";
    case RuleCode::blockade_landed:
    case RuleCode::entry_blocked:
      return "Ludo rules, Gameplay 'If the advance of a block ends on an opponent's block, the latter is captured' (only a block captures a block)";
    case RuleCode::blockade_passed: return "RULES.md Q52 (option block_stops=landing_and_passing)";
    case RuleCode::second_lap:
      return "Ludo rules, Rules 'When reaching the square below his home column, a player continues by moving tokens up the column'";
    default: return code_citation(code);
  }
}

Verdict verdict_fail(RuleCode code, int index, const std::string& why) {
  Verdict v;
  v.legal = false;
  Refusal& no = *(v.diag = std::make_unique<Refusal>());
  no.code = code;
  no.index = index;
  no.message = why.empty() ? std::string(code_meaning(code)) : why;
  no.citation = ludo_citation(code);
  return v;
}

}  // namespace

LegalPlays legal_plays(const Options& o, const GameState& st, int d) {
  const Board b(o, st.pos, st.to_move);
  LegalPlays out;
  for (const auto& c : legal(o, b, d)) {
    out.plays.push_back(play_of(c.out, d));
    out.results.push_back(c.result);
  }
  if (out.plays.empty()) {
    out.plays.emplace_back();
    out.results.push_back(st.pos);
  }
  return out;
}

std::uint8_t apply_recorded_move(const Options& o, Position& p, int owner, std::uint8_t from, int to,
                                 bool captures, int& victim, int& tokens) {
  const Board b(o, p, owner);
  Outcome r;
  r.from = from == kNest ? -1 : rel_of_byte(from);
  r.to = to;
  if (captures && to <= b.g.last_ring) {
    // As recorded: the lone token of each other colour on the landing square goes back, and
    // a block of two when this token completes a block there (Ludo rules, Gameplay: only a
    // block captures a block; its two tokens land one after the other).
    const int a = b.g.abs_of(owner, to);
    const bool block = p.count(owner, byte_of_rel(to)) >= 1;
    for (int s = 0; s < kMaxSeats; ++s) {
      if (s == owner || !p.seat_present(s)) continue;
      const int n = p.count(s, byte_of_rel(b.g.rel_of_track(b.g.rel_of(s, a))));
      if (n != 1 && !(n == 2 && block)) continue;
      r.captured[s] = static_cast<std::uint8_t>(n);
      tokens += n;
      if (victim < 0) victim = s;
    }
  }
  p = apply(b, r);
  return static_cast<std::uint8_t>((victim >= 0 ? kCaptured : 0) | (to == b.g.home ? kReachedHome : 0));
}

Verdict validate_play(const Options& o, const ValidateRequest& req) {
  const GameState& st = *req.state;
  const int d = req.d1;
  const Board b(o, st.pos, st.to_move);
  const Play& p = *req.play;
  Verdict v;
  // The legal moves, only where the verdict needs them (an empty play, an entry obligation,
  // the alternatives of an illegal play).
  // Every path returns `v` itself, so that it is built where the caller keeps it: a verdict
  // returned by copy would reload the position and events just written byte by byte (a
  // stalled load on every roll).
  auto with_alternatives = [&](Verdict x) {
    v = std::move(x);
    for (const auto& c : legal(o, b, d)) {
      if (static_cast<int>(v.diag->plays.size()) >= req.max_alternatives) break;
      v.diag->plays.push_back(play_of(c.out, d));
    }
  };
  if (p.empty()) {
    if (!any_move(b, d)) {
      v.legal = true;
      v.result = st.pos;
      return v;
    }
    // Ludo rules, Gameplay "Players must always move a token according to the die value rolled";
    // "if no move is possible, the turn moves to the next player" (only then).
    with_alternatives(verdict_fail(
        RuleCode::die_still_usable, -1,
        "a token can move " + std::to_string(d) +
            "; a move is compulsory (Ludo rules, Gameplay \"Players must always move a token "
            "according to the die value rolled\")"));
    return v;
  }
  // One mini-move, or the two equal mini-moves of a block advancing together.
  const MiniMove& m = p[0];
  const bool block = p.size() == 2 && m.kind == MiniKind::move && p[1].kind == MiniKind::move &&
                     p[1].from == m.from && p[1].value == m.value;
  if (p.size() > 2 || (p.size() == 2 && !block)) {
    with_alternatives(
        verdict_fail(RuleCode::too_many_moves, 1,
                     "one die moves one token" +
                         std::string(o.block_advance() == BlockAdvance::together
                                         ? " (or the two tokens of a block together, written twice)"
                                         : "")));
    return v;
  }
  if (m.around) {
    with_alternatives(verdict_fail(RuleCode::second_lap, 0, "a token turns into its home column"));
    return v;
  }
  if (m.kind == MiniKind::move && m.value != d &&
      !(m.from + m.value == b.g.home && m.from + d > b.g.home)) {
    with_alternatives(verdict_fail(RuleCode::wrong_part, 0,
                                   "the die shows " + std::to_string(d) + ", the move covers " +
                                       plural(m.value, "square", "squares")));
    return v;
  }
  const Outcome r = m.kind == MiniKind::enter ? enter(b, d) : move(b, m.from, d, block ? 2 : 1);
  if (r.code != RuleCode::ok) {
    with_alternatives(verdict_fail(r.code, block ? 1 : 0, explain(b, r, d)));
    return v;
  }
  if (o.enter_obligation() == EnterObligation::max_entries && r.from >= 0 &&
      enter(b, d).code == RuleCode::ok) {
    with_alternatives(
        verdict_fail(RuleCode::entry_still_possible, 0,
                     "a 6 with a token in the yard must enter it (enter_obligation=max_entries)"));
    return v;
  }
  v.legal = true;
  apply_into(b, r, v.result);
  v.events.entries = r.from < 0 ? 1 : 0;
  v.events.dice_parts_used = 1;
  for (auto c : r.captured) v.events.captures = static_cast<std::uint8_t>(v.events.captures + c);
  v.events.arrivals = static_cast<std::uint8_t>(r.arrived ? r.movers : 0);
  return v;
}

bool rolls_again(const Options& o, const GameState& before, int d, const Position& result) {
  const int seat = before.to_move;
  const Geometry& g = geometry_of(o);
  if (seat_finished(result, seat, g)) return false;
  if (d == 6 && o.reroll_on_six() == RerollOnSix::yes) return true;
  // [LU-UK]: a capture, and a token reaching home, earn another roll (capture_reward /
  // home_reward = extra_roll; [LU-W] and the Ludo rules give none: nothing to count then).
  const bool for_capture = o.capture_reward() == CaptureReward::extra_roll;
  const bool for_arrival = o.home_reward() == HomeReward::extra_roll;
  if (!for_capture && !for_arrival) return false;
  int yard_before = 0, yard_after = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (s == seat || !result.seat_present(s)) continue;
    yard_before += before.pos.count(s, kNest);
    yard_after += result.count(s, kNest);
  }
  const bool captured = yard_after > yard_before;
  const bool arrived = result.count(seat, byte_of_rel(g.home)) > before.pos.count(seat, byte_of_rel(g.home));
  return (captured && for_capture) || (arrived && for_arrival);
}

}  // namespace ppn::rules::ludo
