// The players of the database and their spellings (db/SCHEMA.md players, player_aliases): the
// importer asks for a player's id by any spelling, and `--alias ALIAS=NAME` makes ALIAS
// another spelling of NAME.
//
//   PlayerAliases players(db);
//   players.add_alias("M. Ruiz", "Marta Ruiz");     // inside the importer's transaction
//   std::int64_t id = players.player_id("marta  ruiz");
//
// Both write inside the caller's open transaction (on PostgreSQL, where new names are written
// through a connection of their own, add_alias's merge is a transaction of its own); after a
// rollback, forget() drops the ids remembered since.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "db/connection.hpp"

namespace ppn::db {

// The player alias key: white space collapsed, lower case ("  Marta  RUIZ" -> "marta ruiz").
std::string alias_key(std::string_view name);

class PlayerAliases {
 public:
  // New players and spellings are written through `adding`: `db` itself (SQLite, one writer at
  // a time), or a connection of their own outside the import's transaction (PostgreSQL: each new
  // name is committed at once, so two importers never wait on each other's uncommitted players,
  // which could deadlock them; a name whose games were rolled back stays, with no games).
  PlayerAliases(Database& db, Database& adding);

  // The id of the player spelt `name`; a player unknown by that spelling is added.
  std::int64_t player_id(const std::string& name);
  // ALIAS becomes a spelling of NAME. When ALIAS was a player of its own, its games (and so its
  // statistics, which the reports sum from the seats) move to NAME, in one transaction.
  void add_alias(const std::string& alias, const std::string& name);
  // Forgets the ids remembered (their rows were rolled back).
  void forget() { ids_.clear(); }

 private:
  Database& db_;
  Database& adding_;
  Statement find_alias_, insert_player_, find_player_, insert_alias_, drop_player_;
  std::unordered_map<std::string, std::int64_t> ids_;  // alias key -> id (committed or in the open transaction)
};

// Checks every "ALIAS=NAME" of `aliases` (a message for the first malformed one, "" when all
// are well formed), so that none is recorded when one is wrong.
std::string check_aliases(const std::vector<std::string>& aliases);

}  // namespace ppn::db
