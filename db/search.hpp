// Position search (`ppn find`): exact positions through the hash key of the positions table,
// and structural patterns by a scan of every stored position.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.hpp"
#include "db/table.hpp"
#include "notation/colour.hpp"
#include "notation/result.hpp"
#include "rules/game.hpp"

namespace ppn::db {

// Every game and roll after which `id` (a position ID, notation/SPEC.md 7) stood: columns
// game, file, line, roll (1-based: the position after that roll), play. With `ignore_turn`
// only the pawns must match, not the seat to move and the doublets count. Error: E-ARGUMENT
// for an ID that names no position to look for, E-DATABASE for the database's own.
Result<Table> find_position(Database& db, std::string_view id, bool ignore_turn = false);

// A structural pattern (all given patterns must hold in one position):
//   blockade-on-enter:C   two pawns of one colour stand on C's ENTER space
//   home-path:C:N         at least N pawns of C on C's home path (h1-h7, Ludo's home column
//                         h1-h5; HOME not counted)
//   near-home:C:K         a pawn of C within K squares of HOME (on the board, not at HOME)
// C is a colour name or letter. A pattern is judged on the game's own board: a stored
// position by the rules of its game's profile (games.variant).
struct Pattern {
  enum class Kind : std::uint8_t { blockade_on_enter, home_path, near_home } kind{};
  Colour colour = Colour::Green;
  int n = 0;
};
// Error: E-ARGUMENT.
Result<Pattern> parse_pattern(std::string_view text);
bool matches(const Pattern& p, const rules::Game& game);

// One row per game with a position matching every pattern: game, file, line, first_roll,
// last_roll, rolls (how many of its positions match). The positions are read one at a time
// (Statement::Kind::scan): memory holds the games that match, not the positions. Error:
// E-DATABASE. `progress` (when given) is told the positions read so far, every 65,536 (a front
// end's progress bar).
Result<Table> find_pattern(Database& db, const std::vector<Pattern>& patterns,
                           const std::function<void(std::uint64_t positions)>& progress = {});

}  // namespace ppn::db
