#include "db/schema.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <thread>
#include <filesystem>
#include <regex>

#include "stats/seat_stats.hpp"

namespace ppn::db {

namespace {

// Migration 0 -> 1: the first schema. db/SCHEMA.md explains every column; keep the two in
// step. Colours are lower-case names (green, red, blue, yellow); roll_index is 0-based among
// the main-line rolls; a position row holds the position *after* its roll.
// rolls and positions are keyed by id = game_id * 65536 + roll_index (kRollKeyShift): the
// importer appends them in key order, the cheapest insert SQLite has (a WITHOUT ROWID
// table keyed by (game_id, roll_index) costs a B-tree search per row), and a game's rows
// are one key range.
constexpr std::string_view kV1 = R"sql(
CREATE TABLE games(
  id             INTEGER PRIMARY KEY,
  source_file    TEXT    NOT NULL,
  source_line    INTEGER NOT NULL,
  checksum       INTEGER NOT NULL UNIQUE,
  setup_hash     INTEGER NOT NULL,
  variant        TEXT    NOT NULL,
  players        INTEGER NOT NULL,
  result         TEXT,
  winner         TEXT,
  finished       INTEGER NOT NULL,
  status         TEXT    NOT NULL CHECK (status IN ('legal', 'illegal')),
  on_error       TEXT    NOT NULL,
  rolls          INTEGER NOT NULL,
  rolls_replayed INTEGER NOT NULL,
  illegal_rolls  INTEGER NOT NULL,
  imported_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE players(
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE player_aliases(
  alias     TEXT    PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(id)
) WITHOUT ROWID;
CREATE TABLE game_seats(
  game_id     INTEGER NOT NULL REFERENCES games(id),
  colour      TEXT    NOT NULL,
  seat_order  INTEGER NOT NULL,
  player_id   INTEGER REFERENCES players(id),
  player_name TEXT,
  finish_rank INTEGER,
  PRIMARY KEY (game_id, colour)
) WITHOUT ROWID;
CREATE INDEX game_seats_player ON game_seats(player_id);
CREATE TABLE tags(
  game_id INTEGER NOT NULL REFERENCES games(id),
  ord     INTEGER NOT NULL,
  name    TEXT    NOT NULL,
  value   TEXT    NOT NULL,
  PRIMARY KEY (game_id, ord)
) WITHOUT ROWID;
CREATE TABLE rolls(
  id                INTEGER PRIMARY KEY,
  game_id           INTEGER NOT NULL REFERENCES games(id),
  roll_index        INTEGER NOT NULL,
  colour            TEXT    NOT NULL,
  die1              INTEGER NOT NULL,
  die2              INTEGER NOT NULL,
  play              TEXT    NOT NULL,
  legal             INTEGER,
  entries           INTEGER NOT NULL DEFAULT 0,
  captures          INTEGER NOT NULL DEFAULT 0,
  arrivals          INTEGER NOT NULL DEFAULT 0,
  bonuses_earned    INTEGER NOT NULL DEFAULT 0,
  bonuses_used      INTEGER NOT NULL DEFAULT 0,
  bonuses_forfeited INTEGER NOT NULL DEFAULT 0,
  penalty           INTEGER NOT NULL DEFAULT 0,
  line              INTEGER NOT NULL,
  line_hash         INTEGER NOT NULL
);
CREATE TABLE diagnostics(
  game_id      INTEGER NOT NULL REFERENCES games(id),
  seq          INTEGER NOT NULL,
  roll_index   INTEGER,
  severity     TEXT    NOT NULL,
  code         TEXT    NOT NULL,
  message      TEXT    NOT NULL,
  line         INTEGER NOT NULL,
  col          INTEGER NOT NULL,
  position_id  TEXT,
  alternatives TEXT,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE TABLE positions(
  id         INTEGER PRIMARY KEY,
  game_id    INTEGER NOT NULL REFERENCES games(id),
  roll_index INTEGER NOT NULL,
  hash       INTEGER NOT NULL,
  pos        BLOB    NOT NULL,
  turn       INTEGER NOT NULL
);
CREATE INDEX positions_hash ON positions(hash);
CREATE TABLE game_stats(
  game_id           INTEGER PRIMARY KEY REFERENCES games(id),
  rolls             INTEGER NOT NULL,
  doublets          INTEGER NOT NULL,
  penalties         INTEGER NOT NULL,
  no_plays          INTEGER NOT NULL,
  entries           INTEGER NOT NULL,
  captures          INTEGER NOT NULL,
  arrivals          INTEGER NOT NULL,
  bonuses_earned    INTEGER NOT NULL,
  bonuses_used      INTEGER NOT NULL,
  bonuses_forfeited INTEGER NOT NULL,
  illegal_rolls     INTEGER NOT NULL
);
CREATE TABLE player_stats(
  player_id     INTEGER PRIMARY KEY REFERENCES players(id),
  games         INTEGER NOT NULL,
  wins          INTEGER NOT NULL,
  finished      INTEGER NOT NULL,
  rolls         INTEGER NOT NULL,
  doublets      INTEGER NOT NULL,
  penalties     INTEGER NOT NULL,
  captures      INTEGER NOT NULL,
  illegal_rolls INTEGER NOT NULL
);
)sql";

// Migration 1 -> 2: positions clustered on the hash. A WITHOUT ROWID table keyed by
// (hash, id) replaces the rowid table and its separate hash index: one B-tree instead of two,
// and the importer inserts each chunk of positions sorted by hash (db/importer.cpp), so the
// inserts walk the tree in order instead of landing on random pages (about half the cost of
// the v1 layout in `ppn bench import`). game_id and roll_index are derived from id and cost no
// space. A game's positions are no longer one key range: per-game look-ups scan the table
// (rolls keeps the per-game layout).
constexpr std::string_view kV2 = R"sql(
CREATE TABLE positions_v2(
  hash       INTEGER NOT NULL,
  id         INTEGER NOT NULL,
  pos        BLOB    NOT NULL,
  turn       INTEGER NOT NULL,
  game_id    INTEGER GENERATED ALWAYS AS (id >> 16) VIRTUAL,
  roll_index INTEGER GENERATED ALWAYS AS (id & 65535) VIRTUAL,
  PRIMARY KEY (hash, id)
) WITHOUT ROWID;
INSERT INTO positions_v2(hash, id, pos, turn) SELECT hash, id, pos, turn FROM positions ORDER BY hash, id;
DROP TABLE positions;
ALTER TABLE positions_v2 RENAME TO positions;
)sql";

// Migration 2 -> 3: every statistic of analysis::compute_game_stats, stored at import
// (game_stats / player_stats of v1 hold only sums over the rolls table), and the figures of
// `ppn analyze --db`. seat_stats and seat_analysis are keyed (game_id, colour) WITHOUT ROWID:
// the importer appends them in key order, and a game's seats are one key range. A database
// migrated from v2 has no statistics for its older games: importing their files again fills
// them in (db/importer.cpp, Importer::store), and `ppn stats --db` says how many lack them.
// The line `@figures TYPE@` stands for the columns of the statistics of migration 3
// (stats/seat_stats.hpp, since 3), in the table's order: migrations() writes them.
constexpr std::string_view kV3 = R"sql(
CREATE TABLE game_race(
  game_id        INTEGER PRIMARY KEY REFERENCES games(id),
  replayed       INTEGER NOT NULL,
  complete       INTEGER NOT NULL,
  rolls_replayed INTEGER NOT NULL,
  lead_changes   INTEGER NOT NULL,
  stop_reason    TEXT,
  error          TEXT
);
CREATE TABLE seat_stats(
  game_id                  INTEGER NOT NULL REFERENCES games(id),
  colour                   TEXT    NOT NULL,
  seat_order               INTEGER NOT NULL,
@figures INTEGER NOT NULL@
  race_start               INTEGER NOT NULL,
  race_end                 INTEGER NOT NULL,
  place                    INTEGER,
  illegal                  INTEGER NOT NULL,
  PRIMARY KEY (game_id, colour)
) WITHOUT ROWID;
CREATE TABLE seat_illegal(
  game_id INTEGER NOT NULL REFERENCES games(id),
  colour  TEXT    NOT NULL,
  code    TEXT    NOT NULL,
  plays   INTEGER NOT NULL,
  PRIMARY KEY (game_id, colour, code)
) WITHOUT ROWID;
CREATE TABLE seat_analysis(
  game_id        INTEGER NOT NULL REFERENCES games(id),
  colour         TEXT    NOT NULL,
  rolls          INTEGER NOT NULL,
  decisions      INTEGER NOT NULL,
  mistakes       INTEGER NOT NULL,
  blunders       INTEGER NOT NULL,
  total_loss     REAL    NOT NULL,
  luck           REAL    NOT NULL,
  result         REAL    NOT NULL,
  luck_adjusted  REAL    NOT NULL,
  rolls_analysed INTEGER NOT NULL,
  stopped        INTEGER NOT NULL,
  rollouts       INTEGER NOT NULL,
  horizon        INTEGER NOT NULL,
  seed           INTEGER NOT NULL,
  candidates     INTEGER NOT NULL,
  mistake_at     REAL    NOT NULL,
  blunder_at     REAL    NOT NULL,
  analysed_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  PRIMARY KEY (game_id, colour)
) WITHOUT ROWID;
)sql";

// Migration 3 -> 4: places and players, one computation per figure.
// * `won` (NOT NULL) beside each place: a loser whose exact place is unknown ([Result] names
//   only the winner, a Parcheesi game ends at its first finisher) has a NULL place and is still
//   known not to have won, so `avg(won)` is a win rate where `avg(finish_rank = 1)` saw only
//   the winners.
// * seat_stats rebuilt with its figures nullable: a seat with no roll of its own in the record
//   (a partial-view transcript) has `observed` 0 and NULL figures, not zeros that sums would
//   count. Rows of v3 with no roll counted are taken as not observed.
// * game_race.board ('parcheesi' or 'ludo'), so that reports can split by board and use its
//   words (v3 rows: every Ludo profile's name starts with "ludo").
// * game_stats and player_stats dropped: they were a second computation (sums over the rolls
//   table, forfeits counted otherwise than `ppn stats`); the reports read seat_stats.
// `@figures TYPE@` as in kV3; `@v.figures@` their values, "v.rolls, v.pawns_entered, ... ".
constexpr std::string_view kV4 = R"sql(
ALTER TABLE game_race ADD COLUMN board TEXT NOT NULL DEFAULT 'parcheesi';
UPDATE game_race SET board = 'ludo' WHERE game_id IN (SELECT id FROM games WHERE variant LIKE 'ludo%');
ALTER TABLE game_seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
UPDATE game_seats SET won = 1 WHERE finish_rank = 1;
CREATE TABLE seat_stats_v4(
  game_id                  INTEGER NOT NULL REFERENCES games(id),
  colour                   TEXT    NOT NULL,
  seat_order               INTEGER NOT NULL,
  observed                 INTEGER NOT NULL,
  won                      INTEGER NOT NULL,
  place                    INTEGER,
  race_start               INTEGER NOT NULL,
  race_end                 INTEGER NOT NULL,
@figures INTEGER@
  illegal                  INTEGER,
  PRIMARY KEY (game_id, colour)
) WITHOUT ROWID;
INSERT INTO seat_stats_v4
SELECT game_id, colour, s.seat_order, s.rolls > 0, coalesce(s.place = 1, 0), s.place, s.race_start, s.race_end,
       @v.figures@ v.illegal
  FROM seat_stats s LEFT JOIN (SELECT * FROM seat_stats WHERE rolls > 0) v USING (game_id, colour)
 ORDER BY game_id, colour;
DROP TABLE seat_stats;
ALTER TABLE seat_stats_v4 RENAME TO seat_stats;
DROP TABLE game_stats;
DROP TABLE player_stats;
)sql";

// Migration 4 -> 5: the record text of every stored game, so that a stored game can be
// written back as PPN (`ppn export --db`) and opened by its id (`--db PATH --game ID` of
// replay, render, stats, analyze); and each roll's number as recorded, so that the roll `ppn
// find` prints is the one `--at` opens even in a record not numbered from 1. `ppn` is the
// canonical PPN of the record as first imported (`ppn fmt` of it, byte for byte); plain text:
// a game is a few kilobytes and compressing would cost every import and export for little. A
// database migrated from version 4 or older has no text for its older games: importing their
// files again fills it in (db/importer.cpp, Importer::store), and `ppn export --db` names the
// games that lack it.
constexpr std::string_view kV5 = R"sql(
CREATE TABLE game_text(
  game_id INTEGER PRIMARY KEY REFERENCES games(id),
  ppn     TEXT    NOT NULL
);
ALTER TABLE rolls ADD COLUMN number INTEGER;
)sql";

// Migration 5 -> 6: the error bars and settings of `ppn analyze --db`: the first
// round of rollouts, the confidence of the verdicts, the decisions left unresolved and the
// standard errors of the total loss and of the luck. NULL in the rows of an analysis stored
// before this migration (analysing the game again fills them in).
constexpr std::string_view kV6 = R"sql(
ALTER TABLE seat_analysis ADD COLUMN min_rollouts INTEGER;
ALTER TABLE seat_analysis ADD COLUMN confidence REAL;
ALTER TABLE seat_analysis ADD COLUMN unresolved INTEGER;
ALTER TABLE seat_analysis ADD COLUMN loss_se REAL;
ALTER TABLE seat_analysis ADD COLUMN luck_se REAL;
)sql";

// The same for a PostgreSQL database of version 5.
constexpr std::string_view kV6Postgres =
    "ALTER TABLE seat_analysis ADD COLUMN min_rollouts BIGINT, ADD COLUMN confidence DOUBLE PRECISION, "
    "ADD COLUMN unresolved BIGINT, ADD COLUMN loss_se DOUBLE PRECISION, ADD COLUMN luck_se DOUBLE PRECISION";

// Migration 6 -> 7: how many stretches of unseen plays each record has (notation/SPEC.md 3.4).
// A record with one does not hold every roll, and the figures counted on the rolls it may not
// hold are NULL (db/SCHEMA.md seat_stats). NULL here: the game was stored before this
// migration, when those figures were counted over the rolls shown; importing its file again
// recounts its statistics (db/importer.cpp, Importer::store).
constexpr std::string_view kV7 = R"sql(
ALTER TABLE game_race ADD COLUMN unseen_stretches INTEGER;
)sql";
constexpr std::string_view kV7Postgres = "ALTER TABLE game_race ADD COLUMN unseen_stretches BIGINT";

// Migration 7 -> 8: the level a seat's analysis was judged at (`ppn analyze --level`: "0", "1"
// by the neural evaluator, "rollout"). NULL in a row stored before it: rollouts, then the
// only way.
constexpr std::string_view kV8 = R"sql(
ALTER TABLE seat_analysis ADD COLUMN level TEXT;
)sql";
constexpr std::string_view kV8Postgres = "ALTER TABLE seat_analysis ADD COLUMN level TEXT";

constexpr std::array<std::string_view, 8> kMigrations = {kV1, kV2, kV3, kV4, kV5, kV6, kV7, kV8};

// A statistic of stats/seat_stats.hpp has its column from migration 3 (since 3), or from the
// migration to its `since` version, which adds it with ALTER TABLE: a version above the seven
// written above, so that no migration a database has already run changes.
static_assert([] {
  for (const auto& s : stats::kSeatStats)
    if (s.since != 3 && s.since <= static_cast<int>(kMigrations.size())) return false;
  return true;
}(), "a statistic's `since` is 3 or a schema version above every migration released");
constexpr int kVersions = std::max(static_cast<int>(kMigrations.size()), stats::kSeatStatsSince);

// The columns of the statistics added by the migration to version `since` (db/SCHEMA.md
// seat_stats), one call per column.
template <class F>
void seat_stat_columns(int since, F&& f) {
  for (const auto& s : stats::kSeatStats)
    if (s.since == since)
      for (int k = 0; k < s.columns(); ++k) f(s.column_name(k));
}

Result<Database> check_version(Database& db, const std::string& path) {
  const auto v = db.user_version();
  if (v > schema_version())
    return failure(Code::database, database_name(path) + ": schema version " + std::to_string(v) +
                                       " is newer than this ppn (" + std::to_string(schema_version()) + ")");
  return std::move(db);
}

// A lock id of pg_advisory_xact_lock: the importers that open one database migrate it one at a
// time (any constant; "ppn" in ASCII).
constexpr int kMigrationLock = 0x70706e;

std::string replace_all(std::string s, std::string_view from, std::string_view to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) s.replace(at, from.size(), to);
  return s;
}

// The SQL of every migration: kMigrations with the statistics' columns written in, and after
// them the columns of statistics added later.
const std::array<std::string, kVersions>& migrations() {
  static const auto all = [] {
    std::array<std::string, kVersions> m;
    for (std::size_t k = 0; k < kMigrations.size(); ++k) m[k] = kMigrations[k];
    // `  rolls                    INTEGER NOT NULL,`: a column definition of migrations 3 and 4.
    const auto definitions = [](std::string_view type) {
      std::string out;
      seat_stat_columns(3, [&](const std::string& c) {
        out += "  " + c + std::string(c.size() < 25 ? 25 - c.size() : 1, ' ') + std::string(type) + ",\n";
      });
      return out;
    };
    std::string values;
    seat_stat_columns(3, [&](const std::string& c) { values += "v." + c + ", "; });
    for (auto& sql : m) {
      sql = replace_all(sql, "@figures INTEGER NOT NULL@\n", definitions("INTEGER NOT NULL"));
      sql = replace_all(sql, "@figures INTEGER@\n", definitions("INTEGER"));
      sql = replace_all(sql, "@v.figures@ ", values);
    }
    for (int v = static_cast<int>(kMigrations.size()) + 1; v <= kVersions; ++v)
      seat_stat_columns(v, [&](const std::string& c) {
        m[static_cast<std::size_t>(v - 1)] += "\nALTER TABLE seat_stats ADD COLUMN " + c + " INTEGER;";
      });
    return m;
  }();
  return all;
}

// The current schema as SQLite holds it after the migrations, in PostgreSQL's words.
std::string postgres_schema() {
  Database mem(":memory:");
  for (int k = 0; k < schema_version(); ++k) mem.exec(migration_sql(k));
  std::string out;
  Statement q(mem, "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid");
  static const std::regex integer(R"(\bINTEGER\b)"), real(R"(\bREAL\b)"), blob(R"(\bBLOB\b)"),
      rowid_alias(R"(\bid\s+INTEGER PRIMARY KEY,)"), references(R"(\s+REFERENCES\s+\w+\(\w+\))"), without_rowid(R"(\)\s*WITHOUT ROWID)");
  while (q.step()) {
    std::string sql(q.get_text(0));
    // games.id and players.id are given by the database (SQLite's rowid alias).
    sql = std::regex_replace(sql, rowid_alias, "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,");
    sql = std::regex_replace(sql, integer, "BIGINT");
    sql = std::regex_replace(sql, real, "DOUBLE PRECISION");
    sql = std::regex_replace(sql, blob, "BYTEA");
    sql = std::regex_replace(sql, references, "");  // declared for documentation, enforced by neither
    sql = std::regex_replace(sql, without_rowid, ")");
    sql = replace_all(sql, ") VIRTUAL", ") STORED");
    sql = replace_all(sql, "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
                      "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')");
    out += sql + ";\n";
  }
  return out;
}

// Creates the current schema in an empty PostgreSQL database, or checks the version of one.
Result<Database> open_server_for_writing(Database db, const std::string& path) {
  const std::string name = database_name(path);
  db.exec("SET client_min_messages = warning");
  Transaction t(db);
  db.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
  const auto v = db.user_version();
  if (v > schema_version())
    return failure(Code::database, name + ": schema version " + std::to_string(v) + " is newer than this ppn (" +
                                       std::to_string(schema_version()) + ")");
  if (v == 0) {
    if (db.table_count() != 0)
      return failure(Code::database, name + ": not a ppn database (it has tables but no schema version)");
    db.exec(postgres_schema());
    db.set_user_version(schema_version());
  } else if (v < schema_version()) {
    // Every PostgreSQL database was created at version 5 or later; each later migration has
    // its PostgreSQL form here.
    if (v < 5)
      return failure(Code::database,
                     name + ": schema version " + std::to_string(v) + " has no PostgreSQL migration in this ppn");
    if (v <= 5) db.exec(std::string(kV6Postgres));
    if (v <= 6) db.exec(std::string(kV7Postgres));
    if (v <= 7) db.exec(std::string(kV8Postgres));
    for (int since = static_cast<int>(kMigrations.size()) + 1; since <= kVersions; ++since)
      if (since > v)
        seat_stat_columns(since, [&](const std::string& c) { db.exec("ALTER TABLE seat_stats ADD COLUMN " + c + " BIGINT"); });
    db.set_user_version(schema_version());
  }
  t.commit();
  return db;
}

}  // namespace

std::string postgres_schema_sql() { return postgres_schema(); }

int schema_version() { return kVersions; }
std::string_view migration_sql(int k) { return migrations().at(static_cast<std::size_t>(k)); }

void configure_connection(Database& db) {
  if (db.is_postgres()) return;  // the server's own settings: every commit durable
  // Switching a new file to WAL needs an exclusive lock and does not wait on the busy handler:
  // two importers starting on one new file would see "database is locked". WAL is persistent,
  // so only the first switch matters; retry it while another connection holds the file.
  std::int64_t page_bytes = 0;
  for (int attempt = 0;; ++attempt) {
    try {
      db.exec(kPageSize);  // a new file only: before WAL writes its first page
      Statement mode(db, "PRAGMA journal_mode");
      if (!mode.step() || mode.get_text(0) != "wal") {
        mode.reset();
        db.exec("PRAGMA journal_mode=WAL");
      }
      // The file's page size (kPageSize for a new file), read here, where a busy file is waited for.
      Statement page(db, "PRAGMA page_size");
      page_bytes = page.step() ? page.get_int(0) : 0;
      break;
    } catch (const DbError& e) {
      if ((e.code & 0xff) != 5 /* SQLITE_BUSY */ || attempt >= 6000) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  // Foreign keys are declared for documentation and tools, not enforced: the importer is the
  // only writer and always inserts a game before its rows (enforcing would cost a parent
  // look-up per roll and position row); tests check that no row is orphaned.
  db.exec(kWriterPragmas);
  // Checkpoints every 32 MiB of WAL, whatever the file's page size: kWriterPragmas' 2,048 pages
  // at kPageSize, 8,192 of the 4 KiB pages of a database created before it.
  if (page_bytes > 0) db.exec("PRAGMA wal_autocheckpoint=" + std::to_string((std::int64_t{32} << 20) / page_bytes));
}

Result<Database> open_for_writing(const std::string& path) {
  try {
    Database db(path, Database::Mode::read_write_create);
    if (db.is_postgres()) return open_server_for_writing(std::move(db), path);
    configure_connection(db);
    // Migrate under the write lock, re-reading the version inside it: two importers
    // starting on a new file must not both create the tables.
    Transaction t(db);
    int v = static_cast<int>(db.user_version());
    if (v > schema_version())
      return failure(Code::database, path + ": schema version " + std::to_string(v) + " is newer than this ppn (" +
                                         std::to_string(schema_version()) + ")");
    if (v == 0 && db.table_count() != 0)
      return failure(Code::database, path + ": not a ppn database (it has tables but no schema version)");
    for (; v < schema_version(); ++v) {
      db.exec(migration_sql(v));
      db.set_user_version(v + 1);
    }
    t.commit();
    return db;
  } catch (const DbError& e) {
    return failure(Code::database, describe_db_error(path, e));
  }
}

std::string outdated(Database& db, const std::string& path) {
  const auto v = db.user_version();
  if (v >= schema_version()) return "";
  return database_name(path) + ": schema version " + std::to_string(v) + " is older than this ppn's (" +
         std::to_string(schema_version()) + "): `ppn import --db " + path + "` migrates it";
}

// Migration 4 -> 5 (kV5 above) added game_text and rolls.number.
bool has_record_text(Database& db) { return db.user_version() >= 5; }

Result<Database> open_for_reading(const std::string& path) {
  std::error_code ec;
  if (!is_server_target(path) && !std::filesystem::exists(path, ec)) return failure(Code::io, path + ": no such database");
  try {
    Database db(path, Database::Mode::read_only);
    if (!db.is_postgres()) db.exec("PRAGMA cache_size=-65536");
    if (db.user_version() == 0) return failure(Code::database, database_name(path) + ": not a ppn database (schema version 0)");
    return check_version(db, path);
  } catch (const DbError& e) {
    return failure(Code::database, describe_db_error(path, e));
  }
}

}  // namespace ppn::db
