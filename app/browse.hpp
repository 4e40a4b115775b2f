// Browsing a stored collection (the pages of `ppn serve`, or any front end): the games list
// with filters, a sort and pages; one game's row, tags, record, diagnostics and stored analysis;
// the players; one player's figures per profile and results. Reads only; every value a user
// gives reaches SQL as a bound parameter, and the sort column is one of a fixed list.
//
//   auto page = list_games(db, {.filter = {.player = "Marta Ruiz"}, .per_page = 20});
//
// Errors are values: E-ARGUMENT for a filter value that means nothing (a result that is not
// finished, unfinished or a colour; a date not written YYYY.MM.DD), E-DATABASE for the
// database's own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/connection.hpp"
#include "notation/game.hpp"
#include "notation/result.hpp"

namespace ppn::app {

struct GameFilter {
  std::string profile;              // games.variant exactly
  std::string player;               // any spelling of a stored player (player_aliases)
  std::string event;                // a part of [Event], any case; % and _ are plain characters
  std::string date_from, date_to;   // [Date] from and to, inclusive, YYYY.MM.DD (? allowed)
  std::string result;               // finished, unfinished, or a colour: that colour won
  std::string status;               // legal, illegal
};

enum class GameSort : std::uint8_t { id, date, event, profile, rolls };

struct GameQuery {
  GameFilter filter;
  GameSort sort = GameSort::id;
  bool descending = true;
  int page = 1;       // 1-based
  int per_page = 50;
};

struct SeatRow {
  std::string colour;               // lower case
  std::optional<std::string> name;  // the record names nobody
  std::optional<int> place;         // not known
  bool won = false;
};

struct GameRow {
  std::int64_t id = 0;
  std::string profile, status;
  int rolls = 0;
  bool finished = false;
  std::optional<std::string> winner, event, date;
  std::vector<SeatRow> seats;       // in turn order
};

struct GamePage {
  std::int64_t total = 0;           // games matching the filter
  std::vector<GameRow> games;       // the page
};

Result<GamePage> list_games(db::Database& d, const GameQuery& q);

struct StoredDiagnostic {
  std::optional<int> roll;          // 1-based; none: the game as a whole
  std::string severity, code, message;
  int line = 0, column = 0;
};

struct StoredSeatAnalysis {
  std::string colour;
  std::optional<std::string> name;
  std::string level;                // "0", "1", "rollout"
  int rolls = 0, decisions = 0, mistakes = 0, blunders = 0;
  double total_loss = 0, luck = 0;
};

struct GameDetail {
  GameRow row;
  std::vector<std::pair<std::string, std::string>> tags;  // in the record's order
  std::optional<std::string> ppn;                          // the record's text (schema 5 on)
  std::vector<StoredDiagnostic> diagnostics;
  std::vector<StoredSeatAnalysis> analysis;                // empty: none stored
};

// nullopt: no game `id`.
Result<std::optional<GameDetail>> game_detail(db::Database& d, std::int64_t id);

struct PlayerCount {
  std::string name;
  std::int64_t games = 0, wins = 0;
};

// The players whose name holds `part` (any case; "" every player), most games first, at most 200.
Result<std::vector<PlayerCount>> list_players(db::Database& d, const std::string& part);

struct ProfileFigures {
  std::string profile;
  std::int64_t games = 0, finished = 0, wins = 0;
  std::optional<std::int64_t> captures, rolls;  // none: no statistics stored (before migration 3)
};

struct PlayerResult {
  std::int64_t game = 0;
  std::optional<std::string> date;
  std::string profile;
  std::optional<int> place;
  bool won = false, finished = false;
};

struct PlayerPage {
  std::string name;                       // the stored spelling
  std::vector<ProfileFigures> profiles;   // most games first
  std::vector<PlayerResult> results;      // by [Date], then game; at most 2,000
};

// A player by any spelling; nullopt: no such player.
Result<std::optional<PlayerPage>> player_page(db::Database& d, const std::string& name);

// A stored game parsed (stored_game.hpp load_game) with the profile it was stored under
// (games.variant), under which its pages replay it; nullopt: no game `id`.
struct ProfiledGame {
  Game game;
  std::string profile;
};
Result<std::optional<ProfiledGame>> profiled_game(db::Database& d, std::int64_t id);

// What the collection holds now, as a key that every import, save or deletion changes (the
// games' count and largest id): what a cache of figures over the whole collection keys on.
Result<std::string> collection_state(db::Database& d);

}  // namespace ppn::app
