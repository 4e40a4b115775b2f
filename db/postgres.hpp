// The PostgreSQL backend of db/connection.hpp, over libpq: one connection; a statement's first
// execution sends its SQL with the values in one round trip (the unnamed statement: parse, bind,
// execute), and a statement run again is prepared on the server once, at its second execution
// (the `?N` parameters of the SQL both engines read become `$N`; the user's own SQL,
// Statement::Kind::verbatim, goes as written); every result read in text form; the schema
// version read once per connection; and the bulk path: rows of Statement::Kind::bulk inserts are held per table
// in COPY text format and sent with `COPY t(columns) FROM STDIN` (at commit, past 8 MiB, or
// before any other statement that names that table), and guarded statements (Statement::Kind::guarded: a
// savepoint, the statement and the savepoint's release sent in one round trip, libpq's pipeline
// mode), and units of work (Savepoint: a savepoint whose commands go with the next statement).
// Only db/connection.cpp uses it.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/connection.hpp"

struct pg_conn;
struct pg_result;

namespace ppn::db {

// Whether `word` is a keyword of libpq's key=value connection strings (host, dbname, ...).
bool is_conninfo_keyword(std::string_view word);
// "PostgreSQL server HOST:PORT database DB user USER" for a connection string (no password).
std::string server_name(const std::string& target);
// A DbError of the server `target` in words a user can act on (db/connection.hpp).
std::string describe_server_error(const std::string& target, const DbError& e);

class PgConnection {
 public:
  // Connects; read_only: every transaction is read-only (default_transaction_read_only).
  // A password in `target` is refused: PGPASSWORD or ~/.pgpass carry it.
  PgConnection(const std::string& target, bool read_only);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  void exec(std::string_view sql);
  // The schema version: the table ppn_schema, read once per connection (one query, two inside a
  // transaction) and remembered once a version is found (a database without one may get it from
  // another importer meanwhile: it is read again).
  std::int64_t user_version();
  void set_user_version(int v);
  std::int64_t table_count();

  // Bulk rows: append one row (already in COPY text form, with its newline) for `copy_target`
  // ("t(c1, c2, ...)"); flush sends every table's rows; drop forgets them (rollback).
  void append_bulk(const std::string& copy_target, std::string_view row);
  void flush_bulk();
  // Before a statement that names `tables` (reads, writes or locks them): flush_bulk when rows of
  // one of them are held (so that it sees them, and a conflict meets them).
  void flush_bulk_naming(const std::vector<std::string>& tables);
  void drop_bulk();
  std::string copy_out(std::string_view table);
  void copy_in(const std::string& target, std::string_view rows);

  // Before any other command: a scan with rows still coming reads them into memory (libpq runs
  // one command at a time on a connection), and the savepoint commands queued (begin_unit,
  // release_unit) are sent, in a round trip of their own. Every command of this file calls it
  // first; PgStatement::execute passes with_queued = false and sends the queued commands in the
  // statement's own round trip (unless a flush, a prepare or a scan before it sent them), as
  // does ~PgStatement, which leaves them queued.
  void settle(bool with_queued = true);

  // A unit of work inside the open transaction (Savepoint, db/connection.hpp): a savepoint named
  // ppn_unit. Its SAVEPOINT, and the RELEASE of the unit before it, are queued and go with the
  // next command. undo_unit rolls back to it: what the unit wrote is undone, and of the rows held
  // for bulk, those appended since it began are dropped while those appended before it are kept
  // (held again when a flush during the unit sent them, as the rollback undid that).
  void begin_unit();
  void release_unit();
  void undo_unit();
  bool in_unit() const { return unit_open_; }
  // The commands queued to go before the next one, taken to be sent (PgStatement::execute).
  std::vector<const char*> take_queued();
  // The transaction ended (COMMIT or ROLLBACK ends every savepoint): nothing queued, no unit.
  void end_transaction();
  // COMMIT, refused when the server rolled the transaction back instead (an earlier statement
  // of it failed): then a DbError, never a silent loss of what it held.
  void commit();
  void set_streaming(PgStatement* s) { streaming_ = s; }

  pg_conn* handle() const { return conn_; }
  std::string next_statement_name() { return "ppn_s" + std::to_string(++statements_); }
  // How many times this connection has waited for the server (a round trip: a command sent and
  // its results read); the tests count those of a look-up.
  // (Atomic: the lock-wait watch reads it from its own thread, db/lock_wait.hpp.)
  std::uint64_t round_trips() const { return round_trips_.load(std::memory_order_relaxed); }
  void count_round_trip() { round_trips_.fetch_add(1, std::memory_order_relaxed); }
  [[noreturn]] void fail(pg_result* res, std::string_view what);

 private:
  pg_conn* conn_ = nullptr;
  std::string name_;  // server_name
  std::map<std::string, std::string> bulk_;  // "t(columns)" -> rows in COPY text form
  std::size_t bulk_bytes_ = 0;
  std::vector<const char*> queued_;          // savepoint commands for the next command's round trip
  bool unit_open_ = false, unit_queued_ = false;  // a unit began; its SAVEPOINT is still queued
  std::map<std::string, std::size_t> unit_marks_;  // the open unit: bulk_ sizes when it began
  std::map<std::string, std::string> unit_sent_;   // rows of before the unit that a flush during it sent
  std::uint64_t statements_ = 0;
  std::int64_t version_ = 0;
  std::atomic<std::uint64_t> round_trips_{0};
  bool watched_ = false;  // a writer's connection, in the lock-wait watch
  PgStatement* streaming_ = nullptr;  // the scan whose rows are still coming
};

class PgStatement {
 public:
  PgStatement(PgConnection& conn, std::string_view sql, Statement::Kind kind);
  ~PgStatement();
  PgStatement(const PgStatement&) = delete;
  PgStatement& operator=(const PgStatement&) = delete;

  void bind(int i, std::int64_t v);
  void bind(int i, double v);
  void bind(int i, std::string_view text);
  void bind_blob(int i, std::span<const std::uint8_t> bytes);
  void bind_null(int i);
  bool step();
  void run();
  void reset();

  int columns();
  std::string_view column_name(int c);
  bool is_null(int c) const;
  ColumnType column_type(int c) const;
  std::int64_t get_int(int c) const;
  double get_double(int c) const;
  std::string_view get_text(int c) const;
  std::span<const std::uint8_t> get_blob(int c) const;

 private:
  void execute();
  // Prepares the statement on the server (named), unless it is already.
  void prepare();
  // One round trip in libpq's pipeline mode: `before` (the queued savepoint commands, and a
  // guarded statement's SAVEPOINT), the statement, and a guarded statement's RELEASE. On failure
  // the guard's savepoint (if set) is rolled back, so the transaction goes on, and the first
  // error is thrown.
  pg_result* execute_pipelined(const std::vector<const char*>& before, bool guard, const char* const* values,
                               const int* lengths, const int* formats);
  // A scan: sends the query in single-row mode; next_row takes the next row's result.
  void send_scan(const char* const* values, const int* lengths, const int* formats);
  bool next_row();
 public:
  // The rest of a scan's rows into memory (PgConnection::settle), or discarded.
  void finish_stream(bool keep_rows);

 private:
  void clear_result();
  struct Param {
    std::string value;
    bool null = true, binary = false;
  };
  Param& param(int i);

  PgConnection& conn_;
  std::string sql_, name_;
  bool bulk_ = false, guarded_ = false, scan_ = false;
  bool prepared_ = false;             // name_ is prepared on the server
  bool executed_ = false;             // run once already: the next execution prepares it
  bool streaming_ = false;            // scan: rows still coming from the server
  bool scan_started_ = false;         // scan: sent (since the last reset)
  std::deque<pg_result*> pending_;    // scan: rows read into memory by finish_stream(true)
  std::vector<std::string> tables_;  // not bulk: the tables the SQL names (held rows go first)
  std::string copy_target_;          // bulk: "t(c1, c2, ...)"
  std::vector<int> copy_params_;     // bulk: the parameter (0-based) of each column
  std::vector<Param> params_;
  pg_result* res_ = nullptr;
  pg_result* described_ = nullptr;   // a scan's columns() before a step: the prepared statement's description
  int row_ = -1, rows_ = 0;
  mutable std::vector<std::uint8_t> blob_;  // get_blob: the bytea decoded
  std::string row_text_;             // bulk: the row being formatted
};

}  // namespace ppn::db
