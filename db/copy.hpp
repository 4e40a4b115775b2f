// `ppn db copy FROM TO`: a whole collection from one database into another, either backend to
// either (db/connection.hpp). Games are matched by their content checksum: a game TO holds
// already is left as it is, every other game is stored under a new id with all its rows (seats,
// tags, rolls, diagnostics, positions, statistics, analysis, record text), its players matched
// by their alias key as the importer matches them (case and spacing never split one, and FROM's
// other spellings come along). So copying twice changes nothing, and copying into a collection
// that holds some of the games adds the rest. One transaction: a copy interrupted stores no game
// (on PostgreSQL the players it added stay, with no games, as an importer's do), and a re-run
// does it all; one that a deadlock with an importer breaks off (PostgreSQL) is rolled back and
// runs again by itself (up to 8 times). Memory: the rows of FROM are read one at a time
// (Statement::Kind::scan) and written in bulk (PostgreSQL: COPY, 8 MiB at a time); what grows
// with the collection is the map of game ids (FROM's to TO's) and of player ids.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "notation/result.hpp"

namespace ppn::db {

struct CopyCounts {
  std::size_t games = 0;    // games FROM holds
  std::size_t copied = 0;   // stored in TO now
  std::size_t present = 0;  // TO held them already (same checksum)
};

// Where a copy is: the table being copied (games first, then the tables that hang off a game,
// `step` of `steps`) and the rows of it read so far. Called at each table's start and every
// few thousand rows (a front end's progress bar); a retried copy starts again from games.
struct CopyProgress {
  std::string_view table;
  int step = 0, steps = 0;
  std::uint64_t rows = 0;
};
using CopyProgressFn = std::function<void(const CopyProgress&)>;

// FROM must be at the current schema version (`ppn import --db FROM` migrates it); TO is
// created or migrated. Error: E-DATABASE (E-IO for a FROM that does not exist), its message
// naming the database.
Result<CopyCounts> copy_collection(const std::string& from, const std::string& to, const CopyProgressFn& progress = {});

}  // namespace ppn::db
