#include "rules/position.hpp"

#include <algorithm>

#include "rules/engine.hpp"
#include "rules/squares.hpp"

namespace ppn::rules {

using ppn::rules::detail::rows;

Position initial_position(unsigned seats_mask) {
  Position p;
  for (int s = 0; s < kMaxSeats; ++s)
    rows(p)[s].fill(((seats_mask >> s) & 1u) ? kNest : kAbsent);
  return p;
}

Position Position::empty() {
  Position p;
  for (auto& row : p.pawns_) row.fill(kAbsent);
  return p;
}

namespace {
struct ZobristTable {
  std::array<std::array<std::uint64_t, 256>, kMaxSeats> key{};
  ZobristTable() {
    std::uint64_t x = 0x9E3779B97F4A7C15ull;  // splitmix64, fixed seed: hashes are stable
    for (auto& seat : key)
      for (auto& k : seat) {
        x += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        k = z ^ (z >> 31);
      }
  }
};
const ZobristTable& zobrist() {
  static const ZobristTable t;
  return t;
}
}  // namespace

std::uint64_t zobrist_key(int seat, std::uint8_t byte) { return zobrist().key[seat][byte]; }

std::uint64_t compute_hash(const Position& p) {
  const auto& t = zobrist();  // one look at the table's guard, not sixteen
  std::uint64_t h = 0;
  for (int s = 0; s < kMaxSeats; ++s)
    for (auto b : rows(p)[s]) h += t.key[s][b];
  return h;
}

std::string_view position_fault_name(PositionFault f) {
  switch (f) {
    case PositionFault::none: return "";
    case PositionFault::seat_sorted: return "seat-sorted";
    case PositionFault::absent_seat_partial: return "absent-seat-partial";
    case PositionFault::byte_range: return "byte-range";
    case PositionFault::no_seats: return "no-seats";
    case PositionFault::ring_capacity: return "ring-capacity";
    case PositionFault::homepath_capacity: return "homepath-capacity";
    case PositionFault::lap_square: return "lap-square";
    case PositionFault::two_finished: return "two-finished";
    case PositionFault::finished_to_move: return "finished-to-move";
  }
  return "?";
}

namespace {

// How many pawns of one colour a square (not HOME) may hold: two on Parcheesi (Q22, a
// blockade, Q51); on Ludo one under stacking=single_only, except a doubled start square
// (start_doubled=yes, Q10), and two under stacking=blocks (Q22). As rules/ludo.cpp's capacity().
int own_capacity(const Options& o, int rel) {
  if (!o.ludo() || o.stacking() == Stacking::blocks) return 2;
  return rel == 0 && o.start_doubled() == StartDoubled::yes ? 2 : 1;
}

PositionProblem check(const Position& p, const Geometry& g, const Options& o) {
  std::array<std::uint8_t, kMaxRing> count{};
  std::array<std::int8_t, kMaxRing> owner{};
  owner.fill(-1);
  auto fail = [](PositionFault f, int seat, int rel = -1, int n = 0, int other = -1) {
    return PositionProblem{f, seat, rel, n, other};
  };
  const bool laps = o.homepath_mandatory() == HomepathMandatory::no;
  // Colours share a safety square only under safety_sharing=two_any_colours (Q24, Q25); on Ludo
  // any colours share the safe squares of the board (safe_squares; Q25, [LU-UK]).
  const bool shared_safeties = g.ludo || o.safety_sharing() == SafetySharing::two_any_colours;
  int present = 0;
  for (int s = 0; s < g.num_seats; ++s) {
    const auto& q = rows(p)[s];
    if (!std::is_sorted(q.begin(), q.end())) return fail(PositionFault::seat_sorted, s);
    if (q[0] == kAbsent) continue;
    if (q[3] == kAbsent) return fail(PositionFault::absent_seat_partial, s);
    ++present;
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      const auto b = q[k];
      if (b == kNest || (k > 0 && b == q[k - 1])) continue;  // each square of the seat once
      const int rel = rel_of_byte(b);
      if (rel < 0 || (rel > g.home && !g.is_lap(rel))) return fail(PositionFault::byte_range, s);
      if (rel == g.home) continue;  // HOME holds any number (Q62)
      if (g.is_lap(rel) && !laps) return fail(PositionFault::lap_square, s, rel);
      const int n = p.count(s, b);
      if (n > own_capacity(o, rel))
        return fail(g.on_track(rel) ? PositionFault::ring_capacity : PositionFault::homepath_capacity, s, rel, n);
      if (!g.on_track(rel)) continue;  // a home path is its owner's alone (Q61)
      const int a = g.abs_of_rel(s, rel);
      const int other = owner[a];
      if (other >= 0 && !(shared_safeties && g.is_safe_abs(a)))
        return fail(PositionFault::ring_capacity, s, rel, n, other);
      owner[a] = static_cast<std::int8_t>(s);
      count[a] = static_cast<std::uint8_t>(count[a] + n);
      if (!g.ludo && count[a] > 2) return fail(PositionFault::ring_capacity, s, rel, n, other);
    }
  }
  return present ? PositionProblem{} : fail(PositionFault::no_seats, -1);
}

// What any profile of the board allows (the engine's invariants): second laps, blocks of two
// on Ludo, and on Parcheesi two colours on a safety square when `shared_safeties`.
Options invariant_options(const Geometry& g, bool shared_safeties) {
  Options o;
  auto set = [&](OptionId id, auto v) { o.value[static_cast<int>(id)] = static_cast<std::uint8_t>(v); };
  set(OptionId::homepath_mandatory, HomepathMandatory::no);
  if (g.ludo) {
    set(OptionId::board, Board::ludo52);
    set(OptionId::stacking, Stacking::blocks);
  } else if (shared_safeties) {
    set(OptionId::safety_sharing, SafetySharing::two_any_colours);
  }
  return o;
}

std::string colour_text(int seat) { return std::string(colour_name(colour_of(seat))); }

}  // namespace

PositionProblem position_check(const Position& p, const Options& o) { return check(p, geometry_of(o), o); }

const char* position_check(const Position& p, const Geometry& g, bool shared_safeties) {
  const PositionProblem pr = check(p, g, invariant_options(g, shared_safeties));
  return pr ? position_fault_name(pr.fault).data() : nullptr;
}

std::string position_problem(const PositionProblem& pr, const Options& o) {
  const Geometry& g = geometry_of(o);
  const bool ludo = o.ludo();
  const std::string pawn = ludo ? "token" : "pawn", pawns = ludo ? "tokens" : "pawns";
  const std::string who = pr.seat >= 0 ? colour_text(pr.seat) : std::string();
  auto count = [&](int n) { return (n == 1 ? "one " : n == 2 ? "two " : n == 3 ? "three " : "four ") + (n == 1 ? pawn : pawns); };
  // A square in the words of the board, in the seat's own coordinates as a position ID gives them.
  auto where = [&](int rel) {
    const std::string sq = to_string(square_of_rel(rel, g));
    if (ludo) return rel == 0 ? "its start square (" + sq + ")"
                              : g.on_track(rel) ? "track square " + sq : "home column square " + sq;
    return g.on_track(rel) ? "square " + sq : "home-path square " + sq;
  };
  switch (pr.fault) {
    case PositionFault::none: return "";
    case PositionFault::ring_capacity:
      // two colours may share this safety square (parchis-es): the fault is a third pawn
      if (pr.other_seat >= 0 && !ludo && g.is_safe_abs(g.abs_of_rel(pr.seat, pr.rel)) &&
          o.safety_sharing() == SafetySharing::two_any_colours)
        return who + " and " + colour_text(pr.other_seat) + " have three pawns on " + who + "'s " + where(pr.rel) +
               ": two colours share a safety square as a pair, never three pawns (RULES.md Q22, Q25)";
      if (pr.other_seat >= 0)
        return who + " and " + colour_text(pr.other_seat) + " both have " + pawns + " on " + who + "'s " +
               where(pr.rel) +
               (ludo ? ", which is not a safe square: a token landing on an opponent's token captures it and a lone "
                       "token cannot land on a block (Ludo rules, Gameplay; RULES.md Q25)"
                     : g.is_safe_abs(g.abs_of_rel(pr.seat, pr.rel))
                         ? ", a safety square two colours never share (Hasbro 2001 rules, Safety Spaces; RULES.md Q24); "
                           "only safety_sharing=two_any_colours (parchis-es) lets them (Q25)"
                         : ": a pawn landing on a lone opponent captures it, and none lands on a blockade "
                           "(Hasbro 2001 rules, Blockades; RULES.md Q22, Q25)");
      [[fallthrough]];
    case PositionFault::homepath_capacity:
      if (!ludo)
        return who + " has " + count(pr.count) + " on " + where(pr.rel) +
               ", but a square holds at most two pawns of one colour "
               "(Hasbro 2001 rules, Moving Your Entered Pawns; RULES.md Q22)";
      if (o.stacking() == Stacking::blocks)
        return who + " has " + count(pr.count) + " on " + where(pr.rel) +
               ", but a block is two tokens of one colour (Ludo rules, Gameplay \"doubled\"; RULES.md Q22)";
      return who + " has " + count(pr.count) + " on " + where(pr.rel) +
             ", but under stacking=single_only a square holds one token of a colour ([LU-W] \"Players may not "
             "end their move on a square they already occupy\"; RULES.md Q22)" +
             (pr.rel == 0 ? std::string("; only start_doubled=yes lets the start square hold two (RULES.md Q10)") : "");
    case PositionFault::lap_square:
      return "a pawn on its ring square " + std::to_string(g.track(pr.rel)) +
             " has passed its turn-off, which only homepath_mandatory=no allows (Wikipedia rules, Gameplay; "
             "RULES.md Q60)";
    case PositionFault::byte_range: return "a " + pawn + " on a square that is not on the board";
    case PositionFault::absent_seat_partial: return "a seat with fewer " + pawns + " than the others";
    case PositionFault::seat_sorted: return "a seat's " + pawns + " out of order";
    case PositionFault::no_seats: return "no seat has " + pawns;
    case PositionFault::two_finished:
      return who + " and " + colour_text(pr.other_seat) + " have both finished, but the game ends when the first seat " +
             (!ludo ? "has all four pawns HOME (Hasbro 2001 rules, How to Win; RULES.md Q63)"
              : o.play_for_places() == PlayForPlaces::no
                  ? "brings all its tokens home (play_for_places=no; Ludo rules, Rules; RULES.md Q63)"
                  : "left playing finishes too: the others play on only until one seat is left "
                    "(play_for_places=yes; Ludo rules, Rules; RULES.md Q63)");
    case PositionFault::finished_to_move:
      return who + " is to move, but all its " + pawns + " are home: a seat that has finished never rolls again (" +
             (ludo ? "Ludo rules, Rules" : "Hasbro 2001 rules, How to Win") + "; RULES.md Q63)";
  }
  return std::string(position_fault_name(pr.fault));
}

std::string position_problem(const char* check) {
  const std::string c = check ? check : "";
  if (c == "ring-capacity")
    return "ring-capacity: too many pawns, or pawns of two colours, on one ring square";
  if (c == "homepath-capacity") return "homepath-capacity: three pawns on one home-path square";
  if (c == "byte-range") return "byte-range: a pawn on a square that is not on the board";
  if (c == "absent-seat-partial") return "absent-seat-partial: a seat with fewer pawns than the others";
  if (c == "no-seats") return "no-seats: no seat has pawns";
  return c;
}

GameState initial_state(unsigned seats_mask, const std::array<std::uint8_t, kMaxSeats>& order,
                        std::uint8_t first_seat) {
  GameState st;
  st.seats_mask = static_cast<std::uint8_t>(seats_mask);
  st.turn_order = order;
  st.to_move = first_seat;
  st.set_position(initial_position(seats_mask));
  return st;
}

PositionProblem setup_state(GameState& st, const Options& o, bool& game_over) {
  game_over = false;
  if (PositionProblem pr = position_check(st.pos, o)) return pr;
  const Geometry& g = geometry_of(o);
  // The seats that have finished join the ranking in turn order (the record does not say who
  // finished first), by the one rule of when a game ends (finish_seat, RULES.md Q63). A seat
  // finished after the game ended is a position the rules never produce.
  st.finished_mask = 0;
  st.ranking_len = 0;
  int first = -1, ender = -1;
  for (int i = 0; i < kMaxSeats; ++i) {
    const int s = st.turn_order[i];
    if (!(st.seats_mask >> s & 1) || !seat_finished(st.pos, s, g)) continue;
    // `ender`: the seat whose finish ended the game (the first one, or under
    // play_for_places=yes the one that left a single seat playing)
    if (game_over) return PositionProblem{PositionFault::two_finished, ender, -1, 0, s};
    if (first < 0) first = s;
    game_over = finish_seat(st, s, o);
    if (game_over) ender = s;
  }
  if (!game_over && first >= 0 && seat_finished(st.pos, st.to_move, g))
    return PositionProblem{PositionFault::finished_to_move, st.to_move};
  return PositionProblem{};
}

}  // namespace ppn::rules
