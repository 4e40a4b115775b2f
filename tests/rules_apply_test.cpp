// The rules core's applier (rules/apply.hpp): what a play does to a position, on both boards,
// and the one decision about the bonuses a play leaves unplayed (RULES.md Q63).
#include <catch2/catch.hpp>

#include "convert/nu_ppn.hpp"
#include "notation/printer.hpp"
#include "replay/bridge.hpp"
#include "rules/apply.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::rules;
using namespace ppn::test;
using ppn::rules::detail::rows;

namespace {

RecordedPlay recorded(std::initializer_list<RecordedMove> ms) {
  RecordedPlay p;
  for (const auto& m : ms) p.push_back(m);
  return p;
}

// A move of the roll's seat by one part, the record marking a capture or not.
RecordedMove R(int from, int part, bool x = false, int owner = -1) {
  return RecordedMove::of(MiniMove::move(from, part), kParcheesi68, owner, x);
}

}  // namespace

TEST_CASE("apply_recorded: a marked landing captures the lone opponent and earns 20, left unplayed it is forfeited",
          "[rules][apply]") {
  // seat 1's pawn on the mover's rel 20 (a plain square)
  const auto st = state("g:N,N,N,14 r:N,N,N," + std::to_string(own_rel(1, 20)) + " b:N,N,N,N y:N,N,N,N / g d0");
  const auto out = apply_recorded(profile("hasbro-2001"), st.pos, 0, recorded({R(14, 6, true)}));
  REQUIRE(out.failed == -1);
  CHECK(ppn::test::id_of(out.after) == "g:N,N,N,20 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(out.flags[0] == kCaptured);
  CHECK(out.victim[0] == 1);
  CHECK(out.events.captures == 1);
  CHECK(out.events.bonuses_earned == 1);
  CHECK(out.events.bonuses_used == 0);
  CHECK(out.events.bonuses_forfeited == 1);
  CHECK(out.events.bonuses_void == 0);
  CHECK(out.events.forfeited_tens == 0);
  CHECK_FALSE(out.won);
  // Unmarked, the record says nothing was captured: both pawns stay (as_played carries out
  // what was written).
  const auto kept = apply_recorded(profile("hasbro-2001"), st.pos, 0, recorded({R(14, 6, false)}));
  CHECK(kept.events.captures == 0);
  CHECK(kept.after.count(1, byte_of_rel(own_rel(1, 20))) == 1);
  // The 20 played: nothing forfeited.
  const auto used = apply_recorded(profile("hasbro-2001"), st.pos, 0, recorded({R(14, 6, true), R(20, 20)}));
  CHECK(used.events.bonuses_used == 1);
  CHECK(used.events.bonuses_forfeited == 0);
  CHECK(ppn::test::id_of(used.after) == "g:N,N,N,40 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
}

TEST_CASE("apply_recorded: a bonus left by the winning move is void, not forfeited (Q63)", "[rules][apply]") {
  const auto st = state("g:H,H,H,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto out = apply_recorded(profile("hasbro-2001"), st.pos, 0, recorded({R(68, 3)}));
  REQUIRE(out.failed == -1);
  CHECK(out.flags[0] == kReachedHome);
  CHECK(out.won);
  CHECK(out.events.arrivals == 1);
  CHECK(out.events.bonuses_earned == 1);
  CHECK(out.events.bonuses_forfeited == 1);  // left unplayed (db/SCHEMA.md rolls)...
  CHECK(out.events.bonuses_void == 1);       // ...and void: none of it is forfeited
  // One pawn short of the win, the same 10 is forfeited.
  const auto st2 = state("g:H,H,10,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto out2 = apply_recorded(profile("hasbro-2001"), st2.pos, 0, recorded({R(68, 3)}));
  CHECK_FALSE(out2.won);
  CHECK(out2.events.bonuses_void == 0);
  CHECK(out2.events.forfeited_tens == 1);
}

TEST_CASE("apply_recorded: a move that cannot be carried out stops the play there", "[rules][apply]") {
  const auto st = state("g:N,N,10,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto o = profile("hasbro-2001");
  const auto over = apply_recorded(o, st.pos, 0, recorded({R(10, 2), R(68, 6)}));  // past HOME
  CHECK(over.failed == 1);
  CHECK(ppn::test::id_of(over.after) == "g:N,N,12,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(apply_recorded(o, st.pos, 0, recorded({R(30, 2)})).failed == 0);  // no pawn on 30
}

TEST_CASE("apply_recorded: another colour's pawn moves in its own coordinates and earns the roll's seat nothing",
          "[rules][apply]") {
  const auto st = state("g:N,N,N,20 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  RecordedPlay p;
  p.push_back(RecordedMove::of(MiniMove::enter(), kParcheesi68, 1, true));
  p.push_back(RecordedMove::of(MiniMove::move(0, 3), kParcheesi68, 1, true));
  const auto out = apply_recorded(profile("hasbro-2001"), st.pos, 0, p);
  REQUIRE(out.failed == -1);
  // seat 1 entered on its rel 0 (the mover's 17) and moved 3 onto the mover's 20: captured
  CHECK(ppn::test::id_of(out.after) == "g:N,N,N,N r:N,N,N,3 b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(out.victim[1] == 0);
  CHECK(out.events.captures == 0);
  CHECK(out.events.bonuses_earned == 0);
}

TEST_CASE("apply_recorded: captures earn what the engine's rules earn (bonus_chain=one_per_roll, Q37)",
          "[rules][apply]") {
  // seat 1's pawns on the mover's 30 and 38 (plain squares)
  const auto st = state("g:N,N,24,36 r:N,N," + std::to_string(own_rel(1, 30)) + "," +
                        std::to_string(own_rel(1, 38)) + " b:N,N,N,N y:N,N,N,N / g d0");
  const auto one = with("bonus_chain=one_per_roll");
  const auto out = apply_recorded(one, st.pos, 0, recorded({R(24, 6, true), R(36, 2, true)}));
  CHECK(out.events.captures == 2);
  CHECK(out.events.bonuses_earned == 1);
  CHECK(out.events.bonuses_forfeited == 1);
  // The engine agrees, and the play's PPN text, its one bonus played, forfeits nothing (the
  // text used to count a forfeit per capture).
  const auto v = check(one, st, 6, 2, play({M(24, 6), M(36, 2), M(30, 20)}));
  REQUIRE(v.legal);
  CHECK(v.events.captures == 2);
  CHECK(v.events.bonuses_earned == 1);
  CHECK(v.events.bonuses_forfeited == 0);
  const auto lp = legal_plays(one, st, 6, 2);
  bool found = false;
  for (std::size_t i = 0; i < lp.plays.size(); ++i)
    if (lp.results[i] == v.result) {
      found = true;
      CHECK(ppn::replay::play_text(lp.plays[i], v.events) == "24/30x 36/38x +20 30/50");
    }
  CHECK(found);
}

TEST_CASE("apply_play and validate_play apply a legal play alike, on both boards (one primitive per board)",
          "[rules][apply]") {
  // Games walked with a fixed dice sequence: every legal play of every roll, carried out with
  // the engine's own capture flags, gives the engine's position and events.
  for (const char* profile_name : {"hasbro-2001", "racket-nu", "parchis-es", "ludo", "ludo-seed", "ludo-modern"}) {
    const auto o = profile(profile_name);
    GameState st = initial_state(0b1111, {0, 1, 2, 3}, 0);
    std::uint32_t seed = 12345;
    auto die = [&] {
      seed = seed * 1103515245u + 12345u;
      return static_cast<int>((seed >> 16) % 6) + 1;
    };
    int plays_checked = 0, captures = 0;
    for (int roll = 0; roll < 400; ++roll) {
      const int d1 = die(), d2 = o.ludo() ? 0 : die();
      if (roll_setup(st, d1, d2, o).kind == RollKind::penalty) {
        if (advance_turn(st, d1, d2, apply_penalty(st.pos, st.to_move, o, geometry_of(o), st.last_moved), o)) break;
        continue;
      }
      const auto lp = legal_plays(o, st, d1, d2);
      REQUIRE_FALSE(lp.plays.empty());
      for (std::size_t i = 0; i < lp.plays.size(); ++i) {
        const Play& p = lp.plays[i];
        const auto out = apply_play(o, st.pos, st.to_move, p);
        const auto v = check(o, st, d1, d2, p);
        INFO(profile_name << " roll " << roll << " play " << i);
        REQUIRE(v.legal);
        REQUIRE(out.failed == -1);
        CHECK(out.after == lp.results[i]);
        CHECK(out.events.captures == v.events.captures);
        CHECK(out.events.arrivals == v.events.arrivals);
        CHECK(out.events.bonuses_earned == v.events.bonuses_earned);
        CHECK(out.events.bonuses_used == v.events.bonuses_used);
        CHECK(out.events.bonuses_forfeited == v.events.bonuses_forfeited);
        CHECK(out.events.bonuses_void == v.events.bonuses_void);
        CHECK(out.events.forfeited_tens == v.events.forfeited_tens);
        // (A Ludo block that captures a block "collectively": the engine marks both landings,
        // the applier the one that completes the block.)
        if (!o.ludo())
          for (int k = 0; k < p.size(); ++k) CHECK(out.flags[k] == (p[k].flags & (kCaptured | kReachedHome)));
        ++plays_checked;
        captures += v.events.captures;
      }
      const std::size_t pick = static_cast<std::size_t>(roll * 7) % lp.plays.size();
      if (advance_turn(st, d1, d2, lp.results[pick], o, true, &lp.plays[pick])) break;
    }
    INFO(profile_name);
    CHECK(plays_checked > 400);
    CHECK(captures > 0);
  }
}

TEST_CASE("validate_play: a winning roll's left-over bonus is void, and its PPN forfeits nothing (Q63)",
          "[rules][apply]") {
  const auto o = profile("hasbro-2001");
  const auto st = state("g:H,H,H,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  const auto p = play({M(68, 3)});
  const auto v = check(o, st, 6, 3, p);
  REQUIRE(v.legal);
  CHECK(v.events.bonuses_void == 1);
  Play flagged = p;
  flagged[0].flags = kReachedHome;
  CHECK(ppn::replay::play_text(flagged, v.events) == "h5/H");
  // not winning: the 10, which no pawn can play, is forfeited in the text
  const auto st2 = state("g:H,H,h1,h5 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  Play p2 = play({M(68, 3), M(64, 6)});
  const auto v2 = check(o, st2, 6, 3, p2);
  REQUIRE(v2.legal);
  CHECK(v2.events.bonuses_void == 0);
  p2[0].flags = kReachedHome;
  CHECK(ppn::replay::play_text(p2, v2.events) == "h5/H h1/h7 +10 -");
}

TEST_CASE("apply_recorded on the Ludo board: a marked landing sends the lone token home", "[rules][apply][ludo]") {
  const auto o = profile("ludo");
  const Geometry& g = geometry_of(o);
  Position p{};
  for (auto& row : rows(p)) row.fill(kNest);
  rows(p)[0][3] = byte_of_rel(10);
  // seat 1's token on the square seat 0 calls 14
  rows(p)[1][3] = byte_of_rel(g.rel_of(1, g.abs_of(0, 14)));
  p.sort_seat(0);
  p.sort_seat(1);
  const auto out = apply_recorded(o, p, 0, recorded({RecordedMove::of(MiniMove::move(10, 4), g, -1, true)}));
  REQUIRE(out.failed == -1);
  CHECK(out.after.count(0, byte_of_rel(14)) == 1);
  CHECK(out.after.count(1, kNest) == 4);
  CHECK(out.flags[0] == kCaptured);
  CHECK(out.victim[0] == 1);
  CHECK(out.events.captures == 1);
  CHECK(out.events.bonuses_earned == 0);  // Ludo rewards are extra rolls, not bonus moves
  // a token reaching the finish
  Position q{};
  for (auto& row : rows(q)) row.fill(kNest);
  rows(q)[0][3] = byte_of_rel(g.home - 2);
  q.sort_seat(0);
  const auto home = apply_recorded(o, q, 0, recorded({RecordedMove::of(MiniMove::move(g.home - 2, 2), g)}));
  REQUIRE(home.failed == -1);
  CHECK(home.flags[0] == kReachedHome);
  CHECK(home.events.arrivals == 1);
}

TEST_CASE("NU board: a bump goes through the rules applier and keeps pawn ids", "[rules][apply][convert]") {
  namespace nu = ppn::convert::nu;
  nu::Board b = nu::initial_board();
  // green pawn 2 on ring 10 (green rel 5); red pawn 1 on ring 14 (green rel 9)
  b.at({ppn::Colour::Green, 2}) = nu::Loc{nu::LocKind::main, 10};
  b.at({ppn::Colour::Red, 1}) = nu::Loc{nu::LocKind::main, 14};
  nu::Moves m;
  m.list.push_back(nu::Move{nu::MoveKind::main, {ppn::Colour::Green, 2}, 10, 4});
  const auto r = nu::steps_of_moves(b, ppn::Colour::Green, m);
  REQUIRE(r.error.empty());
  CHECK(r.applied.after.at({ppn::Colour::Green, 2}) == nu::Loc{nu::LocKind::main, 14});
  CHECK(r.applied.after.at({ppn::Colour::Red, 1}) == nu::Loc{nu::LocKind::start, 0});
  CHECK(r.applied.outcome.events.captures == 1);
  ppn::Roll roll;
  roll.steps = r.steps;
  CHECK(ppn::play_to_ppn(roll) == "5/9x +20 -");
}

TEST_CASE("apply_play: an entry onto a salida of two colours takes the pawn the rules name (parchis-es, Q11)",
          "[rules][apply]") {
  const auto o = profile("parchis-es");
  // seats 1 and 2 share the mover's salida (a seguro: two colours may stand there, Q25)
  auto st = state("g:N,N,N,30 r:N,N,N," + std::to_string(own_rel(1, 0)) + " b:N,N,N,N y:N,N,N,N / g d0");
  Position pos = st.pos;
  rows(pos)[2][0] = byte_of_rel(own_rel(2, 0));
  pos.sort_seat(2);
  st.set_position(pos);
  const auto v = check(o, st, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  INFO((v.diag ? v.diag->message : std::string()));
  REQUIRE(v.legal);
  REQUIRE(v.events.captures == 1);
  Play p = play({E(), M(30, 1), M(31, 20)});
  p[0].flags = kCaptured;
  const auto out = apply_play(o, st.pos, 0, p);
  REQUIRE(out.failed == -1);
  CHECK(out.victim[0] == 1);  // the colour next after the mover
  CHECK(out.after == v.result);
  CHECK(out.events.bonuses_earned == v.events.bonuses_earned);
}
