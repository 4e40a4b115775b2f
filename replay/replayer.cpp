// The deterministic replayer (see replayer.hpp).
#include "replay/replayer.hpp"

#include <algorithm>
#include <tuple>

#include "notation/printer.hpp"
#include "notation/tags.hpp"
#include "notation/text_util.hpp"
#include "replay/bridge.hpp"
#include "rules/apply.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

constexpr std::string_view kDefaultProfile = "hasbro-2001";

// Applies a recorded play without checking it (on_error=as_played), through the rules core's
// applier (rules/apply.hpp apply_recorded): each mini-move moves a pawn of the mover from its
// square by its part; a landing the record marks `x` sends the lone pawn of another colour on
// that ring square back to its nest (a step of another colour's pawn, `R:N/0`, moves that
// colour's pawn). nullopt when a mini-move names a square where that colour has no pawn, or
// overshoots HOME, so the play cannot even be carried out.
std::optional<Position> apply_as_recorded(const Options& o, const Position& before, int seat,
                                          const PlayConversion& conv, const Geometry& g) {
  RecordedPlay rp;
  for (int i = 0; i < conv.play.size(); ++i)
    rp.push_back(RecordedMove::of(conv.play[i], g, conv.owner_of_move[i], conv.capture_marks[i]));
  const Outcome out = apply_recorded(o, before, seat, rp);
  if (out.failed >= 0) return std::nullopt;
  return out.after;
}

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

int active_seats(const GameState& st) {
  return __builtin_popcount(st.seats_mask & ~st.finished_mask & 0xF);
}

// Progress of a pawn along its route, for the plausibility of an unobserved stretch: -1 the
// nest, then the engine's rel (ring 0..63, home path 64..70, HOME 71; second-lap squares,
// homepath_mandatory=no, are rel 72..75).
int progress_of(std::uint8_t b) { return b == kNest ? -1 : rel_of_byte(b); }

std::string seat_squares(const Position& p, int seat, const Geometry& g) {
  std::string s;
  for (auto b : p.pawns[seat]) {
    if (!s.empty()) s += ',';
    s += b == kNest ? "N" : to_string(square_of_rel(rel_of_byte(b), g));
  }
  return s;
}

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
  std::array<std::uint8_t, kPawnsPerSeat> a = after.pawns[seat];
  std::sort(a.begin(), a.end());
  const auto& b = before.pawns[seat];
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

struct Walker {
  const Game& game;
  const ReplayConfig& cfg;
  const RollVisitor& visit;
  ReplayResult& res;
  Options opts;
  Geometry g = kParcheesi68;  // geometry_of(opts)
  GameState st;
  int roll_index = 0;
  unsigned observer_mask = 0;  // [Observer]: seats whose every roll is recorded
  // [Setup] taken in the middle of a roll: the parts its first roll plays (SPEC.md 2, 7)
  std::optional<FixedVec<std::uint8_t, 4>> setup_parts;
  bool ended_by_withdrawal = false;  // the game ended because the other seats withdrew

  // A diagnostic about the record as a whole, at the line of the tag concerned when there is
  // one (`line`), else at the game's first line.
  void game_diag(Severity sev, std::string code, std::string msg, std::uint32_t line = 0) {
    ReplayDiagnostic d;
    d.severity = sev;
    d.code = std::move(code);
    d.message = std::move(msg);
    d.line = line ? line : game.source_line;
    d.column = 1;
    res.diagnostics.push_back(std::move(d));
  }

  ReplayDiagnostic roll_diag(const Roll& r, Severity sev, std::string code, std::string msg) {
    ReplayDiagnostic d;
    d.severity = sev;
    d.code = std::move(code);
    d.message = std::move(msg);
    d.line = r.line;
    d.column = r.column;
    d.roll_index = roll_index;
    d.roll_text = to_ppn(r, static_cast<std::uint32_t>(roll_index + 1));
    d.position_id = position_id(st, g);
    return d;
  }

  // Points a roll's diagnostic at one step of its play: the step's index, and its source
  // position when the parser kept it (Roll::step_locations).
  static void at_step(ReplayDiagnostic& d, const Roll& r, int step) {
    d.step_index = step;
    if (step >= 0 && static_cast<std::size_t>(step) < r.step_locations.size())
      std::tie(d.line, d.column) = r.step_locations[static_cast<std::size_t>(step)];
  }

  bool setup() {
    // Seats and turn order come from the record (RULES.md Q2): [Seats], else [Setup]'s seats
    // in the order they first roll, else the order in which colours first roll.
    std::vector<Colour> seats;
    if (auto v = game.tag_value("Seats"); !v.empty()) {
      auto parsed = parse_seats(v);
      if (!parsed) {
        game_diag(Severity::error, "E-SEATS", "the [Seats] tag does not name 1 to 4 distinct colours");
        return false;
      }
      seats = *parsed;
    }
    std::optional<PositionDesc> setup_desc = game_setup(game);
    auto add_seat = [&](Colour c) {
      if (std::find(seats.begin(), seats.end(), c) == seats.end()) seats.push_back(c);
    };
    const bool seats_from_tag = !seats.empty();
    std::optional<Colour> first_roller;
    for (const auto& e : game.movetext)
      if (const Roll* r = std::get_if<Roll>(&e)) {
        if (!first_roller) first_roller = r->seat;
        if (!seats_from_tag) add_seat(r->seat);
      } else if (const auto* w = std::get_if<Withdrawal>(&e); w && !seats_from_tag) {
        add_seat(w->seat);  // a seat may withdraw before it ever throws
      }
    if (!seats_from_tag && setup_desc)
      for (const auto& sp : setup_desc->seats) add_seat(sp.seat);
    if (seats.size() < 2) {
      game_diag(Severity::error, "E-SEATS",
                "a game needs at least two seats: give them in [Seats \"green red ...\"]");
      return false;
    }
    unsigned mask = 0;
    std::array<std::uint8_t, kMaxSeats> order{};
    int n = 0;
    for (Colour c : seats) {
      mask |= 1u << seat_of(c);
      order[n++] = static_cast<std::uint8_t>(seat_of(c));
    }
    for (int s = 0; s < kMaxSeats; ++s)
      if (!(mask >> s & 1)) order[n++] = static_cast<std::uint8_t>(s);

    if (auto v = game.tag_value("Observer"); !v.empty()) {
      auto parsed = parse_seats(v);
      if (!parsed) {
        game_diag(Severity::error, "E-SEATS", "the [Observer] tag does not name 1 to 4 distinct colours");
        return false;
      }
      for (Colour c : *parsed) observer_mask |= 1u << seat_of(c);
    }
    if (setup_desc && !setup_desc->pending.empty()) {
      // A position taken in the middle of a roll (e.g. a referee's test case handing the mover
      // a list of dice parts): its first roll plays exactly these parts (SPEC.md 2 [Setup]).
      FixedVec<std::uint8_t, 4> parts;
      for (const auto& p : setup_desc->pending) {
        if (p.bonus || parts.full()) {
          game_diag(Severity::error, "E-SETUP",
                    p.bonus ? "[Setup]: pending bonuses (+10, +20) are not supported yet"
                            : "[Setup]: at most four pending dice parts");
          return false;
        }
        parts.push_back(p.value);
      }
      setup_parts = parts;
      setup_desc->pending.clear();
    }
    if (setup_desc) {
      auto made = state_from_desc(*setup_desc, g);
      if (auto* err = std::get_if<std::string>(&made)) {
        game_diag(Severity::error, "E-SETUP", "[Setup]: " + *err);
        return false;
      }
      st = std::get<GameState>(made);
      if (st.seats_mask != mask) {
        game_diag(Severity::error, "E-SETUP", "[Setup] and [Seats] list different colours");
        return false;
      }
      st.turn_order = order;
      // Ring squares 64..67 of a seat are reached only on a second lap (Q60).
      if (opts.homepath_mandatory() == HomepathMandatory::yes)
        for (int s = 0; s < kMaxSeats; ++s)
          for (auto b : st.pos.pawns[s])
            if (b != kAbsent && b != kNest && g.is_lap(rel_of_byte(b))) {
              game_diag(Severity::error, "E-SETUP",
                        "[Setup]: a pawn on its ring square " + std::to_string(g.track(rel_of_byte(b))) +
                            " has passed its turn-off, which only homepath_mandatory=no allows "
                            "(Wikipedia rules, Gameplay; RULES.md Q60)");
              return false;
            }
    } else {
      // Q1: the first player comes from the record. A record that starts with an observed
      // position (`@`, a log joined mid-game) does not show the first throw: [Seats] names
      // the first roller then (SPEC.md 2, 3.4).
      const bool starts_observed =
          !game.movetext.empty() && std::holds_alternative<ObservedPosition>(game.movetext.front());
      const int first = first_roller && !(starts_observed && seats_from_tag) ? seat_of(*first_roller) : order[0];
      st = initial_state(mask, order, static_cast<std::uint8_t>(first));
    }
    return true;
  }

  // Handles an illegal roll according to the policy. Returns true to go on replaying.
  bool on_illegal(ReplayDiagnostic d, const Roll& r, const PlayConversion* conv) {
    ++res.illegal;
    if (cfg.on_error == OnError::as_played && conv) {
      d.severity = Severity::warning;
      d.message += " (accepted as played)";
      res.diagnostics.push_back(std::move(d));
      if (conv) {
        auto p = apply_as_recorded(opts, st.pos, st.to_move, *conv, g);
        if (!p) {
          res.diagnostics.push_back(roll_diag(r, Severity::error, "E-UNPLAYABLE",
                                              "the play cannot be carried out even as recorded"));
          res.stopped = true;
          return false;
        }
        // A play carried out as recorded may leave a position no game can reach (three pawns
        // on a square, two colours on a safety): replaying on from it would break the
        // engine's invariants (position_check), so the game stops here (found by fuzzing,
        // tests/fuzz_regressions/replayer/as_played_impossible_position).
        if (const char* bad =
                position_check(*p, g, opts.safety_sharing() == SafetySharing::two_any_colours)) {
          res.diagnostics.push_back(roll_diag(r, Severity::error, "E-UNPLAYABLE",
                                              "the play as recorded leaves an impossible position (" +
                                                  position_problem(bad) + ")"));
          res.stopped = true;
          return false;
        }
        // (the pawn "moved last" for the penalty rule is the mover's: not one of another colour)
        finish_roll(r, *p, Events{}, false, r.dice[0] == r.dice[1],
                    conv->first_foreign >= 0 ? nullptr : &conv->play);
      }
      return true;
    }
    res.diagnostics.push_back(std::move(d));
    res.stopped = true;
    if (cfg.on_error == OnError::skip) res.skipped = true;
    if (cfg.on_error == OnError::stop) res.stop_run = true;
    return false;
  }

  void finish_roll(const Roll& r, const Position& result, const Events& ev, bool legal, bool fully_used,
                   const Play* play = nullptr) {
    RollEvent e;
    e.roll_index = roll_index;
    e.roll = &r;
    e.before = st;
    e.legal = legal;
    e.events = ev;
    res.game_over = advance_turn(st, r.dice[0], r.dice[1], result, opts, fully_used, play) || res.game_over;
    if (active_seats(st) <= 1 && st.ranking_len > 0) res.game_over = true;
    e.after = st;
    ++res.rolls_replayed;
    if (visit) visit(e);
  }

  // Returns false when replay of this game stops.
  bool roll(const Roll& r) {
    if (res.game_over) {
      return on_illegal(roll_diag(r, Severity::error, "E-GAME-OVER",
                                  ended_by_withdrawal
                                      ? "the game is already over: the other seats withdrew (RESIGNS/ABANDONS)"
                                      : "the game is already over (Hasbro 2001 rules, How to Win: the first player "
                                        "to move all four pawns HOME wins; RULES.md Q63)"),
                        r, nullptr);
    }
    // The first roll after a mid-roll [Setup] plays the pending parts; its dice, one or two,
    // must be among them (SPEC.md 2 [Setup]).
    std::optional<FixedVec<std::uint8_t, 4>> given_parts;
    given_parts.swap(setup_parts);
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
        return on_illegal(roll_diag(r, Severity::error, "E-DICE",
                                    "the roll that finishes the [Setup]'s roll must show dice among its pending parts"),
                          r, nullptr);
    } else if (r.dice_count() != (opts.ludo() ? 1 : 2)) {
      return on_illegal(roll_diag(r, Severity::error, "E-DICE",
                                  opts.ludo() ? "Ludo is played with one die (Ludo rules, Rules \"The rolls of a single die\")"
                                              : "Parcheesi is played with two dice"),
                        r, nullptr);
    }
    if (seat_of(r.seat) != st.to_move) {
      auto d = roll_diag(r, Severity::error, "E-TURN-ORDER",
                         std::string("it is ") + std::string(colour_name(colour_of(st.to_move))) +
                             "'s roll (turn order from the record, RULES.md Q2; a doublet gives the "
                             "same seat another roll, Q41), not " + std::string(colour_name(r.seat)) + "'s");
      if (cfg.on_error != OnError::as_played || !(st.seats_mask >> seat_of(r.seat) & 1))
        return on_illegal(std::move(d), r, nullptr);
      ++res.illegal;
      d.severity = Severity::warning;
      res.diagnostics.push_back(std::move(d));
      st.to_move = static_cast<std::uint8_t>(seat_of(r.seat));
      st.doublets = 0;
    }
    const int d1 = r.dice[0], d2 = opts.ludo() ? 0 : r.dice_count() == 2 ? r.dice[1] : r.dice[0];
    RollSetup setup = roll_setup(st, d1, d2, opts);
    if (given_parts) setup = RollSetup{RollKind::normal, *given_parts};

    if (setup.kind == RollKind::penalty) {
      // Hasbro 2001 rules, Doublets Penalty: "The third consecutive time you roll doublets, you may not
      // move forward. Instead, your pawn closest to HOME ... must be returned to your START".
      if (r.kind != PlayKind::Penalty)
        return on_illegal(roll_diag(r, Severity::error, "E-PENALTY-EXPECTED",
                                    opts.ludo() ? "third 6 in this turn: \"the player may not move and the turn "
                                                  "immediately passes to the next player\" (Ludo rules, Gameplay; RULES.md Q46); "
                                                  "write `PENALTY`"
                                                : "third doublet in this turn: no move is played, the pawn closest "
                                                  "to HOME goes back to the nest (Hasbro 2001 rules, Doublets Penalty; "
                                                  "RULES.md Q46); write `PENALTY`"),
                          r, nullptr);
      const Position after = apply_penalty(st.pos, st.to_move, opts, g, st.last_moved);
      if (r.penalty_move) {
        // Which pawn went back: the square whose count dropped.
        int removed = -1;
        const int seat = st.to_move;
        for (auto b : st.pos.pawns[seat])
          if (b != kNest && after.count(seat, b) < st.pos.count(seat, b)) removed = rel_of_byte(b);
        const auto from = rel_of_square(r.penalty_move->from, g);
        const bool last = opts.repeat_penalty() == RepeatPenalty::last_moved_except_homepath;
        if (!from || *from != removed)
          return on_illegal(roll_diag(r, Severity::error, "E-PENALTY-PAWN",
                                      opts.ludo() ? std::string("the third 6 sends no token back: \"the player may not move\" "
                                                                "(Ludo rules, Gameplay); write `PENALTY` alone")
                                      : removed < 0 ? std::string(last ? "no pawn goes back: none moved this turn, or the last "
                                                                       "moved is on its home path or HOME (Parchís, RULES.md Q46)"
                                                                     : "no pawn is out, so none goes back (RULES.md Q49)")
                                      : last ? "the penalty sends back the pawn moved last, on " +
                                                   to_string(square_of_rel(removed, g)) + " (Parchís [ES-B]; RULES.md Q46)"
                                             : "the penalty sends back the pawn closest to HOME, on " +
                                                   to_string(square_of_rel(removed, g)) +
                                                   " (Hasbro 2001 rules, Doublets Penalty: \"even if it's on your "
                                                   "home path\"; RULES.md Q48)"),
                            r, nullptr);
      }
      Events ev;
      ev.penalty = true;
      finish_roll(r, after, ev, true, true);
      return true;
    }
    if (r.kind == PlayKind::Penalty)
      return on_illegal(roll_diag(r, Severity::error, "E-NO-PENALTY",
                                  opts.ludo() ? "PENALTY is recorded, but this is not the third 6 in a row of the turn "
                                                "(Ludo rules, Gameplay; RULES.md Q46-Q47)"
                                              : "PENALTY is recorded, but this is not the third doublet of the turn "
                                                "(Hasbro 2001 rules, Doublets Penalty; RULES.md Q46-Q47)"),
                        r, nullptr);

    static const std::vector<Step> kNoSteps;
    const PlayConversion conv = play_from_steps(r.kind == PlayKind::Moves ? r.steps : kNoSteps, r.seat, g);
    if (!conv.error.empty()) {
      auto d = roll_diag(r, Severity::error, "E-BAD-MOVE", conv.error);
      at_step(d, r, conv.error_step);
      return on_illegal(std::move(d), r, nullptr);
    }
    if (conv.first_foreign >= 0) {
      // Another colour's pawn moved on this roll (`R:N/0`, SPEC.md 3.1): a player moves the
      // pawns of his own colour only (Hasbro 2001 rules, Setup "Each player takes four matching animal pawns",
      // MOVING YOUR ENTERED PAWNS "Move your entered pawns"). Under as_played the play is
      // carried out as recorded, each pawn by its own colour's coordinates.
      const Step& s = r.steps[conv.first_foreign];
      const std::string owner(colour_name(*s.owner));
      auto d = roll_diag(r, Severity::error, std::string(rule_code_name(RuleCode::wrong_colour)),
                         "moves a " + owner + " pawn (" + colour_letter(*s.owner) + ":" + to_ppn(*s.move) + ") on " +
                             std::string(colour_name(r.seat)) +
                             "'s roll: a player moves only the pawns of his own colour (Hasbro 2001 rules, Setup \"Each player "
                             "takes four matching animal pawns\", \"Move your entered pawns\")" +
                             (st.pos.seat_present(seat_of(*s.owner)) ? "" : "; " + owner + " is not even in this game"));
      at_step(d, r, conv.first_foreign);
      return on_illegal(std::move(d), r, &conv);
    }
    ValidateRequest req;
    req.state = &st;
    req.d1 = d1;
    req.d2 = d2;
    req.play = &conv.play;
    req.order = cfg.order;
    req.max_alternatives = cfg.max_alternatives;
    if (given_parts) req.parts = &*given_parts;
    const Verdict v = validate_play(opts, req);
    if (!v.legal) {
      std::string code(rule_code_name(v.diag.code));
      std::string message = v.diag.message;
      if (message.rfind(code + ": ", 0) == 0) message.erase(0, code.size() + 2);  // the code is printed once
      auto d = roll_diag(r, Severity::error, code, std::move(message));
      if (v.diag.index >= 0 && v.diag.index < static_cast<int>(conv.step_of_move.size()))
        at_step(d, r, conv.step_of_move[v.diag.index]);
      for (const auto& alt : v.diag.alternatives) {
        // The alternative's own verdict counts the bonuses it forfeits (rules/apply.hpp).
        ValidateRequest areq = req;
        areq.play = &alt;
        areq.max_alternatives = 0;
        const Verdict av = validate_play(opts, areq);
        d.alternatives.push_back(play_text(alt, av.legal ? av.events : Events{}, g));
      }
      return on_illegal(std::move(d), r, &conv);
    }
    // The play is legal; the record's own marks must agree with what happened.
    const int marked = static_cast<int>(std::count(conv.capture_marks.begin(), conv.capture_marks.end(), true));
    if (marked != v.events.captures)
      res.diagnostics.push_back(roll_diag(
          r, Severity::warning, "W-CAPTURE-MARK",
          "the play captures " + plural(v.events.captures, "pawn", "pawns") + " but " +
              plural(static_cast<std::size_t>(marked), "landing is", "landings are") + " marked `x`"));
    // The engine's events say which bonuses the play forfeits (rules/apply.hpp settle_bonuses:
    // none on the winning roll, whose left-over bonuses are void); after the win the record
    // may write them either way.
    if (conv.forfeits != v.events.bonuses_forfeited && !seat_finished(v.result, st.to_move, g))
      res.diagnostics.push_back(roll_diag(
          r, Severity::warning, "W-FORFEIT-MARK",
          plural(v.events.bonuses_forfeited, "bonus is", "bonuses are") + " forfeited by this play but " +
              plural(static_cast<std::size_t>(conv.forfeits), "is", "are") + " recorded as `+20 -`/`+10 -`"));
    const int parts = setup.parts.size();
    finish_roll(r, v.result, v.events, true, v.events.dice_parts_used >= parts, &conv.play);
    return true;
  }

  // A withdrawal (`R RESIGNS`, `R ABANDONS`; notation/SPEC.md 3). No rules text covers it; the
  // decisions (replay/README.md "Withdrawals"): the seat leaves the turn order, its pawns stay
  // where they are (they can still block and be captured), and when one seat is left playing
  // it wins, or takes the next place when others have finished (play_for_places).
  void withdraw(const Withdrawal& w) {
    const int s = seat_of(w.seat);
    auto diag = [&](Severity sev, std::string msg) {
      ReplayDiagnostic d;
      d.severity = sev;
      d.code = "E-WITHDRAWAL";
      d.message = std::move(msg);
      d.line = w.line;
      d.column = w.column;
      d.position_id = position_id(st, g);
      res.diagnostics.push_back(std::move(d));
    };
    const std::string who = std::string(colour_name(w.seat));
    if (res.game_over) {
      diag(Severity::warning, who + " withdraws after the end of the game; nothing changes");
      return;
    }
    if (!(st.seats_mask >> s & 1) || (st.finished_mask >> s & 1)) {
      diag(Severity::error, who + " withdraws, but " + who +
                                (st.finished_mask >> s & 1 ? " has finished already"
                                 : st.pos.seat_present(s)  ? " has withdrawn already"
                                                           : " is not in the game ([Seats])"));
      return;
    }
    const bool was_to_move = st.to_move == s;
    const int next = next_active_seat(st, s);
    st.seats_mask = static_cast<std::uint8_t>(st.seats_mask & ~(1u << s));
    if (was_to_move) {
      st.to_move = static_cast<std::uint8_t>(next);
      st.doublets = 0;
    }
    if (active_seats(st) == 1) {
      // the last seat still playing wins (or takes the next place)
      for (int k = 0; k < kMaxSeats; ++k)
        if ((st.seats_mask >> k & 1) && !(st.finished_mask >> k & 1)) st.ranking[st.ranking_len++] = static_cast<std::uint8_t>(k);
    }
    if (active_seats(st) <= 1) {
      res.game_over = true;
      ended_by_withdrawal = true;
    }
  }

  // Why the stretch of unseen plays between the replayed state and an observed one is
  // implausible (notation/SPEC.md 3.4), or nullopt.
  std::optional<std::string> implausible(const GameState& ns) const {
    // the colours with pawns on the board: a withdrawn seat's pawns stay there (withdraw)
    unsigned on_board = 0;
    for (int s = 0; s < kMaxSeats; ++s)
      if (st.pos.seat_present(s)) on_board |= 1u << s;
    if (ns.seats_mask != on_board) return std::string("it lists other colours than the board holds");
    const int mover = st.to_move;
    const bool mover_observed = observer_mask >> mover & 1;
    // A doublet's re-roll comes at once: nobody else can have moved.
    if (ns.to_move == mover && ns.doublets == st.doublets && st.doublets > 0) {
      if (!(ns.pos == st.pos))
        return std::string(colour_name(colour_of(mover))) + " re-rolls after its doublet (d" +
               std::to_string(st.doublets) + "), so nothing can have changed, but the position did: replayed " +
               position_id(st, g) + ", observed " + position_id(ns, g);
      return std::nullopt;
    }
    // An observed seat's re-roll is recorded; only the third doublet's penalty may go unseen.
    if (mover_observed && st.doublets == 1 && !res.game_over)
      return std::string(colour_name(colour_of(mover))) +
             "'s re-roll after its doublet is missing (every roll of an [Observer] seat is recorded)";
    if ((observer_mask >> ns.to_move & 1) && ns.doublets > 0)
      return std::string(colour_name(colour_of(ns.to_move))) + " is to move with d" + std::to_string(ns.doublets) +
             ", but its doublets would be recorded rolls";
    const bool laps = opts.homepath_mandatory() == HomepathMandatory::no;
    // Who threw the dice in the stretch. When the observed seat to move is an [Observer]
    // seat, the stretch is less than one round (its every roll is recorded): the seats from
    // the one to move now up to it, in turn order; the mover's third doublet (d2) may add its
    // penalty. Otherwise any number of rounds may have passed: every seat may have played.
    std::array<StretchRole, kMaxSeats> roles{};
    const unsigned active = st.seats_mask & ~st.finished_mask & 0xFu;
    if (observer_mask >> ns.to_move & 1) {
      int idx = 0;
      for (int i = 0; i < kMaxSeats; ++i)
        if (st.turn_order[i] == mover) idx = i;
      bool someone_before = false;
      for (int step = 0; step < kMaxSeats; ++step) {
        const int s = st.turn_order[(idx + step) % kMaxSeats];
        if (!(active >> s & 1)) continue;
        if (step > 0 && s == ns.to_move) break;
        if (step == 0 && s == ns.to_move) {
          // the mover again: only after its third doublet's penalty and a whole round
          if (st.doublets < 2) break;
          roles[s].penalty = true;
          someone_before = true;
          continue;
        }
        if (observer_mask >> s & 1) {
          roles[s].penalty = step == 0 && st.doublets == 2;
        } else {
          roles[s].had_turn = true;
          roles[s].reenter = someone_before;
          roles[s].penalty = true;
        }
        someone_before = true;
      }
      if (ns.to_move == mover && st.doublets == 2)
        for (int s = 0; s < kMaxSeats; ++s)
          if ((active >> s & 1) && s != mover && !(observer_mask >> s & 1)) roles[s] = {true, true, true};
    } else {
      for (int s = 0; s < kMaxSeats; ++s)
        roles[s] = (observer_mask >> s & 1) ? StretchRole{false, false, true} : StretchRole{true, true, true};
    }
    for (int s = 0; s < kMaxSeats; ++s)
      if (!(st.seats_mask >> s & 1)) roles[s] = StretchRole{};  // withdrawn: no more turns
    std::string why;
    for (int s = 0; s < kMaxSeats; ++s) {
      // a withdrawn seat (replay/README.md "Withdrawals") throws no more: like a seat without
      // a turn, its pawns can only be sent back to the nest
      if (!(on_board >> s & 1)) continue;
      if (stretch_plausible(st.pos, ns.pos, s, roles[s], laps, g)) continue;
      if (!why.empty()) why += "; ";
      const bool observed = observer_mask >> s & 1;
      why += std::string(colour_name(colour_of(s))) + " went from " + seat_squares(st.pos, s, g) + " to " +
             seat_squares(ns.pos, s, g) +
             (!(st.seats_mask >> s & 1) ? " (it withdrew: its pawns can only be sent back to the nest)"
              : observed ? " (an [Observer] seat's pawns can only be sent back to the nest)"
              : !roles[s].had_turn ? " (it had no turn in between: its pawns can only be sent back to the nest)"
              : !roles[s].reenter ? " (its turn came first: pawns advance, or go back to the nest and stay there)"
                                  : " (pawns advance, or go back to the nest and may enter again; HOME is final)");
    }
    if (!why.empty()) return why;
    return std::nullopt;
  }

  void observe(const ObservedPosition& o) {
    auto made = state_from_desc(o.position, g);
    if (auto* err = std::get_if<std::string>(&made)) {
      ReplayDiagnostic d;
      d.code = "E-OBSERVED";
      d.message = "observed position: " + *err;
      d.line = o.line;
      d.column = o.column;
      res.diagnostics.push_back(std::move(d));  // a record error, not a roll's (roll_index -1)
      return;
    }
    const auto& ns = std::get<GameState>(made);
    if (auto why = implausible(ns)) {
      ReplayDiagnostic d;
      d.code = "E-IMPLAUSIBLE-STRETCH";
      // A record error of its own (roll_index -1), not a roll's: the replayed position it is
      // compared with is in the message.
      d.message = "the observed position cannot follow from the replayed one (" + position_id(st, g) +
                  ") by unseen plays: " + *why + " (notation/SPEC.md 3.4)";
      d.line = o.line;
      d.column = o.column;
      d.position_id = position_id(st, g);
      res.diagnostics.push_back(std::move(d));
    }
    const auto order = st.turn_order;
    const auto mask = st.seats_mask;
    const auto finished = st.finished_mask;
    const auto ranking = st.ranking;
    const auto ranking_len = st.ranking_len;
    st = ns;
    st.turn_order = order;
    st.seats_mask = mask;
    st.finished_mask = finished | ns.finished_mask;
    st.ranking = ranking;
    st.ranking_len = ranking_len;
  }

  void check_result() {
    const Tag* tag = game.find_tag("Result");
    if (!tag || tag->value.empty() || res.stopped || cfg.partial) return;
    const std::string_view value = tag->value;
    const std::uint32_t line = tag->line;
    const auto result = parse_result(value);
    if (!result) return;  // the parser reports malformed tags
    if (result->finished && res.game_over && !res.ranking.empty() && !result->ranking.empty() &&
        result->ranking.front() != res.ranking.front())
      game_diag(Severity::error, "E-RESULT",
                std::string("[Result] names ") + std::string(colour_name(result->ranking.front())) +
                    " first, but " + std::string(colour_name(res.ranking.front())) + " won",
                line);
    else if (result->finished && !res.game_over)
      game_diag(Severity::error, "E-RESULT",
                "[Result] says the game finished, but after the last roll nobody has won "
                "(use \"*\" for an unfinished game)",
                line);
    else if (!result->finished && res.game_over)
      game_diag(Severity::warning, "E-RESULT", "[Result] is \"*\" (unfinished), but the game is over", line);
  }

  void run() {
    if (!setup()) {
      res.setup_ok = false;
      return;
    }
    for (const auto& e : game.movetext) {
      if (const Roll* r = std::get_if<Roll>(&e)) {
        const bool go_on = roll(*r);
        ++roll_index;
        if (!go_on) break;
      } else if (const auto* w = std::get_if<Withdrawal>(&e)) {
        withdraw(*w);
      } else if (const auto* o = std::get_if<ObservedPosition>(&e)) {
        observe(*o);
      }
    }
    res.rolls = static_cast<int>(game.roll_count());
    res.final_state = st;
    for (int i = 0; i < st.ranking_len; ++i) res.ranking.push_back(colour_of(st.ranking[i]));
    check_result();
  }
};

}  // namespace

std::optional<OnError> parse_on_error(std::string_view name) {
  if (name == "stop") return OnError::stop;
  if (name == "skip") return OnError::skip;
  if (name == "keep-prefix" || name == "keep_prefix") return OnError::keep_prefix;
  if (name == "as-played" || name == "as_played") return OnError::as_played;
  return std::nullopt;
}

std::string_view on_error_name(OnError p) {
  switch (p) {
    case OnError::stop: return "stop";
    case OnError::skip: return "skip";
    case OnError::keep_prefix: return "keep-prefix";
    case OnError::as_played: return "as-played";
  }
  return "?";
}

std::size_t ReplayResult::errors() const {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [](const auto& d) { return d.severity == Severity::error; }));
}
std::size_t ReplayResult::warnings() const { return diagnostics.size() - errors(); }

GameRules rules_for_game(const Game& game, const ReplayConfig& cfg) {
  if (cfg.variant == kAutoVariant) {
    // the profile replay_game would pick (variant_inference.hpp)
    ReplayConfig picked = cfg;
    picked.variant = infer_variant(game, cfg).picked;
    return rules_for_game(game, picked);
  }
  GameRules out;
  std::string_view profile = cfg.variant;
  if (profile.empty()) {
    profile = game.tag_value("Variant");
    if (const Tag* t = game.find_tag("Variant")) out.line = t->line;
  }
  const auto kind_tag = game.tag_value("Game");
  const std::optional<GameKind> kind = parse_game_kind(kind_tag);
  // A Ludo record without [Variant] is classic Ludo; the default profile is Parcheesi's.
  if (profile.empty()) profile = kind == GameKind::Ludo ? "ludo" : kDefaultProfile;
  out.profile = std::string(profile);
  auto r = profile_options(profile);
  if (!r.ok()) {
    out.error = r.error;
    return out;
  }
  out.options = *r.options;
  if (kind && (kind == GameKind::Ludo) != out.options.ludo()) {
    if (const Tag* t = game.find_tag("Game")) out.line = t->line;  // the tag the message names
    out.error = "[Game \"" + std::string(kind == GameKind::Ludo ? "ludo" : "parcheesi") + "\"] contradicts the profile " + out.profile +
                (out.options.ludo() ? ", a Ludo profile" : ", a Parcheesi profile") +
                "; Ludo profiles: ludo, ludo-seed, ludo-modern";
    return out;
  }
  for (const auto& t : game.tags) {  // the [Option] tags in order (game_options), each with its line
    if (t.name != "Option") continue;
    const auto o = parse_option(t.value);
    if (!o) continue;  // malformed: the parser rejects those
    if (auto err = apply_override(out.options, o->name + "=" + o->value)) {
      out.error = "[Option \"" + o->name + "=" + o->value + "\"]: " + *err;
      out.line = t.line;
      return out;
    }
  }
  for (const auto& o : cfg.options)
    if (auto err = apply_override(out.options, o)) {
      out.error = "--option " + o + ": " + *err;
      out.line = 0;
      return out;
    }
  return out;
}

ReplayResult replay_game(const Game& game, const ReplayConfig& cfg, const RollVisitor& visit) {
  if (cfg.variant == kAutoVariant) {
    VariantInference inference = infer_variant(game, cfg);
    ReplayConfig picked = cfg;
    picked.variant = inference.picked;  // empty (ambiguous, none): the record's [Variant] or the default
    ReplayResult res = replay_game(game, picked, visit);
    if (inference.basis == VariantInference::Basis::ambiguous || inference.basis == VariantInference::Basis::none) {
      ReplayDiagnostic d;
      d.severity = Severity::warning;
      d.code = inference.basis == VariantInference::Basis::none ? "W-VARIANT-REJECTED" : "W-VARIANT-AMBIGUOUS";
      d.message = "--variant auto: " + inference.summary() + "; replayed under " + res.profile;
      const Tag* tag = game.find_tag("Variant");
      d.line = tag && tag->line ? tag->line : game.source_line;
      d.column = 1;
      res.diagnostics.insert(res.diagnostics.begin(), std::move(d));
    }
    res.inference = std::move(inference);
    return res;
  }
  ReplayResult res;
  const GameRules rules = rules_for_game(game, cfg);
  res.profile = rules.profile;
  Walker w{game, cfg, visit, res, rules.options, geometry_of(rules.options), GameState{}, 0, 0, std::nullopt};
  if (!rules.error.empty()) {
    res.setup_ok = false;
    w.game_diag(Severity::error, "E-RULES", rules.error, rules.line);
    return res;
  }
  w.run();
  return res;
}

}  // namespace ppn::replay
