// Game statistics (see game_stats.hpp for the definitions).
#include "analysis/game_stats.hpp"

#include <algorithm>

#include "notation/tags.hpp"
#include "notation/text_util.hpp"
#include "replay/bridge.hpp"

namespace ppn::analysis {

using namespace ppn::replay;
using namespace ppn::rules;

namespace {

// The blockades of `c` (Ludo: blocks) on the ring: the squares where a blockade is formed
// (those of the home path block only their owner).
std::vector<Place> ring_blockades(const rules::Game& g, Colour c) {
  std::vector<Place> out = g.blockades(c);
  std::erase_if(out, [&](Place p) { return !p.on_track(g.geometry()); });
  return out;
}

int nest_count(const Pawns& pawns) {
  int n = 0;
  for (const Place p : pawns) n += p.in_nest();
  return n;
}

int count_at(const Pawns& pawns, Place at) {
  int n = 0;
  for (const Place p : pawns) n += p == at;
  return n;
}

CaptureWhere where_of(int seat, int rel, const Geometry& g) {
  const int a = g.abs_of_rel(seat, rel);
  if (a % g.arm_spacing == 0) return CaptureWhere::entry;
  return g.is_safe_abs(a) ? CaptureWhere::safe : CaptureWhere::unsafe;
}

}  // namespace

std::string_view capture_where_name(CaptureWhere w) {
  switch (w) {
    case CaptureWhere::unsafe: return "unsafe";
    case CaptureWhere::safe: return "safe";
    case CaptureWhere::entry: return "entry";
  }
  return "?";
}

std::string stop_reason(const ReplayResult& res) {
  for (const auto& d : res.diagnostics)
    if (d.severity == Severity::error)
      return std::to_string(d.line) + ":" + std::to_string(d.column) + ": error[" + std::string(d.name()) + "]: " + d.text();
  return "";
}

std::string player_key(const GameStats& gs, int seat) {
  const auto& s = gs.seats[seat];
  if (!s.player.empty()) return s.player;
  return "(" + std::string(colour_name(colour_of(seat))) + ")";
}

namespace {

// The statistics of one replay, which `on_roll` (may be empty) also watches: it sees every roll
// event after it was counted. `*result` (may be null) receives the replay's result; with a
// result wanted, a game whose rules cannot be set up is replayed for its diagnostics.
GameStats count_replay(const ppn::Game& game, const ReplayConfig& cfg, const RollVisitor& on_roll, ReplayResult* result) {
  GameStats gs;
  const GameRules rules = rules_for_game(game, cfg);
  gs.profile = rules.profile;
  gs.ludo = rules.error.empty() && rules.options.ludo();
  gs.rolls = static_cast<int>(game.roll_count());
  if (!rules.error.empty()) {
    gs.error = rules.error;
    if (result) *result = replay_game(game, cfg, on_roll);
    return gs;
  }
  const Geometry& g = geometry_of(rules.options);
  std::vector<const Roll*> rolls;
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) rolls.push_back(r);

  int leader = -1;
  bool started = false;
  auto note_race = [&](const rules::Game& at, int number) {
    std::array<int, 4> r{};
    int best = -1, best_v = 1 << 30;
    bool tie = false;
    for (int s = 0; s < kMaxSeats; ++s) {
      if (!at.position().seat_present(s)) continue;
      r[s] = at.race(colour_of(s));
      if (r[s] < best_v) best_v = r[s], best = s, tie = false;
      else if (r[s] == best_v) tie = true;
    }
    if (!tie && best >= 0 && best != leader) {
      if (leader >= 0) ++gs.lead_changes;
      leader = best;
    }
    gs.race.push_back(r);
    gs.race_roll_number.push_back(number);
  };

  ReplayResult own;
  ReplayResult& res = result ? *result : own;
  res = replay_game(game, cfg, [&](const RollEvent& e) {
    const Position& before = e.before.position();
    const Position& after = e.after.position();
    if (!started) {
      started = true;
      note_race(e.before, 0);
    }
    const Colour mc = e.roll->seat;
    const int m = seat_of(mc);
    SeatStats& me = gs.seats[m];
    ++me.rolls;
    const Dice dice{e.roll->dice[0], e.roll->dice[1]};
    if (g.ludo ? dice.d1 == 6 : dice.d1 == dice.d2) ++me.doublets;
    const RollKind kind = e.before.parts(dice).kind;
    if (kind == RollKind::four_part && e.roll->kind == PlayKind::Moves) ++me.four_part;
    if (kind == RollKind::penalty || e.result.events.penalty) ++me.penalties;
    if (e.roll->kind == PlayKind::NoPlay) ++me.no_play;
    const Pawns mine_before = before.pawns(m);
    {
      bool on_board = false;
      for (const Place p : mine_before) on_board |= !p.in_nest() && !p.home(g);
      if (nest_count(mine_before) > 0 && !on_board) ++me.nest_rolls;
    }
    if (kind != RollKind::penalty) {
      me.pawns_entered += std::max(0, nest_count(mine_before) - nest_count(after.pawns(m)));
      me.bonuses_earned += e.result.events.bonuses_earned;
      me.bonuses_played += e.result.events.bonuses_used;
      // A bonus left over by the roll that wins is void, not forfeited (rules/apply.hpp).
      me.bonuses_forfeited += e.result.events.bonuses_forfeited - e.result.events.bonuses_void;
      // Captures: opponent pawns that left a board square for their nest.
      for (int o = 0; o < kMaxSeats; ++o) {
        if (o == m || !before.seat_present(o)) continue;
        const Pawns theirs = before.pawns(o), theirs_after = after.pawns(o);
        for (int k = 0; k < kPawnsPerSeat; ++k) {
          const Place p = theirs[k];
          if (p.in_nest() || (k > 0 && theirs[k - 1] == p)) continue;
          const int lost = count_at(theirs, p) - count_at(theirs_after, p);
          if (lost <= 0) continue;
          const auto w = static_cast<int>(where_of(o, p.rel(), g));
          me.captures_made.by_where[w] += lost;
          gs.seats[o].captures_suffered.by_where[w] += lost;
        }
      }
      // Blockades that stopped this roll (rules::Game::stopped_by_blockade: on a part's way, or
      // on the ENTER when the dice can enter a pawn, by a 5 or a total of 5).
      for (int o = 0; o < kMaxSeats; ++o)
        if (o != m && before.seat_present(o) && e.before.stopped_by_blockade(colour_of(o), dice))
          ++gs.seats[o].opponent_rolls_blocked;
    }
    // Blockades formed by this roll.
    const std::vector<Place> was = ring_blockades(e.before, mc);
    for (const Place p : ring_blockades(e.after, mc)) me.blockades_formed += std::find(was.begin(), was.end(), p) == was.end();
    note_race(e.after, static_cast<int>(e.roll->number.value_or(static_cast<std::uint32_t>(e.roll_index + 1))));
    if (on_roll) on_roll(e);
  });

  gs.replayed = res.setup_ok && !res.skipped;
  if (res.skipped) {
    gs.error = "skipped (--on-error skip) at " + stop_reason(res);
    return gs;
  }
  if (!res.setup_ok) {
    for (const auto& d : res.diagnostics) gs.error += (gs.error.empty() ? "" : "; ") + std::string(d.name()) + ": " + d.text();
    return gs;
  }
  gs.rolls_replayed = res.rolls_replayed;
  gs.complete = !res.stopped;
  if (res.stopped) gs.stop_reason = stop_reason(res);
  gs.game_over = res.game_over;
  gs.unseen_stretches = res.unseen_stretches;
  // Stretches of unseen plays: only the [Observer] seats' own rolls are all in the record.
  unsigned observers = 0;
  if (auto o = parse_seats(game.tag_value("Observer")))
    for (Colour c : *o) observers |= 1u << seat_of(c);
  gs.ranking = finishing_order(res, game.tag_value("Result"));
  const rules::Game& fin = res.final_game;
  if (!started) note_race(fin, 0);
  gs.seat_order = fin.turn_order();
  for (int s = 0; s < kMaxSeats; ++s) {
    SeatStats& st = gs.seats[s];
    st.present = fin.position().seat_present(s);
    if (!st.present) continue;
    const Colour c = colour_of(s);
    std::string tag(colour_name(c));
    tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
    st.player = std::string(game.tag_value(tag));
    for (const Roll* r : rolls) st.observed |= r->seat == c;
    st.rolls_seen.all = res.unseen_stretches == 0;
    st.rolls_seen.own = st.rolls_seen.all || (observers >> s & 1u) != 0;
    st.race_start = gs.race.front()[s];
    st.race_end = fin.race(c);
    for (std::size_t k = 0; k < gs.ranking.size(); ++k)
      if (gs.ranking[k] == c) st.place = static_cast<int>(k) + 1;
  }
  for (const auto& d : res.diagnostics) {
    if (d.roll_index < 0 || d.roll_index >= static_cast<int>(rolls.size()) || code_class(d.code) != Severity::error) continue;
    ++gs.seats[seat_of(rolls[d.roll_index]->seat)].illegal[std::string(d.name())];
  }
  return gs;
}

}  // namespace

GameStats compute_game_stats(const ppn::Game& game, const ReplayConfig& cfg) { return count_replay(game, cfg, {}, nullptr); }

GameStats compute_game_stats(const ppn::Game& game, const ReplayConfig& cfg, ReplayOutcome& out) {
  std::size_t main_rolls = 0;
  for (const auto& e : game.movetext) main_rolls += std::holds_alternative<Roll>(e);
  out.rolls.assign(main_rolls, RollOutcome{});
  out.positions.clear();
  out.seats.clear();
  ReplayResult res;
  GameStats gs = count_replay(game, cfg, [&](const RollEvent& e) {
    auto& roll = out.rolls[static_cast<std::size_t>(e.roll_index)];
    roll.legal = e.legal;
    roll.events = e.result.events;
    PositionAfter p;
    p.roll_index = e.roll_index;
    p.pos = e.after.position();
    p.hash = e.after.hash();
    p.to_move = static_cast<std::uint8_t>(seat_of(e.after.to_move()));
    p.doublets = static_cast<std::uint8_t>(e.after.doublets());
    out.positions.push_back(p);
  }, &res);
  out.profile = res.profile.empty() ? std::string(game.tag_value("Variant")) : res.profile;
  out.rolls_replayed = res.rolls_replayed;
  out.illegal_rolls = res.illegal;
  out.stop_run = res.stop_run;
  out.legal = res.errors() == 0 && res.illegal == 0 && res.setup_ok;
  out.diagnostics = std::move(res.diagnostics);
  if (res.skipped) out.positions.clear();  // --on-error skip: the game is kept, its positions are not
  // A roll with an error of its own is illegal, whatever the replay made of it.
  for (const auto& d : out.diagnostics)
    if (d.roll_index >= 0 && d.severity == Severity::error && static_cast<std::size_t>(d.roll_index) < out.rolls.size())
      out.rolls[static_cast<std::size_t>(d.roll_index)].legal = false;

  // The seats in turn order with their places, from the one finishing order of the statistics.
  std::vector<Colour> order;
  if (auto s = parse_seats(game.tag_value("Seats"))) order = *s;
  const std::vector<Colour>& ranking = gs.ranking;
  out.finished = !ranking.empty();
  out.winner = ranking.empty() ? std::nullopt : std::optional<Colour>(ranking.front());
  static constexpr std::array<std::string_view, 4> player_tag = {"Green", "Red", "Blue", "Yellow"};
  for (std::size_t i = 0; i < order.size(); ++i) {
    SeatPlace s;
    s.colour = order[i];
    s.seat_order = static_cast<int>(i) + 1;
    s.player_name = normalize_space(trim(game.tag_value(player_tag[static_cast<int>(order[i])])));
    for (std::size_t k = 0; k < ranking.size(); ++k)
      if (ranking[k] == order[i]) s.finish_rank = static_cast<int>(k) + 1;
    out.seats.push_back(std::move(s));
  }
  return gs;
}

std::vector<Colour> finishing_order(const replay::ReplayResult& res, std::string_view result_tag) {
  if (!res.game_over || res.ranking.empty()) return {};
  const auto result = parse_result(result_tag);
  if (result && result->finished && result->ranking.size() > res.ranking.size() &&
      std::equal(res.ranking.begin(), res.ranking.end(), result->ranking.begin()))
    return result->ranking;
  return res.ranking;
}

void PlayerTotals::add(const GameStats& gs, int seat, std::int64_t game) {
  const SeatStats& s = gs.seats[seat];
  if (key.empty()) key = player_key(gs, seat);
  profile = gs.profile;
  ludo = gs.ludo;
  sum.present = true;
  ++seats;
  if (game != last_game_) ++games, last_game_ = game;
  if (s.place == 1 && game != last_win_) ++wins, last_win_ = game;
  if (s.place > 0 && game != last_finished_) ++finished, last_finished_ = game;
  if (!s.observed) {
    ++unobserved;
    return;
  }
  partial_own += !s.rolls_seen.own;
  partial += !s.rolls_seen.all;
  stats::add_figures(sum, s, s.rolls_seen);
  for (const auto& [code, n] : s.illegal) sum.illegal[code] += n;
}

bool StatsByPlayer::add(const GameStats& gs, std::int64_t game, std::string_view only) {
  bool found = false;
  for (Colour c : gs.seat_order) {
    const int s = static_cast<int>(c);
    const std::string key = player_key(gs, s);
    if (!only.empty() && key != only && colour_name(c) != only) continue;
    found = true;
    auto it = index_.find({key, gs.profile});
    if (it == index_.end()) {
      it = index_.emplace(std::pair{key, gs.profile}, players.size()).first;
      players.emplace_back();
    }
    players[it->second].add(gs, s, game);
  }
  return found;
}

bool mixed_profiles(const std::vector<PlayerTotals>& players) {
  for (const auto& p : players)
    if (p.profile != players.front().profile) return true;
  return false;
}

}  // namespace ppn::analysis
