#include "app/stored_stats.hpp"

#include <algorithm>
#include <map>

#include "app/game_rows.hpp"
#include "db/importer.hpp"
#include "db/schema.hpp"
#include "stats/seat_stats.hpp"

namespace ppn::app {

using namespace db;  // the store this layer reads

namespace {

// Every stored seat with the key `ppn stats` aggregates it under: the player's canonical name
// (players.name, so every spelling merged by player_aliases counts as one player), else the
// seat's [Green]/... tag as stored, else "(colour)" as analysis::player_key has it.
// ?1: the --player value ("" = all), ?2: its alias key.
constexpr std::string_view kSeats = R"sql(
WITH seats AS (
  SELECT s.*, COALESCE(p.name, gs.player_name, '(' || s.colour || ')') AS who, gs.player_id AS pid
    FROM seat_stats s
    LEFT JOIN game_seats gs ON gs.game_id = s.game_id AND gs.colour = s.colour
    LEFT JOIN players p ON p.id = gs.player_id),
chosen AS (
  SELECT * FROM seats
   WHERE ?1 = '' OR who = ?1 OR colour = ?1
      OR pid = (SELECT player_id FROM player_aliases WHERE alias = ?2))
)sql";

// Sums per player and rule profile, in order of first appearance: the earliest game, then the
// seat order in it (a game has at most four seats). Games, wins and finishes count distinct
// games (a player in two seats played one game); then every column of the statistics
// (stats/seat_stats.hpp), summed or its largest as its row says. The figures of seats not
// observed are NULL, which sum() and max() leave out, as analysis::PlayerTotals::add leaves
// them out.
const std::string& totals_sql() {
  static const std::string sql = [] {
    // The observed seats of partial views (PlayerTotals::partial, partial_own): their `all`
    // figures, and those of a seat not an [Observer] also its `own` ones, are NULL.
    std::string partial[2] = {"0", "0"};  // [Seen::own], [Seen::all]
    for (const auto& s : stats::kSeatStats) {
      auto& p = partial[static_cast<std::size_t>(s.seen)];
      if (p == "0") p = "sum(CASE WHEN observed = 1 AND chosen." + s.column_name(0) + " IS NULL THEN 1 ELSE 0 END)";
    }
    std::string figures;
    for (const auto& s : stats::kSeatStats)
      for (int k = 0; k < s.columns(); ++k)
        figures += std::string(", ") + (s.sums == stats::Sums::max ? "max" : "sum") + "(chosen." + s.column_name(k) + ")";
    return R"sql(
SELECT who, g.variant, max(CASE WHEN r.board = 'ludo' THEN 1 ELSE 0 END), count(DISTINCT game_id),
       count(DISTINCT CASE WHEN won = 1 THEN game_id END),
       count(DISTINCT CASE WHEN place IS NOT NULL THEN game_id END), count(*), sum(1 - observed),
       )sql" + partial[1] + ", " + partial[0] + figures + R"sql(
  FROM chosen JOIN game_race r USING (game_id) JOIN games g ON g.id = game_id
 GROUP BY who, g.variant ORDER BY min(game_id * 8 + seat_order)
)sql";
  }();
  return sql;
}

constexpr std::string_view kIllegal = R"sql(
SELECT who, g.variant, i.code, sum(i.plays) FROM seat_illegal i
  JOIN chosen c ON c.game_id = i.game_id AND c.colour = i.colour JOIN games g ON g.id = i.game_id
 GROUP BY who, g.variant, i.code ORDER BY who, g.variant, i.code
)sql";

// Header figures, counted as `ppn stats FILE` counts them: every game and its rolls; rolls
// replayed, complete games and lead changes of the games replayed.
constexpr std::string_view kHeader = R"sql(
SELECT count(*), coalesce(sum(g.rolls), 0), coalesce(sum(r.replayed * r.complete), 0),
       coalesce(sum(CASE WHEN r.replayed <> 0 THEN r.rolls_replayed ELSE 0 END), 0),
       coalesce(sum(CASE WHEN r.replayed <> 0 THEN r.lead_changes ELSE 0 END), 0), count(*) - count(r.game_id),
       count(r.game_id) - count(r.unseen_stretches)
  FROM games g LEFT JOIN game_race r ON r.game_id = g.id
)sql";

constexpr std::string_view kGames = R"sql(
SELECT g.id, g.source_file, g.source_line, g.variant, g.rolls, CASE WHEN r.game_id IS NULL THEN 0 ELSE 1 END, coalesce(r.replayed, 0),
       coalesce(r.complete, 0), coalesce(r.rolls_replayed, 0), coalesce(r.lead_changes, 0),
       coalesce(r.stop_reason, ''), coalesce(r.error, '')
  FROM games g LEFT JOIN game_race r ON r.game_id = g.id
 WHERE ?1 = 1 OR r.game_id IS NULL OR r.complete = 0 OR r.replayed = 0
 ORDER BY g.id
)sql";

std::string text(const Statement& s, int c) { return s.is_null(c) ? std::string() : std::string(s.get_text(c)); }
int integer(const Statement& s, int c) { return static_cast<int>(s.get_int(c)); }

}  // namespace

Result<StoredStats> read_stored_stats(Database& db, const StoredStatsQuery& q) {
  try {
    StoredStats out;
    {
      Statement h(db, kHeader);
      if (h.step()) {
        out.games = static_cast<std::size_t>(h.get_int(0));
        out.rolls = static_cast<std::size_t>(h.get_int(1));
        out.complete = static_cast<std::size_t>(h.get_int(2));
        out.replayed = static_cast<std::size_t>(h.get_int(3));
        out.lead_changes = static_cast<std::size_t>(h.get_int(4));
        out.without_stats = static_cast<std::size_t>(h.get_int(5));
        out.counted_before_unseen = static_cast<std::size_t>(h.get_int(6));
      }
    }
    {
      Statement g(db, kGames);
      g.bind(1, q.games ? 1 : 0);
      while (g.step()) {
        StoredGame sg;
        sg.id = g.get_int(0);
        sg.source_file = text(g, 1);
        sg.source_line = g.get_int(2);
        sg.profile = text(g, 3);
        sg.rolls = integer(g, 4);
        sg.has_stats = g.get_int(5) != 0;
        sg.replayed = g.get_int(6) != 0;
        sg.complete = g.get_int(7) != 0;
        sg.rolls_replayed = integer(g, 8);
        sg.lead_changes = integer(g, 9);
        sg.stop_reason = text(g, 10);
        sg.error = text(g, 11);
        if (!sg.has_stats || !sg.replayed || !sg.complete) out.problems.push_back(sg);
        if (q.games) out.game_list.push_back(std::move(sg));
      }
    }
    if (q.games && !out.game_list.empty()) {
      // Finishing order and race at the end, merged by game id (both lists in id order).
      Statement s(db, "SELECT game_id, colour, place, race_end FROM seat_stats ORDER BY game_id, seat_order");
      std::size_t k = 0;
      std::map<std::int64_t, std::map<int, Colour>> places;
      while (s.step()) {
        const auto id = s.get_int(0);
        while (k < out.game_list.size() && out.game_list[k].id < id) ++k;
        if (k == out.game_list.size()) break;
        if (out.game_list[k].id != id) continue;
        const auto c = colour_from_name(s.get_text(1));
        if (!c) continue;
        out.game_list[k].race_end.emplace_back(*c, integer(s, 3));
        if (!s.is_null(2)) places[id][integer(s, 2)] = *c;
      }
      for (auto& g : out.game_list)
        if (auto it = places.find(g.id); it != places.end())
          for (const auto& [place, c] : it->second) g.ranking.push_back(c);
    }
    const std::string key = alias_key(q.player);
    std::map<std::pair<std::string, std::string>, std::size_t> index;  // (player, profile)
    {
      Statement t(db, std::string(kSeats) + totals_sql());
      t.bind(1, q.player).bind(2, key);
      while (t.step()) {
        analysis::PlayerTotals p;
        p.key = text(t, 0);
        p.profile = text(t, 1);
        p.ludo = t.get_int(2) != 0;
        p.games = integer(t, 3);
        p.wins = integer(t, 4);
        p.finished = integer(t, 5);
        p.seats = integer(t, 6);
        p.unobserved = integer(t, 7);
        p.partial = integer(t, 8);
        p.partial_own = integer(t, 9);
        auto& s = p.sum;
        s.present = true;
        int c = 10;
        stats::read_column_values(s, [&] { return integer(t, c++); });
        index.emplace(std::pair{p.key, p.profile}, out.players.size());
        out.players.push_back(std::move(p));
      }
    }
    {
      Statement il(db, std::string(kSeats) + std::string(kIllegal));
      il.bind(1, q.player).bind(2, key);
      while (il.step())
        if (auto it = index.find({text(il, 0), text(il, 1)}); it != index.end())
          out.players[it->second].sum.illegal[text(il, 2)] += integer(il, 3);
    }
    out.player_found = q.player.empty() || !out.players.empty();
    return out;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

Result<StoredStats> read_stored_stats(const std::string& db_path, const StoredStatsQuery& q) {
  auto opened = open_for_reading(db_path);
  if (!opened) return opened.error();
  auto& database = *opened;
  if (database.user_version() < 3)
    return failure(Code::database, db_path + ": schema version " + std::to_string(database.user_version()) +
                                       " stores no per-seat statistics; `ppn import --db " + db_path +
                                       "` migrates it and importing the files again fills them in");
  if (const auto old = outdated(database, db_path); !old.empty()) return failure(Code::database, old);
  auto read = read_stored_stats(database, q);
  if (!read) return failure(Code::database, db_path + ": " + read.error().message);
  return read;
}

Result<std::int64_t> find_game_by_checksum(Database& db, std::uint64_t checksum) {
  try {
    Statement f(db, "SELECT id FROM games WHERE checksum = ?1");
    f.bind(1, checksum);
    return f.step() ? f.get_int(0) : std::int64_t{0};
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

Result<StoredId> ensure_stored(Importer& imp, const Game& game) {
  auto& database = imp.database();
  auto found = find_game_by_checksum(database, game_checksum(game));
  if (!found) return found.error();
  StoredId out;
  out.id = *found;
  if (out.id != 0) return out;
  GameRows rows;
  make_game_rows(game, imp.options().replay, rows);
  if (rows.rolls.size() >= (std::size_t{1} << 16)) {
    out.refused = "a game of " + std::to_string(rows.rolls.size()) +
                  " rolls: the database holds at most 65,535 per game; figures not stored";
    return out;
  }
  try {
    const auto outcome = imp.store(rows);
    imp.commit();
    if (outcome == ImportOutcome::prefix_duplicate) {
      out.refused = "an unfinished copy of a game the database holds (not imported): figures not stored";
      return out;
    }
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
  found = find_game_by_checksum(database, rows.checksum);
  if (!found) return found.error();
  out.id = *found;
  out.imported = true;
  return out;
}

Status store_analysis(Database& db, std::int64_t game_id, const analysis::GameAnalysis& ga,
                      const analysis::AnalyzeConfig& cfg) {
  try {
    Transaction t(db);
    // Replaced, not added to: the figures of one game under the latest settings.
    Statement(db, "DELETE FROM seat_analysis WHERE game_id = ?1").bind(1, game_id).run();
    Statement ins(db,
                  "INSERT INTO seat_analysis(game_id, colour, rolls, decisions, mistakes, blunders, total_loss, luck, "
                  "result, luck_adjusted, rolls_analysed, stopped, rollouts, horizon, seed, candidates, mistake_at, "
                  "blunder_at, min_rollouts, confidence, unresolved, loss_se, luck_se, level) VALUES(?1, ?2, ?3, ?4, ?5, "
                  "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)");
    // The rollouts' settings and error bars apply to a rollout analysis only: at a net level
    // 0 for the settings of migration 3 (NOT NULL columns) and NULL for those of migration 6.
    const bool rollouts = cfg.level == analysis::Level::rollout;
    for (std::size_t s = 0; s < ga.seats.size(); ++s) {
      const auto& sa = ga.seats[s];
      if (!sa.present) continue;
      ins.bind(1, game_id).bind_static(2, colour_name(static_cast<Colour>(s))).bind(3, sa.rolls);
      ins.bind(4, sa.decisions).bind(5, sa.mistakes).bind(6, sa.blunders).bind(7, sa.total_loss).bind(8, sa.luck);
      ins.bind(9, sa.result).bind(10, sa.luck_adjusted()).bind(11, ga.rolls_analysed).bind(12, ga.stopped ? 1 : 0);
      if (rollouts) {
        ins.bind(13, ga.max_rollouts).bind(14, cfg.eval.horizon).bind(15, cfg.eval.seed).bind(16, cfg.candidates);
        ins.bind(19, ga.first_rollouts).bind(20, cfg.confidence).bind(22, sa.loss_se());
      } else {
        for (const int k : {13, 14, 15, 16}) ins.bind(k, 0);
        for (const int k : {19, 20, 22}) ins.bind_null(k);
      }
      ins.bind(17, cfg.mistake).bind(18, cfg.blunder);
      ins.bind(21, sa.unresolved).bind(23, sa.luck_se()).bind_static(24, analysis::level_name(cfg.level));
      ins.run();
    }
    t.commit();
    return {};
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

}  // namespace ppn::app
