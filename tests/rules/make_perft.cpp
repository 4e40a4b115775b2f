// Generator of tests/replay/perft.txt: the rules core's own tool, on its internal turn state (not part of the build; compile by hand against the
// convert, replay, rules and notation libraries:
//   g++ -std=c++20 -O2 -I. tests/rules/make_perft.cpp build/convert/libppn_convert.a build/replay/libppn_replay.a \
//       build/rules/libppn_rules.a build/notation/libppn_notation.a build/io/libppn_io.a \
//       -lz -lzstd -o /tmp/make_perft && /tmp/make_perft ../shared > tests/replay/perft.txt
// It samples roll positions from the reference corpora, adds hand-picked ones, and prints
// the number of distinct legal plays (distinct resulting positions) per profile. Run it only
// after the corpora agree with the engine (tests/replay_corpora.cpp).
#include <iostream>
#include <nlohmann/json.hpp>

#include "rules/engine.hpp"
#include "convert/racket_position.hpp"
#include "convert/reference_jsonl.hpp"
#include "notation/position_id.hpp"
#include "replay/bridge.hpp"

using namespace ppn::convert;
using namespace ppn::rules;

namespace {
const char* kProfiles[] = {"hasbro-2001", "racket-nu"};

void emit(const GameState& st, int d1, int d2, const std::string& note) {
  std::cout << ppn::format_position_id(ppn::replay::desc_of(st.pos, colour_of(st.to_move), st.doublets, kParcheesi68))
            << " | dice=" << d1 << "," << d2 << " |";
  for (const char* prof : kProfiles) {
    const Options o = *profile_options(prof).options;
    std::cout << " " << prof << "=" << legal_plays(o, st, d1, d2).plays.size();
  }
  if (!note.empty()) std::cout << "  # " << note;
  std::cout << "\n";
}

void sample(const std::string& path, int every, const std::string& tag) {
  long n = 0;
  reference::for_each_line(path, [&](long lineno, const std::string& text) {
    auto rec = nlohmann::json::parse(text, nullptr, false);
    if (!rec.is_object() || !rec.contains("board") || !rec.contains("dice")) return;
    if (n++ % every != 0) return;
    ppn::convert::nu::Board board;
    ppn::convert::racket::PawnPosition b;
    if (reference::read_board(rec["board"], board) || racket::position_of_board(board, 0b1111, b)) return;
    const int seat = ppn::rules::seat_of(*ppn::colour_from_name(rec["color"].get<std::string>()));
    const int doublets = rec.value("doublets_before", 0);
    GameState st;
    st.set_position(b.pos);
    st.to_move = static_cast<std::uint8_t>(seat);
    st.doublets = static_cast<std::uint8_t>(doublets);
    emit(st, rec["dice"][0].get<int>(), rec["dice"][1].get<int>(), tag + ":" + std::to_string(lineno));
  });
}
}  // namespace

int main(int argc, char** argv) {
  const std::string shared = argc > 1 ? argv[1] : "../shared";
  std::cout << "# Perft-style counts: position (the PPN position ID: pawns, seat to move, doublets already\n"
               "# thrown this turn) | dice | number of distinct legal plays (distinct resulting positions) per\n"
               "# profile. Made by tests/rules/make_perft.cpp after the corpora agreed; checked by\n"
               "# tests/rules_perft_test.cpp.\n";
  std::cout << "# hand-picked\n";
  const char* all_nest = "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0";
  auto S = [](const char* id) {
    const auto desc = std::get<ppn::PositionDesc>(ppn::parse_position_id(id));
    GameState st = initial_state(0b1111, {0, 1, 2, 3}, static_cast<std::uint8_t>(seat_of(desc.to_move)));
    st.set_position(*ppn::replay::position_from_desc(desc, kParcheesi68));
    st.doublets = desc.rerolls;
    return st;
  };
  emit(S(all_nest), 5, 3, "enter, then the 3 by the new pawn: 1 play");
  emit(S(all_nest), 6, 4, "no move: the empty play");
  emit(S(all_nest), 5, 5, "hasbro: two entries; racket-nu also enter + the new pawn moves 5 (T3a)");
  emit(S(all_nest), 1, 4, "enter by the sum: 1");
  emit(S("g:N,N,N,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 1, 4,
       "hasbro: enter only; racket-nu: enter, or 10+1+4 in either order / one pawn (T1a)");
  emit(S("g:N,N,N,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 5, 5,
       "hasbro: two entries; racket-nu also one entry + 10 moves 5 (T3a)");
  emit(S("g:60,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 3, 3,
       "four parts cannot all be played: hasbro the empty play only");
  emit(S("g:h3,H,H,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 4, 2, "either die: 2 plays");
  emit(S("g:40,h6,H,H r:N,N,N,N b:N,N,12,12 y:N,N,N,N / g d0"), 2, 5,
       "maximal use (T9a): hasbro 1 play, racket-nu also the 2 alone");
  emit(S("g:4,20,H,H r:N,N,N,60 b:N,N,N,N y:N,N,N,N / g d0"), 5, 2,
       "capture with the 5 earns 20");
  emit(S("g:N,N,10,10 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 3, 3,
       "blockade may not move together; racket-nu also 10->13 alone: Racket tests only the first pawn (by id) for the second 3, which would re-form the pair");
  emit(S("g:7,10,10,30 r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"), 3, 3,
       "four parts over four pawns with a pair");
  emit(S("g:N,10,h3,H r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d2"), 4, 4, "third doublet: penalty");
  emit(S("g:N,N,N,30 r:N,N,N,51 b:N,N,N,N y:N,N,N,N / g d0"), 5, 1,
       "entry capture, bonus 20: finals {21,30} {1,50} {20,31} {0,51}; racket-nu also 30+5+1 without entering");
  emit(S("g:N,N,N,10 r:N,N,51,51 b:N,N,N,N y:N,N,N,N / g d0"), 5, 2,
       "ENTER blockaded by an opponent");
  std::cout << "# sampled from shared/corpora/hasbro/selfplay-seed1111.jsonl.gz (line numbers)\n";
  sample(shared + "/corpora/hasbro/selfplay-seed1111.jsonl.gz", 211, "hasbro-selfplay");
  std::cout << "# sampled from shared/corpora/racket/selfplay-seed1001.jsonl.gz (line numbers)\n";
  sample(shared + "/corpora/racket/selfplay-seed1001.jsonl.gz", 337, "racket-selfplay");
  return 0;
}
