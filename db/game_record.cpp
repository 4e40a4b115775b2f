#include "db/game_record.hpp"

#include <sqlite3.h>

#include <string_view>

#include "db/schema.hpp"

namespace ppn::db {

namespace {

// The engine's reason without the step it failed in ("prepare: near ...": the user's SQL).
std::string reason(const DbError& e) {
  std::string_view w = e.what();
  for (std::string_view step : {"prepare: ", "step: "})
    if (w.substr(0, step.size()) == step) w.remove_prefix(step.size());
  return std::string(w);
}

// A write refused by the read-only connection (SQLite) or transaction (PostgreSQL 25006).
bool refused_write(const DbError& e) { return (e.code & 0xff) == SQLITE_READONLY || e.sqlstate == "25006"; }

// `what` names the user's text in messages: "--sql" or "--where \"COND\"".
Result<std::vector<std::int64_t>> select_ids(Database& db, const std::string& sql, const std::string& what) {
  try {
    Statement q(db, sql, Statement::Kind::verbatim);  // the user's SQL (export --where/--sql)
    std::vector<std::int64_t> ids;
    while (q.step()) {
      if (q.is_null(0)) return failure(Code::database, what + ": the query gave a NULL game id");
      ids.push_back(q.get_int(0));
    }
    return ids;
  } catch (const DbError& e) {
    if (refused_write(e)) return failure(Code::database, what + ": only a SELECT is allowed (the statement would change the database)");
    if (e.code != 0 || !e.sqlstate.empty())
      return failure(Code::database, what + ": not valid SQL here: " + reason(e));
    return failure(Code::database, e.what());
  }
}

}  // namespace

Result<std::vector<std::int64_t>> select_game_ids(Database& db, const std::string& sql) {
  return select_ids(db, sql, "--sql");
}

std::int64_t count_games(Database& db) { return db.scalar("SELECT count(*) FROM games"); }

Result<std::vector<std::int64_t>> select_game_ids_where(Database& db, const std::string& where) {
  return select_ids(db, "SELECT id FROM games" + (where.empty() ? "" : " WHERE (" + where + ")") + " ORDER BY id",
                    "--where \"" + where + "\" (a condition on the columns of table games)");
}

Result<std::optional<StoredRecord>> read_record(Database& db, std::int64_t id) {
  try {
    // Schema version 4 and older have no game_text table: every game lacks its text.
    const bool has_table = has_record_text(db);
    Statement q(db, has_table ? "SELECT g.source_file, g.source_line, t.ppn FROM games g "
                                "LEFT JOIN game_text t ON t.game_id = g.id WHERE g.id = ?1"
                              : "SELECT source_file, source_line, NULL FROM games WHERE id = ?1");
    q.bind(1, id);
    if (!q.step()) return std::optional<StoredRecord>();
    StoredRecord r;
    r.id = id;
    r.source_file = std::string(q.get_text(0));
    r.source_line = q.get_int(1);
    if (!q.is_null(2)) r.ppn = std::string(q.get_text(2));
    return std::optional<StoredRecord>(std::move(r));
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

std::string missing_text_message(const StoredRecord& r) {
  return "game " + std::to_string(r.id) + " (" + r.source_file + ":" + std::to_string(r.source_line) +
         ") was imported before schema version 5 and its record text is not stored; `ppn import` of " +
         r.source_file + " into this database adds it";
}

}  // namespace ppn::db
