// The importer's prepared statements (db/SCHEMA.md names every table and column they write):
// prepared once per connection, reused for every game. The rows of a game (all but games itself)
// are bulk inserts (PostgreSQL: COPY); a game is inserted unless another importer stored it
// first (ON CONFLICT on the content checksum: the database decides, not a read then a write).
// The writes that may wait for another importer's open transaction (the game's insert, the
// updates that complete an older game) are guarded statements (db/connection.hpp); Importer::store
// runs each game in a savepoint of its own, so that a deadlock anywhere in the game undoes the
// whole game, and runs the game again.
#pragma once

#include "db/connection.hpp"

namespace ppn::db {

struct ImportStatements {
  // Finding what the database already holds: exact duplicates, prefix duplicates, and games
  // stored by an older schema that lack their statistics or record text.
  Statement find_checksum, prefix_candidates, roll_line_hash, prefix_by_setup, prefix_by_line, has_race, has_text;
  Statement delete_race, delete_seat_stats, delete_seat_illegal;
  // Storing a game.
  Statement insert_game, insert_seat, insert_tag, insert_roll, insert_diag, insert_position, insert_text;
  Statement insert_race, insert_seat_stats, insert_seat_illegal;
  // Completing a game stored before schema version 5 (its roll numbers and its source).
  Statement set_roll_number, set_source;

  explicit ImportStatements(Database& db);
};

}  // namespace ppn::db
