// Self-play games (see selfplay.hpp).
#include "analysis/selfplay.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include "analysis/evaluator.hpp"
#include "analysis/net_play.hpp"
#include "analysis/rng.hpp"
#include "replay/bridge.hpp"

namespace ppn::analysis {

using namespace ppn::replay;
using namespace ppn::rules;

namespace {

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
    case BotKind::net0: return "net0";
    case BotKind::net1: return "net1";
  }
  return "random";
}

std::optional<BotKind> bot_kind_of(std::string_view name) {
  for (BotKind k : {BotKind::random, BotKind::greedy, BotKind::eval, BotKind::net0, BotKind::net1})
    if (bot_kind_name(k) == name) return k;
  return std::nullopt;
}

std::size_t bot_choice(BotKind k, const Evaluator& ev, const rules::Game& g, Dice d, const LegalPlays& plays, Rng& rng) {
  if (plays.plays.size() < 2) return 0;
  switch (k) {
    case BotKind::random: return rng.below(static_cast<std::uint32_t>(plays.plays.size()));
    case BotKind::greedy: return greedy_choice(g, plays);
    case BotKind::eval: return eval_choice(ev, g, d, plays);
    case BotKind::net0:
    case BotKind::net1: {
      const NeuralNet* net = neural_net(g.geometry().ludo);
      assert(net && "callers check bot_available");
      if (!net) return eval_choice(ev, g, d, plays);
      return k == BotKind::net0 ? net0_choice(*net, g, d, plays) : net1_choice(*net, g, d, plays);
    }
  }
  return 0;
}

std::size_t eval_choice(const Evaluator& ev, const rules::Game& g, Dice d, const LegalPlays& plays) {
  return best_play(g, d, plays, [&ev](const rules::Game& after) { return ev.fitted(after); });
}

int greedy_score(const Position& p, int seat, const Geometry& g) {
  int score = 0;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (!p.seat_present(s)) continue;
    int mine = 0;
    for (const Place pawn : p.pawns(s)) {
      if (pawn.in_nest()) continue;
      const int rel = pawn.rel();
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

namespace {

// The mover's pawns after a play, each as its steps still to go (steps_to_go), fewest first.
std::array<int, kPawnsPerSeat> steps_left(const Position& p, int seat, const Geometry& g) {
  std::array<int, kPawnsPerSeat> out{};
  std::size_t k = 0;
  for (const Place pawn : p.pawns(seat)) out[k++] = steps_to_go(pawn, g);
  std::sort(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(k));
  return out;
}

}  // namespace

std::size_t greedy_choice(const rules::Game& g, const LegalPlays& plays) {
  const int seat = seat_of(g.to_move());
  std::size_t pick = 0;
  if (plays.results.size() < 2) return pick;
  // On Ludo's board, plays of one score (most of a single die's: each moves one token as far)
  // are told apart by the token they leave nearest HOME, then the next: the bot runs its
  // leading token home rather than spreading tokens over the track, where without safe squares
  // (classic Ludo, RULES.md §ludo-board) every token out is one more to be captured. On the
  // Parcheesi board (two dice, ties rarer) the first play of the best score is taken.
  const rules::Geometry& board = g.geometry();
  int best = greedy_score(plays.results[0], seat, board);
  auto best_steps = board.ludo ? steps_left(plays.results[0], seat, board) : std::array<int, kPawnsPerSeat>{};
  for (std::size_t i = 1; i < plays.results.size(); ++i) {
    const int sc = greedy_score(plays.results[i], seat, board);
    if (sc < best || (sc == best && !board.ludo)) continue;
    const auto steps = board.ludo ? steps_left(plays.results[i], seat, board) : std::array<int, kPawnsPerSeat>{};
    if (sc > best || steps < best_steps) best = sc, best_steps = steps, pick = i;
  }
  return pick;
}

bool bot_available(BotKind k, bool ludo) {
  return (k != BotKind::net0 && k != BotKind::net1) || neural_net(ludo) != nullptr;
}

Result<Selfplay> make_selfplay(const SelfplayConfig& cfg) {
  if (cfg.players < 2 || cfg.players > 4) return failure(Code::argument, "--players must be 2, 3 or 4");
  auto r = profile_options(cfg.variant);
  if (!r.ok()) return failure(Code::argument, r.error);
  Options o = *r.options;
  for (const auto& a : cfg.options)
    if (auto err = apply_override(o, a)) return failure(Code::argument, *err);
  return Selfplay(cfg, o);
}

ppn::Game Selfplay::play_game(std::uint64_t index) const { return play_game(index, {}); }

std::vector<int> Selfplay::seat_order() const {
  auto seating = profile_seating(cfg_.variant);
  if (!seating) seating = profile_seating(default_profile(opts_.ludo()));
  std::vector<int> out;
  for (const Colour c : seating->seats(cfg_.players)) out.push_back(seat_of(c));
  return out;
}

ppn::Game Selfplay::play_game(std::uint64_t index, const std::vector<SeatBot>& given, std::vector<int>* ranking) const {
  Rng rng(cfg_.seed * 0x9E3779B97F4A7C15ull + index * 0xD1B54A32D192ED03ull + 1);
  // Under duplicate dice the random bot's choices do not move the dice stream (SelfplayConfig).
  Rng own_choices(cfg_.seed * 0xBF58476D1CE4E5B9ull + index * 0x94D049BB133111EBull + 2);
  Rng& choices = cfg_.duplicate_dice ? own_choices : rng;
  const bool ludo = opts_.ludo();
  const Geometry& g = geometry_of(opts_);
  // The seats taking part, in the order turns pass: the profile's seating (RULES.md Q2).
  auto seating = profile_seating(cfg_.variant);
  if (!seating) seating = profile_seating(default_profile(ludo));  // a Selfplay made without make_selfplay
  const std::vector<Colour> seats = seating->seats(cfg_.players);
  // Bots: seats alternate greedy and random, the first seat's kind chosen by the seed (drawn
  // whatever the bots, so that the dice of a seed stay those of `ppn selfplay`).
  std::array<SeatBot, kMaxSeats> bots{};
  std::array<int, kMaxSeats> bot_of_seat{};
  const bool first_greedy = rng.below(2) == 0;
  for (int i = 0; i < cfg_.players; ++i) {
    const int seat = seat_of(seats[static_cast<std::size_t>(i)]);
    bot_of_seat[seat] = i;
    SeatBot& b = bots[seat];
    if (given.empty()) b.kind = (i % 2 == 0) == first_greedy ? BotKind::greedy : BotKind::random;
    else b = given[static_cast<std::size_t>(i)];
    if (b.name.empty()) b.name = std::string(bot_kind_name(b.kind)) + " bot " + std::to_string(i + 1);
  }

  rules::Game state = rules::Game::start(opts_, seats);
  const Evaluator ev(opts_, {});  // the eval bot's
  ppn::Game game;
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
  for (int i = 0; i < cfg_.players; ++i) {
    const Colour c = seats[static_cast<std::size_t>(i)];
    game.tags.push_back({std::string(1, colour_letter(c)) + std::string(colour_name(c)).substr(1), bots[seat_of(c)].name});
  }

  bool over = false;
  for (int k = 0; k < cfg_.max_rolls && !over; ++k) {
    const int d1 = rng.die(), d2 = ludo ? 0 : rng.die();  // Ludo: one die (Ludo rules, Rules)
    const Dice dice{d1, d2};
    const Colour mover = state.to_move();
    Roll roll;
    roll.number = static_cast<std::uint32_t>(k + 1);
    roll.seat = mover;
    roll.dice = {static_cast<std::uint8_t>(d1), static_cast<std::uint8_t>(d2)};
    // Every roll has a legal play, the empty one at least (a third doublet: the penalty's).
    const LegalPlays lp = state.legal_plays(dice);
    assert(!lp.plays.empty() && "every roll has a legal play, the empty one at least");
    std::size_t pick = 0;
    if (lp.plays.size() > 1) {
      const SeatBot& bot = bots[seat_of(mover)];
      if (bot.choose) {
        pick = bot.choose(Decision{state, dice, lp});
        if (pick >= lp.plays.size()) break;  // the caller's chooser reports its own error
      } else {
        pick = bot_choice(bot.kind, ev, state, dice, lp, choices);
      }
    }
    const RollResult r = state.play_legal(dice, lp, pick);
    replay::write_played(roll, lp.plays[pick], r, g);
    game.movetext.emplace_back(std::move(roll));
    over = r.over;
  }
  if (ranking) ranking->clear();
  if (over) {
    // The finishing order as far as the game decided it (Ludo plays on for the places).
    std::string result;
    for (const Colour c : state.ranking()) {
      if (!result.empty()) result += ' ';
      result += colour_name(c);
      if (ranking) ranking->push_back(bot_of_seat[seat_of(c)]);
    }
    game.set_tag("Result", result);
  }
  return game;
}

}  // namespace ppn::analysis
