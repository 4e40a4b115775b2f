// One file's import on two threads: a reader thread turns the games a reader stage hands it
// into rows (db/game_rows.hpp: checksum, replay and statistics, pure computation), the calling
// thread stores them (db/importer.hpp). The reader stage is the caller's: db reads no files
// and parses nothing (`ppn import` parses with parser::parse_stream, cli/import_reader.hpp).
//
//   FileReport r = import_games(importer, "games.ppn", [&](const GameHandler& on_game, const std::function<void()>& on_unread) {
//     ... on_game(game) for each game read, on_unread() for each one that could not be read ...
//   });
//
// Atomicity: games are written in transactions of ImportOptions::batch_games games, and every
// file ends with a commit; import_games returns only after that commit, so a file it has
// reported survives a kill -9 (WAL, synchronous=NORMAL). A game is never split across two
// transactions, so a killed import leaves whole games only; re-running it skips what is
// there and stores the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "db/importer.hpp"
#include "notation/game.hpp"

namespace ppn::db {

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
  double reader_cpu_seconds = 0;  // CPU time of the reader thread (the reader stage and the replay)
  double writer_cpu_seconds = 0;  // CPU time of the storing thread (the caller's)
};

// The reader stage of one file. It runs on the reader thread and hands every game it reads to
// `on_game` (which may move from it), and calls `on_unread` once for every game (or whole
// file) it could not read, which it has reported itself: import_games counts them as syntax
// errors. After an --on-error stop (or a database error) on_game ignores the games it is
// given, so a reader stage needs no way to stop early.
using GameHandler = std::function<void(Game&)>;
using GameReader = std::function<void(const GameHandler& on_game, const std::function<void()>& on_unread)>;

// Imports the games `read` hands over, `name` naming the file in messages; commits before
// returning. Games the database cannot hold go to ImportOptions::on_refused and are counted as
// syntax errors; the other games are still imported.
FileReport import_games(Importer& importer, const std::string& name, const GameReader& read);

}  // namespace ppn::db
