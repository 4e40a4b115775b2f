// What the PostgreSQL backend (db/postgres.hpp) sends the server: a position look-up is one
// round trip on an open connection (the schema version read once per connection, statement and
// values sent together), as the server's own statement log shows; the user's SQL goes as
// written (a `?` in it is the user's); and rows held back for COPY are sent before any
// statement that names their table, on both backends alike.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

#include "cli_run.hpp"
#include "db/postgres.hpp"
#include "db/search.hpp"
#include "db_helpers.hpp"
#include "game_file.hpp"

using namespace ppn::test;

namespace {

// The statements the server logged for backend `pid` (log_statement=all: `statement: ...` for
// a simple query, `execute <name>: ...` for an extended one), in order.
std::vector<std::string> logged_statements(int pid) {
  const char* dir = std::getenv("PPN_TEST_PG");
  REQUIRE(dir != nullptr);
  std::ifstream log(std::filesystem::path(dir) / "server.log");
  REQUIRE(log.good());
  const std::regex line(R"(\[)" + std::to_string(pid) + R"(\] LOG:  (statement|execute [^:]*): (.*))");
  std::vector<std::string> out;
  std::smatch m;
  for (std::string l; std::getline(log, l);)
    if (std::regex_search(l, m, line)) out.push_back(m[2]);
  return out;
}

}  // namespace

TEST_CASE("db (PostgreSQL): find --position is one round trip on an open connection, and the server logs one statement",
          "[db][postgresql]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto db = fresh_db("pg-roundtrips", "postgresql");
  REQUIRE(run_ppn("import -q --db " + db + " " + source_path("samples/05-two-player-kitchen-table.ppn").string()).code == 0);
  // A position stored after some roll, by its ID (what `ppn find --position` takes).
  const auto render = run_ppn("render " + source_path("samples/05-two-player-kitchen-table.ppn").string() + " --at 20 -o -");
  const auto id = drawn_position(render.out);
  REQUIRE(!id.empty());

  // The look-ups' connection logs every statement it runs (the test server's role is a superuser).
  auto opened = ppn::db::open_for_reading(db + "?options=-c%20log_statement%3Dall");
  REQUIRE(opened);
  auto& conn = *opened;
  const int pid = static_cast<int>(conn.scalar("SELECT pg_backend_pid()"));
  const auto before = conn.pg()->round_trips();
  auto found = ppn::db::find_position(conn, id);
  REQUIRE(found);
  CHECK(!found->rows.empty());
  CHECK(conn.pg()->round_trips() - before == 1);
  // A second look-up: one more, the schema version is not read again.
  (void)ppn::db::find_position(conn, id, true);
  CHECK(conn.pg()->round_trips() - before == 2);

  const auto logged = logged_statements(pid);
  // Opening: the schema version (one query); pg_backend_pid(); then one statement per look-up.
  REQUIRE(logged.size() == 4);
  CHECK_THAT(logged[0], Catch::Contains("ppn_schema"));
  CHECK_THAT(logged[1], Catch::Contains("pg_backend_pid"));
  CHECK_THAT(logged[2], Catch::Contains("FROM positions p"));
  CHECK_THAT(logged[3], Catch::Contains("FROM positions p"));
}

TEST_CASE("db (PostgreSQL): the user's SQL reaches the server as written", "[db][postgresql][cli]") {
  if (db_backends().size() < 2) return;  // no test server
  const auto db = fresh_db("pg-verbatim", "postgresql");
  REQUIRE(run_ppn("import -q --db " + db + " " + source_path("samples/05-two-player-kitchen-table.ppn").string()).code == 0);
  const auto sql = [&](const std::string& q) {
    return run_ppn("query --db " + db + " --format csv --sql " + shell_quoted(q), true);
  };
  // A `?` inside dollar quotes, an E'' string with an escaped quote, and jsonb's `?` operator.
  const auto dollar = sql("SELECT $$why?$$ AS t");
  CHECK(dollar.code == 0);
  CHECK(dollar.out == "t\nwhy?\n");
  const auto escaped = sql("SELECT E'it\\'s ?' AS t");
  CHECK(escaped.code == 0);
  CHECK(escaped.out == "t\nit's ?\n");
  const auto jsonb = sql("SELECT (jsonb_build_object('a', 1) ? 'a')::int AS has_a");
  CHECK(jsonb.code == 0);
  CHECK(jsonb.out == "has_a\n1\n");
  // export --where: the condition as written, too.
  const auto exported = run_ppn("export --db " + db + " --where " + shell_quoted("source_file LIKE $$%kitchen%$$"));
  CHECK(exported.code == 0);
  CHECK_THAT(exported.out, Catch::Contains("[Event \"Kitchen table rematch\"]"));
  // The user's SQL takes no parameters.
  CHECK(sql("SELECT $1").code == 2);
}

TEST_CASE("db: rows held back for bulk are in their table for every later statement that names it", "[db]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto target = fresh_db("pg-bulk-flush", backend);
  ppn::db::Database d(target);
  d.exec("CREATE TABLE held(k INTEGER PRIMARY KEY, v TEXT)");
  d.exec("CREATE TABLE other(k INTEGER PRIMARY KEY, v TEXT)");
  ppn::db::Transaction t(d);
  ppn::db::Statement add(d, "INSERT INTO held(k, v) VALUES(?1, ?2)", ppn::db::Statement::Kind::bulk);
  const auto hold = [&](int k) { add.bind(1, k).bind(2, "held").run(); };
  // An UPDATE sees the rows held before it.
  hold(1);
  ppn::db::Statement update(d, "UPDATE held SET v = 'updated' WHERE k = ?1 RETURNING k");
  CHECK(update.bind(1, 1).step());
  update.reset();
  // A conflicting INSERT ... ON CONFLICT meets them (not a unique violation at COMMIT).
  hold(2);
  ppn::db::Statement upsert(d, "INSERT INTO held(k, v) VALUES(?1, 'again') ON CONFLICT(k) DO NOTHING RETURNING k");
  CHECK_FALSE(upsert.bind(1, 2).step());
  upsert.reset();
  // A read through a schema-qualified name, and one in a comma-separated FROM list.
  hold(3);
  const std::string schema = backend == "sqlite" ? "main" : "public";
  CHECK(d.scalar("SELECT count(*) FROM " + schema + ".held") == 3);
  hold(4);
  CHECK(d.scalar("SELECT count(*) FROM (SELECT 1 AS x) o, held h") == 4);
  // A DELETE through exec.
  hold(5);
  d.exec("DELETE FROM held WHERE k = 5");
  // The last one goes in at commit.
  hold(6);
  t.commit();
  CHECK(d.scalar("SELECT count(*) FROM held") == 5);
  CHECK(d.scalar("SELECT count(*) FROM held WHERE v = 'updated'") == 1);
}
