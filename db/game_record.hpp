// A stored game read back as its record: the canonical PPN text schema migration 5 keeps in
// game_text (db/SCHEMA.md). This is the one way from a database id (what `ppn find`, `ppn
// query` and `ppn import` print) to the game: `--db PATH --game ID` of replay, render, stats
// and analyze (app/game_source.hpp) and `ppn export --db` all go through it.
//
//   auto ids = select_game_ids(db, "SELECT id FROM games WHERE winner = 'red'");
//   auto rec = read_record(db, 12);                   // its stored text, or why not
//
// db parses nothing: app/stored_game.hpp reads the text back into a Game.
//
// Errors are values (E-DATABASE, notation/result.hpp); SQLite failures never escape.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "db/connection.hpp"
#include "notation/result.hpp"

namespace ppn::db {

struct StoredRecord {
  std::int64_t id = 0;
  std::string source_file;  // games.source_file: where it was first imported from
  std::int64_t source_line = 0;
  std::optional<std::string> ppn;  // nullopt: stored before schema version 5, no text kept
};

// The game ids the statement selects (its first column), in its order; it runs on `db` as
// given (a read-only connection keeps it read-only), as written (Statement::Kind::verbatim: the
// user's SQL, no parameters). Error: E-DATABASE.
Result<std::vector<std::int64_t>> select_game_ids(Database& db, const std::string& sql);

// The ids of the games that satisfy `where` (the user's SQL condition on games, as written;
// "" = every game), in id order: `ppn export --db PATH --where COND`. Error: E-DATABASE.
Result<std::vector<std::int64_t>> select_game_ids_where(Database& db, const std::string& where);

// What the two take, in words and SQL, for the help of the commands that pass them a user's
// query (`ppn export --db PATH --where COND | --sql QUERY`).
inline constexpr const char* kWhereHelp =
    "With --db: the games satisfying this SQL condition on table games, e.g. \"winner = 'red'\" or "
    "\"id IN (SELECT game_id FROM game_seats WHERE player_name = 'Marta Ruiz')\" (in id order)";
inline constexpr const char* kSqlHelp = "With --db: the games a read-only SELECT gives as its first column (in its order)";

// How many games the database holds (a DbError when it cannot say).
std::int64_t count_games(Database& db);

// Game `id`'s record; nullopt when the database holds no such game. Error: E-DATABASE.
Result<std::optional<StoredRecord>> read_record(Database& db, std::int64_t id);

// Why a stored game has no text, and how to add it (the message for StoredRecord::ppn unset).
std::string missing_text_message(const StoredRecord& r);

}  // namespace ppn::db
