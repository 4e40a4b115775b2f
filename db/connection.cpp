#include "db/connection.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>
#include <utility>

#include "db/lock_wait.hpp"
#include "db/postgres.hpp"

namespace ppn::db {

namespace {
// Before the first connection: no global memory statistics (they take a mutex on every
// allocation SQLite makes; nothing here reads them).
const int kConfigured = [] { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }();
std::function<void(const std::string&)>& lock_wait_notice() {
  static std::function<void(const std::string&)> notice;
  return notice;
}

// sqlite3_busy_timeout's wait, which also says once, after a second, that it is waiting
// (db/lock_wait.hpp). One per SQLite connection, kept in `lock_waits` until it closes.
struct LockWait {
  std::string target;
  std::chrono::milliseconds timeout;
  std::chrono::steady_clock::time_point since{};
  bool told = false;

  static int handler(void* self, int count) {
    auto& w = *static_cast<LockWait*>(self);
    const auto now = std::chrono::steady_clock::now();
    if (count == 0) {
      w.since = now;
      w.told = false;
    }
    const auto waited = now - w.since;
    if (waited >= w.timeout) return 0;  // SQLITE_BUSY to the caller
    if (!w.told && waited >= std::chrono::seconds(1)) {
      w.told = true;
      if (const auto& notice = lock_wait_notice()) notice(w.target);
    }
    // 1, 2, 5, 10, 20 ms, then every 50 ms (about sqlite3_busy_timeout's steps).
    static constexpr int kSteps[] = {1, 2, 5, 10, 20, 50};
    std::this_thread::sleep_for(std::chrono::milliseconds(kSteps[std::min(count, 5)]));
    return 1;
  }
};

std::mutex lock_waits_mutex;
std::unordered_map<sqlite3*, std::unique_ptr<LockWait>> lock_waits;
}  // namespace

void set_lock_wait_notice(std::function<void(const std::string& target)> notice) { lock_wait_notice() = std::move(notice); }
bool lock_wait_noticed() { return static_cast<bool>(lock_wait_notice()); }
void notice_lock_wait(const std::string& target) {
  if (const auto& notice = lock_wait_notice()) notice(target);
}

Database::Database(const std::string& path, Mode mode, int busy_timeout_ms) {
  if (is_server_target(path)) {
    pg_ = std::make_unique<PgConnection>(path, mode == Mode::read_only);
    return;
  }
  (void)kConfigured;
  int flags = SQLITE_OPEN_NOMUTEX;
  switch (mode) {
    case Mode::read_write_create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case Mode::read_write: flags |= SQLITE_OPEN_READWRITE; break;
    case Mode::read_only: flags |= SQLITE_OPEN_READONLY; break;
  }
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw DbError(rc, path + ": " + msg);
  }
  sqlite3_extended_result_codes(db_, 1);
  auto wait = std::make_unique<LockWait>(LockWait{path, std::chrono::milliseconds(busy_timeout_ms)});
  sqlite3_busy_handler(db_, &LockWait::handler, wait.get());
  const std::lock_guard<std::mutex> lock(lock_waits_mutex);
  lock_waits[db_] = std::move(wait);
}

Database::~Database() {
  if (!db_) return;
  // Closed under the lock: a connection opened meanwhile cannot take the handle's address first.
  const std::lock_guard<std::mutex> lock(lock_waits_mutex);
  sqlite3_close_v2(db_);
  lock_waits.erase(db_);
}
Database::Database(Database&& o) noexcept : db_(o.db_), pg_(std::move(o.pg_)) { o.db_ = nullptr; }

std::chrono::milliseconds retry_backoff(int attempt) {
  thread_local std::minstd_rand jitter(std::random_device{}());
  const int base = 10 << std::min(attempt - 1, 6);
  return std::chrono::milliseconds(base + static_cast<int>(jitter() % static_cast<unsigned>(base)));
}

bool is_server_target(std::string_view t) {
  if (t.starts_with("postgresql://") || t.starts_with("postgres://")) return true;
  // libpq's key=value form: one of its keywords, then '=' ("host=/tmp dbname=games"); a file
  // named "games=2026.sqlite" stays a file.
  std::size_t i = 0;
  while (i < t.size() && (std::islower(static_cast<unsigned char>(t[i])) || t[i] == '_')) ++i;
  const auto word = t.substr(0, i);
  while (i < t.size() && t[i] == ' ') ++i;
  return i > 0 && i < t.size() && t[i] == '=' && is_conninfo_keyword(word);
}

std::string database_name(const std::string& target) {
  return is_server_target(target) ? server_name(target) : target;
}

std::string describe_db_error(const std::string& path, const DbError& e) {
  if (is_server_target(path)) return describe_server_error(path, e);
  if (e.code == 0) return e.what();  // not SQLite's (e.g. the input file could not be read)
  const char* what = nullptr;
  switch (e.code & 0xff) {  // the primary result code
    case SQLITE_NOTADB: what = "not a database file"; break;
    case SQLITE_CORRUPT: what = "the database file is damaged; it was left as it is"; break;
    case SQLITE_READONLY: what = "cannot write the database (read-only)"; break;
    case SQLITE_FULL: what = "the disk is full or the database reached its size limit"; break;
    case SQLITE_IOERR: what = "I/O error on the database file (a full disk or a file size limit?)"; break;
    case SQLITE_CANTOPEN: what = "cannot open the database file"; break;
    case SQLITE_PERM: what = "no permission to use the database file"; break;
    default: return path + ": " + e.what();
  }
  return path + ": " + what + " (" + e.what() + ")";
}

void Database::fail(int rc, std::string_view what) const {
  throw DbError(rc, std::string(what) + ": " + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc)));
}

void Database::exec(std::string_view sql) {
  if (pg_) return pg_->exec(sql);
  char* err = nullptr;
  const std::string s(sql);
  const int rc = sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &err);
  if (rc != SQLITE_OK) {
    std::string msg = err ? err : sqlite3_errstr(rc);
    sqlite3_free(err);
    throw DbError(rc, msg);
  }
}

std::int64_t Database::scalar(std::string_view sql) {
  Statement st(*this, sql);
  return st.step() ? st.get_int(0) : 0;
}

std::int64_t Database::user_version() {
  if (pg_) return pg_->user_version();
  return scalar("PRAGMA user_version");
}
void Database::set_user_version(int v) {
  if (pg_) return pg_->set_user_version(v);
  exec("PRAGMA user_version=" + std::to_string(v));
}
std::int64_t Database::table_count() {
  if (pg_) return pg_->table_count();
  return scalar("SELECT count(*) FROM sqlite_schema");
}
std::string Database::copy_out(std::string_view table) {
  if (!pg_) throw DbError(0, "COPY needs a PostgreSQL server");
  return pg_->copy_out(table);
}
void Database::copy_in(const std::string& target, std::string_view rows) {
  if (!pg_) throw DbError(0, "COPY needs a PostgreSQL server");
  pg_->copy_in(target, rows);
}

void Database::flush_bulk() {
  if (pg_) pg_->flush_bulk();
}

Statement::Statement(Database& db, std::string_view sql, Kind kind) : db_(&db) {
  if (db.pg()) {
    pg_ = std::make_unique<PgStatement>(*db.pg(), sql, kind);
    return;
  }
  const int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                                    &st_, nullptr);
  if (rc != SQLITE_OK) db.fail(rc, "prepare");
  if (!st_) throw DbError(SQLITE_MISUSE, "empty SQL statement");
}

Statement::~Statement() {
  if (st_) sqlite3_finalize(st_);
}
Statement::Statement(Statement&& o) noexcept : db_(o.db_), st_(o.st_), pg_(std::move(o.pg_)) { o.st_ = nullptr; }

Statement& Statement::bind(int i, std::int64_t v) {
  if (pg_) {
    pg_->bind(i, v);
    return *this;
  }
  if (const int rc = sqlite3_bind_int64(st_, i, v); rc != SQLITE_OK) db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind(int i, double v) {
  if (pg_) {
    pg_->bind(i, v);
    return *this;
  }
  if (const int rc = sqlite3_bind_double(st_, i, v); rc != SQLITE_OK) db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind(int i, std::string_view text) {
  if (pg_) {
    pg_->bind(i, text);
    return *this;
  }
  if (const int rc = sqlite3_bind_text(st_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
      rc != SQLITE_OK)
    db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind_static(int i, std::string_view text) {
  if (pg_) {
    pg_->bind(i, text);
    return *this;
  }
  if (const int rc = sqlite3_bind_text(st_, i, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
      rc != SQLITE_OK)
    db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind_blob(int i, std::span<const std::uint8_t> bytes) {
  if (pg_) {
    pg_->bind_blob(i, bytes);
    return *this;
  }
  if (const int rc = sqlite3_bind_blob(st_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
      rc != SQLITE_OK)
    db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind_blob_static(int i, std::span<const std::uint8_t> bytes) {
  if (pg_) {
    pg_->bind_blob(i, bytes);
    return *this;
  }
  if (const int rc = sqlite3_bind_blob(st_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_STATIC);
      rc != SQLITE_OK)
    db_->fail(rc, "bind");
  return *this;
}
Statement& Statement::bind_null(int i) {
  if (pg_) {
    pg_->bind_null(i);
    return *this;
  }
  if (const int rc = sqlite3_bind_null(st_, i); rc != SQLITE_OK) db_->fail(rc, "bind");
  return *this;
}

bool Statement::step() {
  if (pg_) return pg_->step();
  const int rc = sqlite3_step(st_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  sqlite3_reset(st_);
  db_->fail(rc, "step");
}

void Statement::run() {
  if (pg_) return pg_->run();
  while (step()) {
  }
  sqlite3_reset(st_);
}

void Statement::reset() {
  if (pg_) return pg_->reset();
  sqlite3_reset(st_);
  sqlite3_clear_bindings(st_);
}

int Statement::columns() {
  if (pg_) return pg_->columns();
  return sqlite3_column_count(st_);
}
std::string_view Statement::column_name(int c) {
  if (pg_) return pg_->column_name(c);
  const char* n = sqlite3_column_name(st_, c);
  return n ? n : "";
}
bool Statement::is_null(int c) const {
  if (pg_) return pg_->is_null(c);
  return sqlite3_column_type(st_, c) == SQLITE_NULL;
}
ColumnType Statement::column_type(int c) const {
  if (pg_) return pg_->column_type(c);
  switch (sqlite3_column_type(st_, c)) {
    case SQLITE_INTEGER: return ColumnType::integer;
    case SQLITE_FLOAT: return ColumnType::real;
    case SQLITE_TEXT: return ColumnType::text;
    case SQLITE_BLOB: return ColumnType::blob;
    default: return ColumnType::null;
  }
}
std::int64_t Statement::get_int(int c) const {
  if (pg_) return pg_->get_int(c);
  return sqlite3_column_int64(st_, c);
}
double Statement::get_double(int c) const {
  if (pg_) return pg_->get_double(c);
  return sqlite3_column_double(st_, c);
}
std::string_view Statement::get_text(int c) const {
  if (pg_) return pg_->get_text(c);
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, c));
  return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(st_, c))) : std::string_view();
}
std::span<const std::uint8_t> Statement::get_blob(int c) const {
  if (pg_) return pg_->get_blob(c);
  const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(st_, c));
  return {p, static_cast<std::size_t>(sqlite3_column_bytes(st_, c))};
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec(db_.is_postgres() ? "BEGIN ISOLATION LEVEL READ COMMITTED" : "BEGIN IMMEDIATE");
}
Transaction::~Transaction() {
  if (!done_) {
    if (auto* pg = db_.pg()) {
      pg->end_transaction();  // the ROLLBACK ends every savepoint
      pg->drop_bulk();
    }
    try {
      db_.exec("ROLLBACK");
    } catch (...) {
      // The transaction is gone already (e.g. rolled back by SQLite after an I/O error).
    }
  }
}
void Transaction::commit() {
  if (auto* pg = db_.pg()) {
    pg->commit();
  } else {
    db_.flush_bulk();
    db_.exec("COMMIT");
  }
  done_ = true;
}

Savepoint::Savepoint(Database& db) : pg_(db.pg()) {
  if (pg_) pg_->begin_unit();
}
Savepoint::~Savepoint() { release(); }
void Savepoint::release() {
  if (pg_ && std::exchange(open_, false)) pg_->release_unit();
}
void Savepoint::undo() {
  if (pg_ && std::exchange(open_, false)) pg_->undo_unit();
}

}  // namespace ppn::db
