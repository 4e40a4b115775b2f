// The referee's questions (see referee.hpp).
#include "replay/referee.hpp"

#include <algorithm>
#include <numeric>

#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "rules/turn_direction.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// The line of the one-roll record that holds the roll (after [Game], [Variant], [Seats], [Setup]).
constexpr std::uint32_t kRollLine = 5;

// The roll line's text before the dice: "1. G ".
std::string roll_prefix(Colour mover) { return std::string("1. ") + colour_letter(mover) + " "; }

// A play as PPN text, its forfeited bonuses as the engine's verdict `ev` counts them.
std::string text_of(const Question& q, const Play& p, const Events& ev) { return play_text(p, ev, q.geometry); }

// The engine's verdict on an engine play of the question's roll (its events, its result).
Verdict verdict(const Question& q, const Play& p) {
  ValidateRequest req;
  req.state = &q.state;
  req.d1 = q.d1;
  req.d2 = q.d2;
  req.play = &p;
  return validate_play(q.options, req);
}

// The position ID after a legal roll with this result: who throws next and the doublets
// (Ludo: sixes) count come from advance_turn, as in a replay.
std::string after_id(const Question& q, const Position& result, const Events& ev, const Play* play) {
  GameState after = q.state;
  const int parts = roll_setup(q.state, q.d1, q.d2, q.options).parts.size();
  advance_turn(after, q.d1, q.d2, result, q.options, ev.dice_parts_used >= parts, play);
  return position_id(after, q.geometry);
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
  const Geometry& g = q.geometry;
  std::array<int, kMaxPlayLen> order{};
  std::iota(order.begin(), order.begin() + n, 0);
  while (std::next_permutation(order.begin(), order.begin() + n)) {
    std::array<int, kPawnsPerSeat> at{};
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const auto b = q.state.pos.pawns[q.state.to_move][k];
      at[k] = b == kNest ? -1 : rel_of_byte(b);
    }
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
    const Verdict v = verdict(q, p);
    if (v.legal && v.result == result) out.push_back(p);
  }
  return out;
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
  // The dice are read by the PPN parser below; only characters that cannot leave the roll
  // line's dice field are let through to it.
  const bool dice_chars = !dice.empty() && dice.size() <= 3 &&
                          std::all_of(dice.begin(), dice.end(), [](char c) { return (c >= '0' && c <= '9') || c == '-'; });
  if (!dice_chars)
    return QuestionError{Arg::dice, 0, "expected the dice: one die 1-6 (Ludo, e.g. 6), or two joined by '-' (e.g. 5-3)"};
  const bool one_die = dice.find('-') == std::string_view::npos;

  Question q;
  q.profile = !variant.empty() ? variant : one_die ? "ludo" : "hasbro-2001";
  q.config.options = options;
  q.config.max_alternatives = 1000;  // every legal play, as a referee lists them
  const bool ludo = is_ludo_profile(q.profile);
  // The position ID does not give the turn order: the colours sit in the order turns pass
  // under the profile (rules/turn_direction.hpp), for listing (turn_order below) and judging
  // ([Seats]) alike.
  std::string seats;
  std::array<std::uint8_t, kMaxSeats> order{};
  int n = 0;
  for (Colour c : turn_direction(q.profile))
    if (desc.find(c)) {
      seats += (seats.empty() ? "" : " ") + std::string(colour_name(c));
      order[n++] = static_cast<std::uint8_t>(seat_of(c));
    }
  for (Colour c : turn_direction(q.profile))
    if (!desc.find(c)) order[n++] = static_cast<std::uint8_t>(seat_of(c));
  q.record_head = "[Game \"" + std::string(ludo ? "ludo" : "parcheesi") + "\"]\n[Variant " +
                  quote_tag_value(q.profile) + "]\n[Seats \"" + seats + "\"]\n[Setup \"" + format_position_id(desc) + "\"]\n";
  const std::string prefix = roll_prefix(desc.to_move);
  const std::string text = q.record_head + prefix + std::string(dice) + ": -\n";
  q.record_head += prefix + std::string(dice) + ": ";

  auto game = parser::parse_game(text, "<question>");
  if (auto* e = std::get_if<parser::ParseError>(&game)) {
    // Tags are made here from checked values: an error lies in the dice (or the profile name).
    if (e->line == kRollLine && e->column > prefix.size())
      return QuestionError{Arg::dice, static_cast<std::uint32_t>(e->column - prefix.size()), e->message};
    return QuestionError{Arg::rules, 0, e->message};
  }
  const Game& g = std::get<Game>(game);
  const GameRules rules = rules_for_game(g, q.config);
  if (!rules.error.empty()) return QuestionError{Arg::rules, 0, rules.error};
  q.options = rules.options;
  q.geometry = geometry_of(q.options);
  const Roll& roll = std::get<Roll>(g.movetext.front());
  if (roll.dice_count() != (q.options.ludo() ? 1 : 2))
    return QuestionError{Arg::dice, 0,
                         q.options.ludo() ? "Ludo (profile " + q.profile + ") is played with one die: give e.g. 6"
                                          : "Parcheesi (profile " + q.profile + ") is played with two dice: give e.g. 5-3"};
  // The replayer's own checks of a [Setup] (seats, an impossible position, a pawn past its
  // turn-off where the profile has no second laps) judge the position as in a record.
  const ReplayResult probe = replay_game(g, q.config);
  if (!probe.setup_ok)
    for (const auto& d : probe.diagnostics)
      if (d.severity == Severity::error) return QuestionError{Arg::position, 0, d.text()};
  auto made = state_from_desc(desc, q.geometry);
  if (auto* err = std::get_if<std::string>(&made)) return QuestionError{Arg::position, 0, *err};
  q.state = std::get<GameState>(made);
  q.state.turn_order = order;
  if (seat_finished(q.state.pos, q.state.to_move, q.geometry))
    return QuestionError{Arg::position, 0,
                         std::string(colour_name(desc.to_move)) + " has every pawn HOME and throws no more"};
  q.d1 = roll.dice[0];
  q.d2 = q.options.ludo() ? 0 : roll.dice[1];
  return q;
}

std::vector<PlayGroup> legal_groups(const Question& q) {
  std::vector<PlayGroup> out;
  const LegalPlays all = legal_plays(q.options, q.state, q.d1, q.d2);
  const bool penalty = roll_setup(q.state, q.d1, q.d2, q.options).kind == RollKind::penalty;
  for (std::size_t i = 0; i < all.plays.size(); ++i) {
    const Play& play = all.plays[i];
    const Position& result = all.results[i];
    const Verdict v = verdict(q, play);
    PlayGroup group;
    group.events = v.events;
    group.plays.push_back(penalty ? "PENALTY" : text_of(q, play, v.events));
    if (!penalty)
      for (const Play& other : other_orders(q, play, result)) {
        std::string t = text_of(q, other, v.events);
        if (std::find(group.plays.begin(), group.plays.end(), t) == group.plays.end())
          group.plays.push_back(std::move(t));
      }
    group.after_id = after_id(q, result, v.events, penalty ? nullptr : &play);
    out.push_back(std::move(group));
  }
  return out;
}

PlayJudgement judge_play(const Question& q, std::string_view play) {
  using Arg = QuestionError::Arg;
  PlayJudgement j;
  // One roll's play: nothing that could end the roll line or open a comment or a variation.
  if (play.find_first_of("\n\r{};()") != std::string_view::npos) {
    j.error = QuestionError{Arg::play, static_cast<std::uint32_t>(play.find_first_of("\n\r{};()") + 1),
                            "a play is one line of mini-moves (no comments or variations)"};
    return j;
  }
  const std::string text = q.record_head + std::string(play) + "\n";
  const auto line_start = q.record_head.rfind('\n') + 1;
  const std::size_t head = q.record_head.size() - line_start;  // "1. G 5-3: "
  auto parsed = parser::parse_game(text, "<play>");
  if (auto* e = std::get_if<parser::ParseError>(&parsed)) {
    const std::uint32_t col = e->line == kRollLine && e->column > head ? static_cast<std::uint32_t>(e->column - head) : 0;
    j.error = QuestionError{Arg::play, col, e->message};
    return j;
  }
  const Game& g = std::get<Game>(parsed);
  if (g.movetext.size() != 1 || !std::holds_alternative<Roll>(g.movetext.front())) {
    j.error = QuestionError{Arg::play, 0, "the play holds more than one roll"};
    return j;
  }
  const Roll& roll = std::get<Roll>(g.movetext.front());
  j.canonical = play_to_ppn(roll);
  GameState after;
  const ReplayResult r = replay_game(g, q.config, [&](const RollEvent& e) { after = e.after; });
  j.diagnostics = r.diagnostics;
  j.legal = r.errors() == 0 && r.rolls_replayed == 1;
  if (j.legal) j.after_id = position_id(after, q.geometry);
  for (const auto& d : r.diagnostics)
    if (d.severity == Severity::error) {
      if (d.step_index >= 0 && d.line == kRollLine && d.column > head) j.column = static_cast<int>(d.column - head);
      break;
    }
  return j;
}

}  // namespace ppn::replay
