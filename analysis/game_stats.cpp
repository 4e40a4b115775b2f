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

// Blockade squares of a seat (Ludo: blocks), as engine-absolute ring squares (bit set).
std::array<std::uint64_t, 2> blockades_of(const Position& p, int seat, const Geometry& g) {
  std::array<std::uint64_t, 2> bits{};
  if (!p.seat_present(seat)) return bits;
  const auto& pw = p.pawns[seat];
  for (int k = 0; k + 1 < kPawnsPerSeat; ++k) {
    const auto b = pw[k];
    if (b == kNest || b != pw[k + 1]) continue;
    const int rel = rel_of_byte(b);
    if (!g.on_track(rel)) continue;
    const int a = g.abs_of_rel(seat, rel);
    bits[a >> 6] |= std::uint64_t{1} << (a & 63);
  }
  return bits;
}

bool has_bit(const std::array<std::uint64_t, 2>& bits, int a) { return (bits[a >> 6] >> (a & 63)) & 1u; }

// Whether `mover`'s roll with these parts has a move that a blockade in `bits` stops.
// `passing`: a blockade stops the moves that pass it (Parcheesi; Ludo block_stops=
// landing_and_passing), else only the moves that would land on it (a Ludo block).
bool roll_blocked_by(const Position& p, int mover, const FixedVec<std::uint8_t, 4>& parts,
                     const std::array<std::uint64_t, 2>& bits, const Geometry& g, bool passing) {
  if ((bits[0] | bits[1]) == 0) return false;
  const int entry_value = g.ludo ? 6 : 5;  // Ludo enters on a 6 (Ludo rules, Gameplay), Parcheesi on a 5
  bool can_enter = false;
  for (auto v : parts) can_enter |= v == entry_value;
  for (auto b : p.pawns[mover]) {
    if (b == kNest) {
      if (can_enter && has_bit(bits, g.abs_of(mover, 0))) return true;
      continue;
    }
    const int rel = rel_of_byte(b);
    if (!g.on_track(rel)) continue;
    const int t = g.track(rel);
    for (auto v : parts)
      for (int k = passing ? 1 : v; k <= v; ++k) {
        const int tt = t + k;
        if (!g.is_lap(rel) && tt > g.last_ring) break;  // turns into the home path
        if (has_bit(bits, g.abs_of(mover, tt % g.ring_len))) return true;
      }
  }
  return false;
}

CaptureWhere where_of(int seat, int rel, const Geometry& g) {
  const int a = g.abs_of_rel(seat, rel);
  if (a % g.arm_spacing == 0) return CaptureWhere::entry;
  return g.is_safe_abs(a) ? CaptureWhere::safe : CaptureWhere::unsafe;
}

int nest_count(const Position& p, int seat) { return p.count(seat, kNest); }

}  // namespace

std::string_view capture_where_name(CaptureWhere w) {
  switch (w) {
    case CaptureWhere::unsafe: return "unsafe";
    case CaptureWhere::safe: return "safe";
    case CaptureWhere::entry: return "entry";
  }
  return "?";
}

int nest_steps(const Geometry& g) { return g.ludo ? g.home + 6 : kNestSteps; }

int race_steps(const Position& p, int seat, const Geometry& g) {
  if (!p.seat_present(seat)) return 0;
  int n = 0;
  for (auto b : p.pawns[seat]) n += b == kNest ? nest_steps(g) : g.steps_to_home(rel_of_byte(b));
  return n;
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
GameStats count_replay(const Game& game, const ReplayConfig& cfg, const RollVisitor& on_roll, ReplayResult* result) {
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
  const Geometry g = geometry_of(rules.options);
  const bool passing = !rules.options.ludo() || rules.options.block_stops() == BlockStops::landing_and_passing;
  std::vector<const Roll*> rolls;
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) rolls.push_back(r);

  int leader = -1;
  bool started = false;
  auto note_race = [&](const Position& p, int number) {
    std::array<int, 4> r{};
    int best = -1, best_v = 1 << 30;
    bool tie = false;
    for (int s = 0; s < kMaxSeats; ++s) {
      if (!p.seat_present(s)) continue;
      r[s] = race_steps(p, s, g);
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
    const Position& before = e.before.pos;
    const Position& after = e.after.pos;
    if (!started) {
      started = true;
      note_race(before, 0);
    }
    const int m = seat_of(e.roll->seat);
    SeatStats& me = gs.seats[m];
    ++me.rolls;
    const int d1 = e.roll->dice[0], d2 = e.roll->dice[1];
    if (g.ludo ? d1 == 6 : d1 == d2) ++me.doublets;
    const RollSetup setup = roll_setup(e.before, d1, d2, rules.options);
    if (setup.kind == RollKind::four_part && e.roll->kind == PlayKind::Moves) ++me.four_part;
    if (setup.kind == RollKind::penalty || e.events.penalty) ++me.penalties;
    if (e.roll->kind == PlayKind::NoPlay) ++me.no_play;
    {
      const int in_nest = nest_count(before, m);
      bool on_board = false;
      for (auto b : before.pawns[m]) on_board |= b != kNest && rel_of_byte(b) != g.home;
      if (in_nest > 0 && !on_board) ++me.nest_rolls;
    }
    if (setup.kind != RollKind::penalty) {
      me.pawns_entered += std::max(0, nest_count(before, m) - nest_count(after, m));
      me.bonuses_earned += e.events.bonuses_earned;
      me.bonuses_played += e.events.bonuses_used;
      // A bonus left over by the roll that wins is void, not forfeited (rules/apply.hpp).
      me.bonuses_forfeited += e.events.bonuses_forfeited - e.events.bonuses_void;
      // Captures: opponent pawns that left a board square for their nest.
      for (int o = 0; o < kMaxSeats; ++o) {
        if (o == m || !before.seat_present(o)) continue;
        for (int k = 0; k < kPawnsPerSeat; ++k) {
          const auto b = before.pawns[o][k];
          if (b == kNest || (k > 0 && before.pawns[o][k - 1] == b)) continue;
          const int lost = before.count(o, b) - after.count(o, b);
          if (lost <= 0) continue;
          const auto w = static_cast<int>(where_of(o, rel_of_byte(b), g));
          me.captures_made.by_where[w] += lost;
          gs.seats[o].captures_suffered.by_where[w] += lost;
        }
      }
      // Blockades that stopped this roll.
      for (int o = 0; o < kMaxSeats; ++o)
        if (o != m && before.seat_present(o) &&
            roll_blocked_by(before, m, setup.parts, blockades_of(before, o, g), g, passing))
          ++gs.seats[o].opponent_rolls_blocked;
    }
    // Blockades formed by this roll.
    const auto was = blockades_of(before, m, g), now = blockades_of(after, m, g);
    me.blockades_formed += __builtin_popcountll(now[0] & ~was[0]) + __builtin_popcountll(now[1] & ~was[1]);
    note_race(after, static_cast<int>(e.roll->number.value_or(static_cast<std::uint32_t>(e.roll_index + 1))));
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
  gs.ranking = finishing_order(res, game.tag_value("Result"));
  const GameState& fin = res.final_state;
  if (!started) note_race(fin.pos, 0);
  for (int i = 0; i < kMaxSeats; ++i) {
    const int s = fin.turn_order[i];
    if (fin.pos.seat_present(s)) gs.seat_order.push_back(colour_of(s));
  }
  for (int s = 0; s < kMaxSeats; ++s) {
    SeatStats& st = gs.seats[s];
    st.present = fin.pos.seat_present(s);
    if (!st.present) continue;
    const Colour c = colour_of(s);
    std::string tag(colour_name(c));
    tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
    st.player = std::string(game.tag_value(tag));
    for (const Roll* r : rolls) st.observed |= r->seat == c;
    st.race_start = gs.race.front()[s];
    st.race_end = race_steps(fin.pos, s, g);
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

GameStats compute_game_stats(const Game& game, const ReplayConfig& cfg) { return count_replay(game, cfg, {}, nullptr); }

GameStats compute_game_stats(const Game& game, const ReplayConfig& cfg, ReplayOutcome& out) {
  std::size_t main_rolls = 0;
  for (const auto& e : game.movetext) main_rolls += std::holds_alternative<Roll>(e);
  out.rolls.assign(main_rolls, RollOutcome{});
  out.positions.clear();
  out.seats.clear();
  ReplayResult res;
  GameStats gs = count_replay(game, cfg, [&](const RollEvent& e) {
    auto& roll = out.rolls[static_cast<std::size_t>(e.roll_index)];
    roll.legal = e.legal;
    roll.events = e.events;
    PositionAfter p;
    p.roll_index = e.roll_index;
    p.pos = e.after.pos;
    p.hash = compute_hash(e.after.pos);
    p.to_move = e.after.to_move;
    p.doublets = e.after.doublets;
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
  stats::add_figures(sum, s);
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
