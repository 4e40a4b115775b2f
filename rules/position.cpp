#include "rules/position.hpp"

#include <algorithm>

namespace ppn::rules {

void Position::sort_seat(int s) { std::sort(pawns[s].begin(), pawns[s].end()); }

Position initial_position(unsigned seats_mask) {
  Position p;
  for (int s = 0; s < kMaxSeats; ++s)
    p.pawns[s].fill(((seats_mask >> s) & 1u) ? kNest : kAbsent);
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
    for (auto b : p.pawns[s]) h += t.key[s][b];
  return h;
}

const char* position_check(const Position& p, const Geometry& g, bool shared_safeties) {
  std::array<std::uint8_t, kMaxRing> count{};
  std::array<std::int8_t, kMaxRing> owner{};
  owner.fill(-1);
  int present = 0;
  for (int s = 0; s < g.num_seats; ++s) {
    const auto& q = p.pawns[s];
    if (!std::is_sorted(q.begin(), q.end())) return "seat-sorted";
    if (q[0] == kAbsent) continue;
    if (q[3] == kAbsent) return "absent-seat-partial";
    ++present;
    std::array<std::uint8_t, 16> path{};
    for (auto b : q) {
      if (b == kNest) continue;
      const int rel = rel_of_byte(b);
      if (rel < 0 || (rel > g.home && !g.is_lap(rel))) return "byte-range";
      if (g.on_track(rel)) {
        const int a = g.abs_of_rel(s, rel);
        if (owner[a] >= 0 && owner[a] != s && !((shared_safeties || g.ludo) && g.is_safe_abs(a)))
          return "ring-capacity";
        owner[a] = static_cast<std::int8_t>(s);
        // Ludo: two of one colour (a block), whatever the other colours on a safe square.
        if (++count[a] > 2 && !g.ludo) return "ring-capacity";
        if (g.ludo && p.count(s, b) > 2) return "ring-capacity";
      } else if (g.on_home_path(rel)) {
        if (++path[rel - g.last_ring] > 2) return "homepath-capacity";
      }
    }
  }
  return present ? nullptr : "no-seats";
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

std::string position_text(const Position& p, const Geometry& g) {
  std::string s;
  for (int seat = 0; seat < g.num_seats; ++seat) {
    if (seat) s += ' ';
    s += 's' + std::to_string(seat) + '[';
    if (!p.seat_present(seat)) {
      s += "-]";
      continue;
    }
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      if (k) s += ' ';
      const auto b = p.pawns[seat][k];
      if (b == kNest) s += 'N';
      else if (rel_of_byte(b) == g.home) s += 'H';
      else if (g.is_lap(rel_of_byte(b))) s += 'L' + std::to_string(g.track(rel_of_byte(b)));
      else s += std::to_string(rel_of_byte(b));
    }
    s += ']';
  }
  return s;
}

std::optional<Position> parse_position_text(std::string_view text, const Geometry& g) {
  Position p;
  std::size_t i = 0;
  auto skip_ws = [&] {
    while (i < text.size() && text[i] == ' ') ++i;
  };
  for (int seat = 0; seat < g.num_seats; ++seat) {
    skip_ws();
    const std::string head = "s" + std::to_string(seat) + "[";
    if (text.substr(i, head.size()) != head) return std::nullopt;
    i += head.size();
    if (i < text.size() && text[i] == '-') {
      p.pawns[seat].fill(kAbsent);
      if (++i >= text.size() || text[i] != ']') return std::nullopt;
      ++i;
      continue;
    }
    for (int k = 0; k < kPawnsPerSeat; ++k) {
      skip_ws();
      if (i >= text.size()) return std::nullopt;
      if (text[i] == 'N') {
        p.pawns[seat][k] = kNest;
        ++i;
      } else if (text[i] == 'H') {
        p.pawns[seat][k] = byte_of_rel(g.home);
        ++i;
      } else {
        // "L64".."L67": a lap square (geometry.hpp), written by its ring number.
        const bool lap = text[i] == 'L';
        if (lap) ++i;
        int v = 0, digits = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 3) {
          v = v * 10 + (text[i++] - '0');
          ++digits;
        }
        if (digits == 0 || v >= g.home) return std::nullopt;
        if (lap && (v <= g.last_ring || v >= g.ring_len)) return std::nullopt;
        p.pawns[seat][k] = byte_of_rel(lap ? g.rel_of_track(v) : v);
      }
    }
    skip_ws();
    if (i >= text.size() || text[i] != ']') return std::nullopt;
    ++i;
    p.sort_seat(seat);
  }
  skip_ws();
  if (i != text.size() || position_check(p, g) != nullptr) return std::nullopt;
  return p;
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

}  // namespace ppn::rules
