// A stored game read back as a Game: the record text a database keeps (db/game_record.hpp,
// schema migration 5) parsed as the file it came from. db/ stores and parses nothing; this is
// the one place where a database id (what `ppn find`, `ppn query` and `ppn import` print)
// becomes a game: `--db PATH --game ID` of replay, render, stats and analyze
// (cli/game_select.hpp) and `ppn export --db`.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "db/game_record.hpp"
#include "notation/game.hpp"

namespace ppn::cli {

// The game of a record with its text, parsed, `name` standing for the file in its messages.
// Error: a message (no text stored, the text does not parse).
std::variant<Game, std::string> parse_record(const db::StoredRecord& r, const std::string& name);

// Game `id` parsed from its stored text, `name` standing for the file in its messages (so a
// line number is a line of the text `ppn export --db PATH --game ID` writes). Error: a message
// (no such game, no text stored, ...).
std::variant<Game, std::string> load_game(db::Database& database, std::int64_t id, const std::string& name);

}  // namespace ppn::cli
