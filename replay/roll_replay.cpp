// One recorded roll (see roll_replay.hpp).
#include "replay/roll_replay.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "notation/printer.hpp"
#include "notation/text_util.hpp"

namespace ppn::replay {

using namespace ppn::rules;

rules::Dice dice_of(const Walk& walk, const Roll& r) {
  return {r.dice[0], walk.opts.ludo() ? 0 : r.dice_count() == 2 ? r.dice[1] : r.dice[0]};
}

namespace {

// How near a legal play comes to the play written, by their mini-moves alone (the rules core
// said which plays are legal; this only orders them for the reader). A play is read as pawn
// journeys: a mini-move from the square where an earlier one landed goes on with that pawn.
// A legal play is nearer when its journeys from the written journeys' squares use more of
// their parts (the same mini-moves in any order, plus a bonus forgotten: 16/19 19/25x for
// 16/22 22/25x +20 25/45), then when it moves fewer other pawns, then fewer parts besides.
struct Journey {
  int start = -1;  // relative square the pawn leaves (-1: the nest)
  int at = -1;     // where its last mini-move lands
  FixedVec<std::uint8_t, kMaxPlayLen> parts;
};
using Journeys = std::vector<Journey>;

Journeys journeys(const Play& p, const Geometry& g) {
  Journeys out;
  for (const MiniMove& m : p) {
    const int from = m.kind == MiniKind::enter ? -1 : m.from;
    const int to = end_of(m, g);
    Journey* on = nullptr;  // the latest journey that landed where this mini-move starts
    for (auto j = out.rbegin(); j != out.rend() && !on; ++j)
      if (j->at == from) on = &*j;
    if (!on) on = &out.emplace_back(Journey{from, to, {}});
    on->at = to;
    on->parts.push_back(m.value);
  }
  return out;
}

struct Nearness {
  int same_parts = 0;   // written parts the legal play moves from the same squares
  int other_pawns = 0;  // the legal play's journeys from squares the record moves no pawn from
  int other_parts = 0;  // the legal play's other parts
  bool nearer_than(const Nearness& o) const {
    if (same_parts != o.same_parts) return same_parts > o.same_parts;
    if (other_pawns != o.other_pawns) return other_pawns < o.other_pawns;
    return other_parts < o.other_parts;
  }
};

Nearness nearness(const Journeys& written, const Play& legal, const Geometry& g) {
  Journeys cand = journeys(legal, g);
  std::vector<bool> taken(cand.size(), false);
  Nearness n;
  for (const Journey& w : written) {
    int best = -1, best_common = 0;
    for (std::size_t k = 0; k < cand.size(); ++k) {
      if (taken[k] || cand[k].start != w.start) continue;
      auto left = cand[k].parts;
      int common = 0;
      for (auto v : w.parts)
        if (auto f = std::find(left.begin(), left.end(), v); f != left.end()) {
          *f = left[left.size() - 1];
          left.pop_back();
          ++common;
        }
      if (best < 0 || common > best_common) best = static_cast<int>(k), best_common = common;
    }
    if (best >= 0) {
      taken[best] = true;
      n.same_parts += best_common;
    }
  }
  n.other_pawns = static_cast<int>(std::count(taken.begin(), taken.end(), false));
  n.other_parts = legal.size() - n.same_parts;
  return n;
}

// The diagnostic's alternatives: the legal plays `plays` of the throw, those nearest to the
// play written first (Nearness), ties in the engine's order; at most ReplayConfig::max_alternatives, as PPN text. `parts`: the parts
// a mid-roll [Setup] leaves, when the roll plays them.
void suggest(const Walk& walk, ReplayDiagnostic& d, Dice dice, const Play& written, const std::vector<Play>& plays,
             const FixedVec<std::uint8_t, 4>* parts = nullptr) {
  const auto keep = static_cast<std::size_t>(std::max(walk.cfg.max_alternatives, 0));
  if (keep == 0) return;
  const Journeys meant = journeys(written, walk.g);
  std::vector<std::pair<Nearness, std::size_t>> order;
  for (std::size_t i = 0; i < plays.size(); ++i) order.emplace_back(nearness(meant, plays[i], walk.g), i);
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first.nearer_than(b.first); });
  if (order.size() > keep) order.resize(keep);
  for (const auto& [near, i] : order) {
    // The alternative's own verdict counts the bonuses it forfeits (rules/apply.hpp).
    rules::Game::PlayRules how;
    how.parts = parts;
    const Judged av = walk.st.judge(dice, plays[i], how);
    d.alternatives.push_back(play_text(plays[i], av ? av.events() : Events{}, walk.g));
  }
}

// The legal plays of the throw, for a roll refused before its play was judged (a mini-move the
// engine cannot read, another colour's pawn, PENALTY where none is due).
std::vector<Play> legal_list(const Walk& walk, Dice dice) { return walk.st.legal_plays(dice).plays; }

// The third doublet's one legal play as a record writes it: `PENALTY` and the pawn it sends
// back (Hasbro 2001 rules, Doublets Penalty; RULES.md Q46-Q49), `PENALTY` alone when none goes.
std::string penalty_text(const Walk& walk, Dice dice) {
  rules::Game after = walk.st;
  const RollResult result = after.play_penalty(dice);
  Roll p;
  p.kind = PlayKind::Penalty;
  if (result.penalty_pawn && !result.penalty_pawn->in_nest())
    p.penalty_move = SquareMove{square_of_rel(result.penalty_pawn->rel(), walk.g), Square::nest(), false};
  return play_to_ppn(p);
}

}  // namespace

void roll_done(Walk& walk, const Roll& r, const rules::Game& before, const RollResult& result, bool legal) {
  walk.res.game_over = result.over || walk.res.game_over;
  ++walk.res.rolls_replayed;
  if (walk.visit) walk.visit(RollEvent{walk.roll_index, &r, before, walk.st, legal, result});
}

namespace {

enum class CombinedStep : std::uint8_t { none, read, ambiguous };

// A step moving one pawn by two die parts at once (`2/11` for a 6-3; notation/SPEC.md 3.1
// "Combined step"), in a play the rules refused as written: its readings are the rules
// core's (rules::Game::combined_readings), tried for the first die step whose distance is no
// part of the throw. One reading (or several ending in one position): walk.conv becomes that
// play and its steps, written out, go to ReplayResult::expanded. Readings ending differently:
// `ambiguous` is the E-AMBIGUOUS-STEP diagnostic listing them.
CombinedStep read_combined_step(Walk& walk, const Roll& r, rules::Dice dice, const rules::Game::PlayRules& how,
                                std::optional<ReplayDiagnostic>& ambiguous) {
  PlayConversion& conv = walk.conv;
  const rules::RollParts rp = walk.st.parts(dice);
  for (int k = 0; k < static_cast<int>(conv.play.size()); ++k) {
    const rules::MiniMove& m = conv.play[k];
    if (m.kind != MiniKind::move || m.is_bonus() || conv.owner_of_move[k] >= 0 ||
        std::find(rp.parts.begin(), rp.parts.end(), m.value) != rp.parts.end())
      continue;
    const std::vector<Play> readings = walk.st.combined_readings(dice, conv.play, static_cast<std::size_t>(k), how);
    if (readings.empty()) continue;
    const int step = conv.step_of_move[k];
    if (readings.size() > 1) {
      ReplayDiagnostic d = walk.roll_diag(
          r, Severity::error, Code::ambiguous_step,
          "`" + to_ppn(*r.steps[step].move) + "` moves one pawn by both dice, and that can be played in " +
              std::to_string(readings.size()) +
              " ways that end differently: write its two mini-moves");
      d.citation = code_citation(Code::ambiguous_step);
      walk.at_step(d, r, step);
      rules::Game::PlayRules alone = how;
      alone.max_alternatives = 0;
      for (const Play& reading : readings) {
        const Judged judged = walk.st.judge(dice, reading, alone);
        d.alternatives.push_back(play_text(reading, judged ? judged.events() : Events{}, walk.g));
      }
      ambiguous = std::move(d);
      return CombinedStep::ambiguous;
    }
    // The record's marks stay with the landings they were written on: the combined step's
    // own mark is its second mini-move's (the pawn's landing); the first lands unmarked.
    PlayConversion expanded = conv;
    expanded.play = readings.front();
    expanded.capture_marks.clear();
    expanded.step_of_move.clear();
    expanded.owner_of_move.clear();
    for (int n = 0; n < static_cast<int>(conv.play.size()); ++n) {
      if (n == k) {
        expanded.capture_marks.push_back(false);
        expanded.step_of_move.push_back(step);
        expanded.owner_of_move.push_back(-1);
      }
      expanded.capture_marks.push_back(conv.capture_marks[n]);
      expanded.step_of_move.push_back(conv.step_of_move[n]);
      expanded.owner_of_move.push_back(conv.owner_of_move[n]);
    }
    conv = expanded;
    // The steps as they should have been written: the combined one as its two mini-moves.
    std::vector<Step> steps = r.steps;
    const Step& combined = r.steps[step];
    const Square middle = square_of_rel(readings.front()[k].from + readings.front()[k].value, walk.g);
    Step to_middle = combined, from_middle = combined;
    to_middle.move = SquareMove{combined.move->from, middle, false};
    from_middle.move = SquareMove{middle, combined.move->to, combined.move->capture};
    steps[step] = from_middle;
    steps.insert(steps.begin() + step, to_middle);
    walk.res.expanded.push_back(ExpandedRoll{walk.roll_index, std::move(steps)});
    return CombinedStep::read;
  }
  return CombinedStep::none;
}

// The roll's play, judged: refused (reported as illegal) or carried out, after the record's
// own marks are checked against what it did.
bool finish_judged(Walk& walk, const Roll& r, Dice dice, PlayConversion& conv, const Judged& v,
                   const rules::Game::PlayRules& how) {
  if (!v) {
    const Refusal& no = v.refusal();
    auto d = walk.roll_diag(r, Severity::error, no.code, no.message);
    d.citation = no.citation;
    if (no.index >= 0 && no.index < static_cast<int>(conv.step_of_move.size()))
      walk.at_step(d, r, conv.step_of_move[no.index]);
    suggest(walk, d, dice, conv.play, no.plays, how.parts);
    return on_illegal(walk, std::move(d), r, &conv);
  }
  // The play is legal; the record's own marks must agree with what happened.
  const Events& ev = v.events();
  const int marked = static_cast<int>(std::count(conv.capture_marks.begin(), conv.capture_marks.end(), true));
  if (marked != ev.captures)
    walk.res.diagnostics.push_back(walk.roll_diag(
        r, Severity::warning, Code::capture_mark,
        "the play captures " + plural(ev.captures, "pawn", "pawns") + " but " +
            plural(static_cast<std::size_t>(marked), "landing is", "landings are") + " marked `x`"));
  // The engine's events say which bonuses the play forfeits (rules/apply.hpp settle_bonuses:
  // none on the winning roll, whose left-over bonuses are void); after the win the record
  // may write them either way.
  if (conv.forfeits != ev.bonuses_forfeited && !seat_finished(v.after(), seat_of(walk.st.to_move()), walk.g))
    walk.res.diagnostics.push_back(walk.roll_diag(
        r, Severity::warning, Code::forfeit_mark,
        plural(ev.bonuses_forfeited, "bonus is", "bonuses are") + " forfeited by this play but " +
            plural(static_cast<std::size_t>(conv.forfeits), "is", "are") + " recorded as `+20 -`/`+10 -`"));
  if (!walk.visit) {
    const RollResult result = walk.st.carry_out(dice, conv.play, v, how);
    roll_done(walk, r, walk.st, result, true);
    return true;
  }
  const rules::Game before = walk.st;
  const RollResult result = walk.st.carry_out(dice, conv.play, v, how);
  roll_done(walk, r, before, result, true);
  return true;
}


}  // namespace

bool replay_roll(Walk& walk, const Roll& r) {
  if (walk.res.game_over) {
    return on_illegal(walk, walk.roll_diag(r, Severity::error, Code::game_over,
                                walk.ended_by_withdrawal
                                    ? "the game is already over: the other seats withdrew (RESIGNS/ABANDONS)"
                                : !walk.opts.ludo()
                                    ? "the game is already over (Hasbro 2001 rules, How to Win: the first player "
                                      "to move all four pawns HOME wins; RULES.md Q63)"
                                : walk.opts.play_for_places() == PlayForPlaces::no
                                    ? "the game is already over (Ludo rules, Rules: the first to bring all their tokens "
                                      "to the finish wins; play_for_places=no: the others stop; RULES.md Q63)"
                                    : "the game is already over: one seat is left playing, and it takes the last "
                                      "place (Ludo rules, Rules; play_for_places=yes; RULES.md Q63)"),
                      r, nullptr);
  }
  // The first roll after a mid-roll [Setup] plays the pending parts; its dice, one or two,
  // must be among them (SPEC.md 2 [Setup]).
  std::optional<FixedVec<std::uint8_t, 4>> given_parts;
  given_parts.swap(walk.setup_parts);
  if (given_parts) {
    auto rest = *given_parts;
    bool ok = true;
    for (int i = 0; i < r.dice_count() && ok; ++i) {
      auto it = std::find(rest.begin(), rest.end(), r.dice[i]);
      ok = it != rest.end();
      if (ok) {
        *it = rest[rest.size() - 1];
        rest.pop_back();
      }
    }
    if (!ok)
      return on_illegal(walk, walk.roll_diag(r, Severity::error, Code::dice,
                                  "the roll that finishes the [Setup]'s roll must show dice among its pending parts"),
                        r, nullptr);
  } else if (r.dice_count() != (walk.opts.ludo() ? 1 : 2)) {
    return on_illegal(walk, walk.roll_diag(r, Severity::error, Code::dice,
                                walk.opts.ludo() ? "Ludo is played with one die (Ludo rules, Rules \"The rolls of a single die\")"
                                            : "Parcheesi is played with two dice"),
                      r, nullptr);
  }
  if (r.seat != walk.st.to_move()) {
    auto d = walk.roll_diag(r, Severity::error, Code::turn_order,
                       std::string("it is ") + std::string(colour_name(walk.st.to_move())) +
                           "'s roll (turn order from the record, RULES.md Q2; a doublet gives the "
                           "same seat another roll, Q41), not " + std::string(colour_name(r.seat)) + "'s");
    if (walk.cfg.on_error != OnError::as_played || !walk.st.takes_part(r.seat))
      return on_illegal(walk, std::move(d), r, nullptr);
    ++walk.res.illegal;
    d.severity = Severity::warning;
    walk.res.diagnostics.push_back(std::move(d));
    walk.st.hand_turn_to(r.seat);
  }
  const Dice dice = dice_of(walk, r);
  static const std::vector<Step> kNoSteps;
  PlayConversion& conv = walk.conv;
  // A [Setup]'s pending parts are never a penalty's.
  if (!given_parts && walk.st.penalty_throw(dice)) {
    // Hasbro 2001 rules, Doublets Penalty: "The third consecutive time you roll doublets, you may not
    // move forward. Instead, your pawn closest to HOME ... must be returned to your START".
    if (r.kind != PlayKind::Penalty) {
      auto d = walk.roll_diag(r, Severity::error, Code::penalty_expected,
                              walk.opts.ludo() ? "third 6 in this turn: \"the player may not move and the turn "
                                                 "immediately passes to the next player\" (Ludo rules, Gameplay; RULES.md Q46); "
                                                 "write `PENALTY`"
                                               : "third doublet in this turn: no move is played, the pawn closest "
                                                 "to HOME goes back to the nest (Hasbro 2001 rules, Doublets Penalty; "
                                                 "RULES.md Q46); write `PENALTY`");
      if (walk.cfg.max_alternatives > 0) d.alternatives.push_back(penalty_text(walk, dice));
      // The play written instead can be carried out as recorded (--on-error as-played) when
      // the engine reads its mini-moves; it ends the turn as the third doublet does.
      play_from_steps(r.kind == PlayKind::Moves ? r.steps : kNoSteps, r.seat, walk.g, conv);
      return on_illegal(walk, std::move(d), r, conv.error.empty() ? &conv : nullptr);
    }
    rules::Game after = walk.st;
    const RollResult result = after.play_penalty(dice);
    if (r.penalty_move) {
      // Which pawn went back.
      const int removed = result.penalty_pawn ? result.penalty_pawn->rel() : -1;
      const auto from = rel_of_square(r.penalty_move->from, walk.g);
      const bool last = walk.opts.repeat_penalty() == RepeatPenalty::last_moved_except_homepath;
      if (!from || *from != removed) {
        auto d = walk.roll_diag(r, Severity::error, Code::penalty_pawn,
                                    walk.opts.ludo() ? std::string("the third 6 sends no token back: \"the player may not move\" "
                                                              "(Ludo rules, Gameplay); write `PENALTY` alone")
                                    : removed < 0 ? std::string(last ? "no pawn goes back: none moved this turn, or the last "
                                                                     "moved is on its home path or HOME (Parchís, RULES.md Q46)"
                                                                   : "no pawn is out, so none goes back (RULES.md Q49)")
                                    : last ? "the penalty sends back the pawn moved last, on " +
                                                 to_string(square_of_rel(removed, walk.g)) + " (Parchís [ES-B]; RULES.md Q46)"
                                           : "the penalty sends back the pawn closest to HOME, on " +
                                                 to_string(square_of_rel(removed, walk.g)) +
                                                 " (Hasbro 2001 rules, Doublets Penalty: \"even if it's on your "
                                                 "home path\"; RULES.md Q48)");
        if (walk.cfg.max_alternatives > 0) d.alternatives.push_back(penalty_text(walk, dice));
        return on_illegal(walk, std::move(d), r, nullptr);
      }
    }
    std::swap(walk.st, after);
    roll_done(walk, r, after, result, true);
    return true;
  }
  if (r.kind == PlayKind::Penalty) {
    auto d = walk.roll_diag(r, Severity::error, Code::no_penalty,
                            walk.opts.ludo() ? "PENALTY is recorded, but this is not the third 6 in a row of the turn "
                                               "(Ludo rules, Gameplay; RULES.md Q46-Q47)"
                                             : "PENALTY is recorded, but this is not the third doublet of the turn "
                                               "(Hasbro 2001 rules, Doublets Penalty; RULES.md Q46-Q47)");
    if (!given_parts) suggest(walk, d, dice, Play{}, legal_list(walk, dice));
    return on_illegal(walk, std::move(d), r, nullptr);
  }

  play_from_steps(r.kind == PlayKind::Moves ? r.steps : kNoSteps, r.seat, walk.g, conv);
  if (!conv.error.empty()) {
    auto d = walk.roll_diag(r, Severity::error, Code::bad_move, conv.error);
    walk.at_step(d, r, conv.error_step);
    // The mini-moves read before the one at fault say which plays were meant.
    if (!given_parts) suggest(walk, d, dice, conv.play, legal_list(walk, dice));
    return on_illegal(walk, std::move(d), r, nullptr);
  }
  if (conv.first_foreign >= 0) {
    // Another colour's pawn moved on this roll (`R:N/0`, SPEC.md 3.1): a player moves the
    // pawns of his own colour only (Hasbro 2001 rules, Setup "Each player takes four matching animal pawns",
    // MOVING YOUR ENTERED PAWNS "Move your entered pawns"). Under as_played the play is
    // carried out as recorded, each pawn by its own colour's coordinates.
    const Step& s = r.steps[conv.first_foreign];
    const std::string owner(colour_name(*s.owner));
    auto d = walk.roll_diag(r, Severity::error, Code::wrong_colour,
                       "moves a " + owner + " pawn (" + colour_letter(*s.owner) + ":" + to_ppn(*s.move) + ") on " +
                           std::string(colour_name(r.seat)) +
                           "'s roll: a player moves only the pawns of his own colour (Hasbro 2001 rules, Setup \"Each player "
                           "takes four matching animal pawns\", \"Move your entered pawns\")" +
                           (walk.st.position().seat_present(seat_of(*s.owner)) ? "" : "; " + owner + " is not even in this game"));
    walk.at_step(d, r, conv.first_foreign);
    if (!given_parts) suggest(walk, d, dice, conv.play, legal_list(walk, dice));
    return on_illegal(walk, std::move(d), r, &conv);
  }
  rules::Game::PlayRules how;
  how.order = walk.cfg.order;
  // Every legal play, when any is to be listed: the nearest to the play written come first.
  how.max_alternatives = walk.cfg.max_alternatives > 0 ? std::numeric_limits<int>::max() : 0;
  if (given_parts) how.parts = &*given_parts;
  const Judged as_written = walk.st.judge(dice, conv.play, how);
  if (!as_written && r.dice_count() == 2) {
    std::optional<ReplayDiagnostic> ambiguous;
    switch (read_combined_step(walk, r, dice, how, ambiguous)) {
      case CombinedStep::none: break;
      // The play a combined step stands for.
      case CombinedStep::read: return finish_judged(walk, r, dice, conv, walk.st.judge(dice, conv.play, how), how);
      case CombinedStep::ambiguous: return on_illegal(walk, std::move(*ambiguous), r, &conv);
    }
  }
  return finish_judged(walk, r, dice, conv, as_written, how);
}

}  // namespace ppn::replay
