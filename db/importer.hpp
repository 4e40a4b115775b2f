// The store of `ppn import`: games prepared as rows (db/game_rows.hpp) are stored one at a
// time, inside transactions, unless the database already holds them. Reading files and the
// threads of an import (workers and the one writer) are app/import_run.hpp; the statements, the players' spellings and
// the held positions are db/import_statements.hpp, db/player_aliases.hpp and
// db/held_positions.hpp.
//
//   auto opened = Importer::open("ppn.sqlite", opts);      // an importer, or the Diagnostic
//   auto& imp = **opened;
//   GameRows rows;  app::make_game_rows(game, opts.replay, rows);   // (app/game_rows.hpp)
//   if (imp.store(rows) == ImportOutcome::added) ... imp.last_added_id() ...
//   imp.commit();
//
// What happens to a game (ImportOutcome): it is new (stored, legal or illegal with its
// diagnostics), a duplicate (same checksum: setup and main line, db/SCHEMA.md), or a prefix
// duplicate (its main line is the start of a stored game's: an unfinished copy). Duplicates
// are not stored again, so importing the same files twice adds nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "db/game_rows.hpp"
#include "db/held_positions.hpp"
#include "db/import_statements.hpp"
#include "db/player_aliases.hpp"
#include "db/connection.hpp"
#include "notation/diagnostic.hpp"
#include "notation/result.hpp"

namespace ppn::db {

// A game the database cannot hold (more rolls than a game's keys have room for): the one
// diagnostic value (notation/diagnostic.hpp), E-SYNTAX like the reader's own limits, where it
// is and why. It is not stored, it is counted with the syntax errors, and the import goes on.
using RefusedGame = ppn::Diagnostic;

struct ImportOptions {
  replay::ReplayConfig replay;       // --variant / --option / --on-error / --order
  // Games per transaction at most. Large: every commit rewrites the pages it dirtied, and the
  // random hash index dirties pages all over, so small batches multiply the writes (a kill
  // loses at most one batch of work, which a re-run redoes; files reported done are committed).
  // A transaction also ends when its positions fill a chunk (db/held_positions.hpp): store()
  // then commits, so that the positions go in one sorted walk per transaction.
  int batch_games = 20000;
  // Workers that read and replay the games for the one writer (`ppn import -j`, app/import_run.hpp).
  unsigned jobs = 1;
  std::vector<std::string> aliases;  // "ALIAS=NAME": ALIAS is another spelling of player NAME
  // Called for every new game that has diagnostics (it is stored with them), with its id.
  std::function<void(const GameRows&, std::int64_t game_id)> on_diagnostics;
  // Called for every game refused (app/import_run.hpp counts it with the syntax errors).
  std::function<void(const RefusedGame&)> on_refused;
};

enum class ImportOutcome : std::uint8_t { added, duplicate, prefix_duplicate };

// What games.source_file stores for a game read from `name` (the name a file was opened by):
// the absolute, canonical path (std::filesystem::weakly_canonical of the absolute path), so
// that it names the file from any working directory; "<stdin>" stays as it is.
std::string stored_source_path(const std::string& name);

class Importer {
 public:
  // Opens (creating and migrating) the database and records the aliases. Error: E-ARGUMENT
  // for an alias not written ALIAS=NAME, else E-DATABASE.
  static Result<std::unique_ptr<Importer>> open(const std::string& path, ImportOptions opts);
  ~Importer();  // an open transaction rolls back

  // Stores one prepared game inside the open transaction (begun when none is open), in a
  // savepoint of its own (Savepoint). When the server breaks off a wait for another importer's
  // transaction (a deadlock or a serialization failure: DbError::retryable()) at any statement
  // of the game, the savepoint undoes the whole game, the games before it are committed, and
  // this one is stored again in a new transaction (a few times, waiting longer each time): no
  // error, no game lost or half stored, and the outcome returned is what the database holds.
  // Any other error (or the last try's) is thrown, with the game's part still in the open
  // transaction: the caller rolls the transaction back (rollback()), as import_games does. When the positions
  // held reach a chunk (kPositionChunk), store() commits: the transaction's games are whole.
  ImportOutcome store(const GameRows& rows);
  // How many times store() stored a game again after a deadlock or serialization failure.
  std::size_t retries() const { return retries_; }
  // The id of the game the last store() added.
  std::int64_t last_added_id() const { return last_added_id_; }
  // The id of the stored game the last store() found this one a duplicate or a prefix
  // duplicate of.
  std::int64_t last_matched_id() const { return last_matched_id_; }
  // Games store() added in the open transaction.
  int games_in_transaction() const { return in_tx_; }
  // Commits the open transaction, if any.
  void commit();
  // Transactions committed so far (by commit(), store()'s full chunk or a retry): a game stored
  // before commits() grew is committed.
  std::size_t commits() const { return commits_; }
  // Rolls the open transaction back, and forgets what it held (never throws).
  void rollback();

  // Duplicates of games stored before schema version 3 that store() gave their statistics, and
  // of games stored before version 5 that it gave their record text (game_text), since the
  // last call.
  struct Completed {
    std::size_t stats = 0, text = 0;
  };
  Completed take_completed();

  Database& database() { return db_; }
  const std::string& path() const { return path_; }
  const ImportOptions& options() const { return opts_; }

 private:
  Importer(Database db, std::string path, ImportOptions opts);
  ImportOutcome store_once(const GameRows& rows);
  std::int64_t prefix_duplicate_of(const GameRows& rows);  // the longer stored game's id, or 0
  void store_stats(std::int64_t game_id, const GameRows& rows);  // game_race, seat_stats, seat_illegal

  Database db_;
  std::string path_;
  ImportOptions opts_;
  ImportStatements st_;
  // PostgreSQL: the connection new players are written through (db/player_aliases.hpp).
  std::unique_ptr<Database> players_db_;
  PlayerAliases players_;
  HeldPositions held_;  // the positions of the open transaction, not inserted yet
  std::unique_ptr<Transaction> tx_;
  int in_tx_ = 0;
  Completed completed_;
  std::int64_t last_added_id_ = 0;
  std::int64_t last_matched_id_ = 0;
  std::size_t retries_ = 0;
  std::size_t commits_ = 0;
  // stored_source_path of the last GameRows::source_file stored (a file's games share it).
  std::string source_name_, source_path_;
};

}  // namespace ppn::db
