// `ppn find [--db PATH] --position ID`: every game and roll after which that exact position
// (pawns, seat to move and doublets count; --ignore-turn: pawns only) stood, found through the
// hash key of the positions table.
// `ppn find [--db PATH] --pattern P [--pattern P ...]`: the games with a position where every
// pattern holds (db/search.hpp: blockade-on-enter:C, home-path:C:N, near-home:C:K), one row
// per game with its first and last matching roll.
// Output: an aligned table (default), --format csv or --format json.
// Exit codes: 0 something found, 1 nothing found, 2 usage error, bad ID or pattern, unreadable database.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

void add_find_command(CLI::App& app, int& exit_code);

}  // namespace ppn::cli
