// One file's import: the reader stage (the caller's: db reads no files and parses nothing;
// `ppn import` cuts the text into games with parser::parse_stream_texts, app/import_reader.hpp)
// hands over the games in input order; N workers (ImportOptions::jobs, parallel/ordered_work.hpp)
// read them and turn them into rows (app/game_rows.hpp: checksum, replay and statistics, pure
// computation), and the calling thread, the one writer, stores them (db/importer.hpp) in
// input order. So what is stored, the ids, the counts and every message (each reported on the
// calling thread in its game's place) are the same for any number of workers.
//
//   FileReport r = import_games(importer, "games.ppn", [&](ImportFeed& feed) {
//     ... feed.game(game) for a game read, feed.read_later(read) for one a worker is to read,
//     feed.unread(report) for one that could not be read ...
//   });
//
// Memory is bounded by the games in flight (four batches of 16 per worker), whatever the
// file's size. Atomicity: games are written in transactions of ImportOptions::batch_games
// games, and a file ends with a commit (FileEnd::commit): import_games returns only after that
// commit, so a file it has reported survives a kill -9 (WAL, synchronous=NORMAL). With
// FileEnd::keep_open the transaction stays open for the next file's games (many small files,
// one transaction): the caller reports the file only once a commit has covered it
// (Importer::commits() grew past its value when import_games returned, or the caller's own
// Importer::commit()). A game is never split across two transactions, so a killed import
// leaves whole games only; re-running it skips what is there and stores the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "db/importer.hpp"
#include "notation/game.hpp"

namespace ppn::app {

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
  // For each duplicate and prefix duplicate, in input order: the id of the stored game it
  // matched (the one `ppn db retag` or `ppn db delete` corrects).
  std::vector<std::int64_t> duplicate_of;
  bool stop_run = false;  // --on-error stop met an illegal roll: import no further games
  // A signal asked the import to stop (app/stop_request.hpp): the games before it were stored
  // (and committed with the file), the game in hand and those after it were not read.
  bool interrupted = false;
  std::string db_error;   // non-empty: a database error; this file's uncommitted games were rolled back
  double reader_cpu_seconds = 0;  // CPU time of the workers (reading the games, the replay)
  double writer_cpu_seconds = 0;  // CPU time of the storing thread (the caller's: the reader stage and storing)
};

// What the reader stage hands over, one call per game (or whole file) in input order. It runs
// on the calling thread. After an --on-error stop (or a database error) the feed ignores the
// games it is given, so a reader stage needs no way to stop early.
class ImportFeed {
 public:
  // A report of a game that could not be read (the caller's message): import_games runs it on
  // the calling thread in the game's place and counts a syntax error.
  using Report = std::function<void()>;
  // Reads one game into `game` (its storage reused) on a worker: an empty Report when it was
  // read, else the report of why not.
  using Read = std::function<Report(Game& game)>;

  virtual ~ImportFeed() = default;
  // A game read already (the feed may swap it with one it is done with).
  virtual void game(Game& game) = 0;
  // A game for a worker to read.
  virtual void read_later(Read read) = 0;
  // A game, or a whole file, that could not be read.
  virtual void unread(Report report) = 0;
};
using GameReader = std::function<void(ImportFeed& feed)>;

// How import_games leaves the transaction holding the file's last games: committed, or open
// for the next file's games (the caller commits before reporting the file).
enum class FileEnd : bool { commit, keep_open };

// Imports the games `read` hands over, `name` naming the file in messages; commits before
// returning unless `end` keeps the transaction open. Games the database cannot hold go to
// ImportOptions::on_refused and are counted as syntax errors; the other games are still
// imported. On a database error the open transaction is rolled back: this file's games not
// committed, and those of the files before it that a kept-open transaction held.
// `stored`, when given, is called on the calling thread after each game the file holds (stored,
// a duplicate, or refused), with the file's counts so far: a front end's progress.
FileReport import_games(db::Importer& importer, const std::string& name, const GameReader& read,
                        FileEnd end = FileEnd::commit, const std::function<void(const ImportCounts&)>& stored = {});

}  // namespace ppn::app
