// Database faults (issue 9): a full disk, a read-only database, a corrupt database file and a
// database of a newer schema each give a clear error (exit 2 from the CLI, a message naming
// the file) and leave what the database held intact: the committed games are all there and
// PRAGMA integrity_check says ok (or, for a file that is not a database, not a byte changed).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "cli_run.hpp"
#include "app/import_reader.hpp"
#include "app/import_run.hpp"
#include "db_helpers.hpp"

namespace {

using ppn::test::fresh_dir;
using ppn::test::read_file;
using ppn::test::run_ppn;
using ppn::test::scalar;
using ppn::test::write_file;

const std::string samples = ppn::test::source_path("samples").string() + "/*.ppn";

std::string integrity(const std::string& db) {
  ppn::db::Database d(db, ppn::db::Database::Mode::read_only);
  ppn::db::Statement st(d, "PRAGMA integrity_check");
  REQUIRE(st.step());
  return std::string(st.get_text(0));
}

// A database holding the samples' games, and how many that is.
std::int64_t import_samples(const std::string& db) {
  const auto r = run_ppn("import --db " + db + " " + samples, true);
  INFO(r.out);
  REQUIRE(r.code <= 1);  // (a sample may hold an illegal roll on purpose)
  const auto n = scalar(db, "SELECT count(*) FROM games");
  REQUIRE(n > 0);
  return n;
}

// Legal games none of which the samples hold: enough to need many more pages.
std::string selfplay_file(const std::filesystem::path& dir, int games) {
  const auto f = (dir / "selfplay.ppn").string();
  REQUIRE(run_ppn("selfplay --variant hasbro-2001 --games " + std::to_string(games) + " --seed 7 -o " + f).code == 0);
  return f;
}

}  // namespace

TEST_CASE("db fault: a full database (SQLITE_FULL) is a clear error, committed games stay", "[db][fault]") {
  const auto dir = fresh_dir("fault-full");
  const auto db = (dir / "full.sqlite").string();
  const auto before = import_samples(db);
  const auto more = selfplay_file(dir, 40);

  SECTION("SQLITE_FULL injected with PRAGMA max_page_count on the importer's connection") {
    auto opened = ppn::db::Importer::open(db, {});
    REQUIRE(opened);
    auto& importer = **opened;
    const auto pages = importer.database().scalar("PRAGMA page_count");
    importer.database().exec("PRAGMA max_page_count=" + std::to_string(pages + 2));
    std::ifstream in(more, std::ios::binary);
    const auto report = ppn::app::import_games(importer, more, ppn::app::parsed_games(in, more, {}));
    CHECK_THAT(report.db_error, Catch::Contains("full"));
  }
  SECTION("the file size limit of the process (a disk that fills up under `ppn import`)") {
    // RLIMIT_FSIZE stops every write past the limit (EFBIG, SIGXFSZ ignored) as a full disk
    // would; unlike a tmpfs mount it needs no privilege. Room for ~16 KiB more than the file
    // holds, far less than 40 games need.
    const auto blocks = std::filesystem::file_size(db) / 512 + 32;
    const auto r = ppn::test::run_ppn_shell("trap '' XFSZ; ulimit -f " + std::to_string(blocks) + "; exec " +
                                            ppn::test::ppn_binary() + " import --db " + db + " " + more);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(db));
    CHECK_THAT(r.out, Catch::Contains("error"));
  }
  CHECK(scalar(db, "SELECT count(*) FROM games") == before);
  CHECK(integrity(db) == "ok");
  // And the database still takes the games once there is room.
  CHECK(run_ppn("import --db " + db + " " + more).code <= 1);
  CHECK(scalar(db, "SELECT count(*) FROM games") == before + 40);
}

TEST_CASE("db fault: a read-only database is a clear error and is not changed", "[db][fault]") {
  const auto dir = fresh_dir("fault-ro");
  const auto db = (dir / "ro.sqlite").string();
  const auto before = import_samples(db);
  const auto more = selfplay_file(dir, 3);
  const std::string bytes = read_file(db);
  // Root ignores file modes: make the file immutable instead (chattr +i, which root may do on
  // most file systems). Without either, the fault cannot be staged here.
  bool read_only = false;
  if (geteuid() != 0) {
    ::chmod(db.c_str(), 0444);
    ::chmod(dir.c_str(), 0555);
    read_only = true;
  } else {
    read_only = std::system(("chattr +i " + db + " 2>/dev/null").c_str()) == 0;
  }
  if (!read_only) {
    WARN("cannot make a file read-only here (root without chattr): read-only fault not tested");
    return;
  }
  const auto r = run_ppn("import --db " + db + " " + more, true);
  const auto q = run_ppn("query --db " + db + " summary", true);
  if (geteuid() != 0) {
    ::chmod(dir.c_str(), 0755);
    ::chmod(db.c_str(), 0644);
  } else {
    REQUIRE(std::system(("chattr -i " + db).c_str()) == 0);
  }
  INFO(r.out);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains(db + ": cannot write the database (read-only)"));
  CHECK(q.code == 0);  // reading it is still fine
  CHECK(read_file(db) == bytes);
  CHECK(scalar(db, "SELECT count(*) FROM games") == before);
  CHECK(integrity(db) == "ok");
}

TEST_CASE("db fault: a corrupt database file is a clear error and is not overwritten", "[db][fault]") {
  const auto dir = fresh_dir("fault-corrupt");
  const auto more = selfplay_file(dir, 3);
  SECTION("garbage bytes") {
    const auto db = (dir / "junk.sqlite").string();
    std::string junk;
    for (int i = 0; i < 8192; ++i) junk.push_back(static_cast<char>((i * 131 + 7) % 251));
    write_file(db, junk);
    for (const auto& cmd : {"import --db " + db + " " + more, "query --db " + db + " summary"}) {
      const auto r = run_ppn(cmd, true);
      INFO(cmd << "\n" << r.out);
      CHECK(r.code == 2);
      CHECK_THAT(r.out, Catch::Contains(db + ": not a database file"));
    }
    CHECK(read_file(db) == junk);
  }
  SECTION("a database truncated to its first half") {
    const auto db = (dir / "cut.sqlite").string();
    import_samples(db);
    const auto full = read_file(db);
    REQUIRE(full.size() >= 8192);
    const std::string half = full.substr(0, full.size() / 2);
    write_file(db, half);
    const auto r = run_ppn("import --db " + db + " " + more, true);
    INFO(r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(db + ": the database file is damaged"));
    CHECK(read_file(db) == half);
  }
}

TEST_CASE("db fault: a database of a newer schema is refused and left as it is", "[db][fault]") {
  const auto dir = fresh_dir("fault-newer");
  const auto db = (dir / "newer.sqlite").string();
  const auto before = import_samples(db);
  { ppn::db::Database(db, ppn::db::Database::Mode::read_write).exec("PRAGMA user_version=99"); }
  const std::string bytes = read_file(db);
  const auto more = selfplay_file(dir, 3);
  for (const auto& cmd : {"import --db " + db + " " + more, "query --db " + db + " summary"}) {
    const auto r = run_ppn(cmd, true);
    INFO(cmd << "\n" << r.out);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(db + ": schema version 99 is newer than this ppn (" +
                                      std::to_string(ppn::db::schema_version()) + ")"));
  }
  CHECK(read_file(db) == bytes);
  CHECK(scalar(db, "SELECT count(*) FROM games") == before);
}
