// Faults of a PostgreSQL server under `ppn import` and the readers, on real servers: the test
// server of ctest's fixture, and servers of their own (scripts/pg-test-server) for the faults
// that take a server down. Each fault is a clear error naming the server (never a password),
// exit 2, and every game reported stored is there; a re-run completes the rest.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "cli_run.hpp"
#include "db/postgres.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"

using namespace ppn::test;
using namespace std::chrono_literals;

namespace {

bool have_server() {
  if (db_backends().size() > 1) return true;
  WARN("no PostgreSQL test server (ctest's fixture pg_server starts one): skipped");
  return false;
}

std::string script() { return std::string(PPN_SOURCE_DIR) + "/scripts/pg-test-server"; }

// A server of the test's own in a temporary directory, stopped and removed at the end.
struct OwnServer {
  std::string dir;
  explicit OwnServer(const std::string& name, const std::string& limits = "") {
    dir = "/tmp/ppn-pg-" + name + "-" + std::to_string(getpid());
    const auto cmd = limits + script() + " start " + dir;
    REQUIRE(std::system(("bash -c '" + cmd + "'").c_str()) == 0);
  }
  ~OwnServer() { (void)std::system((script() + " stop " + dir).c_str()); }
  std::string uri() const { return "postgresql:///postgres?host=" + dir; }
};

std::int64_t games_of(const std::string& db, const std::string& file) {
  return scalar(db, "SELECT count(*) FROM games WHERE source_file = " + quoted(file));
}

void check_reported_present(const std::string& db, const std::string& out) {
  for (const auto& f : reported(out)) {
    INFO("reported done: " << f);
    CHECK(games_of(db, f) == kPerFile);
  }
}

std::vector<std::string> four_files() {
  const auto all = selfplay_files();
  return {all.begin(), all.begin() + 4};
}

// `ppn ARGS` with PGPASSWORD set (output and errors together).
Run run_ppn_password(const std::string& password, const std::string& args) {
  return run_command("PGPASSWORD=" + password + " " + ppn_binary() + " " + args + " 2>&1");
}

void wait_lines(const std::string& out, std::size_t n) {
  const auto start = std::chrono::steady_clock::now();
  while (lines_in(out) < n && std::chrono::steady_clock::now() - start < 120s) std::this_thread::sleep_for(5ms);
}

}  // namespace

TEST_CASE("db fault (PostgreSQL): a lost connection is named so, with or without a SQLSTATE", "[db][fault][postgresql]") {
  const std::string target = "postgresql://ppn_test@/postgres?host=/tmp/s";
  const auto said = [&](const std::string& what, const std::string& state) {
    return ppn::db::describe_server_error(target, ppn::db::DbError(0, what, state));
  };
  const std::string libpq =
      "server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally";
  CHECK_THAT(said(libpq, ""), Catch::Contains("the connection to the server was lost"));
  CHECK_THAT(said("reading x.ppn: " + libpq, ""), Catch::Contains("the connection to the server was lost"));
  CHECK_THAT(said("terminating connection due to administrator command", "57P01"),
             Catch::Contains("the connection to the server was lost"));
  CHECK_THAT(said("no connection to the server", ""), Catch::Contains("the connection to the server was lost"));
  CHECK_THAT(said("connection refused", "08001"), Catch::Contains("cannot connect"));
  CHECK(said("syntax error at or near", "42601").find("lost") == std::string::npos);
}

TEST_CASE("db fault (PostgreSQL): the server stops mid-import (pg_ctl stop -m immediate)", "[db][fault][postgresql]") {
  if (!have_server()) return;
  const auto files = four_files();
  const auto dir = fresh_dir("pg-halt");
  OwnServer server("halt");
  const auto db = server.uri();
  const auto out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  const auto pid = spawn_import(db, files, out, err);
  wait_lines(out, 1);
  REQUIRE(std::system((script() + " halt " + server.dir).c_str()) == 0);
  CHECK(wait_exit(pid) == 2);
  const auto said = read_file(err);
  CHECK_THAT(said, Catch::Contains("PostgreSQL server " + server.dir + ":5432 database postgres user ppn_test"));
  // The storing connection loses the server, or the reading one fails to reach it again.
  CHECK_THAT(said, Catch::Contains("the connection to the server was lost") || Catch::Contains("cannot connect"));
  REQUIRE(std::system((script() + " resume " + server.dir).c_str()) == 0);
  check_reported_present(db, out);
  CHECK(scalar(db, "SELECT count(*) FROM games") < 4 * kPerFile);
  const auto again = run_ppn("import -q --db '" + db + "' " + files[0] + " " + files[1] + " " + files[2] + " " + files[3]);
  CHECK(again.code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM games") == 4 * kPerFile);
  CHECK(scalar(db, "SELECT count(*) - count(DISTINCT checksum) FROM games") == 0);
}

TEST_CASE("db fault (PostgreSQL): the importer's connection is ended by the server (pg_terminate_backend)",
          "[db][fault][postgresql]") {
  if (!have_server()) return;
  const auto files = four_files();
  const auto dir = fresh_dir("pg-drop");
  const auto db = fresh_db("pg-drop", "postgresql");
  const auto out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  const auto pid = spawn_import(db, files, out, err);
  wait_lines(out, 1);
  {
    ppn::db::Database admin(db);
    admin.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
               "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  }
  CHECK(wait_exit(pid) == 2);
  CHECK_THAT(read_file(err), Catch::Contains("PostgreSQL server "));
  check_reported_present(db, out);
  const auto again = run_ppn("import -q --db " + db + " " + files[0] + " " + files[1] + " " + files[2] + " " + files[3]);
  CHECK(again.code == 0);
  CHECK(scalar(db, "SELECT count(*) FROM games") == 4 * kPerFile);
}

TEST_CASE("db fault (PostgreSQL): authentication fails with a wrong password, and a password in the URI is refused",
          "[db][fault][postgresql]") {
  if (!have_server()) return;
  const auto db = fresh_db("pg-auth", "postgresql");
  const std::string name = db.substr(std::string("postgresql:///").size());
  {
    ppn::db::Database admin(db);
    admin.exec("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ppn_auth') THEN "
               "CREATE ROLE ppn_auth LOGIN PASSWORD 'right-Secret-42'; END IF; END $$");
    admin.exec("GRANT ALL ON SCHEMA public TO ppn_auth");
    // The socket's trust line is for ppn_test; ppn_auth must give its password (SCRAM).
    const auto hba = std::string(std::getenv("PGHOST")) + "/data/pg_hba.conf";
    const auto text = read_file(hba);
    if (text.find("ppn_auth") == std::string::npos)
      write_file(hba, "local all ppn_auth scram-sha-256\n" + text);
    admin.exec("SELECT pg_reload_conf()");
  }
  std::this_thread::sleep_for(300ms);
  const auto as_auth = "'postgresql:///" + name + "?user=ppn_auth'";
  const auto ok = run_ppn_password("right-Secret-42", "import -q --db " + as_auth + " " + sample_files()[0]);
  REQUIRE(ok.code == 0);
  const auto held = scalar(db, "SELECT count(*) FROM games");
  CHECK(held > 0);

  const auto wrong = run_ppn_password("wrong-Secret-7", "query --db " + as_auth + " summary");
  CHECK(wrong.code == 2);
  CHECK_THAT(wrong.out, Catch::Contains("authentication failed"));
  CHECK_THAT(wrong.out, Catch::Contains("database " + name + " user ppn_auth"));
  CHECK_THAT(wrong.out, !Catch::Contains("wrong-Secret-7"));
  const auto imp = run_ppn_password("wrong-Secret-7", "import --db " + as_auth + " " + sample_files()[1]);
  CHECK(imp.code == 2);
  CHECK_THAT(imp.out, Catch::Contains("authentication failed"));

  const auto in_uri = run_ppn("query --db 'postgresql://ppn_auth:right-Secret-42@/" + name + "' summary", true);
  CHECK(in_uri.code == 2);
  CHECK_THAT(in_uri.out, Catch::Contains("PGPASSWORD"));
  CHECK_THAT(in_uri.out, !Catch::Contains("right-Secret-42"));
  // A URI libpq cannot parse: its message would quote the password; ppn's does not.
  for (const std::string bad : {"postgresql://ppn_auth:right%zzSecret-42@/" + name,
                                "postgresql://ppn_auth:right-Secret-42@[::1/" + name}) {
    const auto malformed = run_ppn("query --db '" + bad + "' summary", true);
    CHECK(malformed.code == 2);
    CHECK_THAT(malformed.out, Catch::Contains("the connection string is not valid"));
    CHECK_THAT(malformed.out, !Catch::Contains("Secret-42"));
  }
  CHECK(scalar(db, "SELECT count(*) FROM games") == held);
}

TEST_CASE("db (PostgreSQL): the options of the connection string (a search_path) hold for readers and writers",
          "[db][postgresql]") {
  if (!have_server()) return;
  const auto db = fresh_db("pg-schema", "postgresql");
  ppn::db::Database(db).exec("CREATE SCHEMA IF NOT EXISTS club");
  const auto in_club = "'" + db + "?options=-csearch_path%3Dclub'";
  REQUIRE(run_ppn("import -q --db " + in_club + " " + sample_files()[0]).code == 0);
  const auto n = scalar(db, "SELECT count(*) FROM club.games");
  CHECK(n > 0);
  CHECK(scalar(db, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = 'games'") == 0);
  // A reader (read-only) sees the same schema, and stays read-only.
  const auto q = run_ppn("query --db " + in_club + " --sql 'SELECT count(*) FROM games' --format csv", true);
  CHECK(q.code == 0);
  CHECK_THAT(q.out, Catch::Contains(std::to_string(n)));
  const auto w = run_ppn("query --db " + in_club + " --sql 'DELETE FROM games'", true);
  CHECK(w.code == 2);
  CHECK(scalar(db, "SELECT count(*) FROM club.games") == n);
}

TEST_CASE("db fault (PostgreSQL): a database of a newer schema is refused and left as it is", "[db][fault][postgresql]") {
  if (!have_server()) return;
  const auto db = fresh_db("pg-newer", "postgresql");
  REQUIRE(run_ppn("import -q --db " + db + " " + sample_files()[0]).code == 0);
  const auto held = scalar(db, "SELECT count(*) FROM games");
  ppn::db::Database(db).exec("UPDATE ppn_schema SET version = 99");
  const auto imp = run_ppn("import --db " + db + " " + sample_files()[1], true);
  CHECK(imp.code == 2);
  CHECK_THAT(imp.out, Catch::Contains("schema version 99 is newer than this ppn"));
  CHECK_THAT(imp.out, Catch::Contains("PostgreSQL server "));
  const auto q = run_ppn("query --db " + db + " summary", true);
  CHECK(q.code == 2);
  CHECK_THAT(q.out, Catch::Contains("schema version 99 is newer"));
  CHECK(scalar(db, "SELECT count(*) FROM games") == held);
  CHECK(user_version(db) == 99);
}

TEST_CASE("db fault (PostgreSQL): the server cannot grow its files (a server under a 40 MB file size limit)",
          "[db][fault][postgresql]") {
  if (!have_server()) return;
  // A full disk needs a small file system (mount privileges); a file size limit on the server
  // (ulimit -f, which PostgreSQL meets as EFBIG: it ignores SIGXFSZ) stops its writes the same way.
  const auto files = four_files();
  const auto dir = fresh_dir("pg-full");
  OwnServer server("full", "ulimit -f 40000 && ");
  const auto db = server.uri();
  const auto out = (dir / "out.txt").string(), err = (dir / "err.txt").string();
  const auto pid = spawn_import(db, files, out, err);
  CHECK(wait_exit(pid) == 2);
  const auto said = read_file(err);
  CHECK_THAT(said, Catch::Contains("PostgreSQL server " + server.dir));
  CHECK_THAT(said, Catch::Contains("cannot write its files") || Catch::Contains("disk is full"));
  check_reported_present(db, out);
  const auto q = run_ppn("query --db '" + db + "' summary --format csv");
  CHECK(q.code == 0);
}

TEST_CASE("db: --db is a server for a URI or libpq's key=value form, a file otherwise", "[db][postgresql]") {
  using ppn::db::is_server_target;
  CHECK(is_server_target("postgresql:///games"));
  CHECK(is_server_target("postgres://user@host/games"));
  CHECK(is_server_target("host=/tmp dbname=games"));
  CHECK(is_server_target("dbname = games"));
  CHECK(is_server_target("service=club"));
  CHECK_FALSE(is_server_target("games=2026.sqlite"));
  CHECK_FALSE(is_server_target("games.sqlite"));
  CHECK_FALSE(is_server_target("/data/host=1.sqlite"));
  CHECK_FALSE(is_server_target("Host=x.sqlite"));
  if (!have_server()) return;
  // The key=value form reaches the test server (PGHOST is its socket directory).
  const auto db = fresh_db("pg-keyword", "postgresql");
  const auto kv = "'host=" + std::string(std::getenv("PGHOST")) + " dbname=" +
                  db.substr(std::string("postgresql:///").size()) + "'";
  REQUIRE(run_ppn("import -q --db " + kv + " " + sample_files()[0]).code == 0);
  const auto q = run_ppn("query --db " + kv + " --sql 'SELECT count(*) FROM games' --format csv", true);
  CHECK(q.code == 0);
  CHECK_THAT(q.out, Catch::Contains(std::to_string(scalar(db, "SELECT count(*) FROM games"))));
}
