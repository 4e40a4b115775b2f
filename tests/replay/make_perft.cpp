// Generator of tests/replay/perft.txt (not part of the build; compile by hand against the
// ppn_convert and ppn_rules libraries:
//   g++ -std=c++20 -O2 -I. tests/replay/make_perft.cpp build/convert/libppn_convert.a build/rules/libppn_rules.a \
//       build/io/libppn_io.a build/notation/libppn_notation.a -lz -lzstd -o /tmp/make_perft && /tmp/make_perft ../shared > tests/replay/perft.txt
// It samples roll positions from the reference corpora, adds hand-picked ones, and prints
// the number of distinct legal plays (distinct resulting positions) per profile. Run it only
// after the corpora agree with the engine (tests/replay_corpora.cpp).
#include <iostream>
#include <nlohmann/json.hpp>

#include "rules/engine.hpp"
#include "convert/racket_position.hpp"
#include "convert/reference_jsonl.hpp"

using namespace ppn::convert;
using namespace ppn::rules;

namespace {
const char* kProfiles[] = {"hasbro-2001", "racket-nu"};

void emit(const Position& p, int seat, int doublets, int d1, int d2, const std::string& note) {
  GameState st;
  st.set_position(p);
  st.to_move = static_cast<std::uint8_t>(seat);
  st.doublets = static_cast<std::uint8_t>(doublets);
  std::cout << position_text(p) << " | seat=" << seat << " doublets=" << doublets
            << " dice=" << d1 << "," << d2 << " |";
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
    emit(b.pos, seat, doublets, rec["dice"][0].get<int>(), rec["dice"][1].get<int>(),
         tag + ":" + std::to_string(lineno));
  });
}
}  // namespace

int main(int argc, char** argv) {
  const std::string shared = argc > 1 ? argv[1] : "../shared";
  std::cout << "# Perft-style counts: position (relative terms, rules::position_text) | mover,\n"
               "# doublets already thrown this turn, dice | number of distinct legal plays\n"
               "# (distinct resulting positions) per profile. Made by tests/replay/make_perft.cpp\n"
               "# after the corpora agreed; checked by tests/replay_perft.cpp.\n";
  std::cout << "# hand-picked\n";
  const char* all_nest = "s0[N N N N] s1[N N N N] s2[N N N N] s3[N N N N]";
  auto P = [](const char* t) { return *parse_position_text(t); };
  emit(P(all_nest), 0, 0, 5, 3, "enter, then the 3 by the new pawn: 1 play");
  emit(P(all_nest), 0, 0, 6, 4, "no move: the empty play");
  emit(P(all_nest), 0, 0, 5, 5, "hasbro: two entries; racket-nu also enter + the new pawn moves 5 (T3a)");
  emit(P(all_nest), 0, 0, 1, 4, "enter by the sum: 1");
  emit(P("s0[N N N 10] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 1, 4,
       "hasbro: enter only; racket-nu: enter, or 10+1+4 in either order / one pawn (T1a)");
  emit(P("s0[N N N 10] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 5, 5,
       "hasbro: two entries; racket-nu also one entry + 10 moves 5 (T3a)");
  emit(P("s0[H H H 60] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 3, 3,
       "four parts cannot all be played: hasbro the empty play only");
  emit(P("s0[H H H 66] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 4, 2, "either die: 2 plays");
  emit(P("s0[H H 40 69] s1[N N N N] s2[N N 12 12] s3[N N N N]"), 0, 0, 2, 5,
       "maximal use (T9a): hasbro 1 play, racket-nu also the 2 alone");
  emit(P("s0[H H 4 20] s1[N N N 60] s2[N N N N] s3[N N N N]"), 0, 0, 5, 2,
       "capture with the 5 earns 20");
  emit(P("s0[N N 10 10] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 3, 3,
       "blockade may not move together; racket-nu also 10->13 alone: Racket tests only the first pawn (by id) for the second 3, which would re-form the pair");
  emit(P("s0[7 10 10 30] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 0, 3, 3,
       "four parts over four pawns with a pair");
  emit(P("s0[N 10 66 H] s1[N N N N] s2[N N N N] s3[N N N N]"), 0, 2, 4, 4, "third doublet: penalty");
  emit(P("s0[N N N 30] s1[N N N 51] s2[N N N N] s3[N N N N]"), 0, 0, 5, 1,
       "entry capture, bonus 20: finals {21,30} {1,50} {20,31} {0,51}; racket-nu also 30+5+1 without entering");
  emit(P("s0[N N N 10] s1[N N 51 51] s2[N N N N] s3[N N N N]"), 0, 0, 5, 2,
       "ENTER blockaded by an opponent");
  std::cout << "# sampled from shared/corpora/hasbro/selfplay-seed1111.jsonl.gz (line numbers)\n";
  sample(shared + "/corpora/hasbro/selfplay-seed1111.jsonl.gz", 211, "hasbro-selfplay");
  std::cout << "# sampled from shared/corpora/racket/selfplay-seed1001.jsonl.gz (line numbers)\n";
  sample(shared + "/corpora/racket/selfplay-seed1001.jsonl.gz", 337, "racket-selfplay");
  return 0;
}
