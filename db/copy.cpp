#include "db/copy.hpp"

#include <array>
#include <optional>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

#include "db/connection.hpp"
#include "db/player_aliases.hpp"
#include "db/schema.hpp"

namespace ppn::db {

namespace {

using IdMap = std::unordered_map<std::int64_t, std::int64_t>;

// How often a copy that a deadlock or a serialization failure broke off runs again.
constexpr int kCopyAttempts = 8;

// The tables that hang off a game (db/SCHEMA.md), copied after games. positions is read by its
// stored columns only (game_id and roll_index are generated from id).
constexpr std::array<std::string_view, 10> kGameTables = {"game_seats", "tags",        "rolls",        "diagnostics",
                                                          "positions",  "game_race",   "seat_stats",   "seat_illegal",
                                                          "seat_analysis", "game_text"};

void bind_as_read(Statement& to, int param, const Statement& from, int c) {
  switch (from.column_type(c)) {
    case ColumnType::integer: to.bind(param, from.get_int(c)); break;
    case ColumnType::real: to.bind(param, from.get_double(c)); break;
    case ColumnType::text: to.bind(param, from.get_text(c)); break;
    case ColumnType::blob: to.bind_blob(param, from.get_blob(c)); break;
    case ColumnType::null: to.bind_null(param); break;
  }
}

std::string placeholders(std::size_t n) {
  std::string s;
  for (std::size_t i = 1; i <= n; ++i) s += (i > 1 ? ", ?" : "?") + std::to_string(i);
  return s;
}

// Each player of FROM is the player of TO that its name's alias key names (the importer's
// rule: case and spacing never split one), or a new one; FROM's other spellings then name the
// same player in TO, unless TO has that spelling for another player already. Written as the
// importer writes them (db/player_aliases.hpp): through `adding`, which is `dst` (SQLite) or a
// connection of its own that commits each new name at once (PostgreSQL: an importer meeting the
// name never waits for the copy's transaction, which may be waiting for that importer's games).
IdMap copy_players(Database& src, Database& dst, Database& adding) {
  IdMap ids;
  PlayerAliases to(dst, adding);
  Statement q(src, "SELECT id, name FROM players", Statement::Kind::scan);
  while (q.step()) ids[q.get_int(0)] = to.player_id(std::string(q.get_text(1)));
  Statement aliases(src, "SELECT alias, player_id FROM player_aliases", Statement::Kind::scan);
  Statement add(adding, "INSERT INTO player_aliases(alias, player_id) VALUES(?1, ?2) ON CONFLICT(alias) DO NOTHING");
  while (aliases.step()) add.bind(1, alias_key(aliases.get_text(0))).bind(2, ids.at(aliases.get_int(1))).run();
  return ids;
}

// Tells `progress` (when given) where the copy is: at a table's start and every 4,096 rows.
struct Reporter {
  const CopyProgressFn& progress;
  CopyProgress at;
  void start(std::string_view table, int step) {
    at = {table, step, static_cast<int>(kGameTables.size()) + 1, 0};
    if (progress) progress(at);
  }
  void row() {
    if (++at.rows % 4096 == 0 && progress) progress(at);
  }
};

IdMap copy_games(Database& src, Database& dst, CopyCounts& counts, Reporter& report) {
  report.start("games", 1);
  IdMap ids;
  Statement q(src, "SELECT * FROM games ORDER BY id", Statement::Kind::scan);
  std::vector<int> cols;
  std::string names;
  for (int c = 0; c < q.columns(); ++c)
    if (q.column_name(c) != "id") {
      cols.push_back(c);
      (names += names.empty() ? "" : ", ") += std::string(q.column_name(c));
    }
  Statement ins(dst, "INSERT INTO games(" + names + ") VALUES(" + placeholders(cols.size()) +
                         ") ON CONFLICT(checksum) DO NOTHING RETURNING id");
  while (q.step()) {
    report.row();
    ++counts.games;
    for (std::size_t k = 0; k < cols.size(); ++k) bind_as_read(ins, static_cast<int>(k) + 1, q, cols[k]);
    if (ins.step()) {
      ids[q.get_int(0)] = ins.get_int(0);
      ++counts.copied;
    } else {
      ++counts.present;
    }
    ins.reset();
  }
  return ids;
}

void copy_rows(Database& src, Database& dst, std::string_view table, const IdMap& games, const IdMap& players,
               Reporter& report) {
  const bool positions = table == "positions";
  Statement q(src, positions ? std::string("SELECT hash, id, pos, turn FROM positions")
                             : "SELECT * FROM " + std::string(table),
              Statement::Kind::scan);
  int game_col = -1, id_col = -1, player_col = -1;
  std::string names;
  for (int c = 0; c < q.columns(); ++c) {
    const auto n = q.column_name(c);
    if (n == "game_id") game_col = c;
    if (n == "id") id_col = c;
    if (n == "player_id") player_col = c;
    (names += names.empty() ? "" : ", ") += std::string(n);
  }
  const int n = q.columns();
  Statement ins(dst, "INSERT INTO " + std::string(table) + "(" + names + ") VALUES(" +
                         placeholders(static_cast<std::size_t>(n)) + ")",
                Statement::Kind::bulk);
  while (q.step()) {
    report.row();
    // rolls and positions are keyed by game_id << 16 | roll_index (db/SCHEMA.md).
    const std::int64_t old_game = game_col >= 0 ? q.get_int(game_col) : q.get_int(id_col) >> kRollKeyShift;
    const auto to = games.find(old_game);
    if (to == games.end()) continue;  // TO holds this game already
    for (int c = 0; c < n; ++c) {
      if (c == game_col) ins.bind(c + 1, to->second);
      else if (c == id_col) ins.bind(c + 1, roll_key(to->second, q.get_int(c) & ((1 << kRollKeyShift) - 1)));
      else if (c == player_col && !q.is_null(c)) ins.bind(c + 1, players.at(q.get_int(c)));
      else bind_as_read(ins, c + 1, q, c);
    }
    ins.run();
  }
}

}  // namespace

Result<CopyCounts> copy_collection(const std::string& from, const std::string& to, const CopyProgressFn& progress) {
  auto opened_from = open_for_reading(from);
  if (!opened_from) return opened_from.error();
  auto& src = *opened_from;
  try {
    if (auto old = outdated(src, from); !old.empty()) return failure(Code::database, old);
  } catch (const DbError& e) {
    return failure(Code::database, describe_db_error(from, e));
  }
  auto opened_to = open_for_writing(to);
  if (!opened_to) return opened_to.error();
  auto& dst = *opened_to;
  CopyCounts counts;
  std::optional<Database> adding;
  for (int attempt = 1;; ++attempt) {
    counts = {};
    try {
      if (dst.is_postgres() && !adding) adding.emplace(to);
      Transaction t(dst);
      const auto players = copy_players(src, dst, adding ? *adding : dst);
      Reporter report{progress, {}};
      const auto games = copy_games(src, dst, counts, report);
      if (!games.empty())
        for (std::size_t k = 0; k < kGameTables.size(); ++k) {
          report.start(kGameTables[k], static_cast<int>(k) + 2);
          copy_rows(src, dst, kGameTables[k], games, players, report);
        }
      t.commit();
      return counts;
    } catch (const DbError& e) {
      // An importer writing into TO meanwhile and the copy each waited for a game the other
      // holds, uncommitted (a deadlock the server broke off here), or the server could not
      // serialize them: the copy is rolled back whole, so that the importer goes on, and runs
      // again (the games stored since are then "already in TO").
      if (e.retryable() && attempt < kCopyAttempts) {
        std::this_thread::sleep_for(retry_backoff(attempt));
        continue;
      }
      return failure(Code::database,
                     "copying from " + database_name(from) + ": " + describe_db_error(to, e) + "; nothing was copied");
    }
  }
}

}  // namespace ppn::db
