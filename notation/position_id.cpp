// Hand-written recursive-descent parser for the position ID. Each function below is named
// after the rule of the `ebnf-position` grammar in notation/SPEC.md that it implements
// (tests/notation_spec_consistency_test.cpp checks the names).
#include "notation/position_id.hpp"

#include <algorithm>
#include <cctype>

#include "notation/text_util.hpp"

namespace ppn {

const SeatPawns* PositionDesc::find(Colour c) const {
  for (const auto& s : seats) {
    if (s.seat == c) return &s;
  }
  return nullptr;
}

void canonicalize(PositionDesc& p) {
  std::sort(p.seats.begin(), p.seats.end(),
            [](const SeatPawns& a, const SeatPawns& b) { return a.seat < b.seat; });
  for (auto& s : p.seats) std::sort(s.pawns.begin(), s.pawns.end());
  std::sort(p.pending.begin(), p.pending.end(), [](const PendingPart& a, const PendingPart& b) {
    return std::pair(a.bonus, a.value) < std::pair(b.bonus, b.value);
  });
}

namespace {

struct Cursor {
  std::string_view text;
  std::size_t pos = 0;
  std::string error;
  std::size_t error_pos = 0;

  void skip_ws() {
    while (pos < text.size() && is_space(text[pos])) ++pos;
  }
  bool at_end() {
    skip_ws();
    return pos >= text.size();
  }
  char peek() { return pos < text.size() ? text[pos] : '\0'; }
  bool fail(std::string msg) {
    if (error.empty()) {
      error = std::move(msg);
      error_pos = pos;
    }
    return false;
  }
  bool eat(char c) {
    skip_ws();
    if (peek() != c) return fail(std::string("expected '") + c + "'");
    ++pos;
    return true;
  }
};

// seat_letter = "g" | "r" | "b" | "y" (either case)
bool seat_letter(Cursor& c, Colour& out) {
  c.skip_ws();
  auto col = colour_from_letter(c.peek());
  if (!col) return c.fail("expected a seat letter (g, r, b or y)");
  ++c.pos;
  out = *col;
  return true;
}

// pawn_square = square (notation/square.hpp)
bool pawn_square(Cursor& c, Square& out) {
  c.skip_ws();
  std::size_t start = c.pos;
  while (c.pos < c.text.size() && (std::isalnum(static_cast<unsigned char>(c.text[c.pos])) != 0)) ++c.pos;
  auto sq = parse_square(c.text.substr(start, c.pos - start));
  if (!sq) {
    c.pos = start;
    return c.fail("expected a square (N, 0-99, h1-h9 or H)");
  }
  out = *sq;
  return true;
}

// seat_pawns = seat_letter ":" pawn_square { "," pawn_square }
bool seat_pawns(Cursor& c, SeatPawns& out) {
  if (!seat_letter(c, out.seat) || !c.eat(':')) return false;
  do {
    if (out.pawns.size() == PositionDesc::max_pawns_per_seat) {
      return c.fail("more than 8 pawns for one seat");
    }
    Square sq;
    if (!pawn_square(c, sq)) return false;
    out.pawns.push_back(sq);
    c.skip_ws();
  } while (c.peek() == ',' && (++c.pos, true));
  return true;
}

// reroll_count = "d" digit
bool reroll_count(Cursor& c, std::uint8_t& out) {
  c.skip_ws();
  if (c.peek() != 'd' && c.peek() != 'D') return c.fail("expected 'd' and the re-roll count (d0-d9)");
  ++c.pos;
  char d = c.peek();
  if (d < '0' || d > '9') return c.fail("expected the re-roll count digit (d0-d9)");
  ++c.pos;
  out = static_cast<std::uint8_t>(d - '0');
  return true;
}

// pending_part = die | "+10" | "+20"
bool pending_part(Cursor& c, PendingPart& out) {
  c.skip_ws();
  std::string_view rest = c.text.substr(c.pos);
  if (!rest.empty() && rest[0] >= '1' && rest[0] <= '6') {
    out = {static_cast<std::uint8_t>(rest[0] - '0'), false};
    ++c.pos;
    return true;
  }
  if (rest.substr(0, 3) == "+10" || rest.substr(0, 3) == "+20") {
    out = {static_cast<std::uint8_t>(rest[1] == '1' ? 10 : 20), true};
    c.pos += 3;
    return true;
  }
  return c.fail("expected a pending part (a die 1-6, +10 or +20)");
}

// pending_parts = "[" pending_part { "," pending_part } "]"
bool pending_parts(Cursor& c, std::vector<PendingPart>& out) {
  if (!c.eat('[')) return false;
  do {
    PendingPart part;
    if (!pending_part(c, part)) return false;
    out.push_back(part);
    c.skip_ws();
  } while (c.peek() == ',' && (++c.pos, true));
  return c.eat(']');
}

// position_id = seat_pawns { seat_pawns } "/" seat_letter reroll_count [ pending_parts ]
bool position_id(Cursor& c, PositionDesc& out) {
  do {
    SeatPawns s;
    std::size_t at = (c.skip_ws(), c.pos);
    if (!seat_pawns(c, s)) return false;
    if (out.find(s.seat) != nullptr) {
      c.pos = at;
      return c.fail("seat listed twice");
    }
    out.seats.push_back(std::move(s));
    c.skip_ws();
  } while (c.peek() != '/' && !c.at_end());
  if (!c.eat('/')) return false;
  std::size_t mover_at = (c.skip_ws(), c.pos);
  if (!seat_letter(c, out.to_move)) return false;
  if (out.find(out.to_move) == nullptr) {
    c.pos = mover_at;
    return c.fail("the seat to move has no pawns listed");
  }
  if (!reroll_count(c, out.rerolls)) return false;
  if (!c.at_end() && c.peek() == '[' && !pending_parts(c, out.pending)) return false;
  if (!c.at_end()) return c.fail("unexpected text after the position ID");
  return true;
}

}  // namespace

std::variant<PositionDesc, PositionIdError> parse_position_id(std::string_view text) {
  Cursor c;
  c.text = text;
  PositionDesc p;
  if (!position_id(c, p)) return PositionIdError{c.error_pos, c.error};
  canonicalize(p);
  return p;
}

std::string format_position_id(const PositionDesc& in) {
  PositionDesc p = in;
  canonicalize(p);
  std::string out;
  for (const auto& s : p.seats) {
    if (!out.empty()) out.push_back(' ');
    out.push_back(to_lower(colour_letter(s.seat)));
    out.push_back(':');
    bool first = true;
    for (const Square& sq : s.pawns) {
      if (!first) out.push_back(',');
      first = false;
      append_square(out, sq);
    }
  }
  out += " / ";
  out.push_back(to_lower(colour_letter(p.to_move)));
  out += " d";
  out += std::to_string(p.rerolls);
  if (!p.pending.empty()) {
    out += " [";
    for (std::size_t i = 0; i < p.pending.size(); ++i) {
      if (i != 0) out.push_back(',');
      if (p.pending[i].bonus) out.push_back('+');
      out += std::to_string(p.pending[i].value);
    }
    out.push_back(']');
  }
  return out;
}

}  // namespace ppn
