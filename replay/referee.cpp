// The referee's questions (see referee.hpp).
#include "replay/referee.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "replay/roll_replay.hpp"
#include "replay/walk.hpp"
#include "replay/bridge.hpp"
#include "rules/apply.hpp"
#include "rules/turn_direction.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// A play as PPN text, its forfeited bonuses as the engine's account `ev` counts them.
std::string text_of(const Question& q, const Play& p, const Events& ev) { return play_text(p, ev, q.game.geometry()); }

// The result flags of `p`, a legal order of mini-moves that ends in `result` with `captures`
// captures, where it captures being its own (its `x` marks, which the representative's need
// not be): the landings on which the rules core's applier (rules/apply.hpp apply_recorded)
// must take a pawn to reach that position, as few as the captures, the earliest such.
void mark_captures(const Question& q, Play& p, const Position& result, int captures) {
  const int n = p.size();
  const Geometry& g = q.game.geometry();
  for (unsigned marks = 0; marks < (1u << n); ++marks) {
    if (std::popcount(marks) != captures) continue;
    RecordedPlay rp;
    for (int i = 0; i < n; ++i) rp.push_back(RecordedMove::of(p[i], g, -1, (marks >> i & 1u) != 0));
    const Outcome done = apply_recorded(q.options, q.game.position(), seat_of(q.mover()), rp);
    if (done.failed < 0 && done.after == result && done.events.captures == captures) {
      for (int i = 0; i < n; ++i) p[i].flags = done.flags[i];
      return;
    }
  }
}

// The other orders of a play's mini-moves that are legal and end in the same position: the
// mini-moves are permuted, each pawn (by its slot: MiniMove::pawn, the engine's sorted order
// at the start of the roll) moving from wherever the earlier ones of the permutation left it.
// Plays of more than six mini-moves (rare: bonuses after a doublet) are shown alone.
std::vector<Play> other_orders(const Question& q, const Play& rep, const Position& result) {
  std::vector<Play> out;
  const int n = rep.size();
  if (n < 2 || n > 6 || q.options.ludo()) return out;
  for (const auto& m : rep)
    if (m.pawn == kAnyPawn) return out;
  const Geometry& g = q.game.geometry();
  const Pawns start = q.game.pawns(q.mover());
  std::array<int, kMaxPlayLen> order{};
  std::iota(order.begin(), order.begin() + n, 0);
  while (std::next_permutation(order.begin(), order.begin() + n)) {
    std::array<int, kPawnsPerSeat> at{};
    for (int k = 0; k < kPawnsPerSeat; ++k) at[k] = start[k].rel();
    Play p;
    bool ok = true;
    for (int i = 0; i < n && ok; ++i) {
      const MiniMove& m = rep[order[i]];
      if (m.kind == MiniKind::enter) {
        ok = at[m.pawn] == -1;
        at[m.pawn] = 0;
        p.push_back(MiniMove::enter(m.pawn));
        continue;
      }
      const int from = at[m.pawn];
      const bool around = m.around && g.crosses_turnoff(from, m.value);
      ok = from >= 0 && from != g.home && (around || g.is_lap(from) || from + m.value <= g.home);
      if (!ok) break;
      p.push_back(MiniMove::move(from, m.value, m.pawn, around));
      at[m.pawn] = g.dest(from, m.value, around);
    }
    if (!ok) continue;
    const Judged v = q.game.judge(q.dice, p, {});
    if (!v || !(v.after() == result)) continue;
    mark_captures(q, p, result, v.events().captures);
    out.push_back(p);
  }
  return out;
}

// The dice as a roll line writes them: one die 1-6, or two joined by '-'. The column of the
// first character that is not where it should be (1-based), or 0 when they read.
std::uint32_t read_dice(std::string_view text, Dice& d) {
  const auto die = [](char c) { return c >= '1' && c <= '6'; };
  if (text.empty() || !die(text[0])) return 1;
  d.d1 = text[0] - '0';
  if (text.size() == 1) return 0;
  if (text[1] != '-') return 2;
  if (text.size() < 3 || !die(text[2])) return 3;
  if (text.size() > 3) return 4;
  d.d2 = text[2] - '0';
  return 0;
}

}  // namespace

std::variant<Question, QuestionError> make_question(std::string_view position_id_text, std::string_view dice,
                                                    const std::string& variant,
                                                    const std::vector<std::string>& options) {
  using Arg = QuestionError::Arg;
  auto parsed = parse_position_id(position_id_text);
  if (auto* e = std::get_if<PositionIdError>(&parsed))
    return QuestionError{Arg::position, static_cast<std::uint32_t>(e->offset + 1), e->message};
  const PositionDesc& desc = std::get<PositionDesc>(parsed);
  if (!desc.pending.empty())
    return QuestionError{Arg::position, 0,
                         "the position is taken in the middle of a roll (pending parts in [...]): give the "
                         "position before the roll and the roll's dice"};
  if (desc.seats.size() < 2) return QuestionError{Arg::position, 0, "a game needs at least two seats"};
  Question q;
  if (const std::uint32_t col = read_dice(dice, q.dice))
    return QuestionError{Arg::dice, col,
                         col == 1 || col == 3 ? "expected a die value 1-6"
                                              : "expected the dice: one die 1-6, or two joined by '-' (e.g. 6-3)"};
  const bool one_die = q.dice.d2 == 0;
  q.profile = !variant.empty() ? variant : std::string(default_profile(one_die));
  q.config.variant = q.profile;
  q.config.options = options;
  q.config.max_alternatives = 1000;  // every legal play, as a referee lists them
  // The profile and its options, as a record's [Variant] and --option give them.
  auto r = profile_options(q.profile);
  if (!r.ok()) return QuestionError{Arg::rules, 0, r.error};
  q.options = *r.options;
  for (const auto& o : options)
    if (auto err = apply_override(q.options, o)) return QuestionError{Arg::rules, 0, "--option " + o + ": " + *err};
  if (one_die != q.options.ludo())
    return QuestionError{Arg::dice, 0,
                         q.options.ludo() ? "Ludo (profile " + q.profile + ") is played with one die: give e.g. 6"
                                          : "Parcheesi (profile " + q.profile + ") is played with two dice: give e.g. 5-3"};
  // The position is judged as a record's [Setup] is (replay/setup.cpp): by the rules of the
  // profile, its finished seats ranked. The position ID does not give the turn order: the
  // colours sit in the order turns pass under the profile (rules::profile_seating).
  auto pos = position_from_desc(desc, q.options);
  // The question's position is a position ID, not a record's [Setup]: its faults are named so.
  if (!pos) return QuestionError{Arg::position, 0, "in the position ID, " + pos.error().message};
  std::vector<Colour> seats;
  for (Colour c : turn_direction(q.profile))
    if (desc.find(c)) seats.push_back(c);
  auto made = rules::Game::set_up(q.options, *pos, seats, desc.to_move, desc.rerolls);
  if (!made.game) return QuestionError{Arg::position, 0, "in the position ID, " + position_problem(made.problem, q.options)};
  q.game = *made.game;
  if (q.game.finished(desc.to_move))
    return QuestionError{Arg::position, 0,
                         std::string(colour_name(desc.to_move)) + " has every pawn HOME and throws no more"};
  return q;
}

std::vector<PlayGroup> legal_groups(const Question& q) {
  std::vector<PlayGroup> out;
  const LegalPlays all = q.game.legal_plays(q.dice);
  const bool penalty = q.game.parts(q.dice).kind == RollKind::penalty;
  for (std::size_t i = 0; i < all.plays.size(); ++i) {
    const Play& play = all.plays[i];
    rules::Game after = q.game;
    const RollResult done = after.play_legal(q.dice, all, i);
    PlayGroup group;
    group.events = done.events;
    group.plays.push_back(penalty ? "PENALTY" : text_of(q, play, done.events));
    if (!penalty)
      for (const Play& other : other_orders(q, play, all.results[i])) {
        std::string t = text_of(q, other, done.events);
        if (std::find(group.plays.begin(), group.plays.end(), t) == group.plays.end())
          group.plays.push_back(std::move(t));
      }
    group.after_id = position_id(after);
    out.push_back(std::move(group));
  }
  return out;
}

PlayJudgement judge_play(const Question& q, const Roll& play) {
  PlayJudgement j;
  Roll roll = play;
  roll.number = 1;
  roll.seat = q.mover();
  roll.dice = {static_cast<std::uint8_t>(q.dice.d1), static_cast<std::uint8_t>(q.dice.d2)};
  roll.line = 0;
  roll.column = 0;
  j.canonical = play_to_ppn(roll);
  // The replayer's roll step on the question's game: a walk of no record but this roll.
  static const ppn::Game kNoRecord;
  ReplayResult res;
  res.profile = q.profile;
  rules::Game after;
  const RollVisitor visit = [&](const RollEvent& e) { after = e.after; };
  Walk walk{kNoRecord, q.config, visit, res, q.options, q.game.geometry(), q.game, 0, 0, std::nullopt, false, 0, {}};
  replay_roll(walk, roll);
  j.diagnostics = std::move(res.diagnostics);
  j.legal = res.errors() == 0 && res.rolls_replayed == 1;
  if (j.legal) j.after_id = position_id(after);
  for (const auto& d : j.diagnostics)
    if (d.severity == Severity::error) {
      if (d.step_index >= 0 && d.line == 1) j.column = static_cast<int>(d.column);
      break;
    }
  return j;
}

}  // namespace ppn::replay
