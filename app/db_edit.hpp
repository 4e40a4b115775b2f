// Correcting a stored collection after import, for every front end (`ppn db delete`, `ppn db
// retag`, `ppn db merge-players`): each opens the database (a SQLite file that exists, or a
// PostgreSQL server), migrates it as an import would, and makes its change in one transaction
// (db/edit.hpp), so that the database holds what a fresh import of the corrected games holds.
//
//   auto r = app::retag_game("games.sqlite", 12, {"Green=Marta Ruiz", "Date=2024.05.01"});
//   if (!r) print(r.error());
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/edit.hpp"
#include "notation/result.hpp"

namespace ppn::app {

// Deletes the stored games `ids`. Error: E-ARGUMENT (no database there), E-DATABASE.
Result<db::DeletedGames> delete_games(const std::string& target, const std::vector<std::int64_t>& ids);

struct TagEdit {
  std::string name, before, after;  // "" : the tag was absent / is removed
};

// The tags that are not the record's to correct after import: they decide the checksum and the
// replay (the profile, the seats, the options, the set-up) or the finishing order of the
// statistics (Result). A game with others is another game: delete it and import it again.
inline constexpr const char* kFixedTags[] = {"Variant", "Seats", "Option", "Setup", "Result"};

// Sets game `id`'s tags, each "NAME=VALUE" ("NAME=" removes the tag): the players' names
// (`Green`, `Red`, `Blue`, `Yellow`, which move the seat to the player so named), `Date`,
// `Event` and any other tag but kFixedTags. The stored record text, the tags table and the
// seats change together. Returns the changes made. Error: E-ARGUMENT (a malformed or fixed tag,
// no such game), E-DATABASE.
Result<std::vector<TagEdit>> retag_game(const std::string& target, std::int64_t id, const std::vector<std::string>& settings);

// The player spelt `from` becomes the player spelt `into`. Error: E-ARGUMENT (unknown player,
// one player already), E-DATABASE.
Result<db::MergedPlayers> merge_players(const std::string& target, const std::string& from, const std::string& into);

}  // namespace ppn::app
