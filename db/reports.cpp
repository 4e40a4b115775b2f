#include "db/reports.hpp"

#include <sqlite3.h>

namespace ppn::db {

namespace {

const std::vector<ReportInfo> kReports = {
    {"summary", "what the database holds",
     R"sql(SELECT (SELECT count(*) FROM games) AS games,
       (SELECT count(*) FROM games WHERE status = 'legal') AS legal,
       (SELECT count(*) FROM games WHERE status = 'illegal') AS illegal,
       (SELECT count(*) FROM games WHERE finished <> 0) AS finished,
       (SELECT count(*) FROM rolls) AS rolls,
       (SELECT count(*) FROM positions) AS positions,
       (SELECT count(*) FROM players) AS players,
       (SELECT count(DISTINCT source_file) FROM games) AS files)sql"},
    {"players",
     "games, wins and win rate per player and profile: overall, by colour and by seat (1 = first to roll); "
     "a player who sat in two seats of a game played it once; the win rate is over the finished games (an "
     "unfinished game's result is not known), null when none finished",
     R"sql(WITH s AS (
  SELECT p.name AS player, g.variant, st.game_id, st.colour, st.seat_order, st.won, g.finished, st.observed
    FROM seat_stats st JOIN game_seats gs USING (game_id, colour) JOIN players p ON p.id = gs.player_id
    JOIN games g ON g.id = st.game_id)
SELECT player, variant, split, games, wins, finished, round(1.0 * wins / nullif(finished, 0), 3) AS win_rate,
       not_observed FROM (
  SELECT player, variant, 0 AS k, 0 AS o, 'all' AS split, count(DISTINCT game_id) AS games,
         count(DISTINCT CASE WHEN won = 1 THEN game_id END) AS wins,
         count(DISTINCT CASE WHEN finished <> 0 THEN game_id END) AS finished, sum(1 - observed) AS not_observed
    FROM s GROUP BY player, variant
  UNION ALL
  SELECT player, variant, 1, CASE colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 ELSE 3 END,
         'colour ' || colour, count(*), sum(won), sum(CASE WHEN finished <> 0 THEN 1 ELSE 0 END), sum(1 - observed)
    FROM s GROUP BY player, variant, colour
  UNION ALL
  SELECT player, variant, 2, seat_order, 'seat ' || seat_order, count(*), sum(won),
         sum(CASE WHEN finished <> 0 THEN 1 ELSE 0 END), sum(1 - observed)
    FROM s GROUP BY player, variant, seat_order) AS r
ORDER BY player, variant, k, o)sql"},
    {"captures",
     "captures, bonuses and pawns entered per profile and colour (the figures of ppn stats; seats not observed "
     "counted apart)",
     R"sql(SELECT variant, colour, games, not_observed, rolls, captures, round(100.0 * captures / rolls, 2) AS captures_per_100_rolls,
       captures_suffered, bonuses_earned, bonuses_played, bonuses_forfeited, pawns_entered FROM (
  SELECT variant, colour, count(*) AS games, sum(1 - observed) AS not_observed, sum(s.rolls) AS rolls,
         sum(captures_made_unsafe + captures_made_safe + captures_made_entry) AS captures,
         sum(captures_suffered_unsafe + captures_suffered_safe + captures_suffered_entry) AS captures_suffered,
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_earned) END AS bonuses_earned,
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_played) END AS bonuses_played,
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_forfeited) END AS bonuses_forfeited,
         sum(pawns_entered) AS pawns_entered
    FROM seat_stats s JOIN game_race USING (game_id) JOIN games g ON g.id = game_id GROUP BY variant, board, colour
  UNION ALL
  SELECT variant, 'all', count(DISTINCT game_id), sum(1 - observed), sum(s.rolls),
         sum(captures_made_unsafe + captures_made_safe + captures_made_entry),
         sum(captures_suffered_unsafe + captures_suffered_safe + captures_suffered_entry),
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_earned) END,
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_played) END,
         CASE WHEN board = 'parcheesi' OR sum(bonuses_earned) > 0 THEN sum(bonuses_forfeited) END,
         sum(pawns_entered)
    FROM seat_stats s JOIN game_race USING (game_id) JOIN games g ON g.id = game_id GROUP BY variant, board) AS r
ORDER BY variant, )sql"
     "CASE colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 WHEN 'yellow' THEN 3 ELSE 4 END"},
    {"doublets",
     "the throws that give another roll per profile and colour: doublets (Parcheesi) or sixes (Ludo), and the "
     "third-doublet (third-six) penalties",
     R"sql(SELECT variant, colour, rolls, kind, thrown, round(1.0 * thrown / rolls, 4) AS rate, penalties,
       round(1.0 * penalties / rolls, 4) AS penalty_rate, not_observed FROM (
  SELECT variant, colour, CASE board WHEN 'ludo' THEN 'sixes' ELSE 'doublets' END AS kind, sum(s.rolls) AS rolls,
         sum(doublets) AS thrown, sum(penalties) AS penalties, sum(1 - observed) AS not_observed
    FROM seat_stats s JOIN game_race USING (game_id) JOIN games g ON g.id = game_id GROUP BY variant, board, colour
  UNION ALL
  SELECT variant, 'all', CASE board WHEN 'ludo' THEN 'sixes' ELSE 'doublets' END, sum(s.rolls), sum(doublets),
         sum(penalties), sum(1 - observed)
    FROM seat_stats s JOIN game_race USING (game_id) JOIN games g ON g.id = game_id GROUP BY variant, board) AS r
ORDER BY variant, )sql"
     "CASE colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 WHEN 'yellow' THEN 3 ELSE 4 END"},
    {"length", "game length in rolls by profile and number of players",
     R"sql(SELECT variant, players, count(*) AS games, sum(finished) AS finished, min(rolls) AS min_rolls,
       round(avg(rolls), 1) AS avg_rolls, max(rolls) AS max_rolls
  FROM games GROUP BY variant, players ORDER BY variant, players)sql"},
    {"illegal", "illegal plays per profile and rule code (the figures of ppn stats), per 1,000 rolls recorded in that "
     "profile's games",
     R"sql(SELECT g.variant, i.code, sum(i.plays) AS rolls, count(DISTINCT i.game_id) AS games,
       round(1000.0 * sum(i.plays) / (SELECT sum(x.rolls) FROM games x WHERE x.variant = g.variant), 3) AS per_1000_rolls
  FROM seat_illegal i JOIN games g ON g.id = i.game_id GROUP BY g.variant, i.code
 ORDER BY g.variant, sum(i.plays) DESC, i.code)sql"},
    {"dice",
     "frequency of each die face and of each doublet per profile, next to the fair-dice expectation; the rolls "
     "ppn stats counts (replayed rolls of the games it counts)",
     R"sql(WITH p AS (SELECT g.variant, r.die1, r.die2, count(*) AS n FROM rolls r JOIN games g ON g.id = r.game_id
                JOIN game_race gr ON gr.game_id = r.game_id
                WHERE gr.replayed <> 0 AND r.roll_index < gr.rolls_replayed GROUP BY g.variant, r.die1, r.die2),
     t AS (SELECT variant, sum(n + CASE WHEN die2 > 0 THEN n ELSE 0 END) AS dice, sum(CASE WHEN die2 > 0 THEN n ELSE 0 END) AS pairs FROM p GROUP BY variant),
     f(face) AS (VALUES (1), (2), (3), (4), (5), (6)),
     c AS (SELECT t.variant, face,
                  (SELECT coalesce(sum(n * (CASE WHEN die1 = face THEN 1 ELSE 0 END + CASE WHEN die2 = face THEN 1 ELSE 0 END)), 0) FROM p WHERE p.variant = t.variant) AS count,
                  (SELECT coalesce(sum(n), 0) FROM p WHERE p.variant = t.variant AND die1 = face AND die2 = face) AS doublets
             FROM t, f)
SELECT c.variant, c.face, c.count, t.dice, round(1.0 * c.count / t.dice, 4) AS share, 0.1667 AS expected,
       CASE WHEN t.pairs > 0 THEN c.doublets END AS doublets, t.pairs AS two_dice_rolls,
       round(1.0 * c.doublets / nullif(t.pairs, 0), 4) AS doublet_share,
       CASE WHEN t.pairs > 0 THEN 0.0278 END AS doublet_expected
  FROM c JOIN t USING (variant) ORDER BY c.variant, c.face)sql"},
};

// PostgreSQL: one statement (a prepared statement holds only one) in a read-only transaction
// (the server refuses anything that would write), rolled back.
Result<Table> run_server_sql(Database& db, std::string_view sql, bool require_read_only, Statement::Kind kind) {
  if (sql.find_first_not_of(" \t\r\n;") == std::string_view::npos) return failure(Code::database, "empty SQL");
  try {
    db.exec(require_read_only ? "BEGIN TRANSACTION READ ONLY" : "BEGIN");
    Table t;
    try {
      Statement st(db, sql, kind);
      t = collect(st);
    } catch (const DbError& e) {
      db.exec("ROLLBACK");
      if (std::string_view(e.what()).find("multiple commands") != std::string_view::npos)
        return failure(Code::database, "one SQL statement only (found more after the first)");
      if (e.sqlstate == "25006") return failure(Code::database, "only read-only SQL is allowed (SELECT, WITH)");
      return failure(Code::database, e.what());
    }
    db.exec("ROLLBACK");
    return t;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

// kind: Statement::Kind::verbatim for the user's own SQL, plain for ppn's reports.
Result<Table> run_sql(Database& db, std::string_view sql, bool require_read_only, Statement::Kind kind) {
  if (db.is_postgres()) return run_server_sql(db, sql, require_read_only, kind);
  try {
    // Exactly one statement: anything after it (other than white space and ';') is refused.
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &raw, &tail);
    if (rc != SQLITE_OK) return failure(Code::database, sqlite3_errmsg(db.handle()));
    const bool ro = raw == nullptr || sqlite3_stmt_readonly(raw);
    sqlite3_finalize(raw);
    if (!raw) return failure(Code::database, "empty SQL");
    for (const char* p = tail; p && p < sql.data() + sql.size(); ++p)
      if (*p != ';' && *p != ' ' && *p != '\n' && *p != '\t' && *p != '\r')
        return failure(Code::database, "one SQL statement only (found more after the first)");
    if (require_read_only && !ro)
      return failure(Code::database, "only read-only SQL is allowed (SELECT, WITH, read-only PRAGMA)");
    Statement st(db, sql, kind);
    return collect(st);
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

}  // namespace

const std::vector<ReportInfo>& reports() { return kReports; }

const ReportInfo* find_report(std::string_view name) {
  for (const auto& r : kReports)
    if (r.name == name) return &r;
  return nullptr;
}

Result<Table> run_report(Database& db, std::string_view name) {
  const auto* r = find_report(name);
  if (!r) {
    std::string names;
    for (const auto& x : kReports) (names += names.empty() ? "" : ", ") += x.name;
    return failure(Code::argument, "unknown report '" + std::string(name) + "' (reports: " + names + ")");
  }
  return run_sql(db, r->sql, true, Statement::Kind::plain);
}

Result<Table> run_read_only_sql(Database& db, std::string_view sql) {
  return run_sql(db, sql, true, Statement::Kind::verbatim);
}

}  // namespace ppn::db
