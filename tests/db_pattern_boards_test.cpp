// `ppn find --pattern` on both boards: self-play games of Parcheesi (hasbro-2001) and of Ludo
// (classic ludo, and ludo-modern, whose blocks let two tokens of a colour share a square)
// imported into one database; every pattern kind is asked for every colour, and each answer
// must be what the game type (rules::Game) shows of the positions a replay of the same records
// walks through. The patterns are worked out here from each game's own board and pawns, not by
// db::matches; a pattern judged on the wrong board (the Parcheesi geometry on a Ludo game)
// finds nothing on the Ludo games, where these positions have hits.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli_run.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"
#include "replay/replayer.hpp"
#include "rules/game.hpp"

using namespace ppn::test;
using ppn::Colour;
using ppn::rules::Game;
using ppn::rules::Place;

namespace {

// Two pawns of one colour on `c`'s ENTER (Ludo: its start square), counted on the track in
// engine-absolute squares.
bool blockade_on_enter(const Game& game, Colour c) {
  const auto& g = game.geometry();
  const int enter = g.abs_of(ppn::rules::seat_of(c), 0);
  for (const Colour x : game.turn_order()) {
    int here = 0;
    for (const Place p : game.pawns(x)) here += p.on_track(g) && g.abs_of_rel(ppn::rules::seat_of(x), p.rel()) == enter;
    if (here >= 2) return true;
  }
  return false;
}

// At least `n` pawns of `c` on its home path (Ludo: home column): on the board, off the track,
// not HOME.
bool home_path(const Game& game, Colour c, int n) {
  if (!game.position().seat_present(ppn::rules::seat_of(c))) return false;
  const auto& g = game.geometry();
  int on = 0;
  for (const Place p : game.pawns(c)) on += !p.in_nest() && !p.on_track(g) && !p.home(g);
  return on >= n;
}

// A pawn of `c` on the board, not HOME, at most `k` steps from HOME.
bool near_home(const Game& game, Colour c, int k) {
  if (!game.position().seat_present(ppn::rules::seat_of(c))) return false;
  const auto& g = game.geometry();
  for (const Place p : game.pawns(c))
    if (!p.in_nest() && !p.home(g) && g.steps_to_home(p.rel()) <= k) return true;
  return false;
}

struct Question {
  std::string pattern;  // as `ppn find --pattern` takes it
  std::function<bool(const Game&)> holds;
};

std::vector<Question> questions() {
  std::vector<Question> q;
  for (const Colour c : {Colour::Green, Colour::Red, Colour::Blue, Colour::Yellow}) {
    const std::string name(ppn::colour_name(c));
    q.push_back({"blockade-on-enter:" + name, [c](const Game& g) { return blockade_on_enter(g, c); }});
    q.push_back({"home-path:" + name + ":1", [c](const Game& g) { return home_path(g, c, 1); }});
    q.push_back({"home-path:" + name + ":2", [c](const Game& g) { return home_path(g, c, 2); }});
    q.push_back({"near-home:" + name + ":6", [c](const Game& g) { return near_home(g, c, 6); }});
  }
  return q;
}

// The self-play files, made once per test run: one per profile.
const std::vector<std::pair<std::string, std::string>> kBoards = {
    {"hasbro-2001", "parcheesi"}, {"ludo", "ludo"}, {"ludo-modern", "ludo"}};
const std::vector<std::string>& selfplay_records() {
  static const std::vector<std::string> files = [] {
    const auto dir = fresh_dir("pattern-boards-records");
    std::vector<std::string> out;
    int seed = 29;
    for (const auto& [variant, board] : kBoards) {
      const auto f = (dir / (variant + ".ppn")).string();
      const auto r = run_ppn("selfplay --variant " + variant + " --games 40 --seed " + std::to_string(seed++) + " -o " + f);
      REQUIRE(r.code == 0);
      out.push_back(f);
    }
    return out;
  }();
  return files;
}

// (file name, line of the game, first roll, last roll, rolls matching): a row of `ppn find
// --pattern --format csv` without its game id.
using Hit = std::tuple<std::string, std::string, std::string, std::string, std::string>;

std::vector<Hit> found(const std::string& db, const std::string& pattern) {
  const auto r = run_ppn("find --db " + db + " --pattern " + pattern + " --format csv");
  INFO(r.out);
  REQUIRE((r.code == 0 || r.code == 1));  // 1: nothing found
  std::vector<Hit> hits;
  std::istringstream in(r.out);
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string x; std::getline(fields, x, ',');) f.push_back(x);
    REQUIRE(f.size() == 6);
    if (header) {
      CHECK(f == std::vector<std::string>{"game", "file", "line", "first_roll", "last_roll", "rolls"});
      header = false;
      continue;
    }
    hits.emplace_back(std::filesystem::path(f[1]).filename().string(), f[2], f[3], f[4], f[5]);
  }
  std::sort(hits.begin(), hits.end());
  return hits;
}

}  // namespace

TEST_CASE("db find --pattern: every pattern on both boards is what the game type shows of the replayed positions",
          "[db][cli][ludo]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto& files = selfplay_records();
  const auto db = fresh_db("pattern-boards", backend);
  std::string args;
  for (const auto& f : files) args += " " + f;
  REQUIRE(run_ppn("import -q --db " + db + args).code == 0);

  // Every position after every roll, as the game type has it, by record.
  struct Walked {
    std::string file, board;
    std::uint32_t line = 0;
    std::vector<std::uint32_t> numbers;  // the recorded number of each main-line roll
    std::vector<Game> after;             // the game after each of them
  };
  std::vector<Walked> walked;
  for (std::size_t i = 0; i < files.size(); ++i)
    for (const auto& game : games_in(files[i])) {
      Walked w{std::filesystem::path(files[i]).filename().string(), kBoards[i].second, game.source_line, {}, {}};
      const auto res = ppn::replay::replay_game(game, {}, [&](const ppn::replay::RollEvent& e) {
        REQUIRE(e.roll_index == static_cast<int>(w.after.size()));
        w.numbers.push_back(e.roll->number.value_or(static_cast<std::uint32_t>(e.roll_index + 1)));
        w.after.push_back(e.after);
      });
      REQUIRE(res.errors() == 0);
      REQUIRE(!w.after.empty());
      CHECK(w.after.front().geometry().ludo == (w.board == "ludo"));
      walked.push_back(std::move(w));
    }

  std::map<std::string, int> matched_on;  // board -> questions with a hit there
  for (const auto& q : questions()) {
    INFO(q.pattern);
    std::vector<Hit> want;
    std::map<std::string, bool> any;
    for (const auto& w : walked) {
      int first = -1, last = -1, count = 0;
      for (std::size_t k = 0; k < w.after.size(); ++k)
        if (q.holds(w.after[k])) {
          if (first < 0) first = static_cast<int>(k);
          last = static_cast<int>(k);
          ++count;
        }
      if (count == 0) continue;
      any[w.board] = true;
      want.emplace_back(w.file, std::to_string(w.line), std::to_string(w.numbers[static_cast<std::size_t>(first)]),
                        std::to_string(w.numbers[static_cast<std::size_t>(last)]), std::to_string(count));
    }
    std::sort(want.begin(), want.end());
    CHECK(found(db, q.pattern) == want);
    for (const auto& [board, yes] : any) matched_on[board] += yes;
  }
  // Both boards have positions of every kind to find (16 questions: 4 colours x 4 patterns).
  CHECK(matched_on["parcheesi"] == 16);
  CHECK(matched_on["ludo"] == 16);
}
