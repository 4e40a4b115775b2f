// The importer behind `ppn import`: reads PPN files one game at a time, replays and validates
// each game (db/game_rows.hpp), and stores it unless the database already holds it.
//
//   auto opened = Importer::open("ppn.sqlite", opts);      // error text or an importer
//   auto& imp = *std::get<std::unique_ptr<Importer>>(opened);
//   FileReport r = imp.import_stream(in, "games.ppn", on_syntax_error);
//
// What happens to a game (ImportOutcome): it is new (stored, legal or illegal with its
// diagnostics), a duplicate (same checksum: setup and main line, db/SCHEMA.md), or a prefix
// duplicate (its main line is the start of a stored game's: an unfinished copy). Duplicates
// are not stored again, so importing the same files twice adds nothing.
//
// Atomicity: games are written in transactions of ImportOptions::batch_games games, and every
// file ends with a commit; import_stream returns only after that commit, so a file it has
// reported survives a kill -9 (WAL, synchronous=NORMAL). A game is never split across two
// transactions, so a killed import leaves whole games only; re-running it skips what is
// there and stores the rest.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "db/game_rows.hpp"
#include "db/sqlite.hpp"
#include "parser/parser.hpp"

namespace ppn::db {

struct ImportOptions {
  replay::ReplayConfig replay;       // --variant / --option / --on-error / --order
  // Games per transaction. Large: every commit rewrites the pages it dirtied, and the random
  // hash index dirties pages all over, so small batches multiply the writes (a kill loses at
  // most one batch of work, which a re-run redoes; files reported done are committed).
  int batch_games = 10000;
  std::vector<std::string> aliases;  // "ALIAS=NAME": ALIAS is another spelling of player NAME
  // Called for every new game that has diagnostics (it is stored with them), with its id.
  std::function<void(const GameRows&, std::int64_t game_id)> on_diagnostics;
};

enum class ImportOutcome : std::uint8_t { added, duplicate, prefix_duplicate };

struct ImportCounts {
  std::size_t files = 0, games = 0, added = 0, illegal = 0, duplicates = 0, prefix_duplicates = 0,
              syntax_errors = 0, io_errors = 0, rolls = 0, positions = 0;
  // Duplicates of games stored before schema version 3 that were given their statistics, and
  // of games stored before version 5 that were given their record text (game_text).
  std::size_t stats_added = 0, text_added = 0;
  void add(const ImportCounts& o);
};

struct FileReport {
  ImportCounts counts;
  // The ids (games.id) of the new games, as runs of consecutive ids [first, last]: what
  // `--db PATH --game ID` opens.
  std::vector<std::pair<std::int64_t, std::int64_t>> added_ids;
  bool stop_run = false;  // --on-error stop met an illegal roll: import no further games
  std::string db_error;   // non-empty: a database error; this file's uncommitted games were rolled back
  double reader_cpu_seconds = 0;  // CPU time of the parse + replay thread
  double writer_cpu_seconds = 0;  // CPU time of the storing thread (the caller's)
};

// What games.source_file stores for a game read from `name` (the name a file was opened by):
// the absolute, canonical path (std::filesystem::weakly_canonical of the absolute path), so
// that it names the file from any working directory; "<stdin>" stays as it is.
std::string stored_source_path(const std::string& name);

// The player alias key: white space collapsed, lower case ("  Marta  RUIZ" -> "marta ruiz").
std::string alias_key(std::string_view name);

class Importer {
 public:
  // Opens (creating and migrating) the database and records the aliases. Error: a message.
  static std::variant<std::unique_ptr<Importer>, std::string> open(const std::string& path, ImportOptions opts);
  ~Importer();

  // Imports every game of `in`; syntax errors go to on_error and the other games are still
  // imported. Commits before returning.
  FileReport import_stream(std::istream& in, const std::string& name, const parser::ErrorHandler& on_error);

  // Stores one prepared game inside the open transaction (begun when none is open).
  ImportOutcome store(const GameRows& rows);
  // The id of the game the last store() added.
  std::int64_t last_added_id() const { return last_added_id_; }
  // Commits the open transaction, if any.
  void commit();

  Database& database() { return db_; }
  const ImportOptions& options() const { return opts_; }

 private:
  Importer(Database db, std::string path, ImportOptions opts);
  void prepare_statements();
  void add_alias(const std::string& alias, const std::string& name);
  std::int64_t player_id(const std::string& name);
  bool is_prefix_duplicate(const GameRows& rows);
  void store_stats(std::int64_t game_id, const GameRows& rows);  // game_race, seat_stats, seat_illegal
  void flush_positions();  // inserts the held positions, sorted by key
  void drop_positions();   // forgets them (rollback)

  Database db_;
  std::string path_;
  ImportOptions opts_;
  std::unique_ptr<Transaction> tx_;
  int in_tx_ = 0;  // games stored in the open transaction
  std::size_t stats_added_ = 0;  // ImportCounts::stats_added, counted by store()
  std::size_t text_added_ = 0;   // ImportCounts::text_added, counted by store()
  std::int64_t last_added_id_ = 0;
  // stored_source_path of the last GameRows::source_file stored (a file's games share it).
  std::string source_name_, source_path_;
  std::unordered_map<std::string, std::int64_t> players_;  // alias key -> id (committed or in tx_)
  // Positions of the open transaction not inserted yet (flush_positions), and their ids by
  // hash, so that a prefix duplicate of a game stored in this transaction is still found.
  std::vector<StoredPosition> held_;
  // Open addressing, linear probing: slot = (hash, id), id 0 = empty (ids are >= 1 << 16).
  // Sized for the most positions held at once (kPositionChunk plus one game's 65,535).
  std::vector<std::pair<std::int64_t, std::int64_t>> held_ids_;
  struct Statements;
  std::unique_ptr<Statements> st_;
};

}  // namespace ppn::db
