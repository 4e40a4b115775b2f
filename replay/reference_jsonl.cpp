#include "replay/reference_jsonl.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "io/lines.hpp"

namespace ppn::replay::reference {

using namespace ppn::rules;
namespace {
constexpr std::array<std::string_view, 4> kColours = {"green", "red", "blue", "yellow"};
constexpr std::array<int, 4> kRecordOrderSeat = {2, 0, 1, 3};  // blue, green, red, yellow
constexpr int kCorpusEnterGreen = 5;
}  // namespace

int seat_of_colour(std::string_view colour) {
  for (int s = 0; s < 4; ++s)
    if (kColours[s] == colour) return s;
  return -1;
}
std::string_view colour_of_seat(int seat) { return kColours[seat]; }

static int rel_from_corpus(int seat, int square) {
  const Geometry& g = kParcheesi68;
  return ((square - (kCorpusEnterGreen + g.arm_spacing * seat)) % g.ring_len + g.ring_len) %
         g.ring_len;
}

std::optional<std::string> parse_board(const nlohmann::json& j, unsigned seats_mask, Board& out) {
  const Geometry& g = kParcheesi68;
  if (!j.is_array() || j.size() != 16) return "board: expected an array of 16 locations";
  for (int i = 0; i < 16; ++i) {
    const int seat = kRecordOrderSeat[i / 4];
    const int id = i % 4;
    const auto& loc = j[i];
    std::uint8_t b;
    if (loc.is_string() && loc == "start") b = kNest;
    else if (loc.is_string() && loc == "home") b = byte_of_rel(g.home);
    else if (loc.is_object() && loc.contains("main") && loc["main"].is_number_integer()) {
      const int sq = loc["main"].get<int>();
      if (sq < 0 || sq >= g.ring_len) return "board: ring square out of range";
      const int rel = rel_from_corpus(seat, sq);
      if (rel > g.last_ring)
        return "board: " + std::string(kColours[seat]) + " pawn on square " + std::to_string(sq) +
               ", behind its ENTER";
      b = byte_of_rel(rel);
    } else if (loc.is_object() && loc.contains("row") && loc["row"].is_number_integer()) {
      const int k = loc["row"].get<int>();
      if (k < 0 || k >= g.home_path_len) return "board: home-row index out of range";
      b = byte_of_rel(g.last_ring + 1 + k);
    } else {
      return "board: unknown location " + loc.dump();
    }
    out.ids[seat][id] = ((seats_mask >> seat) & 1u) ? b : kAbsent;
  }
  for (int s = 0; s < kMaxSeats; ++s) {
    out.pos.pawns[s] = out.ids[s];
    out.pos.sort_seat(s);
  }
  if (const char* bad = position_check(out.pos)) return std::string("board: inconsistent (") + bad + ")";
  return std::nullopt;
}

std::optional<std::string> parse_moves(const nlohmann::json& j, int mover, Moves& out) {
  const Geometry& g = kParcheesi68;
  if (!j.is_array()) return "moves: expected an array";
  if (j.size() > kMaxPlayLen) {
    out.forced = RuleCode::too_many_moves;
    out.forced_index = kMaxPlayLen;
    return std::nullopt;
  }
  auto force = [&](RuleCode c, int i, std::string d) {
    if (!out.forced) {
      out.forced = c;
      out.forced_index = i;
      out.forced_detail = std::move(d);
    }
  };
  for (int i = 0; i < static_cast<int>(j.size()); ++i) {
    const auto& m = j[i];
    if (!m.is_object()) return "moves: expected objects";
    std::string kind;
    for (const char* k : {"enter", "main", "row"})
      if (m.contains(k)) kind = k;
    if (kind.empty()) return "moves: unknown move " + m.dump();
    const auto& pw = m[kind];
    if (!pw.is_array() || pw.size() != 2 || !pw[0].is_string() || !pw[1].is_number_integer())
      return "moves: bad pawn " + pw.dump();
    const int seat = seat_of_colour(pw[0].get<std::string>());
    const int id = pw[1].get<int>();
    if (seat < 0 || id < 0 || id > 3) return "moves: bad pawn " + pw.dump();
    if (seat != mover) force(RuleCode::wrong_colour, i, "moves a " + pw[0].get<std::string>() + " pawn");
    const auto pid = static_cast<std::uint8_t>(id);
    if (kind == "enter") {
      out.play.push_back(MiniMove::enter(pid));
      continue;
    }
    if (!m.contains("start") || !m["start"].is_number_integer() || !m.contains("distance") ||
        !m["distance"].is_number_integer())
      return "moves: move without integer start/distance";
    const int start = m["start"].get<int>();
    const int dist = m["distance"].get<int>();
    int rel = 0;
    if (kind == "main") {
      if (start < 0 || start >= g.ring_len) {
        force(RuleCode::no_pawn_there, i, "ring square out of range");
      } else {
        rel = rel_from_corpus(mover, start);
        if (rel > g.last_ring) force(RuleCode::no_pawn_there, i, "square behind the ENTER");
      }
    } else {
      if (start < 0 || start >= g.home_path_len) force(RuleCode::no_pawn_there, i, "home-row index out of range");
      else rel = g.last_ring + 1 + start;
    }
    if (dist <= 0 || dist > 200) force(RuleCode::wrong_part, i, "distance " + std::to_string(dist));
    out.play.push_back(MiniMove::move(rel, std::clamp(dist, 0, 255), pid));
  }
  return std::nullopt;
}

std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long) {
  if (auto err = io::for_each_line(path, max_line_bytes, f, on_too_long)) return path + ": " + *err;
  return std::nullopt;
}

}  // namespace ppn::replay::reference
