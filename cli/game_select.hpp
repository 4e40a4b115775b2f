// The options of a one-game command (`ppn replay`, `ppn render`; `ppn stats` and `ppn analyze`
// with --db): a FILE and `--game N`, or `--db PATH --game ID`; the game source itself is
// app/game_source.hpp.
#pragma once

#include <CLI/CLI.hpp>

#include "app/game_source.hpp"
#include "cli/input_files.hpp"

namespace ppn::cli {

using app::for_each_game;
using app::GameChoice;
using app::select_game;
using app::select_stored_game;
using app::stored_game_name;

inline void add_game_choice(CLI::App* sub, GameChoice& c) {
  auto* file = sub->add_option("file", c.file, "PPN file ('-' for standard input)");
  auto* db = sub->add_option("--db", c.db, "Open a stored game of this database (ppn import) by its --game ID");
  file->excludes(db);
  sub->add_option("--game", c.game, "Which game: of the file, 1-based (default 1); with --db, the database game id")
      ->check(CLI::PositiveNumber);
}

}  // namespace ppn::cli
