#include "db/reports.hpp"

#include <sqlite3.h>

namespace ppn::db {

namespace {

const std::vector<ReportInfo> kReports = {
    {"summary", "what the database holds",
     R"sql(SELECT (SELECT count(*) FROM games) AS games,
       (SELECT count(*) FROM games WHERE status = 'legal') AS legal,
       (SELECT count(*) FROM games WHERE status = 'illegal') AS illegal,
       (SELECT count(*) FROM games WHERE finished) AS finished,
       (SELECT count(*) FROM rolls) AS rolls,
       (SELECT count(*) FROM positions) AS positions,
       (SELECT count(*) FROM players) AS players,
       (SELECT count(DISTINCT source_file) FROM games) AS files)sql"},
    {"players", "games, wins and win rate per player: overall, by colour and by seat (1 = first to roll)",
     R"sql(SELECT player, split, games, wins, win_rate FROM (
  SELECT p.name AS player, 0 AS k, 0 AS o, 'all' AS split, s.games, s.wins,
         round(1.0 * s.wins / s.games, 3) AS win_rate
    FROM player_stats s JOIN players p ON p.id = s.player_id
  UNION ALL
  SELECT p.name, 1, CASE gs.colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 ELSE 3 END,
         'colour ' || gs.colour, count(*), sum(gs.finish_rank IS 1),
         round(1.0 * sum(gs.finish_rank IS 1) / count(*), 3)
    FROM game_seats gs JOIN players p ON p.id = gs.player_id GROUP BY p.id, gs.colour
  UNION ALL
  SELECT p.name, 2, gs.seat_order, 'seat ' || gs.seat_order, count(*), sum(gs.finish_rank IS 1),
         round(1.0 * sum(gs.finish_rank IS 1) / count(*), 3)
    FROM game_seats gs JOIN players p ON p.id = gs.player_id GROUP BY p.id, gs.seat_order)
ORDER BY player, k, o)sql"},
    {"captures", "captures and bonuses per colour (rolls replayed as legal)",
     R"sql(SELECT colour, games, rolls, captures, round(100.0 * captures / rolls, 2) AS captures_per_100_rolls,
       bonuses_earned, bonuses_used, bonuses_forfeited, entries, arrivals FROM (
  SELECT colour, count(DISTINCT game_id) AS games, count(*) AS rolls, sum(captures) AS captures,
         sum(bonuses_earned) AS bonuses_earned, sum(bonuses_used) AS bonuses_used,
         sum(bonuses_forfeited) AS bonuses_forfeited, sum(entries) AS entries, sum(arrivals) AS arrivals
    FROM rolls GROUP BY colour
  UNION ALL
  SELECT 'all', count(DISTINCT game_id), count(*), sum(captures), sum(bonuses_earned), sum(bonuses_used),
         sum(bonuses_forfeited), sum(entries), sum(arrivals) FROM rolls HAVING count(*) > 0)
ORDER BY )sql"
     "CASE colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 WHEN 'yellow' THEN 3 ELSE 4 END"},
    {"doublets", "doublets and third-doublet penalties per colour (two-dice rolls)",
     R"sql(SELECT colour, rolls, doublets, round(1.0 * doublets / rolls, 4) AS doublet_rate, penalties,
       round(1.0 * penalties / rolls, 4) AS penalty_rate FROM (
  SELECT colour, count(*) AS rolls, sum(die1 = die2) AS doublets, sum(penalty) AS penalties
    FROM rolls WHERE die2 > 0 GROUP BY colour
  UNION ALL
  SELECT 'all', count(*), sum(die1 = die2), sum(penalty) FROM rolls WHERE die2 > 0 HAVING count(*) > 0)
ORDER BY )sql"
     "CASE colour WHEN 'green' THEN 0 WHEN 'red' THEN 1 WHEN 'blue' THEN 2 WHEN 'yellow' THEN 3 ELSE 4 END"},
    {"length", "game length in rolls by profile and number of players",
     R"sql(SELECT variant, players, count(*) AS games, sum(finished) AS finished, min(rolls) AS min_rolls,
       round(avg(rolls), 1) AS avg_rolls, max(rolls) AS max_rolls
  FROM games GROUP BY variant, players ORDER BY variant, players)sql"},
    {"illegal", "illegal plays by rule code (diagnostics of rolls), per 1,000 rolls",
     R"sql(SELECT d.code, count(*) AS rolls, count(DISTINCT d.game_id) AS games,
       round(1000.0 * count(*) / (SELECT count(*) FROM rolls), 3) AS per_1000_rolls
  FROM diagnostics d WHERE d.roll_index IS NOT NULL
  GROUP BY d.code ORDER BY count(*) DESC, d.code)sql"},
    {"dice", "frequency of each die face and of each doublet, next to the fair-dice expectation",
     R"sql(WITH p AS (SELECT die1, die2, count(*) AS n FROM rolls GROUP BY die1, die2),
     t AS (SELECT coalesce(sum(n + (die2 > 0) * n), 0) AS dice,
                  coalesce(sum((die2 > 0) * n), 0) AS pairs FROM p),
     f(face) AS (VALUES (1), (2), (3), (4), (5), (6)),
     c AS (SELECT face,
                  (SELECT coalesce(sum(n * ((die1 = face) + (die2 = face))), 0) FROM p) AS count,
                  (SELECT coalesce(sum(n), 0) FROM p WHERE die1 = face AND die2 = face) AS doublets
             FROM f)
SELECT c.face, c.count, t.dice, round(1.0 * c.count / t.dice, 4) AS share, 0.1667 AS expected,
       c.doublets, t.pairs AS two_dice_rolls, round(1.0 * c.doublets / t.pairs, 4) AS doublet_share,
       0.0278 AS doublet_expected
  FROM c, t ORDER BY c.face)sql"},
};

std::variant<Table, std::string> run_sql(Database& db, std::string_view sql, bool require_read_only) {
  try {
    // Exactly one statement: anything after it (other than white space and ';') is refused.
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int rc = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &raw, &tail);
    if (rc != SQLITE_OK) return std::string(sqlite3_errmsg(db.handle()));
    const bool ro = raw == nullptr || sqlite3_stmt_readonly(raw);
    sqlite3_finalize(raw);
    if (!raw) return std::string("empty SQL");
    for (const char* p = tail; p && p < sql.data() + sql.size(); ++p)
      if (*p != ';' && *p != ' ' && *p != '\n' && *p != '\t' && *p != '\r')
        return std::string("one SQL statement only (found more after the first)");
    if (require_read_only && !ro) return std::string("only read-only SQL is allowed (SELECT, WITH, read-only PRAGMA)");
    Statement st(db, sql);
    return collect(st);
  } catch (const SqliteError& e) {
    return std::string(e.what());
  }
}

}  // namespace

const std::vector<ReportInfo>& reports() { return kReports; }

const ReportInfo* find_report(std::string_view name) {
  for (const auto& r : kReports)
    if (r.name == name) return &r;
  return nullptr;
}

std::variant<Table, std::string> run_report(Database& db, std::string_view name) {
  const auto* r = find_report(name);
  if (!r) {
    std::string names;
    for (const auto& x : kReports) (names += names.empty() ? "" : ", ") += x.name;
    return "unknown report '" + std::string(name) + "' (reports: " + names + ")";
  }
  return run_sql(db, r->sql, true);
}

std::variant<Table, std::string> run_read_only_sql(Database& db, std::string_view sql) { return run_sql(db, sql, true); }

}  // namespace ppn::db
