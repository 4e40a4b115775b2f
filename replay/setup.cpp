// A game's start (see setup.hpp).
#include "rules/turn_direction.hpp"
#include "replay/setup.hpp"

#include <algorithm>

#include "notation/tags.hpp"

namespace ppn::replay {

using namespace ppn::rules;

bool set_up_game(Walk& walk) {
  // Seats and turn order come from the record (RULES.md Q2): [Seats], else [Setup]'s seats
  // in the order they first roll, else the order in which colours first roll.
  std::vector<Colour> seats;
  if (auto v = walk.game.tag_value("Seats"); !v.empty()) {
    auto parsed = parse_seats(v);
    if (!parsed) {
      walk.game_diag(Severity::error, Code::seats, "the [Seats] tag does not name 1 to 4 distinct colours");
      return false;
    }
    seats = *parsed;
  }
  std::optional<PositionDesc> setup_desc = game_setup(walk.game);
  auto add_seat = [&](Colour c) {
    if (std::find(seats.begin(), seats.end(), c) == seats.end()) seats.push_back(c);
  };
  const bool seats_from_tag = !seats.empty();
  std::optional<Colour> first_roller;
  for (const auto& e : walk.game.movetext) {
    if (const Roll* r = std::get_if<Roll>(&e)) {
      if (!first_roller) first_roller = r->seat;
      if (!seats_from_tag) add_seat(r->seat);
    } else if (const auto* w = std::get_if<Withdrawal>(&e); w && !seats_from_tag) {
      add_seat(w->seat);  // a seat may withdraw before it ever throws
    }
    // With [Seats] only the first roller is wanted: the rest of the movetext is not walked
    // (a walk of every entry cost 7% of a Ludo game's validation).
    if (seats_from_tag && first_roller) break;
  }
  if (!seats_from_tag && setup_desc)
    for (const auto& sp : setup_desc->seats) add_seat(sp.seat);
  if (seats.size() < 2) {
    walk.game_diag(Severity::error, Code::seats,
              "a game needs at least two seats: give them in [Seats \"green red ...\"]");
    return false;
  }
  const unsigned mask = seat_order_of(seats).mask;

  if (auto v = walk.game.tag_value("Observer"); !v.empty()) {
    auto parsed = parse_seats(v);
    if (!parsed) {
      walk.game_diag(Severity::error, Code::seats, "the [Observer] tag does not name 1 to 4 distinct colours");
      return false;
    }
    for (Colour c : *parsed) walk.observer_mask |= 1u << seat_of(c);
  }
  if (setup_desc && !setup_desc->pending.empty()) {
    // A position taken in the middle of a roll (e.g. a referee's test case handing the mover
    // a list of dice parts): its first roll plays exactly these parts (SPEC.md 2 [Setup]).
    FixedVec<std::uint8_t, 4> parts;
    for (const auto& p : setup_desc->pending) {
      if (p.bonus || parts.full()) {
        walk.game_diag(Severity::error, Code::setup,
                  p.bonus ? "[Setup]: pending bonuses (+10, +20) are not supported yet"
                          : "[Setup]: at most four pending dice parts");
        return false;
      }
      parts.push_back(p.value);
    }
    walk.setup_parts = parts;
    setup_desc->pending.clear();
  }
  if (setup_desc) {
    // Judged by the rules of the record's profile: a position its plays could never produce
    // is refused, in the words of its board (rules::position_check).
    auto pos = position_from_desc(*setup_desc, walk.opts);
    if (!pos) {
      walk.game_diag(Severity::error, Code::setup, "[Setup]: " + pos.error().message);
      return false;
    }
    for (int s = 0; s < kMaxSeats; ++s)
      if (pos->seat_present(s) != static_cast<bool>(mask >> s & 1u)) {
        walk.game_diag(Severity::error, Code::setup, "[Setup] and [Seats] list different colours");
        return false;
      }
    // Seats that have finished already: out of the turn order, ranked, and the game over when
    // the rules stop there (rules::Game::set_up).
    auto made = rules::Game::set_up(walk.opts, *pos, seats, setup_desc->to_move, setup_desc->rerolls);
    if (!made.game) {
      walk.game_diag(Severity::error, Code::setup, "[Setup]: " + position_problem(made.problem, walk.opts));
      return false;
    }
    walk.st = *made.game;
    walk.res.game_over = made.over;
    walk.setup_finished = 0;
    for (Colour c : seats) walk.setup_finished += walk.st.finished(c);
  } else {
    // Q1: the first player comes from the record. A record that starts with an observed
    // position (`@`, a log joined mid-game) does not show the first throw: [Seats] names
    // the first roller then (SPEC.md 2, 3.4).
    const bool starts_observed =
        !walk.game.movetext.empty() && std::holds_alternative<ObservedPosition>(walk.game.movetext.front());
    const Colour first = first_roller && !(starts_observed && seats_from_tag) ? *first_roller : seats.front();
    walk.st = rules::Game::start(walk.opts, seats, first);
  }
  return true;
}

}  // namespace ppn::replay
