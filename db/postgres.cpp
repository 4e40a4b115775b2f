#include "db/postgres.hpp"
#include "db/lock_wait.hpp"

#include <libpq-fe.h>
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace ppn::db {

namespace {

// Type OIDs of pg_type (catalog/pg_type.dat), as the server sends them with every result.
constexpr Oid kBool = 16, kBytea = 17, kInt8 = 20, kInt2 = 21, kInt4 = 23, kOid = 26, kFloat4 = 700, kFloat8 = 701,
              kNumeric = 1700;
constexpr std::size_t kBulkFlushBytes = std::size_t{8} << 20;

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string env_or(const char* name, std::string fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the quoted text or comment starting at sql[i] ends (one past it), or i when none starts
// there: '...' (with '' inside), E'...' (with backslash escapes), "identifiers", $tag$...$tag$,
// -- comments to the end of the line and /* nested */ comments.
std::size_t skip_quoted(std::string_view sql, std::size_t i) {
  const std::size_t n = sql.size();
  const char c = sql[i];
  const auto past = [&](std::size_t at) { return at == std::string_view::npos ? n : at; };
  if (c == '\'' || c == '"') {
    const bool escapes = c == '\'' && i > 0 && (sql[i - 1] == 'e' || sql[i - 1] == 'E') && (i < 2 || !ident_char(sql[i - 2]));
    for (std::size_t k = i + 1; k < n; ++k) {
      if (escapes && sql[k] == '\\') ++k;
      else if (sql[k] == c) {
        if (k + 1 < n && sql[k + 1] == c) ++k;  // '' or "" inside
        else return k + 1;
      }
    }
    return n;
  }
  if (c == '-' && i + 1 < n && sql[i + 1] == '-') return past(sql.find('\n', i));
  if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
    int depth = 0;
    for (std::size_t k = i; k + 1 < n; ++k) {
      if (sql[k] == '/' && sql[k + 1] == '*') ++depth, ++k;
      else if (sql[k] == '*' && sql[k + 1] == '/' && --depth == 0) return k + 2;
      else if (sql[k] == '*' && sql[k + 1] == '/') ++k;
    }
    return n;
  }
  if (c == '$' && (i == 0 || !ident_char(sql[i - 1])) && i + 1 < n &&
      !std::isdigit(static_cast<unsigned char>(sql[i + 1]))) {
    std::size_t k = i + 1;
    while (k < n && ident_char(sql[k])) ++k;
    if (k < n && sql[k] == '$') {
      const std::string_view tag = sql.substr(i, k - i + 1);
      const std::size_t close = sql.find(tag, k + 1);
      return close == std::string_view::npos ? n : close + tag.size();
    }
  }
  return i;
}

// `?N` parameters (and bare `?`, numbered in order) as PostgreSQL's `$N`; quoted text and
// comments are left as they are. Only for the SQL ppn writes (the user's own goes verbatim).
// Returns the number of parameters.
int translate_parameters(std::string_view sql, std::string& out) {
  int max_param = 0, next = 0;
  out.clear();
  out.reserve(sql.size() + 8);
  for (std::size_t i = 0; i < sql.size(); ++i) {
    if (const std::size_t end = skip_quoted(sql, i); end != i) {
      out.append(sql.substr(i, end - i));
      i = end - 1;
    } else if (sql[i] == '?') {
      std::size_t j = i + 1;
      int n = 0;
      while (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j]))) n = n * 10 + (sql[j++] - '0');
      if (j == i + 1) n = ++next;
      out += '$';
      out += std::to_string(n);
      max_param = std::max(max_param, n);
      i = j - 1;
    } else {
      out += sql[i];
    }
  }
  return max_param;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// The tables a statement names (lower case, without a schema): the name after FROM, JOIN, INTO,
// UPDATE, TABLE, TRUNCATE or USING (past a schema and ONLY), and after each comma of a FROM,
// USING or TRUNCATE list (`FROM games g, rolls r`), at any depth of parentheses. Column names
// (`INSERT INTO games(..., rolls, ...)`, `g.rolls`) are not tables.
std::vector<std::string> named_tables(std::string_view sql) {
  static constexpr std::string_view kBefore[] = {"from", "join", "into", "update", "table", "truncate", "using"};
  static constexpr std::string_view kListEnds[] = {"where", "group",     "order",  "having", "limit",  "on",
                                                   "set",   "returning", "union",  "intersect", "except", "window",
                                                   "values", "select"};
  std::vector<std::string> out;
  std::vector<bool> in_list{false};  // per parenthesis depth: inside a FROM/USING/TRUNCATE list
  bool take_next = false;            // the next name is a table
  const std::size_t n = sql.size();
  for (std::size_t i = 0; i < n;) {
    const char c = sql[i];
    std::string word;
    if (const std::size_t end = skip_quoted(sql, i); end != i) {
      if (c != '"') {  // a string or a comment: not a name
        i = end;
        continue;
      }
      word = lower(sql.substr(i + 1, end - i - 2));  // a quoted name
      i = end;
    } else if (ident_char(c)) {
      std::size_t k = i;
      while (k < n && (ident_char(sql[k]) || sql[k] == '$')) ++k;
      word = lower(sql.substr(i, k - i));
      i = k;
    } else {
      ++i;
      if (std::isspace(static_cast<unsigned char>(c))) continue;
      take_next = c == ',' && in_list.back();
      if (c == '(') in_list.push_back(false);
      if (c == ')' && in_list.size() > 1) in_list.pop_back();
      if (c == ';') in_list.back() = false;
      continue;
    }
    std::size_t k = i;
    while (k < n && std::isspace(static_cast<unsigned char>(sql[k]))) ++k;
    if (k < n && sql[k] == '.') {  // a schema (the table comes next) or a table's alias (a column next)
      i = k + 1;
      continue;
    }
    if (take_next && word != "only" && word != "lateral") {
      out.push_back(word);
      take_next = false;
      continue;
    }
    if (std::find(std::begin(kListEnds), std::end(kListEnds), word) != std::end(kListEnds)) in_list.back() = false;
    if (word == "from" || word == "using" || word == "truncate") in_list.back() = true;
    take_next = take_next || std::find(std::begin(kBefore), std::end(kBefore), word) != std::end(kBefore);
  }
  return out;
}

void discard_notice(void*, const char*) {}

// libpq's message about a connection string it cannot parse, with the parts of the string it
// quotes left out (they may be the password: `invalid percent-encoded token: "..."`).
std::string without_quoted_input(const std::string& msg) {
  std::string out;
  for (std::size_t at = 0; at < msg.size();) {
    const auto open = msg.find('"', at);
    const auto close = open == std::string::npos ? std::string::npos : msg.find('"', open + 1);
    if (close == std::string::npos) {
      out += msg.substr(at);
      break;
    }
    out += msg.substr(at, open - at);
    out += close - open > 2 ? "(not shown: it may hold a password)" : msg.substr(open, close - open + 1);
    at = close + 1;
  }
  return out;
}

}  // namespace

bool is_conninfo_keyword(std::string_view word) {
  PQconninfoOption* defaults = PQconndefaults();
  bool found = false;
  for (auto* o = defaults; o && o->keyword && !found; ++o) found = word == o->keyword;
  if (defaults) PQconninfoFree(defaults);
  return found;
}

std::string server_name(const std::string& target) {
  std::string host, port, dbname, user;
  char* err = nullptr;
  if (PQconninfoOption* opts = PQconninfoParse(target.c_str(), &err)) {
    for (auto* o = opts; o->keyword; ++o) {
      if (!o->val || !*o->val) continue;
      const std::string_view k = o->keyword;
      if (k == "host" || (k == "hostaddr" && host.empty())) host = o->val;
      else if (k == "port") port = o->val;
      else if (k == "dbname") dbname = o->val;
      else if (k == "user") user = o->val;
    }
    PQconninfoFree(opts);
  }
  if (err) PQfreemem(err);
  if (user.empty()) {
    // getpwuid_r: the lock-wait watch names servers from a thread of its own.
    passwd entry{}, *pw = nullptr;
    char buf[1024];
    getpwuid_r(geteuid(), &entry, buf, sizeof buf, &pw);
    user = env_or("PGUSER", pw ? pw->pw_name : "?");
  }
  if (host.empty()) host = env_or("PGHOST", "/var/run/postgresql");
  if (port.empty()) port = env_or("PGPORT", "5432");
  if (dbname.empty()) dbname = env_or("PGDATABASE", user);
  return "PostgreSQL server " + host + ":" + port + " database " + dbname + " user " + user;
}

std::string with_database(const std::string& target, const std::string& dbname) {
  std::string out = "dbname='" + dbname + "'";
  char* err = nullptr;
  if (PQconninfoOption* opts = PQconninfoParse(target.c_str(), &err)) {
    for (auto* o = opts; o->keyword; ++o) {
      if (!o->val || !*o->val || std::string_view(o->keyword) == "dbname") continue;
      std::string v;
      for (const char* c = o->val; *c; ++c) {
        if (*c == '\'' || *c == '\\') v += '\\';
        v += *c;
      }
      out += " " + std::string(o->keyword) + "='" + v + "'";
    }
    PQconninfoFree(opts);
  }
  if (err) PQfreemem(err);
  return out;
}

std::string describe_server_error(const std::string& target, const DbError& e) {
  const std::string name = server_name(target);
  const std::string& s = e.sqlstate;
  const std::string what = e.what();
  const char* said = nullptr;
  if (s == "28P01" || s == "28000" || what.find("authentication failed") != std::string::npos ||
      what.find("no password supplied") != std::string::npos)
    said = "authentication failed (the password comes from PGPASSWORD or ~/.pgpass)";
  else if (s == "08001")
    said = "cannot connect to the server (is it running, and is this its address?)";
  else if (s.starts_with("08") || s == "57P01" || s == "57P02" || s == "57P03" ||
           // libpq's own words when a connection dies (its errors carry no SQLSTATE, and an
           // error passed on from another thread may have lost the connection's status)
           what.find("server closed the connection unexpectedly") != std::string::npos ||
           what.find("no connection to the server") != std::string::npos ||
           what.find("could not receive data from server") != std::string::npos ||
           what.find("could not send data to server") != std::string::npos)
    said = "the connection to the server was lost (the server stopped or ended the session); what was reported stored "
           "is committed, run the import again for the rest";
  else if (s == "53100" || what.find("No space left") != std::string::npos)
    said = "the server's disk is full";
  else if (what.find("File too large") != std::string::npos)
    said = "the server cannot write its files (a file size limit)";
  else if (s == "58030" || s == "53000")
    said = "the server cannot write its files (a full disk or a file size limit?)";
  else if (s == "25006")
    said = "only read-only SQL is allowed";
  if (!said) return name + ": " + what;
  return name + ": " + said + " (" + what + ")";
}

namespace {

// The writers' connections watched for lock waits (db/lock_wait.hpp). Every quarter second the
// watch's thread looks at each: a command still in flight after a second (its round-trip count
// has not moved) is looked up in pg_stat_activity, at most once a second, and when the server
// says that the connection's backend waits for a lock, the notice is called, once for that
// command. An idle connection's count does not move either, but its backend waits for the
// client, not for a lock. The look-ups go through a read-only connection of the watch's own per
// server, opened on the first and opened again when it breaks; a server it cannot reach is
// not watched (nothing is said). The thread runs while a connection is watched: the last one
// closed stops it and waits for it, so that none is left running at the process's exit.
class LockWatch {
 public:
  static LockWatch& instance() {
    static auto* watch = new LockWatch;  // never destroyed: a connection may close at exit
    return *watch;
  }
  void add(const PgConnection* c, std::string target, int pid) {
    std::lock_guard<std::mutex> lock(m_);
    if (!running_) {
      if (thread_.joinable()) thread_.join();  // the one the last remove() stopped, finished
      thread_ = std::thread([this] { run(); });  // waits for m_, held here, before it reads running_
      running_ = true;
    }
    watched_[c] = Watched{std::move(target), pid, c->round_trips(), Clock::now(), {}, false};
  }
  void remove(const PgConnection* c) {
    std::thread stopped;
    {
      std::lock_guard<std::mutex> lock(m_);
      watched_.erase(c);
      if (!watched_.empty() || !running_) return;
      running_ = false;
      stopped = std::move(thread_);
    }
    wake_.notify_all();
    stopped.join();
  }

 private:
  using Clock = std::chrono::steady_clock;
  struct Watched {
    std::string target;
    int pid = 0;
    std::uint64_t trips = 0;     // the round-trip count when it last moved
    Clock::time_point since{};   // when it last moved (or the connection was added)
    Clock::time_point asked{};   // the last look-up
    bool told = false;           // the notice was called for this command
  };

  void run() {
    std::unique_lock<std::mutex> lock(m_);
    while (running_) {
      wake_.wait_for(lock, std::chrono::milliseconds(250));
      if (!running_) break;
      std::vector<std::pair<const PgConnection*, Watched>> due;
      const auto now = Clock::now();
      for (auto& [c, w] : watched_) {
        if (const auto t = c->round_trips(); t != w.trips) {
          w = Watched{w.target, w.pid, t, now, {}, false};
          continue;
        }
        if (w.told || now - w.since < std::chrono::seconds(1) || now - w.asked < std::chrono::seconds(1)) continue;
        w.asked = now;
        due.emplace_back(c, w);
      }
      lock.unlock();
      for (const auto& [c, w] : due) {
        if (!waits_for_lock(w)) continue;
        {
          const std::lock_guard<std::mutex> again(m_);
          const auto it = watched_.find(c);
          if (it == watched_.end() || it->second.trips != w.trips || it->second.told) continue;
          it->second.told = true;
        }
        notice_lock_wait(w.target);
      }
      lock.lock();
    }
    lock.unlock();
    monitors_.clear();  // this thread's own connections
  }

  bool waits_for_lock(const Watched& w) {
    try {
      auto& monitor = monitors_[w.target];
      if (monitor && PQstatus(monitor->handle()) != CONNECTION_OK) monitor.reset();
      if (!monitor) monitor = std::make_unique<PgConnection>(w.target, /*read_only=*/true);
      PGresult* res = PQexec(monitor->handle(), ("SELECT wait_event_type FROM pg_stat_activity WHERE pid = " +
                                                 std::to_string(w.pid)).c_str());
      const bool lock = PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1 &&
                        std::string_view(PQgetvalue(res, 0, 0)) == "Lock";
      PQclear(res);
      return lock;
    } catch (const DbError&) {
      return false;  // no monitor: nothing is said
    }
  }

  std::mutex m_;
  std::condition_variable wake_;
  bool running_ = false;
  std::unordered_map<const PgConnection*, Watched> watched_;
  std::thread thread_;
  // By target: the watch's thread's only.
  std::unordered_map<std::string, std::unique_ptr<PgConnection>> monitors_;
};

}  // namespace

PgConnection::PgConnection(const std::string& target, bool read_only) : name_(server_name(target)) {
  std::string user_options;
  {
    char* err = nullptr;
    PQconninfoOption* opts = PQconninfoParse(target.c_str(), &err);
    if (!opts) {
      std::string msg = err ? without_quoted_input(trimmed(err)) : "not a connection string";
      if (err) PQfreemem(err);
      throw DbError(0, "the connection string is not valid: " + msg, "08001");
    }
    bool has_password = false;
    for (auto* o = opts; o->keyword; ++o) {
      const std::string_view k = o->keyword;
      if (!o->val || !*o->val) continue;
      if (k == "password") has_password = true;
      if (k == "options") user_options = o->val;
    }
    PQconninfoFree(opts);
    if (has_password)
      throw DbError(0,
                    "a password in the connection string is refused (it would show in the process list and in "
                    "messages): give it in PGPASSWORD or ~/.pgpass",
                    "08001");
  }
  // Defaults first (the connection string's own values, expanded from dbname, override them):
  // a server that does not answer is an error within seconds, not a hang of minutes or hours.
  // Readers add read-only to the user's own options (a search_path there is kept).
  const std::string options = user_options + (user_options.empty() ? "" : " ") + "-c default_transaction_read_only=on";
  const char* keys[] = {"connect_timeout", "keepalives_idle", "keepalives_interval", "keepalives_count",
                        "tcp_user_timeout", "dbname", "fallback_application_name", read_only ? "options" : nullptr,
                        nullptr};
  const char* values[] = {"10", "30", "10", "3", "60000", target.c_str(), "ppn", options.c_str(), nullptr};
  conn_ = PQconnectdbParams(keys, values, 1);
  if (!conn_ || PQstatus(conn_) != CONNECTION_OK) {
    std::string msg = conn_ ? trimmed(PQerrorMessage(conn_)) : "out of memory";
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    throw DbError(0, msg, msg.find("authentication") != std::string::npos ? "28P01" : "08001");
  }
  PQsetNoticeProcessor(conn_, discard_notice, nullptr);
  if (!read_only && lock_wait_noticed()) {
    try {
      LockWatch::instance().add(this, target, PQbackendPID(conn_));
    } catch (...) {  // no thread: the constructor fails whole, its connection closed
      PQfinish(conn_);
      conn_ = nullptr;
      throw;
    }
    watched_ = true;
  }
}

PgConnection::~PgConnection() {
  if (watched_) LockWatch::instance().remove(this);
  if (conn_) PQfinish(conn_);
}

void PgConnection::fail(PGresult* res, std::string_view what) {
  std::string state;
  std::string msg;
  if (res) {
    if (const char* s = PQresultErrorField(res, PG_DIAG_SQLSTATE)) state = s;
    msg = trimmed(PQresultErrorMessage(res));
    PQclear(res);
  }
  if (msg.empty()) msg = trimmed(PQerrorMessage(conn_));
  if (PQstatus(conn_) == CONNECTION_BAD && state.empty()) state = "08006";
  (void)what;
  throw DbError(0, msg, state);
}

void PgConnection::settle(bool with_queued) {
  if (PgStatement* s = std::exchange(streaming_, nullptr)) s->finish_stream(true);
  if (!with_queued || queued_.empty()) return;
  // Sent by a command that cannot carry them: a round trip of their own.
  std::string sql;
  for (const char* q : take_queued()) (sql += q) += ";";
  count_round_trip();
  PGresult* res = PQexec(conn_, sql.c_str());
  if (PQresultStatus(res) != PGRES_COMMAND_OK) fail(res, "savepoint");
  PQclear(res);
}

namespace {
constexpr const char* kUnitSavepoint = "SAVEPOINT ppn_unit";
constexpr const char* kUnitRelease = "RELEASE SAVEPOINT ppn_unit";
}  // namespace

void PgConnection::begin_unit() {
  if (unit_open_) throw DbError(0, "a unit of work is open already");
  unit_marks_.clear();
  unit_sent_.clear();
  for (const auto& [target, rows] : bulk_)
    if (!rows.empty()) unit_marks_[target] = rows.size();
  queued_.push_back(kUnitSavepoint);
  unit_open_ = unit_queued_ = true;
}

void PgConnection::release_unit() {
  if (!unit_open_) return;
  // A savepoint still queued was never set: nothing to release.
  if (unit_queued_) queued_.pop_back();
  else queued_.push_back(kUnitRelease);
  unit_open_ = unit_queued_ = false;
  unit_marks_.clear();
  unit_sent_.clear();
}

void PgConnection::undo_unit() {
  if (!unit_open_) return;
  unit_open_ = false;
  if (std::exchange(unit_queued_, false)) {
    queued_.pop_back();  // never set: the unit sent nothing
  } else {
    settle(false);
    count_round_trip();
    PGresult* res = PQexec(conn_, "ROLLBACK TO SAVEPOINT ppn_unit; RELEASE SAVEPOINT ppn_unit");
    if (PQresultStatus(res) != PGRES_COMMAND_OK) fail(res, "rollback to savepoint");
    PQclear(res);
  }
  // The rows held from before the unit: those still held (up to the mark), after those a flush
  // during the unit sent (the rollback undid them). The unit's own rows go.
  bulk_bytes_ = 0;
  for (auto& [target, rows] : bulk_) {
    const auto mark = unit_marks_.find(target);
    rows.resize(mark == unit_marks_.end() ? 0 : std::min(rows.size(), mark->second));
    if (const auto sent = unit_sent_.find(target); sent != unit_sent_.end()) rows.insert(0, sent->second);
    bulk_bytes_ += rows.size();
  }
  unit_marks_.clear();
  unit_sent_.clear();
}

std::vector<const char*> PgConnection::take_queued() {
  unit_queued_ = false;
  return std::exchange(queued_, {});
}

void PgConnection::end_transaction() {
  queued_.clear();
  unit_open_ = unit_queued_ = false;
  unit_marks_.clear();
  unit_sent_.clear();
}

void PgConnection::commit() {
  // Any unit still open is committed with the rest; what is queued is ended by the COMMIT.
  end_transaction();
  flush_bulk();
  settle();
  count_round_trip();
  PGresult* res = PQexec(conn_, "COMMIT");
  if (PQresultStatus(res) != PGRES_COMMAND_OK) fail(res, "commit");
  // A transaction an error aborted answers COMMIT with ROLLBACK, and no error.
  const bool committed = std::string_view(PQcmdStatus(res)) == "COMMIT";
  PQclear(res);
  if (!committed)
    throw DbError(0, "the server rolled the transaction back instead of committing it (a statement of it had failed)",
                  "25P02");
}

void PgConnection::exec(std::string_view sql) {
  settle();
  if (bulk_bytes_ != 0) flush_bulk_naming(named_tables(sql));
  const std::string s(sql);
  count_round_trip();
  PGresult* res = PQexec(conn_, s.c_str());
  const auto st = PQresultStatus(res);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) fail(res, "exec");
  PQclear(res);
}

namespace {
std::int64_t first_int(PgConnection& c, const char* sql) {
  c.settle();
  c.count_round_trip();
  PGresult* res = PQexec(c.handle(), sql);
  if (PQresultStatus(res) != PGRES_TUPLES_OK) c.fail(res, "query");
  std::int64_t v = 0;
  if (PQntuples(res) > 0 && !PQgetisnull(res, 0, 0)) {
    const char* t = PQgetvalue(res, 0, 0);
    if (t[0] == 't') v = 1;
    else std::from_chars(t, t + std::strlen(t), v);
  }
  PQclear(res);
  return v;
}
}  // namespace

std::int64_t PgConnection::user_version() {
  if (version_ != 0) return version_;
  settle();
  if (PQtransactionStatus(conn_) == PQTRANS_IDLE) {
    // Outside a transaction, one query: a database without the table (SQLSTATE 42P01) has no
    // version, and the error ends no transaction.
    count_round_trip();
    PGresult* res = PQexec(conn_, "SELECT max(version) FROM ppn_schema");
    if (PQresultStatus(res) != PGRES_TUPLES_OK) {
      const char* state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
      if (!state || std::string_view(state) != "42P01") fail(res, "query");
      PQclear(res);
      return 0;
    }
    std::int64_t v = 0;
    if (PQntuples(res) > 0 && !PQgetisnull(res, 0, 0)) {
      const char* t = PQgetvalue(res, 0, 0);
      std::from_chars(t, t + std::strlen(t), v);
    }
    PQclear(res);
    return version_ = v;
  }
  // In a transaction (the importer's migration, under its lock): a failed query would end it.
  if (first_int(*this, "SELECT to_regclass('ppn_schema') IS NOT NULL") == 0) return 0;
  return version_ = first_int(*this, "SELECT max(version) FROM ppn_schema");
}

void PgConnection::set_user_version(int v) {
  version_ = 0;  // read again (the transaction setting it may roll back)
  exec("CREATE TABLE IF NOT EXISTS ppn_schema(version INTEGER NOT NULL); DELETE FROM ppn_schema; "
       "INSERT INTO ppn_schema(version) VALUES(" + std::to_string(v) + ")");
}

std::int64_t PgConnection::table_count() {
  return first_int(*this,
                   "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'ppn_schema'");
}

void PgConnection::append_bulk(const std::string& copy_target, std::string_view row) {
  bulk_[copy_target].append(row);
  bulk_bytes_ += row.size();
  if (bulk_bytes_ >= kBulkFlushBytes) flush_bulk();
}

void PgConnection::copy_in(const std::string& target, std::string_view rows) {
  settle();
  const std::string copy = "COPY " + target + " FROM STDIN";
  count_round_trip();  // the COPY command, then the rows and their end
  count_round_trip();
  PGresult* res = PQexec(conn_, copy.c_str());
  if (PQresultStatus(res) != PGRES_COPY_IN) fail(res, "copy");
  PQclear(res);
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  bool ok = true;
  for (std::size_t at = 0; at < rows.size() && ok; at += kChunk)
    ok = PQputCopyData(conn_, rows.data() + at, static_cast<int>(std::min(kChunk, rows.size() - at))) == 1;
  if (ok) ok = PQputCopyEnd(conn_, nullptr) == 1;
  res = PQgetResult(conn_);
  if (!ok || PQresultStatus(res) != PGRES_COMMAND_OK) {
    // Read what is left of the exchange before reporting it.
    for (PGresult* more = PQgetResult(conn_); more; more = PQgetResult(conn_)) PQclear(more);
    fail(res, "copy");
  }
  PQclear(res);
  for (PGresult* more = PQgetResult(conn_); more; more = PQgetResult(conn_)) PQclear(more);
}

std::string PgConnection::copy_out(std::string_view table) {
  settle();
  const std::string copy = "COPY " + std::string(table) + " TO STDOUT";
  count_round_trip();
  PGresult* res = PQexec(conn_, copy.c_str());
  if (PQresultStatus(res) != PGRES_COPY_OUT) fail(res, "copy");
  PQclear(res);
  std::string out;
  char* buf = nullptr;
  int n = 0;
  while ((n = PQgetCopyData(conn_, &buf, 0)) > 0) {
    out.append(buf, static_cast<std::size_t>(n));
    PQfreemem(buf);
  }
  res = PQgetResult(conn_);
  if (n == -2 || PQresultStatus(res) != PGRES_COMMAND_OK) fail(res, "copy");
  PQclear(res);
  return out;
}

void PgConnection::flush_bulk() {
  if (bulk_bytes_ == 0) return;
  if (unit_open_) {
    // The rows of before the open unit go inside its savepoint: keep them, for undo_unit.
    for (const auto& [target, mark] : unit_marks_) unit_sent_[target].append(bulk_[target], 0, mark);
    unit_marks_.clear();
  }
  for (auto& [target, rows] : bulk_) {
    if (rows.empty()) continue;
    try {
      copy_in(target, rows);
    } catch (...) {
      drop_bulk();
      throw;
    }
    rows.clear();
  }
  bulk_bytes_ = 0;
}

void PgConnection::flush_bulk_naming(const std::vector<std::string>& tables) {
  if (bulk_bytes_ == 0) return;
  for (const auto& [target, rows] : bulk_) {
    if (rows.empty()) continue;
    // "schema.t(c1, ...)" -> "t"
    std::string table = lower(target.substr(0, target.find('(')));
    while (!table.empty() && table.back() == ' ') table.pop_back();
    if (const auto dot = table.rfind('.'); dot != std::string::npos) table.erase(0, dot + 1);
    if (std::find(tables.begin(), tables.end(), table) != tables.end()) {
      flush_bulk();
      return;
    }
  }
}

void PgConnection::drop_bulk() {
  for (auto& [target, rows] : bulk_) rows.clear();
  bulk_bytes_ = 0;
}

PgStatement::PgStatement(PgConnection& conn, std::string_view sql, Statement::Kind kind)
    : conn_(conn),
      bulk_(kind == Statement::Kind::bulk),
      guarded_(kind == Statement::Kind::guarded),
      scan_(kind == Statement::Kind::scan) {
  // The user's own SQL goes as written: it has no parameters, and a `?` in it is the user's.
  const int n = kind == Statement::Kind::verbatim ? (sql_.assign(sql), 0) : translate_parameters(sql, sql_);
  params_.resize(static_cast<std::size_t>(n));
  if (!bulk_) tables_ = named_tables(sql_);
  if (bulk_) {
    // INSERT INTO t(c1, ...) VALUES($a, ...): the COPY target and each column's parameter.
    const std::string s = lower(sql_);
    const auto into = s.find("into");
    const auto open = s.find('(', into);
    const auto close = s.find(')', open);
    const auto values = s.find('(', s.find("values", close));
    if (into == std::string::npos || open == std::string::npos || close == std::string::npos ||
        values == std::string::npos)
      throw DbError(0, "not a bulk insert: " + std::string(sql));
    std::string table = sql_.substr(into + 4, open - into - 4);
    while (!table.empty() && table.front() == ' ') table.erase(0, 1);
    while (!table.empty() && table.back() == ' ') table.pop_back();
    copy_target_ = table + sql_.substr(open, close - open + 1);
    for (std::size_t at = sql_.find('$', values); at != std::string::npos; at = sql_.find('$', at + 1))
      copy_params_.push_back(std::atoi(sql_.c_str() + at + 1) - 1);
  }
  // Nothing is sent yet: a statement run once costs one round trip, its execution (execute()).
}

void PgStatement::prepare() {
  if (prepared_) return;
  name_ = conn_.next_statement_name();
  conn_.settle();
  conn_.count_round_trip();
  PGresult* res = PQprepare(conn_.handle(), name_.c_str(), sql_.c_str(), static_cast<int>(params_.size()), nullptr);
  if (PQresultStatus(res) != PGRES_COMMAND_OK) conn_.fail(res, "prepare");
  PQclear(res);
  prepared_ = true;
}

PgStatement::~PgStatement() {
  finish_stream(false);
  clear_result();
  if (described_) PQclear(described_);
  if (prepared_ && PQstatus(conn_.handle()) == CONNECTION_OK &&
      PQtransactionStatus(conn_.handle()) != PQTRANS_INERROR) {
    conn_.settle(false);  // never throws: the savepoint commands queued wait for the next command
    conn_.count_round_trip();
    const std::string sql = "DEALLOCATE " + name_;
    PQclear(PQexec(conn_.handle(), sql.c_str()));
  }
}

PgStatement::Param& PgStatement::param(int i) {
  if (i < 1 || static_cast<std::size_t>(i) > params_.size())
    throw DbError(0, "bind: parameter " + std::to_string(i) + " out of range");
  return params_[static_cast<std::size_t>(i - 1)];
}

void PgStatement::bind(int i, std::int64_t v) {
  auto& p = param(i);
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  p.value.assign(buf, r.ptr);
  p.null = p.binary = false;
}
void PgStatement::bind(int i, double v) {
  auto& p = param(i);
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  p.value.assign(buf, r.ptr);
  p.null = p.binary = false;
}
void PgStatement::bind(int i, std::string_view text) {
  auto& p = param(i);
  p.value.assign(text);
  p.null = p.binary = false;
}
void PgStatement::bind_blob(int i, std::span<const std::uint8_t> bytes) {
  auto& p = param(i);
  p.value.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  p.null = false;
  p.binary = true;
}
void PgStatement::bind_null(int i) {
  auto& p = param(i);
  p.null = true;
  p.binary = false;
}

void PgStatement::clear_result() {
  if (res_) PQclear(res_);
  res_ = nullptr;
  row_ = -1;
  rows_ = 0;
}

void PgStatement::finish_stream(bool keep_rows) {
  if (!keep_rows) {
    for (PGresult* r : pending_) PQclear(r);
    pending_.clear();
  }
  if (!streaming_) return;
  streaming_ = false;
  if (keep_rows) {
    for (PGresult* r = PQgetResult(conn_.handle()); r; r = PQgetResult(conn_.handle())) pending_.push_back(r);
  } else {
    // Rows nobody will read (a scan left early): read past them, one at a time. (A cancel
    // request could reach the server after the scan ended, and cancel the next command.)
    for (PGresult* r = PQgetResult(conn_.handle()); r; r = PQgetResult(conn_.handle())) PQclear(r);
  }
  conn_.set_streaming(nullptr);
}

void PgStatement::send_scan(const char* const* values, const int* lengths, const int* formats) {
  pg_conn* c = conn_.handle();
  const int n = static_cast<int>(params_.size());
  conn_.count_round_trip();  // the rows then come as the server sends them
  const int sent = prepared_ ? PQsendQueryPrepared(c, name_.c_str(), n, values, lengths, formats, 0)
                             : PQsendQueryParams(c, sql_.c_str(), n, nullptr, values, lengths, formats, 0);
  if (sent != 1) conn_.fail(nullptr, "step");
  PQsetSingleRowMode(c);
  streaming_ = scan_started_ = true;
  conn_.set_streaming(this);
}

bool PgStatement::next_row() {
  for (;;) {
    PGresult* r = nullptr;
    if (!pending_.empty()) {
      r = pending_.front();
      pending_.pop_front();
    } else if (streaming_) {
      r = PQgetResult(conn_.handle());
      if (!r) {
        streaming_ = false;
        conn_.set_streaming(nullptr);
      }
    }
    if (!r) {
      clear_result();
      return false;
    }
    const auto st = PQresultStatus(r);
    if (st == PGRES_SINGLE_TUPLE) {
      clear_result();
      res_ = r;
      row_ = 0;
      rows_ = 1;
      return true;
    }
    if (st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK) {
      PQclear(r);  // the end of the rows; the null after it ends the command
      continue;
    }
    finish_stream(false);
    clear_result();
    conn_.fail(r, "step");
  }
}

void PgStatement::execute() {
  clear_result();
  if (scan_) finish_stream(false);
  conn_.settle(false);
  conn_.flush_bulk_naming(tables_);
  // Run before: prepared on the server now, so that each later run skips the parsing.
  if (std::exchange(executed_, true)) prepare();
  const auto n = params_.size();
  std::vector<const char*> values(n);
  std::vector<int> lengths(n), formats(n);
  for (std::size_t k = 0; k < n; ++k) {
    values[k] = params_[k].null ? nullptr : params_[k].value.c_str();
    lengths[k] = static_cast<int>(params_[k].value.size());
    formats[k] = params_[k].binary ? 1 : 0;
  }
  if (scan_) {
    conn_.settle();
    return send_scan(values.data(), lengths.data(), formats.data());
  }
  // Outside a transaction a statement is its own transaction: nothing to keep when it fails.
  // Inside a unit of work the unit's savepoint undoes it with the rest (Savepoint).
  const bool guard = guarded_ && !conn_.in_unit() && PQtransactionStatus(conn_.handle()) == PQTRANS_INTRANS;
  const auto queued = conn_.take_queued();
  const bool pipelined = guard || !queued.empty();
  if (!pipelined) conn_.count_round_trip();
  PGresult* res = pipelined   ? execute_pipelined(queued, guard, values.data(), lengths.data(), formats.data())
                  : prepared_ ? PQexecPrepared(conn_.handle(), name_.c_str(), static_cast<int>(n), values.data(),
                                               lengths.data(), formats.data(), 0)
                              : PQexecParams(conn_.handle(), sql_.c_str(), static_cast<int>(n), nullptr, values.data(),
                                             lengths.data(), formats.data(), 0);
  const auto st = PQresultStatus(res);
  if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK) conn_.fail(res, "step");
  res_ = res;
  rows_ = PQntuples(res);
}

PGresult* PgStatement::execute_pipelined(const std::vector<const char*>& before, bool guard,
                                         const char* const* values, const int* lengths, const int* formats) {
  pg_conn* c = conn_.handle();
  const int n = static_cast<int>(params_.size());
  if (PQenterPipelineMode(c) != 1) conn_.fail(nullptr, "pipeline");
  conn_.count_round_trip();
  // The commands, in order; `statement` is the index of this statement's.
  std::vector<const char*> commands(before);
  if (guard) commands.push_back("SAVEPOINT ppn_guard");
  const std::size_t statement = commands.size();
  commands.push_back(nullptr);
  if (guard) commands.push_back("RELEASE SAVEPOINT ppn_guard");
  bool sent = true;
  for (const char* command : commands)
    sent = sent && (command     ? PQsendQueryParams(c, command, 0, nullptr, nullptr, nullptr, nullptr, 0)
                    : prepared_ ? PQsendQueryPrepared(c, name_.c_str(), n, values, lengths, formats, 0)
                                : PQsendQueryParams(c, sql_.c_str(), n, nullptr, values, lengths, formats, 0)) == 1;
  sent = sent && PQpipelineSync(c) == 1;
  // The results, in order (after a failure, "aborted" for the rest), each followed by a null;
  // then the sync's.
  std::vector<PGresult*> results(commands.size(), nullptr);
  for (std::size_t k = 0; sent && k < commands.size(); ++k) {
    results[k] = PQgetResult(c);
    if (!results[k]) break;
    while (PGresult* extra = PQgetResult(c)) PQclear(extra);
  }
  bool synced = false;
  while (sent && !synced) {
    PGresult* r = PQgetResult(c);
    if (!r) break;
    synced = PQresultStatus(r) == PGRES_PIPELINE_SYNC;
    PQclear(r);
  }
  PQexitPipelineMode(c);
  const auto ok = [](PGresult* r) {
    const auto st = PQresultStatus(r);
    return r && (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK);
  };
  const auto first_failed = std::find_if_not(results.begin(), results.end(), ok);
  PGresult* failed = first_failed == results.end() ? nullptr : *first_failed;
  if (sent && synced && first_failed == results.end()) {
    for (std::size_t k = 0; k < results.size(); ++k)
      if (k != statement) PQclear(results[k]);
    return results[statement];
  }
  // The first failure is the one to report; the guard's savepoint (if it was set) is rolled back
  // so that the transaction goes on without the statement.
  const bool guard_set = guard && ok(results[statement - 1]);
  for (PGresult* r : results)
    if (r != failed) PQclear(r);
  if (guard_set && PQstatus(c) == CONNECTION_OK) {
    conn_.count_round_trip();
    PQclear(PQexec(c, "ROLLBACK TO SAVEPOINT ppn_guard; RELEASE SAVEPOINT ppn_guard"));
  }
  conn_.fail(failed, "step");
}

bool PgStatement::step() {
  if (bulk_) {
    run();
    return false;
  }
  if (scan_) {
    if (!scan_started_) execute();
    return next_row();
  }
  if (!res_) execute();
  if (row_ + 1 < rows_) {
    ++row_;
    return true;
  }
  row_ = rows_;
  return false;
}

void PgStatement::run() {
  if (scan_) {
    while (step()) {
    }
    scan_started_ = false;
    return;
  }
  if (!bulk_) {
    execute();
    clear_result();
    return;
  }
  // One row in COPY text form: tab-separated, \N for NULL, backslash escapes, bytea as \\x hex.
  static constexpr char hex[] = "0123456789abcdef";
  row_text_.clear();
  for (std::size_t k = 0; k < copy_params_.size(); ++k) {
    if (k) row_text_ += '\t';
    const auto& p = params_.at(static_cast<std::size_t>(copy_params_[k]));
    if (p.null) {
      row_text_ += "\\N";
    } else if (p.binary) {
      row_text_ += "\\\\x";
      for (unsigned char b : p.value) {
        row_text_ += hex[b >> 4];
        row_text_ += hex[b & 15];
      }
    } else {
      for (char c : p.value) {
        switch (c) {
          case '\\': row_text_ += "\\\\"; break;
          case '\t': row_text_ += "\\t"; break;
          case '\n': row_text_ += "\\n"; break;
          case '\r': row_text_ += "\\r"; break;
          default: row_text_ += c;
        }
      }
    }
  }
  row_text_ += '\n';
  conn_.append_bulk(copy_target_, row_text_);
}

void PgStatement::reset() {
  clear_result();
  finish_stream(false);
  scan_started_ = false;
  for (auto& p : params_) {
    p.null = true;
    p.binary = false;
  }
}

int PgStatement::columns() {
  if (res_) return PQnfields(res_);
  if (bulk_) return 0;
  // A query read whole runs now (its names come with its rows, which step() then walks): one
  // round trip, not a description first. A scan's names come from the prepared statement.
  if (!scan_) {
    execute();
    return PQnfields(res_);
  }
  if (!described_) {
    prepare();
    conn_.settle();
    conn_.count_round_trip();
    described_ = PQdescribePrepared(conn_.handle(), name_.c_str());
    if (PQresultStatus(described_) != PGRES_COMMAND_OK) {
      PGresult* r = described_;
      described_ = nullptr;
      conn_.fail(r, "describe");
    }
  }
  return PQnfields(described_);
}

std::string_view PgStatement::column_name(int c) {
  if (!res_) columns();
  const char* n = PQfname(res_ ? res_ : described_, c);
  return n ? n : "";
}

bool PgStatement::is_null(int c) const { return PQgetisnull(res_, row_, c) != 0; }

ColumnType PgStatement::column_type(int c) const {
  if (PQgetisnull(res_, row_, c)) return ColumnType::null;
  switch (PQftype(res_, c)) {
    case kBool:
    case kInt2:
    case kInt4:
    case kInt8:
    case kOid: return ColumnType::integer;
    case kFloat4:
    case kFloat8: return ColumnType::real;
    case kNumeric: {
      // sum() and avg() of integers are numeric: whole values read as integers, as SQLite has them.
      const std::string_view v = get_text(c);
      return v.find_first_of(".eEN") == std::string_view::npos ? ColumnType::integer : ColumnType::real;
    }
    case kBytea: return ColumnType::blob;
    default: return ColumnType::text;
  }
}

std::int64_t PgStatement::get_int(int c) const {
  if (PQgetisnull(res_, row_, c)) return 0;
  const char* t = PQgetvalue(res_, row_, c);
  const int n = PQgetlength(res_, row_, c);
  if (PQftype(res_, c) == kBool) return t[0] == 't' ? 1 : 0;
  std::int64_t v = 0;
  const auto r = std::from_chars(t, t + n, v);
  if (r.ec != std::errc() || r.ptr != t + n) return static_cast<std::int64_t>(std::strtod(t, nullptr));
  return v;
}

double PgStatement::get_double(int c) const {
  if (PQgetisnull(res_, row_, c)) return 0;
  if (PQftype(res_, c) == kBool) return PQgetvalue(res_, row_, c)[0] == 't' ? 1 : 0;
  return std::strtod(PQgetvalue(res_, row_, c), nullptr);
}

std::string_view PgStatement::get_text(int c) const {
  if (PQgetisnull(res_, row_, c)) return {};
  return {PQgetvalue(res_, row_, c), static_cast<std::size_t>(PQgetlength(res_, row_, c))};
}

std::span<const std::uint8_t> PgStatement::get_blob(int c) const {
  blob_.clear();
  if (PQgetisnull(res_, row_, c)) return {};
  std::size_t n = 0;
  unsigned char* bytes = PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(res_, row_, c)), &n);
  if (bytes) {
    blob_.assign(bytes, bytes + n);
    PQfreemem(bytes);
  }
  return {blob_.data(), blob_.size()};
}

}  // namespace ppn::db
