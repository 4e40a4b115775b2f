// NU protocol values (nu_xml.hpp) in the reference JSONL schema
// (shared/corpora/racket/README.md, "Common encoding"), which `ppn conform` reads.
// Both use Racket's absolute ring squares 0..67 and home-row squares 0..6, so the
// conversion only renames: no coordinate changes.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "convert/nu_xml.hpp"

namespace ppn::convert::nu {

// "blue", "green", ...: the schema's colour names (Racket's).
std::string reference_colour(Colour c);
// [colour, id].
nlohmann::json reference_pawn(Pawn p);
// The 16 locations in the schema's order blue0..3, green0..3, red0..3, yellow0..3
// (Racket's color->int order, board.rkt): "start", "home", {"main": n}, {"row": n}.
nlohmann::json reference_board(const Board& b);
nlohmann::json reference_dice(const Dice& d);
// {"enter": pawn}, {"main": pawn, "start": s, "distance": d}, {"row": pawn, ...}.
nlohmann::json reference_moves(const Moves& m);

}  // namespace ppn::convert::nu
