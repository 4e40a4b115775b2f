// The game source of the one-game use cases: picking the one game a command opens (`ppn replay`, `ppn render`; `ppn stats` and `ppn
// analyze` with --db): the N-th game (1-based) of a PPN file in file order, games with syntax
// errors counted too, so that N means the same game whatever is wrong elsewhere in the file;
// or, with `--db PATH --game ID`, the stored game of that database id (games.id, what `ppn
// find`, `ppn query` and `ppn import` print), read back from its record text
// (db/game_record.hpp). An error about the whole file (no game in it, not a PPN file) is no
// game: it is what is reported when the file has no game N.
#pragma once

#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "app/input_files.hpp"
#include "app/stored_game.hpp"
#include "db/game_record.hpp"
#include "db/schema.hpp"
#include "notation/game.hpp"
#include "parser/parser.hpp"

namespace ppn::app {

// The name a stored game goes by in messages and titles: "PATH#ID". Its line numbers are
// lines of the text `ppn export --db PATH --game ID` writes.
inline std::string stored_game_name(const std::string& db_path, std::int64_t id) {
  return db_path + "#" + std::to_string(id);
}

// Game `id` of the database at `db_path`, or nullopt after printing why to `err`.
inline std::optional<Game> select_stored_game(const std::string& command, const std::string& db_path, std::int64_t id,
                                              std::ostream& err = std::cerr) {
  auto opened = db::open_for_reading(db_path);
  if (!opened) {
    err << command << ": " << opened.error().message << "\n";
    return std::nullopt;
  }
  auto loaded = load_game(*opened, id, stored_game_name(db_path, id));
  if (!loaded) {
    err << command << ": " << db_path << ": " << loaded.error().message << "\n";
    return std::nullopt;
  }
  return std::move(*loaded);
}

// The game, or nullopt after printing the reason to `err` (cannot open, no such game, or the
// syntax error of that game in the parser's located format). `command` prefixes messages.
inline std::optional<Game> select_game(const std::string& command, const std::string& path, std::size_t n,
                                       std::ostream& err = std::cerr) {
  std::string why;
  auto in = open_input(path, why);
  if (!in) {
    err << open_failure(path, why);
    return std::nullopt;
  }
  std::size_t index = 0;
  std::optional<Game> found;
  std::optional<parser::ParseError> error, file_error;
  parser::parse_stream(
      *in, display_name(path),
      [&](Game& g) {
        if (++index == n) found = std::move(g);
      },
      [&](const parser::ParseError& e) {
        if (e.whole_file) file_error = e;
        else if (++index == n) error = e;
      });
  if (!error && !found && file_error) error = file_error;
  if (error) {
    err << error->format();
    return std::nullopt;
  }
  if (!found) {
    err << command << ": " << display_name(path) << " has " << index << (index == 1 ? " game" : " games")
        << ", no game " << n << "\n";
    return std::nullopt;
  }
  return found;
}

// The choice of a one-game command: a FILE and `--game N`, or `--db PATH --game ID`.
struct GameChoice {
  std::string file;
  std::string db;
  std::int64_t game = 0;  // 0: not given (a file's first game)

  std::int64_t number() const { return game > 0 ? game : 1; }
  // "FILE, game N" / "PATH, game ID": the title of the game's pictures.
  std::string describe() const {
    return (db.empty() ? display_name(file) : db) + ", game " + std::to_string(number());
  }
};

// The chosen game, or nullopt after printing why (including a missing FILE or --game ID).
inline std::optional<Game> select_game(const std::string& command, const GameChoice& c, std::ostream& err = std::cerr) {
  if (!c.db.empty()) {
    if (c.game <= 0) {
      err << command << ": --db needs --game ID (a database game id, as `ppn find` and `ppn query` print)\n";
      return std::nullopt;
    }
    return select_stored_game(command, c.db, c.game, err);
  }
  if (c.file.empty()) {
    err << command << ": give a PPN file, or --db PATH --game ID\n";
    return std::nullopt;
  }
  return select_game(command, c.file, static_cast<std::size_t>(c.number()), err);
}

// The games of a command that reads FILE... or one stored game (`ppn stats`, `ppn analyze`):
// the stored game, when `stored` holds the one select_game(command, GameChoice) chose for
// `--db PATH --game ID`, is handed to `on_game(game, number)` with its database id; then each
// game of `files` with its place among all the files' games (1-based). A file that cannot be
// opened and a syntax error are printed (located) and make the result 2; else 0.
template <class OnGame>
int for_each_game(const std::vector<std::string>& files, const GameChoice& choice, std::optional<Game>& stored,
                  OnGame&& on_game) {
  if (stored) on_game(*stored, choice.game);
  std::int64_t n = 0;
  return read_games(files, [&](Game& g, const std::string&) { on_game(g, ++n); });
}

// The same on `work`'s threads: job(game) runs on a worker and returns what to do with its
// result, `void(number)`, done here in input order (read_games with an OrderedWork).
template <class Job>
int for_each_game(const std::vector<std::string>& files, const GameChoice& choice, std::optional<Game>& stored,
                  OrderedWork& work, Job&& job) {
  if (stored) job(std::shared_ptr<const Game>(std::shared_ptr<const Game>(), &*stored))(choice.game);
  return read_games(files, work, [&job](std::shared_ptr<const Game> g, const std::string&) { return job(std::move(g)); });
}

}  // namespace ppn::app
