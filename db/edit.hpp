// Corrections to a stored collection after import (`ppn db delete`, `ppn db retag`, `ppn db
// merge-players`; the use cases are app/db_edit.hpp): each call is one transaction on the
// connection it is given (SQLite or PostgreSQL), which leaves the database as a fresh import of
// the corrected games would (db/SCHEMA.md "Correcting stored games"). The statistics are the
// per-seat rows the reports sum (seat_stats, seat_analysis, game_seats): a game's rows go with
// it, and a seat's player is its `game_seats.player_id`, so no figure is cached elsewhere.
//
// db parses nothing: the retagged record's tags and text come from the caller.
// Errors are values (E-DATABASE, E-ARGUMENT; notation/result.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/connection.hpp"
#include "notation/game.hpp"
#include "notation/result.hpp"

namespace ppn::db {

// Player `from` becomes player `to`: their seats (and so their statistics, which the reports
// sum from the seats) and every spelling of theirs move to `to`, and `from` goes. Inside the
// caller's open transaction (`ppn import --alias`, merge_players).
void move_player(Database& db, std::int64_t from, std::int64_t to);

struct DeletedGames {
  std::vector<std::int64_t> deleted;  // the ids deleted, in the order given
  std::vector<std::int64_t> missing;  // the ids the database does not hold
  std::int64_t players_dropped = 0;   // players left with no game, removed with their spellings
};

// Deletes the games `ids` with every row that names them (the tables of db/SCHEMA.md), in one
// transaction; a player of theirs who has no other game goes too, as a fresh import of the
// remaining games would not know them. Ids the database does not hold are listed, not an error.
Result<DeletedGames> delete_games(Database& db, const std::vector<std::int64_t>& ids);

// Game `id`'s tags become `tags` (canonical order) and its record text `ppn` (what `ppn fmt`
// prints of the corrected record), and each seat's player is the one its colour's tag names
// now (`[Green "..."]`, matched by alias key as the importer matches it), in one transaction.
// A player left with no game goes. The tags the checksum and the replay read (Variant, Seats,
// Option, Setup, Result) must not change: the caller checks. Error: E-ARGUMENT when there is no
// game `id`, E-DATABASE.
Status set_game_tags(Database& db, std::int64_t id, const std::vector<Tag>& tags, const std::string& ppn);

struct MergedPlayers {
  std::string from, into;  // the players' stored names (players.name)
  std::int64_t seats = 0;  // seats moved from `from` to `into`
};

// The player spelt `from` becomes the player spelt `into` (each by any of its spellings): seats
// and spellings move, `from` goes (move_player, db/player_aliases.hpp), in one transaction:
// what `ppn import --alias "FROM=INTO"` does. Error: E-ARGUMENT when either is unknown or both
// are one player, E-DATABASE.
Result<MergedPlayers> merge_players(Database& db, const std::string& from, const std::string& into);

}  // namespace ppn::db
