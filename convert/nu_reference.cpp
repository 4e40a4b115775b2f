#include "convert/nu_reference.hpp"

#include <nlohmann/json.hpp>

namespace ppn::convert::nu {

using nlohmann::json;

std::string reference_colour(Colour c) { return std::string(colour_name(c)); }

json reference_pawn(Pawn p) { return json::array({reference_colour(p.colour), p.id}); }

json reference_board(const Board& b) {
  json out = json::array();
  for (Colour c : {Colour::Blue, Colour::Green, Colour::Red, Colour::Yellow})
    for (int id = 0; id < kPawnsPerColour; ++id) {
      const Loc loc = b.at(Pawn{c, static_cast<std::uint8_t>(id)});
      switch (loc.kind) {
        case LocKind::start: out.push_back("start"); break;
        case LocKind::home: out.push_back("home"); break;
        case LocKind::main: out.push_back(json{{"main", loc.index}}); break;
        case LocKind::row: out.push_back(json{{"row", loc.index}}); break;
      }
    }
  return out;
}

json reference_dice(const Dice& d) { return json(d.values); }

json reference_moves(const Moves& m) {
  json out = json::array();
  for (const Move& mv : m.list) {
    switch (mv.kind) {
      case MoveKind::enter: out.push_back(json{{"enter", reference_pawn(mv.pawn)}}); break;
      case MoveKind::main:
        out.push_back(json{{"main", reference_pawn(mv.pawn)}, {"start", mv.start},
                           {"distance", mv.distance}});
        break;
      case MoveKind::home:
        out.push_back(json{{"row", reference_pawn(mv.pawn)}, {"start", mv.start},
                           {"distance", mv.distance}});
        break;
    }
  }
  return out;
}

}  // namespace ppn::convert::nu
