// A stored game read back as a Game: the record text a database keeps (db/game_record.hpp,
// schema migration 5) parsed as the file it came from. db/ stores and parses nothing; this is
// the one place where a database id (what `ppn find`, `ppn query` and `ppn import` print)
// becomes a game: `--db PATH --game ID` of replay, render, stats and analyze
// (app/game_source.hpp) and `ppn export --db`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/game_record.hpp"
#include "notation/game.hpp"
#include "notation/result.hpp"

namespace ppn::app {

// The game of a record with its text, parsed, `name` standing for the file in its messages.
// Error: E-DATABASE (no text stored, the text does not parse).
Result<Game> parse_record(const db::StoredRecord& r, const std::string& name);

// Game `id` parsed from its stored text, `name` standing for the file in its messages (so a
// line number is a line of the text `ppn export --db PATH --game ID` writes). Error: a message
// (E-DATABASE: no such game, no text stored, ...).
Result<Game> load_game(db::Database& database, std::int64_t id, const std::string& name);

// The game ids `ppn export --db` writes, in order: `games` as given, else those the user's
// `sql` selects, else those satisfying `where` ("" = every game) in id order. Error: E-DATABASE.
Result<std::vector<std::int64_t>> chosen_game_ids(db::Database& database, const std::vector<std::int64_t>& games,
                                                  const std::string& where, const std::string& sql);

}  // namespace ppn::app
