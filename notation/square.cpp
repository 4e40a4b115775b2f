#include "notation/square.hpp"

namespace ppn {

void append_square(std::string& out, Square s) {
  switch (s.kind) {
    case SquareKind::Nest: out.push_back('N'); return;
    case SquareKind::Home: out.push_back('H'); return;
    case SquareKind::HomePath: out.push_back('h'); break;
    case SquareKind::Ring: break;
  }
  if (s.index >= 10) out.push_back(static_cast<char>('0' + s.index / 10));
  out.push_back(static_cast<char>('0' + s.index % 10));
}

std::string to_string(Square s) {
  std::string out;
  append_square(out, s);
  return out;
}

std::optional<Square> parse_square(std::string_view t) {
  if (t.size() == 1 && (t[0] == 'N' || t[0] == 'n')) return Square::nest();
  if (t.size() == 1 && (t[0] == 'H' || t[0] == 'h')) return Square::home();
  if (t.size() == 2 && (t[0] == 'H' || t[0] == 'h') && t[1] >= '1' && t[1] <= '9') {
    return Square::home_path(static_cast<std::uint8_t>(t[1] - '0'));
  }
  if (t.empty() || t.size() > 2) return std::nullopt;
  unsigned v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return Square::ring(static_cast<std::uint8_t>(v));
}

}  // namespace ppn
