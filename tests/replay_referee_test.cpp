// The referee's questions (replay/referee.hpp) against whole self-play games: before every roll,
// the position ID and the dice are asked as `ppn legal` asks them. The play the game made must be
// judged legal, with the position the replay reached, and that position must be among the
// listed ones; every listed play must in turn be judged legal, leading to its listed position.
// (Profiles whose rules depend on more than the position ID holds, k14's blockade ages and
// parchis-es's last-moved pawn, are left out: the ID does not carry them.)
#include <catch2/catch.hpp>

#include <algorithm>

#include "analysis/selfplay.hpp"
#include "parser/parser.hpp"
#include "notation/printer.hpp"
#include "replay/bridge.hpp"
#include "replay/referee.hpp"

using namespace ppn;

namespace {

struct Asked {
  std::string position, dice, play, after;
};

// Every roll of a game as a question: the position before it, its dice, its play, the position after.
std::vector<Asked> questions_of(const Game& game, const std::string& variant) {
  std::vector<Asked> out;
  replay::ReplayConfig cfg;
  cfg.variant = variant;
  const auto rules = replay::rules_for_game(game, cfg);
  REQUIRE(rules.error.empty());
  const auto r = replay::replay_game(game, cfg, [&](const replay::RollEvent& e) {
    const Roll& roll = *e.roll;
    const std::string dice = roll.dice_count() == 1 ? std::to_string(roll.dice[0])
                                                    : std::to_string(roll.dice[0]) + "-" + std::to_string(roll.dice[1]);
    out.push_back({replay::position_id(e.before), dice, play_to_ppn(roll), replay::position_id(e.after)});
  });
  REQUIRE(r.errors() == 0);
  return out;
}

// A play typed as text, read by the parser as `ppn legal --play` reads it, then judged.
replay::PlayJudgement judge_text(const replay::Question& q, const std::string& text) {
  auto parsed = parser::parse_play(text, q.mover());
  REQUIRE(std::holds_alternative<Roll>(parsed));
  return replay::judge_play(q, std::get<Roll>(parsed));
}

void check_games(const std::string& variant, int players, int games, int check_every_listed) {
  analysis::SelfplayConfig sc;
  sc.variant = variant;
  sc.players = players;
  sc.seed = 16;
  auto made = analysis::make_selfplay(sc);
  REQUIRE(made);
  const analysis::Selfplay& sp = *made;
  for (int i = 0; i < games; ++i) {
    const Game game = sp.play_game(static_cast<std::uint64_t>(i));
    for (const auto& a : questions_of(game, variant)) {
      INFO(variant << " game " << i << ": " << a.position << "  " << a.dice << ": " << a.play);
      auto q = replay::make_question(a.position, a.dice, variant, {});
      REQUIRE(std::holds_alternative<replay::Question>(q));
      const auto& question = std::get<replay::Question>(q);
      const auto groups = replay::legal_groups(question);
      REQUIRE_FALSE(groups.empty());
      CHECK(std::any_of(groups.begin(), groups.end(), [&](const auto& grp) { return grp.after_id == a.after; }));
      const auto played = judge_text(question, a.play);
      CHECK(played.legal);
      CHECK(played.after_id == a.after);
      if (i < check_every_listed)
        for (const auto& grp : groups)
          for (const auto& text : grp.plays) {
            INFO("listed: " << text);
            const auto j = judge_text(question, text);
            CHECK(j.legal);
            CHECK(j.after_id == grp.after_id);
          }
    }
  }
}

}  // namespace

TEST_CASE("referee: every roll of hasbro-2001 self-play games, asked as ppn legal asks it", "[replay][referee][slow]") {
  check_games("hasbro-2001", 4, 3, 1);
  check_games("hasbro-2001", 2, 2, 1);
}

TEST_CASE("referee: every roll of Ludo self-play games, asked as ppn legal asks it", "[replay][referee][ludo][slow]") {
  check_games("ludo", 4, 3, 1);
  check_games("ludo-modern", 3, 2, 1);
  check_games("racket-nu", 3, 1, 1);  // a Parcheesi profile with interleaved bonuses and greedy dice
}
