// The one database interface of db/: a connection, prepared statements with typed binds and row
// stepping, transactions, and a bulk-row path, over two backends chosen by the `--db` value:
//   * a PostgreSQL server when it is a connection URI (`postgresql://...`, `postgres://...`) or
//     a libpq `key=value ...` string (db/postgres.hpp; password from PGPASSWORD or ~/.pgpass);
//   * otherwise the path of a SQLite file (the plain sqlite3 C API; SQLiteCpp's idea, not its
//     code).
// Every handle closes itself, statements are prepared once and reused, a transaction rolls
// back unless committed, SQL takes values only as bound parameters. SQL is written once, in
// the dialect both engines read (`?N` parameters, ON CONFLICT, RETURNING); what differs (the
// schema's types, the schema version, the bulk path) is db/postgres.cpp and db/schema.cpp.
//
// Database failures throw ppn::db::DbError inside db/; the public functions of db/ (open,
// import, reports, search) catch it at their boundary and return the message as a value.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace ppn::db {

class PgConnection;
class PgStatement;

struct DbError : std::runtime_error {
  int code;             // SQLite's extended result code; 0 for PostgreSQL and for errors of ppn's own
  std::string sqlstate;  // PostgreSQL's SQLSTATE ("" for SQLite, or when the connection was lost)
  DbError(int rc, const std::string& what, std::string state = {})
      : std::runtime_error(what), code(rc), sqlstate(std::move(state)) {}
  // The server broke a wait between two writers' transactions (a deadlock, 40P01) or could not
  // serialize them (40001): running the work again succeeds.
  bool retryable() const { return sqlstate == "40P01" || sqlstate == "40001"; }
};

// How long to wait before the attempt-th retry (1-based) of work DbError::retryable() broke off:
// 10 ms doubling, and a random part so that two writers that met do not meet again in step.
std::chrono::milliseconds retry_backoff(int attempt);

// Whether `target` (a --db value) names a PostgreSQL server rather than a SQLite file.
bool is_server_target(std::string_view target);

// How messages name the database `target`: a SQLite file by its path; a server as
// "PostgreSQL server HOST:PORT database DB user USER" (never a password).
std::string database_name(const std::string& target);

// The connection string of database `dbname` on the server `target` names (libpq key=value form).
std::string with_database(const std::string& target, const std::string& dbname);

// A failure on the database `target` in words a user can act on, naming it (database_name):
// "PATH: not a database file (...)", "PATH: the database file is damaged (...)", "...: the disk
// is full ... (...)", "PostgreSQL server ...: the connection was lost (...)"; other failures
// "NAME: <the engine's message>".
std::string describe_db_error(const std::string& target, const DbError& e);

// A column's type in one row, as SQLite names its storage classes.
enum class ColumnType : std::uint8_t { integer, real, text, blob, null };

class Statement;

class Database {
 public:
  enum class Mode { read_write_create, read_write, read_only };
  // Opens (or creates) the SQLite file, or connects to the server; throws DbError.
  // busy_timeout: how long a SQLite writer waits for another writer's lock before giving up.
  explicit Database(const std::string& target, Mode mode = Mode::read_write_create, int busy_timeout_ms = 60000);
  ~Database();
  Database(Database&& o) noexcept;
  Database& operator=(Database&&) = delete;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  bool is_postgres() const { return pg_ != nullptr; }
  // Runs one or more statements without results.
  void exec(std::string_view sql);
  // The first column of the first row of a query as an integer (0 when there is no row).
  std::int64_t scalar(std::string_view sql);
  // The schema version (SQLite: PRAGMA user_version; PostgreSQL: the table ppn_schema).
  std::int64_t user_version();
  void set_user_version(int v);
  // Tables the database holds (besides ppn_schema): a file with tables but no version is not ppn's.
  std::int64_t table_count();
  // Sends the rows bulk statements (Statement::Kind::bulk) hold back (PostgreSQL: COPY);
  // Transaction::commit does it too.
  void flush_bulk();
  // PostgreSQL only (`ppn bench import --db`): a table's rows in COPY text form, and rows in that
  // form put into a table ("t" or "t(c1, ...)") with COPY FROM STDIN.
  std::string copy_out(std::string_view table);
  void copy_in(const std::string& target, std::string_view rows);
  sqlite3* handle() const { return db_; }
  PgConnection* pg() const { return pg_.get(); }
  [[noreturn]] void fail(int rc, std::string_view what) const;

 private:
  sqlite3* db_ = nullptr;
  std::unique_ptr<PgConnection> pg_;
};

// A prepared statement, reusable: bind, step until it returns false, reset.
class Statement {
 public:
  // bulk: an `INSERT INTO t(columns) VALUES(?...)` whose rows may be held back and sent in bulk
  // (PostgreSQL: COPY, at Database::flush_bulk, at commit, or before another statement names that
  // table); no RETURNING, no conflict clause. SQLite inserts them at once.
  // guarded: a write that may wait for another writer's open transaction (a unique key that
  // writer inserted, a row it updated), so that the server may end the wait with a deadlock
  // (DbError::retryable()). PostgreSQL runs it in a savepoint of its own, sent in the same round
  // trip: when it fails, only it is undone and the transaction goes on (commit what it holds,
  // then run it again: it waits holding nothing, so it cannot deadlock again). Inside an open
  // Savepoint it runs plain: when it fails, Savepoint::undo() undoes the unit.
  // SQLite: plain (one writer at a time holds the whole database; it never deadlocks).
  // scan: a query whose rows may be too many to hold (a scan of a table, a copy). PostgreSQL
  // hands them over one at a time as the server sends them (libpq's single-row mode), so memory
  // holds one row; while it has rows left, another statement on its connection first reads
  // those into memory (so nothing else should run on the connection during a scan). Other
  // queries are read whole. SQLite steps every query row by row.
  // verbatim: a plain statement of the user's own SQL (`query --sql`, `export --where/--sql`,
  // Python `Database.sql`): PostgreSQL receives it exactly as written (no `?N` -> `$N`, so `?`
  // in dollar quotes, E'' strings and jsonb operators stays itself); it takes no parameters.
  enum class Kind : std::uint8_t { plain, bulk, guarded, scan, verbatim };
  Statement(Database& db, std::string_view sql, Kind kind = Kind::plain);
  ~Statement();
  Statement(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQLite.
  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
  Statement& bind(int i, std::uint64_t v) { return bind(i, static_cast<std::int64_t>(v)); }
  Statement& bind(int i, double v);
  Statement& bind(int i, std::string_view text);  // copied
  Statement& bind_static(int i, std::string_view text);  // must outlive the step
  Statement& bind_blob(int i, std::span<const std::uint8_t> bytes);  // copied
  Statement& bind_blob_static(int i, std::span<const std::uint8_t> bytes);  // must outlive the step
  Statement& bind_null(int i);

  // true: a row is available; false: done. Throws on error.
  bool step();
  // Steps a statement that returns no rows, then resets it (its bindings stay).
  void run();
  void reset();  // reset and clear bindings

  int columns();  // PostgreSQL: before a step, a query other than a scan runs (its rows are read then)
  std::string_view column_name(int c);
  bool is_null(int c) const;
  ColumnType column_type(int c) const;
  std::int64_t get_int(int c) const;
  double get_double(int c) const;
  std::string_view get_text(int c) const;
  std::span<const std::uint8_t> get_blob(int c) const;

 private:
  Database* db_;
  sqlite3_stmt* st_ = nullptr;
  std::unique_ptr<PgStatement> pg_;
};

// SQLite: BEGIN IMMEDIATE (takes the write lock at once, so two writers wait for each other
// instead of failing on an upgrade); PostgreSQL: BEGIN ISOLATION LEVEL READ COMMITTED, whatever
// the server's default (ppn's writes rely on unique keys, not on serializable isolation, which
// would fail whole batches with 40001 under concurrent importers). ROLLBACK in the destructor unless
// commit() ran (rows held back for bulk are dropped with it).
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  // Throws DbError when it fails, and on PostgreSQL also when the server rolled the transaction
  // back instead (a statement of it had failed): nothing it held is then stored.
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

// One unit of work inside the open transaction that can fail alone: undo() takes back all it
// wrote, the rows held for bulk included, and the transaction goes on; release() (or the
// destructor) keeps it. Importer::store stores each game in one, so that a deadlock anywhere in
// a game undoes the whole game and nothing else.
//   PostgreSQL: a savepoint, whose SAVEPOINT and RELEASE go with the next statement, in its
//   round trip; a guarded statement inside runs without a savepoint of its own (after it fails,
//   the transaction waits for undo()).
//   SQLite: nothing (one writer at a time holds the whole database, so it never deadlocks, and a
//   failure there rolls the whole transaction back).
class Savepoint {
 public:
  explicit Savepoint(Database& db);  // inside an open Transaction
  ~Savepoint();
  Savepoint(const Savepoint&) = delete;
  Savepoint& operator=(const Savepoint&) = delete;
  void release();
  void undo();  // throws DbError when the rollback to it fails (the caller rolls back the whole)

 private:
  PgConnection* pg_;
  bool open_ = true;
};

}  // namespace ppn::db
