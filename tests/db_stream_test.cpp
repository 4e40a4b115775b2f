// Scans of a large collection hold one row at a time (Statement::Kind::scan, db/connection.hpp):
// `find --pattern` and `db copy` on 1.4 M stored positions, in a child process whose peak
// memory is measured. Read whole, the positions alone take about 178 MB (libpq holding the
// server's result, measured with psql); the bound below is a fraction of that.
#include <catch2/catch.hpp>

#include "child_memory.hpp"
#include "cli_run.hpp"
#include "db/copy.hpp"
#include "db/schema.hpp"
#include "db/search.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"

using namespace ppn::test;

TEST_CASE("db scans stream: find --pattern and db copy on 1.4 M positions hold one row at a time", "[db][postgresql][slow]") {
  const auto backend = GENERATE(from_range(db_backends()));
  INFO(backend);
  const auto dir = fresh_dir("stream");
  const auto db = fresh_db("stream", backend);
  const auto sp = selfplay_files();
  REQUIRE(run_ppn("import -q --db " + db + " " + sp[0]).code == 0);
  const auto real_positions = scalar(db, "SELECT count(*) FROM positions");
  REQUIRE(real_positions > 100000);
  // Nine copies of every position under games that are not stored (ids from 2^20 on): the
  // scans read them all; find --pattern reports their games with no file.
  {
    ppn::db::Database d(db, ppn::db::Database::Mode::read_write);
    d.exec("INSERT INTO positions(hash, id, pos, turn) "
           "WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 9) "
           "SELECT p.hash, p.id + (CAST(k.n AS BIGINT) << 36), p.pos, p.turn FROM positions p, k");
  }
  REQUIRE(scalar(db, "SELECT count(*) FROM positions") == 10 * real_positions);

  const auto pattern = *ppn::db::parse_pattern("home-path:green:2");
  std::size_t real_games = 0;
  {
    auto opened = ppn::db::open_for_reading(db);
    auto found = ppn::db::find_pattern(*opened, {pattern});
    REQUIRE(found);
    const auto& rows = found->rows;
    for (const auto& r : rows) real_games += !std::holds_alternative<std::monostate>(r[1]);
    // Every matching game once, and each of its nine copies.
    CHECK(real_games > 0);
    CHECK(rows.size() == 10 * real_games);
  }
  // PostgreSQL: a few MB (libpq's buffers, the matching games). SQLite reads through its page
  // cache, 64 MB for a reader (db/schema.cpp, open_for_reading), which fills up on a scan.
  const long kBoundKiB = (backend == "sqlite" ? 96 : 32) * 1024;
  const long find_kib = child_peak_growth_kib([&] {
    auto opened = ppn::db::open_for_reading(db);
    if (!opened) return false;
    auto found = ppn::db::find_pattern(*opened, {pattern});
    return found && found->rows.size() == 10 * real_games;
  });
  INFO("find --pattern: peak growth " << find_kib << " KiB");
  CHECK(find_kib >= 0);
#if !defined(__SANITIZE_ADDRESS__)  // its quarantine holds freed memory: `make test` checks the bound
  CHECK(find_kib < kBoundKiB);
#endif

  // db copy into a SQLite file: the source's rows are read one at a time (from the server too).
  const auto to = (dir / "copy.sqlite").string();
  const long copy_kib = child_peak_growth_kib([&] {
    auto r = ppn::db::copy_collection(db, to);
    return r && r->copied == 1000;
  });
  INFO("db copy: peak growth " << copy_kib << " KiB");
  CHECK(copy_kib >= 0);
#if !defined(__SANITIZE_ADDRESS__)
  CHECK(copy_kib < kBoundKiB);
#endif
  CHECK(scalar(to, "SELECT count(*) FROM positions") == real_positions);
}
