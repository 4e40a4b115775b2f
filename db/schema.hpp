// The game database's schema (db/SCHEMA.md documents every table and column) and its
// migrations. The schema version is `PRAGMA user_version` (PostgreSQL: the table ppn_schema, db/postgres.cpp): migration k takes a database from
// version k to k+1, all inside one transaction, so a database is always at one version.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "db/connection.hpp"
#include "notation/result.hpp"

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

// Per-connection settings: kPageSize (a new file only), WAL (readers run while an import
// writes; a kill -9 of a writer loses nothing it committed), then kWriterPragmas.
void configure_connection(Database& db);
// The page size of a database created by a writer: 16 KiB instead of SQLite's 4 KiB.
// Every transaction's sorted walk of the positions B-tree (db/held_positions.hpp) reads and
// rewrites nearly every leaf page of it, through the WAL and the checkpoint: with pages four
// times larger the same bytes go through a quarter of the page reads, writes, WAL look-ups and
// B-tree descents, the cost that grows with the database (docs/PERFORMANCE.md, import).
// It takes effect only on a file that has no page yet (set before WAL, which writes the first
// one): an existing database keeps its page size.
inline constexpr const char* kPageSize = "PRAGMA page_size=16384";
// The settings configure_connection gives a SQLite writer after WAL (and `ppn bench import`'s
// raw baseline, so that both write under the same ones). Checkpoints every 2,048 pages (32 MiB at
// kPageSize; configure_connection keeps 32 MiB for a database with smaller pages) instead of 1,000: each one writes and syncs the database file, and a bulk import would
// otherwise sync every few hundred games. A 64 MiB page cache: the positions go in by sorted
// walks of the B-tree (db/held_positions.hpp), which visit each page once, so a larger cache
// buys little, and the memory goes to the positions held instead.
inline constexpr const char* kWriterPragmas =
    "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF; PRAGMA cache_size=-65536; "
    "PRAGMA temp_store=MEMORY; PRAGMA wal_autocheckpoint=2048";

// Opens `path` for writing (created when missing) and migrates it to schema_version().
// A database newer than this program is refused. Error: E-DATABASE.
Result<Database> open_for_writing(const std::string& path);
// "" when `db` is at schema_version(); else what to do about it, for a reader whose SQL needs
// the current tables (a read-only connection does not migrate): `ppn import` migrates it.
std::string outdated(Database& db, const std::string& path);

// Whether `db` has the record text and the recorded roll numbers (game_text, rolls.number:
// migration 5). A reader of an older database, which it does not migrate, does without them.
bool has_record_text(Database& db);

// Opens an existing database read-only (queries, search). Error: E-IO for a missing file,
// E-DATABASE for the rest (not a ppn database, newer schema, the database's own errors).
Result<Database> open_for_reading(const std::string& path);

}  // namespace ppn::db
