// A small RAII layer over the plain sqlite3 C API (SQLiteCpp's Database / Statement /
// Transaction idea, not its code): every handle closes itself, statements are prepared once
// and reused, a transaction rolls back unless committed, SQL takes values only as bound
// parameters.
//
// SQLite failures throw ppn::db::SqliteError inside db/; the public functions of db/ (open,
// import, reports, search) catch it at their boundary and return the message as a value.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace ppn::db {

struct SqliteError : std::runtime_error {
  int code;
  SqliteError(int rc, const std::string& what) : std::runtime_error(what), code(rc) {}
};

// A SQLite failure on the database file `path` in words a user can act on, naming the file:
// "PATH: not a database file (...)", "PATH: the database file is damaged (...)",
// "PATH: cannot write the database (read-only) (...)", "PATH: the disk is full ... (...)";
// other failures "PATH: <SQLite's message>".
std::string describe_sqlite_error(const std::string& path, const SqliteError& e);

class Statement;

class Database {
 public:
  enum class Mode { read_write_create, read_write, read_only };
  // Opens (or creates) the file; throws SqliteError. busy_timeout: how long a writer waits for
  // another writer's lock before giving up.
  explicit Database(const std::string& path, Mode mode = Mode::read_write_create, int busy_timeout_ms = 60000);
  ~Database();
  Database(Database&& o) noexcept : db_(o.db_) { o.db_ = nullptr; }
  Database& operator=(Database&&) = delete;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements without results.
  void exec(std::string_view sql);
  // The first column of the first row of a query as an integer (0 when there is no row).
  std::int64_t scalar(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  int changes() const;
  sqlite3* handle() const { return db_; }
  [[noreturn]] void fail(int rc, std::string_view what) const;

 private:
  sqlite3* db_ = nullptr;
};

// A prepared statement, reusable: bind, step until it returns false, reset.
class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(Statement&& o) noexcept : db_(o.db_), st_(o.st_) { o.st_ = nullptr; }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQLite.
  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
  Statement& bind(int i, std::uint64_t v) { return bind(i, static_cast<std::int64_t>(v)); }
  Statement& bind(int i, double v);
  Statement& bind(int i, std::string_view text);  // copied by SQLite (SQLITE_TRANSIENT)
  Statement& bind_static(int i, std::string_view text);  // must outlive the step
  Statement& bind_blob(int i, std::span<const std::uint8_t> bytes);  // copied
  Statement& bind_blob_static(int i, std::span<const std::uint8_t> bytes);  // must outlive the step
  Statement& bind_null(int i);

  // true: a row is available; false: done. Throws on error.
  bool step();
  // Steps a statement that returns no rows, then resets it.
  void run();
  void reset();  // reset and clear bindings

  int columns() const;
  std::string_view column_name(int c) const;
  bool is_null(int c) const;
  int column_type(int c) const;  // SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT, SQLITE_BLOB, SQLITE_NULL
  std::int64_t get_int(int c) const;
  double get_double(int c) const;
  std::string_view get_text(int c) const;
  std::span<const std::uint8_t> get_blob(int c) const;
  bool read_only() const;

 private:
  Database* db_;
  sqlite3_stmt* st_ = nullptr;
};

// BEGIN IMMEDIATE (takes the write lock at once, so two writers wait for each other instead
// of failing on an upgrade), ROLLBACK in the destructor unless commit() ran.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace ppn::db
