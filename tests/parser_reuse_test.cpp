// parse_stream reuses one Game (and the parser's buffers) from game to game
// (parser/game_reader.hpp): nothing of a previous game, or of a game rejected half-way, may
// show in the next one, whether or not the handler moved from the game.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "parser/parser.hpp"

using namespace ppn;

namespace {

// Games of decreasing size and different shapes: a movetext entry of one kind in one game sits
// where the previous game had another kind, rolls with comments, NAGs, variations and a
// penalty are followed by plain ones, and a game that fails late (after several rolls were
// built) comes before valid ones.
const std::vector<std::string> game_texts = {
    "[Event \"big\"]\n[Seats \"green red\"]\n[Result \"red green\"]\n[Option \"a=1\"]\n\n"
    "1. G 5-2: N/0 0/2 ! { first }\n2. R 6-6: 12/15x/19 +20 19/39 $7 ; line\n"
    "3. R 3-3: PENALTY 59/N (3. R 3-3: - { alt } (3. R 3-3: 4/7))\n4. G 1-1: -\n"
    "5. G 4-3: h1/h4 61/H +10 -\n6. R 2-1: 1/2 2/3\n\n",
    "[Event \"broken\"]\n\n1. G 5-2: N/0 0/2 { c }\n2. R 6-1: 1/7 ?? (2. R 6-1: -)\n3. B 9-9: -\n\n",
    "[Event \"observed\"]\n[Seats \"red green\"]\n\n"
    "@ r:N,5,N,N g:h1,N,N,N / r d1 { seen }\nR 3-4: 5/8 8/12\nG RESIGNS\n\n",
    "[Event \"small\"]\n\nG 6-3: -\nR 2-2: N/0\n\n",
    "[Event \"tags only\"]\n[Site \"x\"]\n\n",
    "[Event \"last\"]\n\n7. Y 1-2: 3/4x +20 4/24 ?! { end }\n\n",
};

// Every game of the stream, each parsed on its own for comparison.
struct Expected {
  std::vector<Game> games;
  std::vector<parser::ParseError> errors;
};
Expected parse_each_alone(const std::string& file) {
  Expected out;
  std::uint32_t line = 1;
  for (const std::string& text : game_texts) {
    auto r = parser::parse_game(text, file, line);
    if (auto* g = std::get_if<Game>(&r)) {
      out.games.push_back(std::move(*g));
    } else {
      out.errors.push_back(std::get<parser::ParseError>(r));
    }
    for (char c : text) line += c == '\n' ? 1 : 0;
  }
  return out;
}

// Positions are not part of Game::operator==; compare them too.
void check_positions(const Roll& got, const Roll& want) {
  CHECK(got.line == want.line);
  CHECK(got.column == want.column);
  REQUIRE(got.variations.size() == want.variations.size());
  for (std::size_t v = 0; v < got.variations.size(); ++v) {
    REQUIRE(got.variations[v].size() == want.variations[v].size());
    for (std::size_t i = 0; i < got.variations[v].size(); ++i) check_positions(got.variations[v][i], want.variations[v][i]);
  }
}
void check_same(const Game& got, const Game& want) {
  CHECK(got == want);
  CHECK(got.source_line == want.source_line);
  REQUIRE(got.movetext.size() == want.movetext.size());
  for (std::size_t i = 0; i < got.movetext.size(); ++i) {
    if (auto* r = std::get_if<Roll>(&got.movetext[i])) check_positions(*r, std::get<Roll>(want.movetext[i]));
  }
}

}  // namespace

TEST_CASE("stream: a reused Game carries nothing over from the previous games", "[parser][stream]") {
  std::string file;
  for (const std::string& t : game_texts) file += t;
  const Expected want = parse_each_alone("reuse.ppn");
  REQUIRE(want.games.size() == 5);
  REQUIRE(want.errors.size() == 1);

  for (const bool move_out : {false, true}) {
    INFO((move_out ? "handler moves from the game" : "handler leaves the game in place"));
    for (int pass = 0; pass < 2; ++pass) {  // twice: the second pass starts from full buffers
      std::istringstream in(pass == 0 ? file : file + file);
      std::vector<Game> got;
      std::vector<parser::ParseError> errors;
      parser::parse_stream(
          in, "reuse.ppn", [&](Game& g) { got.push_back(move_out ? std::move(g) : g); },
          [&](const parser::ParseError& e) { errors.push_back(e); });
      REQUIRE(got.size() == want.games.size() * static_cast<std::size_t>(pass + 1));
      REQUIRE(errors.size() == want.errors.size() * static_cast<std::size_t>(pass + 1));
      for (std::size_t i = 0; i < want.games.size(); ++i) {
        INFO("game " << i);
        check_same(got[i], want.games[i]);
      }
      CHECK(errors[0].format() == want.errors[0].format());
      if (pass == 1) {  // the second copy of the file: same games, 30-odd lines further down
        for (std::size_t i = 0; i < want.games.size(); ++i) {
          CHECK(got[want.games.size() + i] == want.games[i]);
        }
      }
    }
  }
}
