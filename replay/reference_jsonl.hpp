// Reader for reference-engine JSONL records (schema: shared/corpora/racket/README.md) and
// the conversion of their boards and moves to engine terms.
//
// Corpus coordinates: ring squares 0..67 (Racket board.rkt), ENTER green 5, red 22, blue 39,
// yellow 56; home rows 0..6 per colour. Engine seats are numbered by ENTER position:
// green 0, red 1, blue 2, yellow 3, so rel = (corpus_square - (5 + 17*seat)) mod 68.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "rules/engine.hpp"

namespace ppn::replay::reference {

// Seat of a colour name ("green" 0, "red" 1, "blue" 2, "yellow" 3), or -1.
int seat_of_colour(std::string_view colour);
std::string_view colour_of_seat(int seat);

// A board of 16 pawns (blue0..3, green0..3, red0..3, yellow0..3). `ids[s][k]` is the byte
// of the pawn the record calls (colour of seat s, id k); pos is the sorted form.
struct Board {
  rules::Position pos{};
  std::array<std::array<std::uint8_t, rules::kPawnsPerSeat>, rules::kMaxSeats> ids{};
};

// Parses a board; `seats_mask` marks the colours taking part (others become absent).
// Returns an error message on malformed input.
std::optional<std::string> parse_board(const nlohmann::json& j, unsigned seats_mask, Board& out);

// A recorded play converted to engine mini-moves. `forced` is set when a mini-move cannot be
// expressed in engine terms and is illegal as such (another colour, a start square no pawn
// can occupy, a non-positive distance): forced_index names it.
struct Moves {
  rules::Play play;
  std::optional<rules::RuleCode> forced;
  int forced_index = -1;
  std::string forced_detail;
};
std::optional<std::string> parse_moves(const nlohmann::json& j, int mover, Moves& out);

// Opens a .jsonl or .jsonl.gz file and calls f(line_number, text) for each line.
// Returns an error message when the file cannot be opened.
// A line longer than max_line_bytes is not held: on_too_long(line_number) is called instead
// of f (notation/SPEC.md "Limits").
inline constexpr std::size_t max_line_bytes = std::size_t{16} << 20;  // 16 MiB
std::optional<std::string> for_each_line(const std::string& path,
                                         const std::function<void(long, const std::string&)>& f,
                                         const std::function<void(long)>& on_too_long = {});

}  // namespace ppn::replay::reference
