// Helpers for the game-database tests: a fresh temp dir per test, scalar queries.
#pragma once

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "db/schema.hpp"
#include "db/connection.hpp"
#include "shared_data.hpp"

namespace ppn::test {

// A fresh, empty directory under the temp dir (removed and re-created).
inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("ppn-dbtest-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// The backends every parameterised db test runs on: "sqlite" always, and "postgresql" when ctest's
// fixture started the throwaway server (tests/CMakeLists.txt: PPN_TEST_PG is its socket
// directory; libpq reaches it through PGHOST, PGPORT and PGUSER, which ppn run by the tests
// inherits). Use: `const auto backend = GENERATE(from_range(db_backends()));`.
inline std::vector<std::string> db_backends() {
  std::vector<std::string> b = {"sqlite"};
  if (const char* dir = std::getenv("PPN_TEST_PG"); dir && *dir) {
    setenv("PGHOST", dir, 1);
    setenv("PGPORT", "5432", 1);
    setenv("PGUSER", "ppn_test", 1);
    b.emplace_back("postgresql");
  }
  return b;
}

// A fresh, empty database on `backend` for the test `name`: a SQLite file in a fresh directory,
// or a database created anew on the test server ("postgresql:///NAME", no character a shell
// would read).
inline std::string fresh_db(const std::string& name, const std::string& backend) {
  if (backend == "sqlite") return (fresh_dir(name) / "s.sqlite").string();
  std::string db = "t_";
  for (char c : name) db += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
  db += "_" + std::to_string(getpid());
  db::Database admin("postgresql:///postgres");
  admin.exec("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
  admin.exec("CREATE DATABASE " + db);
  return "postgresql:///" + db;
}

// The schema version of a database on either backend.
inline std::int64_t user_version(const std::string& target) {
  db::Database d(target, db::Database::Mode::read_only);
  return d.user_version();
}

inline std::string write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

inline std::int64_t scalar(const std::string& db_path, const std::string& sql) {
  db::Database d(db_path, db::Database::Mode::read_only);
  return d.scalar(sql);
}

// Every row a query gives, its columns joined: a table's content to compare across databases.
inline std::string rows_of(const std::string& db_path, const std::string& sql) {
  db::Database d(db_path, db::Database::Mode::read_only);
  db::Statement q(d, sql);
  std::string out;
  while (q.step()) {
    for (int c = 0; c < q.columns(); ++c) {
      out += q.is_null(c) ? std::string("NULL") : std::string(q.get_text(c));
      out += '|';
    }
    out += '\n';
  }
  return out;
}

// What a database holds of its games, in id order.
inline const std::vector<std::string> kContent = {
    // every column but imported_at, the clock time of each import (the two imports may fall
    // in different seconds)
    "SELECT id, source_file, source_line, checksum, setup_hash, variant, players, result, winner, finished, "
    "status, on_error, rolls, rolls_replayed, illegal_rolls FROM games ORDER BY id",
    "SELECT * FROM game_seats ORDER BY game_id, seat_order",
    "SELECT * FROM players ORDER BY id",
    "SELECT * FROM tags ORDER BY game_id, ord",
    "SELECT * FROM rolls ORDER BY id",
    "SELECT hash, id, hex(pos), turn FROM positions ORDER BY id",
    "SELECT * FROM diagnostics ORDER BY game_id, seq",
    "SELECT * FROM game_race ORDER BY game_id",
    "SELECT * FROM seat_stats ORDER BY game_id, seat_order",
    "SELECT * FROM seat_illegal ORDER BY game_id, colour, code",
    "SELECT * FROM game_text ORDER BY game_id",
};

inline std::string quoted(const std::string& s) { return "'" + s + "'"; }

// Copies the rows of table `t` of the attached database `src` (the current schema) into the
// table of that name of an older schema in `main`: the columns both have (later migrations add
// columns, e.g. seat_stats.won in migration 4 and rolls.number in migration 5), a NULL going
// into a NOT NULL column of the older table as 0 (migration 4 made a seat never observed NULL
// where version 3 stored zeros). A table the current schema dropped (game_stats, player_stats
// in migration 4) stays empty.
inline void copy_into_older(db::Database& d, const std::string& t) {
  if (d.scalar("SELECT count(*) FROM src.sqlite_schema WHERE type = 'table' AND name = '" + t + "'") == 0) return;
  std::string cols, values;
  {
    db::Statement q(d,
                    "SELECT m.name, m.\"notnull\" FROM pragma_table_info('" + t + "', 'main') m "
                    "WHERE m.name IN (SELECT name FROM pragma_table_xinfo('" + t + "', 'src')) ORDER BY m.cid");
    while (q.step()) {
      const std::string c(q.get_text(0));
      cols += (cols.empty() ? "" : ", ") + c;
      values += (values.empty() ? "" : ", ") + (q.get_int(1) ? "coalesce(" + c + ", 0)" : c);
    }
  }
  REQUIRE(!cols.empty());
  d.exec("INSERT INTO main." + t + "(" + cols + ") SELECT " + values + " FROM src." + t);
}

// Writes at `old` a database of schema version `version` holding the rows of the database at
// `now` (the current schema): the SQL of the migrations up to that version, then every table of
// that version filled from `now` (what a database written by an older ppn holds).
inline void make_older_copy(const std::string& old, const std::string& now, int version) {
  db::Database d(old, db::Database::Mode::read_write_create);
  for (int k = 0; k < version; ++k) d.exec(db::migration_sql(k));
  d.exec("PRAGMA user_version=" + std::to_string(version));
  d.exec("ATTACH DATABASE '" + now + "' AS src");
  std::vector<std::string> tables;
  {
    db::Statement q(d, "SELECT name FROM main.sqlite_schema WHERE type = 'table'");
    while (q.step()) tables.emplace_back(q.get_text(0));
  }
  for (const auto& t : tables) copy_into_older(d, t);
  d.exec("DETACH DATABASE src");
}

}  // namespace ppn::test
