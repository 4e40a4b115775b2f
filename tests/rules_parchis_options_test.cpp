// The Parchís options behind the two-dice `parchis-es` profile (RULES.md §profiles):
// each case shows the one verdict the option value changes against hasbro-2001.
#include <catch2/catch.hpp>

#include <variant>

#include "analysis/selfplay.hpp"
#include "parser/parser.hpp"
#include "rules/engine.hpp"
#include "replay/replayer.hpp"
#include "tests/rules_helpers.hpp"

using namespace ppn::replay;
using namespace ppn::rules;
using namespace ppn::test;
using ppn::rules::detail::rows;

TEST_CASE("option repeat_penalty=last_moved_except_homepath (Parchís [ES-B], Q46)",
          "[replay][options][parchis]") {
  const auto o = with("repeat_penalty=last_moved_except_homepath");
  // Two doublets played; the second one's last mini-move took a pawn from 10 to 13.
  auto st = state("g:N,10,30,h3 r:N,N,N,N / g d0");
  st.doublets = 1;
  const Play second = play({M(30, 3), M(10, 3)});
  CHECK_FALSE(advance_turn(st, 3, 3, position_of("g:N,13,33,h3 r:N,N,N,N / g d0"),
                           o, true, &second));
  CHECK(st.doublets == 2);
  CHECK(st.last_moved == byte_of_rel(13));
  // Third doublet: the pawn on 13 goes back, not the one closest to HOME (66).
  const auto v = check(o, st, 4, 4, play({}));
  REQUIRE(v.legal);
  CHECK(v.result == position_of("g:N,N,33,h3 r:N,N,N,N / g d0"));
  const auto h = check(profile("hasbro-2001"), st, 4, 4, play({}));
  REQUIRE(h.legal);
  CHECK(h.result == position_of("g:N,N,13,33 r:N,N,N,N / g d0"));
  // The penalty's legal_plays agree.
  CHECK(legal_plays(o, st, 4, 4).results.front() == v.result);

  // Last moved into the home path (pasillo): nothing goes back.
  auto hp = state("g:N,10,30,h3 r:N,N,N,N / g d0");
  hp.doublets = 2;
  hp.last_moved = byte_of_rel(66);
  CHECK(check(o, hp, 2, 2, play({})).result == hp.pos);
  // No pawn moved this turn: nothing goes back.
  hp.last_moved = kNest;
  CHECK(check(o, hp, 2, 2, play({})).result == hp.pos);

  // An entry is the last move: the pawn on the ENTER (rel 0) is the last moved; the turn
  // passing clears it.
  auto e = state("g:N,10,20,30 r:N,N,N,N / g d0");
  const Play enter = play({M(10, 5), E()});
  const auto ve = check(o, e, 5, 5, enter);
  REQUIRE(ve.legal);
  advance_turn(e, 5, 5, ve.result, o, true, &enter);
  CHECK(e.last_moved == byte_of_rel(0));
  const Play one = play({M(15, 1), M(30, 2)});
  const auto v1 = check(o, e, 1, 2, one);
  REQUIRE(v1.legal);
  advance_turn(e, 1, 2, v1.result, o, true, &one);
  CHECK(e.to_move == 1);
  CHECK(e.last_moved == kNest);
}

TEST_CASE("option safety_sharing=two_any_colours (Parchís [ES-V], [ES-JCF], Q25)",
          "[replay][options][parchis]") {
  const auto o = with("safety_sharing=two_any_colours");
  const auto hasbro = profile("hasbro-2001");
  // Seat 1 has a pawn on rel 7 of seat 0's view (a safety): landing there is illegal in
  // hasbro-2001 (Q24) and shares the square, without a capture, under two_any_colours.
  const int opp = ppn::test::own_rel(1, 7);
  const std::string text = "g:N,N,N,3 r:N,N,N," + std::to_string(opp) + " / g d0";
  const auto st = state(text);
  const auto land = play({M(3, 4), M(7, 2)});
  CHECK_FALSE(check(hasbro, st, 4, 2, play({M(3, 4)})).legal);
  const auto v = check(o, st, 4, 2, play({M(3, 4)}));
  // a 2 is still playable from 7 to 9, so the one-die play is illegal here too
  CHECK_FALSE(v.legal);
  const auto ok = check(o, st, 4, 2, land);
  REQUIRE(ok.legal);
  CHECK(ok.events.captures == 0);
  CHECK(ok.result.count(1, byte_of_rel(opp)) == 1);  // the seat-1 pawn stays
  // Land on the shared safety and stay (the other die moves nothing else: only one pawn).
  const auto st2 = state("g:N,N,3,40 r:N,N,N," + std::to_string(opp) + " / g d0");
  const auto v2 = check(o, st2, 4, 3, play({M(3, 4), M(40, 3)}));
  REQUIRE(v2.legal);
  CHECK(position_check(v2.result) != nullptr);           // two colours on one square...
  CHECK(position_check(v2.result, kParcheesi68, true) == nullptr);  // ...allowed on a safety
  CHECK(v2.result.count(0, byte_of_rel(7)) == 1);
  CHECK(v2.result.count(1, byte_of_rel(opp)) == 1);
  // The shared square is full (Q22): nobody lands there, but it is no barrera ([ES-B]
  // "dos fichas del mismo color"), so a third pawn passes it.
  for (int from : {1, 4}) {
    auto st3 = st2;
    Position p = v2.result;  // g:N,N,7,43
    rows(p)[0][0] = byte_of_rel(from);
    p.sort_seat(0);
    st3.set_position(p);
    const auto v3 = check(o, st3, 6, 3, play({M(from, 6), M(43, 3)}));
    if (from == 1) CHECK(refusal_of(v3).code == RuleCode::blockade_landed);  // lands on 7
    else CHECK(v3.legal);                                              // passes 7
  }
  // A lone opponent on the mover's ENTER: captured on entry in hasbro-2001 (Hasbro 2001 rules,
  // Safety Spaces exception), shared under two_any_colours.
  const auto st4 = state("g:N,N,N,30 r:N,N,N," + std::to_string(ppn::test::own_rel(1, 0)) + " / g d0");
  const auto ve = check(o, st4, 5, 1, play({E(), M(30, 1)}));
  REQUIRE(ve.legal);
  CHECK(ve.events.captures == 0);
  const auto vh = check(hasbro, st4, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  REQUIRE(vh.legal);
  CHECK(vh.events.captures == 1);
}

TEST_CASE("option entry_vs_stack=capture_last_arrival (Parchís [ES-JCF], Q11)",
          "[replay][options][parchis]") {
  Options o = with("entry_vs_stack=capture_last_arrival");
  REQUIRE_FALSE(apply_override(o, "safety_sharing=two_any_colours"));
  const auto hasbro = profile("hasbro-2001");
  const int enter1 = ppn::test::own_rel(1, 0), enter2 = ppn::test::own_rel(2, 0);
  // A foreign pair (seat 1) on the mover's ENTER: blocked in hasbro-2001, one of them is
  // captured under capture_last_arrival (and earns the 20, Q39).
  const auto two = state("g:N,N,N,30 r:N,N," + std::to_string(enter1) + "," + std::to_string(enter1) +
                         " / g d0");
  CHECK(refusal_of(check(hasbro, two, 5, 1, play({E(), M(30, 1)}))).code == RuleCode::entry_blocked);
  const auto v = check(o, two, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  REQUIRE(v.legal);
  CHECK(v.events.captures == 1);
  CHECK(v.result.count(1, byte_of_rel(enter1)) == 1);
  CHECK(v.result.count(0, byte_of_rel(0)) == 1);
  // One own and one foreign pawn: the foreign one is taken, a blockade stands on the ENTER.
  auto mixed = state("g:N,N,0,30 r:N,N,N,N / g d0");
  Position pm = mixed.pos;
  rows(pm)[1][3] = byte_of_rel(enter1);
  mixed.set_position(pm);
  const auto vm = check(o, mixed, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  REQUIRE(vm.legal);
  CHECK(vm.result.count(0, byte_of_rel(0)) == 2);
  CHECK(vm.result.count(1, byte_of_rel(enter1)) == 0);
  // Two foreign colours: the pawn of the seat next after the mover (seat 1) is taken.
  Position p3 = position_of("g:N,N,N,30 r:N,N,N,N b:N,N,N,N / g d0");
  rows(p3)[1][3] = byte_of_rel(enter1);
  rows(p3)[2][3] = byte_of_rel(enter2);
  auto three = state("g:N,N,N,30 r:N,N,N,N b:N,N,N,N / g d0");
  three.set_position(p3);
  const auto v3 = check(o, three, 5, 1, play({E(), M(30, 1), M(31, 20)}));
  REQUIRE(v3.legal);
  CHECK(v3.result.count(1, byte_of_rel(enter1)) == 0);
  CHECK(v3.result.count(2, byte_of_rel(enter2)) == 1);
  // Two pawns of the mover's own colour: no entry ([ES-JCF]) until the pair is opened (Q14).
  const auto own = state("g:N,N,0,0 r:N,N,N,N / g d0");
  CHECK(refusal_of(check(o, own, 5, 1, play({E(), M(0, 1)}))).code == RuleCode::entry_blocked);
  CHECK(check(o, own, 5, 1, play({M(0, 1), E()})).legal);
}

TEST_CASE("option six_counts: a six moves 7 (or 12) with no pawn in the nest (Parchís [ES-T], "
          "[ES-JCF]; RULES.md §options (six_counts))",
          "[replay][options][parchis]") {
  const auto o7 = with("six_counts=7_when_all_out");
  const auto o12 = with("six_counts=12_when_all_out");
  const auto hasbro = profile("hasbro-2001");
  const auto out = state("g:20,30,40,50 r:N,N,N,N / g d0");
  // Every pawn out: the 6 is worth 7 (12), never 6.
  CHECK(check(o7, out, 6, 3, play({M(20, 7), M(30, 3)})).legal);
  CHECK(code(check(o7, out, 6, 3, play({M(20, 6), M(30, 3)}))) == RuleCode::wrong_part);
  CHECK(check(o12, out, 3, 6, play({M(30, 3), M(20, 12)})).legal);
  CHECK(code(check(o12, out, 3, 6, play({M(30, 3), M(20, 7)}))) == RuleCode::wrong_part);
  CHECK(check(hasbro, out, 6, 3, play({M(20, 6), M(30, 3)})).legal);
  CHECK(code(check(hasbro, out, 6, 3, play({M(20, 7), M(30, 3)}))) == RuleCode::wrong_part);
  // A doublet of sixes: both dice are 7s (parchis-es has no tops-and-bottoms move).
  CHECK(check(profile("parchis-es"), out, 6, 6, play({M(20, 7), M(27, 7)})).legal);
  // The generator agrees: every legal play of 6-3 moves 10 squares in all.
  const auto all = legal_plays(o7, out, 6, 3);
  REQUIRE_FALSE(all.plays.empty());
  for (const auto& p : all.plays) {
    int steps = 0;
    for (const auto& m : p) steps += m.value;
    CHECK(steps == 10);
  }

  // A pawn in the nest: the 6 stays 6, even when the other die enters it (judged at the
  // throw, rules/README.md "Decisions").
  const auto nest = state("g:N,30,40,50 r:N,N,N,N / g d0");
  CHECK(check(o7, nest, 6, 3, play({M(30, 6), M(40, 3)})).legal);
  CHECK(code(check(o7, nest, 6, 3, play({M(30, 7), M(40, 3)}))) == RuleCode::wrong_part);
  CHECK(check(o7, nest, 5, 6, play({E(), M(30, 6)})).legal);
  CHECK_FALSE(check(o7, nest, 5, 6, play({E(), M(30, 7)})).legal);
  // Pawns at HOME count as out of the nest.
  const auto home = state("g:30,40,H,H r:N,N,N,N / g d0");
  CHECK(check(o7, home, 6, 1, play({M(30, 7), M(40, 1)})).legal);
}

TEST_CASE("parchis-es records write the 7 of a six as a 7-square move", "[replay][replayer][parchis]") {
  const std::string text =
      "[Game \"parcheesi\"]\n[Variant \"parchis-es\"]\n[Seats \"green yellow\"]\n"
      "[Setup \"g:20,30,40,50 y:N,N,N,N / g d0\"]\n[Result \"*\"]\n\n"
      "1. G 6-3: 20/27 30/33\n2. Y 4-1: N/0\n3. G 6-2: 27/33 33/35\n";
  auto parsed = ppn::parser::parse_all(text, "six-counts.ppn");
  REQUIRE(parsed.errors.empty());
  REQUIRE(parsed.games.size() == 1);
  const auto r = replay_game(parsed.games.front(), {});
  CHECK(r.rolls_replayed == 2);
  REQUIRE(r.errors() == 1);
  CHECK(r.diagnostics.front().roll_index == 2);
  CHECK(r.diagnostics.front().line == 9);
}

TEST_CASE("parchis-es self-play games use the Parchís rules and replay cleanly",
          "[replay][selfplay][parchis]") {
  // The profile's own rules must actually occur in its games, not only pass validation:
  // two colours sharing a safety, third-doublet penalties sending back the last moved pawn
  // where closest_to_home would pick another (or none), and entries onto a two-pawn salida.
  const Options o = profile("parchis-es");
  Options closest = o;
  REQUIRE_FALSE(apply_override(closest, "repeat_penalty=closest_to_home"));
  ppn::analysis::SelfplayConfig cfg;
  cfg.variant = "parchis-es";
  cfg.players = 4;
  cfg.seed = 4242;
  auto made = ppn::analysis::make_selfplay(cfg);
  REQUIRE(made);
  const ppn::analysis::Selfplay& sp = *made;
  int shared = 0, penalties_differ = 0, stack_entries = 0;
  for (int i = 0; i < 200; ++i) {
    const ppn::Game g = sp.play_game(static_cast<std::uint64_t>(i));
    const auto r = replay_game(g, {}, [&](const RollEvent& e) {
      if (position_check(e.after.position()) != nullptr) ++shared;
      const int s = seat_of(e.before.to_move());
      if (e.result.events.penalty &&
          apply_penalty(e.before.position(), s, closest) != e.after.position())
        ++penalties_differ;
      if (e.result.events.entries > 0 && e.result.events.captures > 0) {
        int on_enter = 0;
        const int a = kParcheesi68.abs_of(s, 0);
        for (int t = 0; t < kMaxSeats; ++t)
          if (e.before.position().seat_present(t))
            on_enter += e.before.position().count(t, byte_of_rel(kParcheesi68.rel_of(t, a)));
        stack_entries += on_enter == 2;
      }
    });
    INFO("game " << i);
    CHECK(r.diagnostics.empty());
    CHECK(r.game_over);
  }
  WARN("parchis-es: " << shared << " rolls end with a shared safety, " << penalties_differ
                      << " penalties differ from closest_to_home, " << stack_entries
                      << " entries capture on a two-pawn salida");
  CHECK(shared > 0);
  CHECK(penalties_differ > 0);
  CHECK(stack_entries > 0);
}
