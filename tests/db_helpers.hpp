// Helpers for the game-database tests: a fresh temp dir per test, scalar queries.
#pragma once

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "db/schema.hpp"
#include "db/sqlite.hpp"
#include "shared_data.hpp"

namespace ppn::test {

// A fresh, empty directory under the temp dir (removed and re-created).
inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto d = std::filesystem::temp_directory_path() / ("ppn-dbtest-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

inline std::string write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

inline std::int64_t scalar(const std::string& db_path, const std::string& sql) {
  db::Database d(db_path, db::Database::Mode::read_only);
  return d.scalar(sql);
}

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
