// Perft-style counts (tests/replay/perft.txt): number of distinct legal plays per profile,
// plus two consistency checks between generation and validation: every generated play
// validates to its own result, and every recorded corpus play ends in one of the generated
// results.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "convert/racket_position.hpp"
#include "convert/reference_jsonl.hpp"
#include "tests/rules_helpers.hpp"
#include "tests/shared_data.hpp"

using namespace ppn::convert;
using namespace ppn::rules;

namespace {
struct PerftLine {
  int lineno = 0;
  GameState st;  // from the line's position ID: pawns, seat to move, doublets thrown
  int d1 = 0, d2 = 0;
  std::vector<std::pair<std::string, std::size_t>> counts;
};

std::vector<PerftLine> read_perft() {
  std::ifstream in(ppn::test::source_path("tests/replay/perft.txt"));
  REQUIRE(in);
  std::vector<PerftLine> out;
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (line.empty() || line[0] == '#') continue;
    const auto hash = line.find("  #");
    if (hash != std::string::npos) line.resize(hash);
    const auto bar1 = line.find('|'), bar2 = line.find('|', bar1 + 1);
    REQUIRE(bar2 != std::string::npos);
    PerftLine p;
    p.lineno = no;
    INFO("perft.txt line " << no);
    p.st = ppn::test::state(line.substr(0, bar1 - 1));
    REQUIRE(std::sscanf(line.c_str() + bar1 + 1, " dice=%d,%d", &p.d1, &p.d2) == 2);
    std::istringstream rest(line.substr(bar2 + 1));
    std::string kv;
    while (rest >> kv) {
      const auto eq = kv.find('=');
      p.counts.emplace_back(kv.substr(0, eq), std::stoul(kv.substr(eq + 1)));
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace

TEST_CASE("perft: distinct legal plays per profile", "[replay][perft]") {
  const auto lines = read_perft();
  CHECK(lines.size() > 100);
  for (const auto& p : lines) {
    const GameState& st = p.st;
    for (const auto& [prof, expected] : p.counts) {
      INFO("perft.txt line " << p.lineno << " profile " << prof);
      const Options o = *profile_options(prof).options;
      const LegalPlays all = legal_plays(o, st, p.d1, p.d2);
      CHECK(all.plays.size() == expected);
      for (std::size_t i = 0; i < all.plays.size(); ++i) {
        ValidateRequest req;
        req.state = &st;
        req.d1 = p.d1;
        req.d2 = p.d2;
        req.play = &all.plays[i];
        const Verdict v = validate_play(o, req);
        CHECK(v.legal);
        CHECK(v.result == all.results[i]);
      }
    }
  }
}

TEST_CASE("perft: every recorded corpus play is among the generated plays", "[replay][perft]") {
  PPN_REQUIRE_SHARED(h, "corpora/hasbro/selfplay-seed1111.jsonl.gz");
  PPN_REQUIRE_SHARED(r, "corpora/racket/selfplay-seed1001.jsonl.gz");
  for (const auto& [file, prof] : {std::pair{h, "hasbro-2001"}, std::pair{r, "racket-nu"}}) {
    const Options o = *profile_options(prof).options;
    long checked = 0, n = 0;
    reference::for_each_line(file.string(), [&](long lineno, const std::string& text) {
      auto rec = nlohmann::json::parse(text, nullptr, false);
      if (!rec.is_object() || !rec.contains("board") || (n++ % 7) != 0) return;
      ppn::convert::nu::Board board;
      REQUIRE_FALSE(reference::read_board(rec["board"], board));
      racket::PawnPosition b;
      REQUIRE_FALSE(racket::position_of_board(board, 0b1111, b));
      const auto colour = ppn::colour_from_name(rec["color"].get<std::string>());
      REQUIRE(colour);
      const int seat = seat_of(*colour);
      ppn::convert::nu::Moves moves;
      REQUIRE_FALSE(reference::read_moves(rec["moves"], moves));
      const auto m = racket::play_of_moves(moves, *colour);
      REQUIRE_FALSE(m.forced);
      const std::array<ppn::Colour, 4> seats{ppn::Colour::Green, ppn::Colour::Red, ppn::Colour::Blue, ppn::Colour::Yellow};
      const Game game = Game::at(o, b.pos, seats, *colour, rec.value("doublets_before", 0));
      const Dice dice{rec["dice"][0].get<int>(), rec["dice"][1].get<int>()};
      Game::PlayRules how;
      how.ids = &b.ids[seat];  // the pawns as the record names them
      const Judged v = game.judge(dice, m.play, how);
      INFO(file.filename().string() << ":" << lineno);
      REQUIRE(v.legal());
      const LegalPlays all = game.legal_plays(dice);
      CHECK(std::find(all.results.begin(), all.results.end(), v.after()) != all.results.end());
      ++checked;
    });
    CHECK(checked > 1000);
  }
}
