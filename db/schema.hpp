// The game database's schema (db/SCHEMA.md documents every table and column) and its
// migrations. The schema version is `PRAGMA user_version` (PostgreSQL: the table ppn_schema, db/postgres.cpp): migration k takes a database from
// version k to k+1, all inside one transaction, so a database is always at one version.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "db/connection.hpp"

namespace ppn::db {

// rolls.id and positions.id are game_id << kRollKeyShift | roll_index (db/SCHEMA.md).
inline constexpr int kRollKeyShift = 16;
inline constexpr std::int64_t roll_key(std::int64_t game_id, std::int64_t roll_index) {
  return (game_id << kRollKeyShift) | roll_index;
}

// The current schema in PostgreSQL's words: the CREATE statements of a SQLite database after
// every migration, translated (BIGINT for INTEGER, BYTEA for BLOB, identity ids, stored
// generated columns, no WITHOUT ROWID). A PostgreSQL database is created at the current version
// in one step; its version is the table ppn_schema.
std::string postgres_schema_sql();

// Version a freshly migrated database has.
int schema_version();

// The SQL of migration k (0-based: from version k to k+1).
std::string_view migration_sql(int k);

// Per-connection settings: WAL (readers run while an import writes; a kill -9 of a writer
// loses nothing it committed), synchronous=NORMAL, a large page cache, foreign keys on.
void configure_connection(Database& db);

// Opens `path` for writing (created when missing) and migrates it to schema_version().
// A database newer than this program is refused. Error: a message.
std::variant<Database, std::string> open_for_writing(const std::string& path);
// "" when `db` is at schema_version(); else what to do about it, for a reader whose SQL needs
// the current tables (a read-only connection does not migrate): `ppn import` migrates it.
std::string outdated(Database& db, const std::string& path);

// Whether `db` has the record text and the recorded roll numbers (game_text, rolls.number:
// migration 5). A reader of an older database, which it does not migrate, does without them.
bool has_record_text(Database& db);

// Opens an existing database read-only (queries, search). Error: a message (missing file,
// not a ppn database, newer schema).
std::variant<Database, std::string> open_for_reading(const std::string& path);

}  // namespace ppn::db
