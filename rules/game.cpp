// The game object (see game.hpp): the engine's verdicts, appliers and turn machinery behind
// one call per roll.
#include "rules/game.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace ppn::rules {

using detail::rows;

namespace {

// The engine's state of a new game or a set-up one: seats and turn order from the colours in
// the order turns pass (RULES.md Q2).
GameState state_for(std::span<const Colour> seats, Colour to_move) {
  const SeatOrder so = seat_order_of(seats);
  return initial_state(so.mask, so.order, static_cast<std::uint8_t>(seat_of(to_move)));
}

// The part values that bring a pawn out of the nest: a 5 on one die or a total of 5 (Hasbro
// 2001 rules, Entering Your Pawns "a 5 on one or both dice; or any combination totaling 5";
// RULES.md Q7), the engine's entry_possible; Ludo: a 6 (Ludo rules, Gameplay).
bool parts_enter(const FixedVec<std::uint8_t, 4>& parts, bool ludo) {
  const auto has = [&](int v) { return std::find(parts.begin(), parts.end(), v) != parts.end(); };
  if (ludo) return has(6);
  return has(5) || (has(1) && has(4)) || (has(2) && has(3));
}

}  // namespace

Game::Game(const Options& o, const GameState& st) : o_(o), g_(geometry_of(o)), st_(st) {}

Game Game::start(const Options& o, std::span<const Colour> seats, std::optional<Colour> first) {
  assert(!seats.empty());
  return Game(o, state_for(seats, first.value_or(seats.front())));
}

Game::SetUp Game::set_up(const Options& o, const Position& p, std::span<const Colour> seats, Colour to_move,
                         int doublets) {
  SetUp out;
  GameState st = state_for(seats, to_move);
  st.set_position(p);
  st.doublets = static_cast<std::uint8_t>(doublets);
  bool over = false;
  out.problem = setup_state(st, o, over);
  if (out.problem) return out;
  Game g(o, st);
  g.over_ = over;
  out.over = over;
  out.game = g;
  return out;
}

Game Game::at(const Options& o, const Position& p, std::span<const Colour> seats, Colour to_move, int doublets) {
  GameState st = state_for(seats, to_move);
  st.set_position(p);
  st.doublets = static_cast<std::uint8_t>(doublets);
  const Geometry& g = geometry_of(o);
  for (int s = 0; s < kMaxSeats; ++s)
    if ((st.seats_mask >> s & 1u) && seat_finished(p, s, g)) st.finished_mask |= static_cast<std::uint8_t>(1u << s);
  return Game(o, st);
}

int Game::seats_playing() const {
  // (a table, not std::popcount: without -mpopcnt that is a library call on every roll)
  static constexpr std::uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return kBits[st_.seats_mask & ~st_.finished_mask & 0xFu];
}

std::vector<Colour> Game::turn_order() const {
  std::vector<Colour> out;
  for (auto s : st_.turn_order)
    if (st_.pos.seat_present(s)) out.push_back(colour_of(s));
  return out;
}

std::vector<Colour> Game::ranking() const {
  std::vector<Colour> out;
  for (int i = 0; i < st_.ranking_len; ++i) out.push_back(colour_of(st_.ranking[i]));
  return out;
}

std::vector<Place> Game::blockades(Colour c) const {
  std::vector<Place> out;
  const int s = seat_of(c);
  if (!st_.pos.seat_present(s)) return out;
  for (auto b : blockades_of(st_.pos, s, g_))
    if (b) out.push_back(Place::at(rel_of_byte(b)));
  return out;
}

int Game::race(Colour c) const {
  const int s = seat_of(c);
  if (!st_.pos.seat_present(s)) return 0;
  int n = 0;
  for (auto b : rows(st_.pos)[s]) n += b == kNest ? g_.nest_steps() : g_.steps_to_home(rel_of_byte(b));
  return n;
}

RollParts Game::parts(Dice d) const {
  RollParts r{roll_setup(st_, d.d1, d.d2, o_)};
  r.enters = r.kind != RollKind::penalty && parts_enter(r.parts, o_.ludo());
  return r;
}

bool Game::stopped_by_blockade(Colour owner, Dice d) const {
  const int o = seat_of(owner), mover = st_.to_move;
  if (o == mover || !st_.pos.seat_present(o)) return false;
  std::array<std::uint64_t, 2> bits{};
  for (const Place p : blockades(owner)) {
    if (!p.on_track(g_)) continue;
    const int a = g_.abs_of_rel(o, p.rel());
    bits[a >> 6] |= std::uint64_t{1} << (a & 63);
  }
  if ((bits[0] | bits[1]) == 0) return false;
  const auto has_bit = [&](int a) { return (bits[a >> 6] >> (a & 63)) & 1u; };
  const RollParts rp = parts(d);
  if (rp.kind == RollKind::penalty) return false;
  // A blockade stops the moves that pass it (Parcheesi, Hasbro 2001 rules, Blockades; Ludo
  // block_stops=landing_and_passing), else only those that would land on it.
  const bool passing = !o_.ludo() || o_.block_stops() == BlockStops::landing_and_passing;
  for (auto b : rows(st_.pos)[mover]) {
    if (b == kNest) {
      if (rp.enters && has_bit(g_.abs_of(mover, 0))) return true;
      continue;
    }
    const int rel = rel_of_byte(b);
    if (!g_.on_track(rel)) continue;
    const int t = g_.track(rel);
    for (auto v : rp.parts)
      for (int k = passing ? 1 : v; k <= v; ++k) {
        const int tt = t + k;
        if (!g_.is_lap(rel) && tt > g_.last_ring) break;  // turns into the home path
        if (has_bit(g_.abs_of(mover, tt % g_.ring_len))) return true;
      }
  }
  return false;
}

LegalPlays Game::legal_plays(Dice d) const {
  const RollSetup setup = roll_setup(st_, d.d1, d.d2, o_);
  if (setup.kind == RollKind::penalty) {
    LegalPlays lp;
    lp.plays.emplace_back();
    lp.results.push_back(apply_penalty(st_.pos, st_.to_move, o_, g_, st_.last_moved));
    return lp;
  }
  return rules::legal_plays(o_, st_, d.d1, d.d2);
}

RollResult Game::advance(Dice d, const Position& after, const Events& ev, bool used_up, int last_rel, RollKind kind) {
  RollResult r;
  r.kind = kind;
  r.after = after;
  r.events = ev;
  r.dice_used_up = used_up;
  const int seat = st_.to_move;
  over_ = advance_turn_to(st_, d.d1, d.d2, after, o_, used_up, last_rel) || over_;
  // Seats that withdrew leave one playing: it has won (replay/withdrawal.cpp ranks it).
  if (seats_playing() <= 1 && st_.ranking_len > 0) over_ = true;
  r.over = over_;
  r.next = colour_of(st_.to_move);
  r.again = !over_ && st_.to_move == seat;
  return r;
}

Judged Game::judge(Dice d, const Play& p, const PlayRules& how) const {
  ValidateRequest req;
  req.state = &st_;
  req.d1 = d.d1;
  req.d2 = d.d2;
  req.play = &p;
  req.order = how.order;
  req.max_alternatives = how.max_alternatives;
  std::array<std::uint8_t, kPawnsPerSeat> ids{};
  if (how.ids) {
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const Place at = (*how.ids)[k];
      ids[k] = at.in_nest() ? kNest : byte_of_rel(at.rel());
    }
    req.ids = &ids;
  }
  req.parts = how.parts;
  return Judged(o_, req);
}

std::vector<Play> Game::combined_readings(Dice d, const Play& written, std::size_t k, const PlayRules& how) const {
  std::vector<Play> readings;
  if (k >= static_cast<std::size_t>(written.size()) || written.full()) return readings;
  const MiniMove m = written[static_cast<int>(k)];
  if (m.kind != MiniKind::move || m.is_bonus() || m.around || g_.is_lap(m.from)) return readings;
  const RollParts rp = parts(d);
  if (rp.kind == RollKind::penalty) return readings;
  PlayRules alone = how;
  alone.max_alternatives = 0;
  std::vector<Position> ends;
  for (int i = 0; i < rp.parts.size(); ++i) {
    for (int j = 0; j < rp.parts.size(); ++j) {
      const int first = rp.parts[i], second = rp.parts[j];
      if (i == j || first + second != m.value) continue;
      const int middle = m.from + first;  // straight on: the first part stays short of HOME
      if (middle >= g_.home) continue;
      Play reading;
      for (int n = 0; n < static_cast<int>(k); ++n) reading.push_back(written[n]);
      reading.push_back(MiniMove::move(m.from, first, m.pawn));
      reading.push_back(MiniMove::move(middle, second));
      for (int n = static_cast<int>(k) + 1; n < written.size(); ++n) reading.push_back(written[n]);
      const Judged judged = judge(d, reading, alone);
      if (!judged || std::find(ends.begin(), ends.end(), judged.after()) != ends.end()) continue;
      ends.push_back(judged.after());
      readings.push_back(reading);
    }
  }
  return readings;
}

Played Game::play(Dice d, const Play& p, const PlayRules& how) {
  const Judged j = judge(d, p, how);
  if (!j) return Played(j.refusal());
  return Played(carry_out(d, p, j, how));
}

RollResult Game::carry_out(Dice d, const Play& p, const Judged& judged, const PlayRules& how) {
  assert(judged.legal());
  const Position before = st_.pos;
  const int seat = st_.to_move;
  const Events& ev = judged.events();
  // The roll's parts: those given (a mid-roll [Setup]); else one die (Ludo), two dice, or on a
  // doublet possibly the four parts of the doublets bonus, which only the setup says.
  RollKind kind = RollKind::normal;
  int parts = o_.ludo() ? 1 : 2;
  if (how.parts) {
    parts = how.parts->size();
  } else if (d.doublet()) {
    const RollSetup setup = roll_setup(st_, d.d1, d.d2, o_);
    kind = setup.kind;
    parts = setup.parts.size();
  }
  RollResult r = advance(d, judged.after(), ev, ev.dice_parts_used >= parts,
                         last_moved(p), kind);
  if (ev.captures > 0) note_victims(before, seat, r);
  return r;
}

int Game::last_moved(const Play& p) const {
  // Where the pawn moved by the play's last mini-move ends, for the penalty that sends back the
  // pawn moved last (repeat_penalty=last_moved_except_homepath, RULES.md Q46); Ludo's turn has
  // no such penalty and does not keep it.
  return p.empty() || o_.ludo() ? -1 : end_of(p[p.size() - 1], g_);
}

void Game::note_victims(const Position& before, int mover, RollResult& r) {
  // A captured pawn goes back to its nest (Hasbro 2001 rules, Capturing an Opponent's Pawn), and
  // nothing else brings another seat's pawn there during the mover's roll.
  for (int s = 0; s < kMaxSeats; ++s) {
    if (s == mover || !before.seat_present(s)) continue;
    for (int n = r.after.count(s, kNest) - before.count(s, kNest); n > 0; --n) r.victims.push_back(static_cast<std::int8_t>(s));
  }
}

RollResult Game::play_legal(Dice d, const LegalPlays& all, std::size_t i) {
  const RollSetup setup = roll_setup(st_, d.d1, d.d2, o_);
  if (setup.kind == RollKind::penalty) return play_penalty(d);
  const Play& p = all.plays[i];
  const Outcome out = apply_play(o_, st_.pos, st_.to_move, p);
  // Dice used: an entry by a total of 5 spends two (kEnterBySum), a bonus none.
  int used = 0;
  for (const auto& m : p)
    if (!m.is_bonus()) used += m.kind == MiniKind::enter && (m.flags & kEnterBySum) ? 2 : 1;
  const Position before = st_.pos;
  const int seat = st_.to_move;
  RollResult r = advance(d, all.results[i], out.events, used >= setup.parts.size(),
                         last_moved(p), setup.kind);
  if (out.events.captures > 0) note_victims(before, seat, r);
  return r;
}

RollResult Game::play_penalty(Dice d) {
  const int seat = st_.to_move;
  const Position before = st_.pos;
  const Position after = apply_penalty(before, seat, o_, g_, st_.last_moved);
  Events ev;
  ev.penalty = true;
  std::optional<Place> sent;
  // Which pawn went back: the square whose count dropped (Hasbro 2001 rules, Doublets Penalty).
  for (auto b : rows(before)[seat])
    if (b != kNest && after.count(seat, b) < before.count(seat, b)) sent = Place::at(rel_of_byte(b));
  RollResult r = advance(d, after, ev, true, -1, RollKind::penalty);
  r.penalty_pawn = sent;
  return r;
}

std::variant<RollResult, Game::NotCarried> Game::play_recorded(Dice d, const RecordedPlay& p) {
  const int seat = st_.to_move;
  const Outcome out = apply_recorded(o_, st_.pos, seat, p);
  if (out.failed >= 0) return NotCarried{out.failed, nullptr};
  // A play carried out as recorded may leave a position no game can reach (three pawns on a
  // square, two colours on a safety): playing on from it would break the engine's invariants.
  if (const char* bad = position_check(out.after, g_, o_.safety_sharing() == SafetySharing::two_any_colours))
    return NotCarried{-1, bad};
  // The pawn moved last, for the penalty rule, is the mover's own: not one of another colour.
  bool own = true;
  for (const auto& m : p) own = own && (m.owner < 0 || m.owner == seat);
  const int last = own && !p.empty() ? std::min<int>(p[p.size() - 1].to, g_.home) : -1;
  const Position before = st_.pos;
  RollResult r = advance(d, out.after, out.events, d.d1 == d.d2, last, RollKind::normal);
  note_victims(before, seat, r);
  return r;
}

void Game::withdraw(Colour c) {
  const int s = seat_of(c);
  if (!playing(c)) return;
  if (st_.to_move == s) {
    pass_turn(st_, s);
    st_.doublets = 0;
  }
  st_.seats_mask = static_cast<std::uint8_t>(st_.seats_mask & ~(1u << s));
  // The last seat still playing wins (or takes the next place).
  if (seats_playing() == 1)
    for (int k = 0; k < kMaxSeats; ++k)
      if ((st_.seats_mask >> k & 1) && !(st_.finished_mask >> k & 1)) st_.ranking[st_.ranking_len++] = static_cast<std::uint8_t>(k);
  if (seats_playing() <= 1) over_ = true;
}

void Game::hand_turn_to(Colour c) {
  st_.to_move = static_cast<std::uint8_t>(seat_of(c));
  st_.doublets = 0;
}

void Game::replace_position(const Position& p, Colour to_move, int doublets) {
  GameState ns = initial_state(st_.seats_mask, st_.turn_order, static_cast<std::uint8_t>(seat_of(to_move)));
  ns.set_position(p);
  ns.doublets = static_cast<std::uint8_t>(doublets);
  ns.finished_mask = st_.finished_mask;
  for (int s = 0; s < kMaxSeats; ++s)
    if (p.seat_present(s) && seat_finished(p, s, g_)) ns.finished_mask |= static_cast<std::uint8_t>(1u << s);
  ns.ranking = st_.ranking;
  ns.ranking_len = st_.ranking_len;
  st_ = ns;
}

// Byte form, version 1: the version, then the engine's GameState field by field (position
// bytes, to_move, doublets, seats, turn order, finished, ranking, blockade squares and ages,
// last moved) and the game-over flag. The options are not stored: the record's profile gives them.
namespace {
constexpr std::uint8_t kBytesVersion = 1;
constexpr std::size_t kBytesSize = 1 + 16 + 1 + 1 + 1 + 4 + 1 + 4 + 1 + 8 + 8 + 1 + 1;
}  // namespace

std::string Game::bytes() const {
  std::string b;
  b.reserve(kBytesSize);
  b.push_back(static_cast<char>(kBytesVersion));
  for (const auto& row : rows(st_.pos))
    for (auto x : row) b.push_back(static_cast<char>(x));
  b.push_back(static_cast<char>(st_.to_move));
  b.push_back(static_cast<char>(st_.doublets));
  b.push_back(static_cast<char>(st_.seats_mask));
  for (auto x : st_.turn_order) b.push_back(static_cast<char>(x));
  b.push_back(static_cast<char>(st_.finished_mask));
  for (auto x : st_.ranking) b.push_back(static_cast<char>(x));
  b.push_back(static_cast<char>(st_.ranking_len));
  for (const auto& s : st_.blockade_sq)
    for (auto x : s) b.push_back(static_cast<char>(x));
  for (const auto& s : st_.blockade_age)
    for (auto x : s) b.push_back(static_cast<char>(x));
  b.push_back(static_cast<char>(st_.last_moved));
  b.push_back(static_cast<char>(over_ ? 1 : 0));
  assert(b.size() == kBytesSize);
  return b;
}

std::optional<Game> Game::from_bytes(std::string_view b, const Options& o) {
  if (b.size() != kBytesSize || static_cast<std::uint8_t>(b[0]) != kBytesVersion) return std::nullopt;
  std::size_t i = 1;
  const auto next = [&] { return static_cast<std::uint8_t>(b[i++]); };
  GameState st;
  Position p = Position::empty();
  for (auto& row : rows(p))
    for (auto& x : row) x = next();
  st.set_position(p);
  st.to_move = next();
  st.doublets = next();
  st.seats_mask = next();
  for (auto& x : st.turn_order) x = next();
  st.finished_mask = next();
  for (auto& x : st.ranking) x = next();
  st.ranking_len = next();
  for (auto& s : st.blockade_sq)
    for (auto& x : s) x = next();
  for (auto& s : st.blockade_age)
    for (auto& x : s) x = next();
  st.last_moved = next();
  const bool over = next() != 0;
  if (st.to_move >= kMaxSeats || st.ranking_len > kMaxSeats || (st.seats_mask & ~0xFu) || st.doublets > 3) return std::nullopt;
  if (position_check(p, geometry_of(o), o.safety_sharing() == SafetySharing::two_any_colours)) return std::nullopt;
  Game g(o, st);
  g.over_ = over;
  return g;
}

}  // namespace ppn::rules
