#include "render/timeline.hpp"

#include <algorithm>
#include <iterator>

#include "notation/printer.hpp"
#include "replay/bridge.hpp"

namespace ppn::render {

int Timeline::frame_of_number(std::uint32_t number) const {
  if (number == 0) return frames.empty() ? -1 : 0;
  for (std::size_t i = 1; i < frames.size(); ++i)
    if (frames[i].number == number) return static_cast<int>(i);
  return -1;
}

namespace {

// Where a notation square (in `seat`'s coordinates) is as a pawn's place; nullopt when the
// square does not exist on this board.
std::optional<PawnSpot> spot_of_square(int seat, Square sq, const rules::Geometry& g) {
  const auto rel = rules::rel_of_square(sq, g);
  if (!rel) return std::nullopt;
  return PawnSpot{seat, *rel < 0 ? rules::Place::nest() : rules::Place::at(*rel)};
}

// The last play of an applied roll: its mini-moves as recorded, and the pawns it sent back,
// read off the positions: a pawn of another seat whose square is gone after the roll while
// that seat has more pawns in its nest was captured there.
void note_last_play(Frame& f, const rules::Game& before, const rules::Geometry& g) {
  const Roll& r = *f.roll;
  const int mover = rules::seat_of(r.seat);
  if (r.kind == PlayKind::Moves)
    for (const auto& st : r.steps) {
      if (!st.move) continue;  // a forfeited bonus moves nothing
      const int seat = st.owner ? rules::seat_of(*st.owner) : mover;
      const auto from = spot_of_square(seat, st.move->from, g), to = spot_of_square(seat, st.move->to, g);
      if (from && to) f.moves.push_back({*from, *to});
    }
  if (r.kind == PlayKind::Penalty && r.penalty_move)
    f.penalty_from = spot_of_square(mover, r.penalty_move->from, g);
  const rules::Position &was_pos = before.position(), &now_pos = f.game.position();
  for (int s = 0; s < rules::kMaxSeats; ++s) {
    if (s == mover || !was_pos.seat_present(s)) continue;
    const rules::Pawns was = was_pos.pawns(s), now = now_pos.pawns(s);
    if (now_pos.count(s, rules::Place::nest()) <= was_pos.count(s, rules::Place::nest())) continue;
    // Both are sorted (position.hpp): the multiset difference was - now, nests excluded.
    std::vector<rules::Place> gone;
    std::set_difference(was.begin(), was.end(), now.begin(), now.end(), std::back_inserter(gone));
    for (auto p : gone)
      if (!p.in_nest()) f.captured.push_back({s, p});
  }
}

}  // namespace

Timeline build_timeline(const Game& game, const replay::ReplayConfig& base) {
  Timeline t;
  replay::ReplayConfig cfg = base;
  cfg.on_error = replay::OnError::as_played;

  std::vector<const Roll*> rolls;
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) rolls.push_back(r);

  std::vector<bool> seen(rolls.size(), false);
  std::vector<Frame> frames(rolls.size() + 1);
  bool have_start = false;
  auto res = replay::replay_game(game, cfg, [&](const replay::RollEvent& e) {
    if (!have_start && e.roll_index == 0) {
      frames[0].game = e.before;
      have_start = true;
    }
    if (e.roll_index < 0 || static_cast<std::size_t>(e.roll_index) >= rolls.size()) return;
    Frame& f = frames[static_cast<std::size_t>(e.roll_index) + 1];
    f.game = e.after;
    f.captures = e.result.events.captures;
    f.penalty = e.result.events.penalty;
    seen[static_cast<std::size_t>(e.roll_index)] = true;
  });
  t.profile = res.profile;
  t.game_over = res.game_over;
  // The same rules the replayer used (it asks rules_for_game too); on an error the replay
  // did not start and setup_error says why.
  if (const auto rules = replay::rules_for_game(game, cfg); rules.error.empty())
    t.geometry = rules::geometry_of(rules.options);
  if (!res.setup_ok) {
    for (const auto& d : res.diagnostics) t.setup_error += (t.setup_error.empty() ? "" : "; ") + d.text();
    if (t.setup_error.empty()) t.setup_error = "the game cannot be replayed";
    return t;
  }
  if (!have_start) {
    // No roll was applied (an empty game, or the first roll could not be carried out): the
    // start position is the game before the first roll, which the replayer's final game
    // equals (nothing was applied).
    frames[0].game = res.final_game;
  }
  frames[0].roll_index = -1;
  for (std::size_t i = 0; i < rolls.size(); ++i) {
    Frame& f = frames[i + 1];
    const Roll& r = *rolls[i];
    f.roll_index = static_cast<int>(i);
    f.roll = &r;
    f.number = r.number.value_or(static_cast<std::uint32_t>(i + 1));
    f.roll_text = to_ppn(r, f.number);
    f.move_text = std::to_string(f.number) + ". " + colour_letter(r.seat) + " " + std::to_string(r.dice[0]) +
                  (r.dice_count() == 2 ? "-" + std::to_string(r.dice[1]) : std::string()) + ": " + play_to_ppn(r);
    f.applied = seen[i];
    if (!f.applied) f.game = frames[i].game;
    if (!f.applied || f.captures == 0) {
      // An illegal roll applied as recorded carries no engine events: count the record's `x`.
      int marked = 0;
      if (r.kind == PlayKind::Moves)
        for (const auto& s : r.steps) marked += s.move && s.move->capture;
      if (f.captures == 0) f.captures = marked;
    }
    if (r.kind == PlayKind::Penalty) f.penalty = true;
    if (f.applied) note_last_play(f, frames[i].game, t.geometry);
  }
  for (const auto& d : res.diagnostics) {
    if (d.roll_index >= 0 && static_cast<std::size_t>(d.roll_index) < rolls.size()) {
      Frame& f = frames[static_cast<std::size_t>(d.roll_index) + 1];
      f.diagnostics.push_back(d);
      // Under as_played an illegal roll's diagnostic is downgraded to a warning (and marked
      // as_played); codes of the warning class are record marks, not rule breaks.
      if (code_class(d.code) == Severity::error) f.legal = false;
    } else {
      t.game_diagnostics.push_back(d);
    }
  }
  // The viewer replays as played to show every position; the verdicts are those of the
  // caller's policy: by default the first illegal roll ends the checking (replay/README.md),
  // and the rolls after it are shown unjudged, their follow-on diagnostics dropped.
  if (base.on_error != replay::OnError::as_played) {
    bool past_illegal = false;
    for (Frame& f : frames) {
      if (past_illegal) {
        f.checked = false;
        f.legal = true;
        f.diagnostics.clear();
      }
      past_illegal = past_illegal || !f.legal;
    }
  }
  t.frames = std::move(frames);
  return t;
}

std::string player_tag(const Game& game, int seat) {
  std::string tag(colour_name(static_cast<Colour>(seat)));
  tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
  return std::string(game.tag_value(tag));
}

std::vector<int> seats_in_order(const rules::Game& game) {
  std::vector<int> out;
  for (Colour c : game.turn_order()) out.push_back(rules::seat_of(c));
  return out;
}

}  // namespace ppn::render
