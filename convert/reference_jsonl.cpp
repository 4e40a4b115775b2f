#include "convert/reference_jsonl.hpp"

#include <nlohmann/json.hpp>

#include "io/lines.hpp"

namespace ppn::convert::reference {

namespace {
using nlohmann::json;
// The schema's board order: blue0..3, green0..3, red0..3, yellow0..3 (Racket color->int).
constexpr std::array<Colour, 4> kRecordColours = {Colour::Blue, Colour::Green, Colour::Red, Colour::Yellow};
}  // namespace

std::optional<std::string> read_board(const json& j, nu::Board& out) {
  if (!j.is_array() || j.size() != 16) return "\"board\": expected an array of 16 locations";
  for (int i = 0; i < 16; ++i) {
    const nu::Pawn p{kRecordColours[i / 4], static_cast<std::uint8_t>(i % 4)};
    const json& loc = j[i];
    nu::Loc l;
    if (loc == "start") l = {nu::LocKind::start, 0};
    else if (loc == "home") l = {nu::LocKind::home, 0};
    else if (loc.is_object() && loc.contains("main") && loc["main"].is_number_integer() &&
             loc["main"].get<int>() >= 0 && loc["main"].get<int>() < racket::kRingSquares)
      l = {nu::LocKind::main, static_cast<std::uint8_t>(loc["main"].get<int>())};
    else if (loc.is_object() && loc.contains("row") && loc["row"].is_number_integer() &&
             loc["row"].get<int>() >= 0 && loc["row"].get<int>() < racket::kHomeRowSquares)
      l = {nu::LocKind::row, static_cast<std::uint8_t>(loc["row"].get<int>())};
    else
      return "\"board\"[" + std::to_string(i) + "]: expected \"start\", \"home\", {\"main\": 0..67} or {\"row\": 0..6}, found " +
             loc.dump();
    out.at(p) = l;
  }
  return std::nullopt;
}

std::optional<std::string> read_pawn(const json& j, nu::Pawn& out) {
  if (!j.is_array() || j.size() != 2 || !j[0].is_string() || !j[1].is_number_integer())
    return "expected a pawn [colour, id], found " + j.dump();
  const auto c = colour_from_name(j[0].get<std::string>());
  const int id = j[1].get<int>();
  if (!c || id < 0 || id > 3) return "expected a pawn [colour, 0..3], found " + j.dump();
  out = nu::Pawn{*c, static_cast<std::uint8_t>(id)};
  return std::nullopt;
}

std::optional<std::string> read_moves(const json& j, nu::Moves& out) {
  if (!j.is_array()) return "\"moves\": expected an array";
  for (std::size_t i = 0; i < j.size(); ++i) {
    const json& m = j[i];
    const std::string where = "\"moves\"[" + std::to_string(i) + "]: ";
    nu::Move mv;
    const char* key = nullptr;
    if (m.is_object() && m.contains("enter")) key = "enter", mv.kind = nu::MoveKind::enter;
    else if (m.is_object() && m.contains("main")) key = "main", mv.kind = nu::MoveKind::main;
    else if (m.is_object() && m.contains("row")) key = "row", mv.kind = nu::MoveKind::home;
    else return where + "expected {\"enter\"|\"main\"|\"row\": pawn, ...}, found " + m.dump();
    if (auto e = read_pawn(m[key], mv.pawn)) return where + *e;
    if (mv.kind != nu::MoveKind::enter) {
      if (!m.contains("start") || !m["start"].is_number_integer() || !m.contains("distance") ||
          !m["distance"].is_number_integer())
        return where + "expected integer \"start\" and \"distance\"";
      mv.start = m["start"].get<int>();
      mv.distance = m["distance"].get<int>();
    }
    out.list.push_back(mv);
  }
  return std::nullopt;
}

namespace {
json write_pawn(nu::Pawn p) { return json::array({std::string(colour_name(p.colour)), p.id}); }
}  // namespace

json write_board(const nu::Board& b) {
  json out = json::array();
  for (Colour c : kRecordColours)
    for (int id = 0; id < nu::kPawnsPerColour; ++id) {
      const nu::Loc loc = b.at(nu::Pawn{c, static_cast<std::uint8_t>(id)});
      switch (loc.kind) {
        case nu::LocKind::start: out.push_back("start"); break;
        case nu::LocKind::home: out.push_back("home"); break;
        case nu::LocKind::main: out.push_back(json{{"main", loc.index}}); break;
        case nu::LocKind::row: out.push_back(json{{"row", loc.index}}); break;
      }
    }
  return out;
}

json write_moves(const nu::Moves& m) {
  json out = json::array();
  for (const nu::Move& mv : m.list) {
    switch (mv.kind) {
      case nu::MoveKind::enter: out.push_back(json{{"enter", write_pawn(mv.pawn)}}); break;
      case nu::MoveKind::main:
        out.push_back(json{{"main", write_pawn(mv.pawn)}, {"start", mv.start}, {"distance", mv.distance}});
        break;
      case nu::MoveKind::home:
        out.push_back(json{{"row", write_pawn(mv.pawn)}, {"start", mv.start}, {"distance", mv.distance}});
        break;
    }
  }
  return out;
}

std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long) {
  if (auto err = io::for_each_line(path, nu::kMaxJsonlLineBytes, f, on_too_long)) return path + ": " + *err;
  return std::nullopt;
}

}  // namespace ppn::convert::reference
