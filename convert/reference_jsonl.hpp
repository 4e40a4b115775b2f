// The one reader and writer of reference-engine JSONL records (schema: shared/corpora/racket/README.md,
// also shared/corpora/hasbro/): a record's `board` and `moves` as Racket board values
// (nu_xml.hpp: Racket coordinates, racket_coords.hpp), and the lines of a corpus file.
// `ppn convert --from racket-jsonl` (racket_jsonl.hpp) and `ppn conform` (conform.hpp) both
// read through it; racket_position.hpp takes the values on to the rules core's position.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "convert/nu_xml.hpp"

namespace ppn::convert::reference {

// `board`: 16 locations in the order blue0..3, green0..3, red0..3, yellow0..3, each "start",
// "home", {"main": 0..67} or {"row": 0..6}. Returns what is wrong, naming the entry.
std::optional<std::string> read_board(const nlohmann::json& j, nu::Board& out);
// A pawn [colour, 0..3] (colour names in any letter case).
std::optional<std::string> read_pawn(const nlohmann::json& j, nu::Pawn& out);
// `moves`: {"enter": pawn}, {"main": pawn, "start": s, "distance": d} or {"row": ...}; start
// and distance are integers as written (whether they make sense is the rules' business).
std::optional<std::string> read_moves(const nlohmann::json& j, nu::Moves& out);

// The reverse, as the schema writes them (the NU course tests as records, nu_test.hpp):
// read_board(write_board(b)) gives b, read_moves(write_moves(m)) gives m.
nlohmann::json write_board(const nu::Board& b);
nlohmann::json write_moves(const nu::Moves& m);

// Opens a .jsonl file (plain, gzip or zstd; `-` standard input) and calls f(line_number,
// text) for each line. A line longer than nu::kMaxJsonlLineBytes is not held:
// on_too_long(line_number) is called instead of f (notation/SPEC.md "Limits"). Returns
// "PATH: what went wrong" when the file cannot be opened or read.
std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long = {});

}  // namespace ppn::convert::reference
