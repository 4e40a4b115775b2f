// Self-play games (see selfplay.hpp).
#include "analysis/selfplay.hpp"

#include <algorithm>
#include <cassert>

#include "analysis/evaluator.hpp"
#include "analysis/rng.hpp"
#include "replay/bridge.hpp"
#include "rules/apply.hpp"
#include "rules/turn_direction.hpp"

namespace ppn::analysis {

using namespace ppn::replay;
using namespace ppn::rules;

namespace {

// The seats taking part, in the order turns pass (rules/turn_direction.hpp): two players sit
// opposite each other (green, blue); three leave out red on the Parcheesi board (green, yellow,
// blue to the left) and yellow on the Ludo board and under racket-nu (whose server seats the
// first colours of green, red, blue, yellow).
std::vector<Colour> seat_order(int players, std::string_view profile, bool racket, bool ludo) {
  std::vector<Colour> taking_part;
  switch (players) {
    case 2: taking_part = {Colour::Green, racket ? Colour::Red : Colour::Blue}; break;
    case 3: taking_part = {Colour::Green, ludo || racket ? Colour::Red : Colour::Yellow, Colour::Blue}; break;
    default: taking_part = {Colour::Green, Colour::Red, Colour::Blue, Colour::Yellow};
  }
  std::vector<Colour> out;
  for (Colour c : turn_direction(profile))
    if (std::find(taking_part.begin(), taking_part.end(), c) != taking_part.end()) out.push_back(c);
  return out;
}

std::string seats_tag(const std::vector<Colour>& seats) {
  std::string s;
  for (Colour c : seats) {
    if (!s.empty()) s += ' ';
    s += colour_name(c);
  }
  return s;
}

}  // namespace

std::string_view bot_kind_name(BotKind k) {
  switch (k) {
    case BotKind::random: return "random";
    case BotKind::greedy: return "greedy";
    case BotKind::eval: return "eval";
  }
  return "random";
}

std::optional<BotKind> bot_kind_of(std::string_view name) {
  for (BotKind k : {BotKind::random, BotKind::greedy, BotKind::eval})
    if (bot_kind_name(k) == name) return k;
  return std::nullopt;
}

std::size_t eval_choice(const Options& o, const Evaluator& ev, const GameState& st, int d1, int d2, const RollChoices& c) {
  std::size_t pick = 0;
  double best = -1;
  for (std::size_t i = 0; i < c.plays.plays.size(); ++i) {
    GameState after = st;
    take_choice(o, after, d1, d2, c, i);
    if (const double v = ev.fitted(after).p[st.to_move]; v > best) best = v, pick = i;
  }
  return pick;
}

int greedy_score(const Position& p, int seat, const Geometry& g) {
  int score = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (!p.seat_present(s)) continue;
    int mine = 0;
    for (auto b : p.pawns[s]) {
      if (b == kNest) continue;
      const int rel = rel_of_byte(b);
      int v = 10 + g.home - g.steps_to_home(rel);         // entered, and progress
      if (rel == g.home) v += 20;                         // home
      else if (g.on_home_path(rel)) v += 8;               // home path: out of reach
      else if (g.is_safe_abs(g.abs_of_rel(s, rel))) v += 4;  // safety
      mine += v;
    }
    score += s == seat ? 3 * mine : -mine;
  }
  return score;
}

std::variant<Selfplay, std::string> make_selfplay(const SelfplayConfig& cfg) {
  if (cfg.players < 2 || cfg.players > 4) return std::string("--players must be 2, 3 or 4");
  auto r = profile_options(cfg.variant);
  if (!r.ok()) return r.error;
  Options o = *r.options;
  for (const auto& a : cfg.options)
    if (auto err = apply_override(o, a)) return *err;
  return Selfplay(cfg, o);
}

RollChoices roll_choices(const Options& o, const GameState& st, int d1, int d2) {
  RollChoices c;
  const RollSetup setup = roll_setup(st, d1, d2, o);
  c.parts = setup.parts.size();
  if (setup.kind == RollKind::penalty) {
    c.penalty = true;
    c.plays.plays.emplace_back();
    c.plays.results.push_back(apply_penalty(st.pos, st.to_move, o, geometry_of(o), st.last_moved));
    return c;
  }
  c.plays = legal_plays(o, st, d1, d2);
  assert(!c.plays.plays.empty() && "every roll has a legal play, the empty one at least");
  return c;
}

bool take_choice(const Options& o, GameState& st, int d1, int d2, const RollChoices& c, std::size_t i) {
  const Play& play = c.plays.plays[i];
  int dice_used = 0;
  for (const auto& mm : play)
    if (!mm.is_bonus()) dice_used += mm.kind == MiniKind::enter && (mm.flags & kEnterBySum) ? 2 : 1;
  const bool fully_used = c.penalty || dice_used >= c.parts;
  return advance_turn(st, d1, d2, c.plays.results[i], o, fully_used, &play);
}

Game Selfplay::play_game(std::uint64_t index) const { return play_game(index, {}); }

Game Selfplay::play_game(std::uint64_t index, const std::vector<SeatBot>& given, std::vector<int>* ranking) const {
  Rng rng(cfg_.seed * 0x9E3779B97F4A7C15ull + index * 0xD1B54A32D192ED03ull + 1);
  const bool racket = cfg_.variant == "racket-nu";
  const bool ludo = opts_.ludo();
  const Geometry g = geometry_of(opts_);
  const auto seats = seat_order(cfg_.players, cfg_.variant, racket, ludo);
  const auto [mask, order] = seat_order_of(seats);
  // Bots: seats alternate greedy and random, the first seat's kind chosen by the seed (drawn
  // whatever the bots, so that the dice of a seed stay those of `ppn selfplay`).
  std::array<SeatBot, kMaxSeats> bots{};
  std::array<int, kMaxSeats> bot_of_seat{};
  const bool first_greedy = rng.below(2) == 0;
  for (int i = 0; i < cfg_.players; ++i) {
    bot_of_seat[order[i]] = i;
    SeatBot& b = bots[order[i]];
    if (given.empty()) b.kind = (i % 2 == 0) == first_greedy ? BotKind::greedy : BotKind::random;
    else b = given[static_cast<std::size_t>(i)];
    if (b.name.empty()) b.name = std::string(bot_kind_name(b.kind)) + " bot " + std::to_string(i + 1);
  }

  GameState st = initial_state(mask, order, order[0]);
  const Evaluator ev(opts_, {});  // the eval bot's
  Game game;
  game.tags = {{"Event", "ppn selfplay"},
               {"Site", "ppn"},
               {"Date", "????.??.??"},
               {"Game", ludo ? "ludo" : "parcheesi"},
               {"Variant", cfg_.variant},
               {"Seats", seats_tag(seats)},
               {"Result", "*"}};
  for (const auto& a : cfg_.options) game.tags.push_back({"Option", a});
  game.tags.push_back({"Seed", std::to_string(cfg_.seed) + ":" + std::to_string(index)});
  // Each seat's bot is a player of its own, named by its kind and seat number ("greedy bot 1"
  // rolls first): two seats of one game never share a name, so per-player figures count one
  // bot per seat.
  for (int i = 0; i < cfg_.players; ++i)
    game.tags.push_back({std::string(1, colour_letter(seats[i])) + std::string(colour_name(seats[i])).substr(1),
                         bots[order[i]].name});

  bool over = false;
  for (int k = 0; k < cfg_.max_rolls && !over; ++k) {
    const int d1 = rng.die(), d2 = ludo ? 0 : rng.die();  // Ludo: one die (Ludo rules, Rules)
    const int seat = st.to_move;
    Roll roll;
    roll.number = static_cast<std::uint32_t>(k + 1);
    roll.seat = colour_of(seat);
    roll.dice = {static_cast<std::uint8_t>(d1), static_cast<std::uint8_t>(d2)};
    const RollChoices choices = roll_choices(opts_, st, d1, d2);
    std::size_t pick = 0;
    if (choices.penalty) {
      roll.kind = PlayKind::Penalty;
      const Position& result = choices.plays.results[0];
      for (auto b : st.pos.pawns[seat])
        if (b != kNest && result.count(seat, b) < st.pos.count(seat, b))
          roll.penalty_move = ppn::SquareMove{square_of_rel(rel_of_byte(b), g), Square::nest(), false};
    } else {
      const LegalPlays& lp = choices.plays;
      const SeatBot& bot = bots[seat];
      if (lp.plays.size() > 1) {
        if (bot.choose) {
          pick = bot.choose(Decision{st, d1, d2, choices});
          if (pick >= lp.plays.size()) break;  // the caller's chooser reports its own error
        } else if (bot.kind == BotKind::random) {
          pick = rng.below(static_cast<std::uint32_t>(lp.plays.size()));
        } else if (bot.kind == BotKind::eval) {
          pick = eval_choice(opts_, ev, st, d1, d2, choices);
        } else {
          int best = greedy_score(lp.results[0], seat, g);
          for (std::size_t i = 1; i < lp.plays.size(); ++i)
            if (const int sc = greedy_score(lp.results[i], seat, g); sc > best) best = sc, pick = i;
        }
      }
      const Play& play = lp.plays[pick];
      if (play.empty()) roll.kind = PlayKind::NoPlay;
      else roll.steps = steps_from_play(play, apply_play(opts_, st.pos, seat, play).events, g);
    }
    game.movetext.emplace_back(std::move(roll));
    over = take_choice(opts_, st, d1, d2, choices, pick);
  }
  if (ranking) ranking->clear();
  if (over) {
    // The finishing order as far as the game decided it (Ludo plays on for the places).
    std::string result;
    for (int i = 0; i < st.ranking_len; ++i) {
      if (i) result += ' ';
      result += colour_name(colour_of(st.ranking[i]));
      if (ranking) ranking->push_back(bot_of_seat[st.ranking[i]]);
    }
    game.set_tag("Result", result);
  }
  return game;
}

}  // namespace ppn::analysis
