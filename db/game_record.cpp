#include "db/game_record.hpp"

#include "db/schema.hpp"

namespace ppn::db {

Result<std::vector<std::int64_t>> select_game_ids(Database& db, const std::string& sql) {
  try {
    Statement q(db, sql, Statement::Kind::verbatim);  // the user's SQL (export --where/--sql)
    std::vector<std::int64_t> ids;
    while (q.step()) {
      if (q.is_null(0)) return failure(Code::database, "the query gave a NULL game id");
      ids.push_back(q.get_int(0));
    }
    return ids;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

std::int64_t count_games(Database& db) { return db.scalar("SELECT count(*) FROM games"); }

Result<std::vector<std::int64_t>> select_game_ids_where(Database& db, const std::string& where) {
  return select_game_ids(db, "SELECT id FROM games" + (where.empty() ? "" : " WHERE (" + where + ")") + " ORDER BY id");
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
