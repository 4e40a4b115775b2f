// The read side of `ppn serve` (see browse.hpp).
#include "serve/browse.hpp"

#include <algorithm>
#include <mutex>
#include <cctype>
#include <optional>

#include "analysis/game_analysis.hpp"
#include "app/rate.hpp"
#include "app/stored_game.hpp"
#include "app/viewer.hpp"
#include "db/player_aliases.hpp"
#include "db/reports.hpp"
#include "db/search.hpp"
#include "db/table.hpp"
#include "notation/diagnostic.hpp"
#include "notation/position_id.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "serve/pages.hpp"

namespace ppn::serve {

namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& message) { throw BadRequest(400, "E-ARGUMENT", message); }

std::string param(const Params& p, const std::string& name) {
  const auto it = p.find(name);
  return it == p.end() ? std::string() : it->second;
}

int int_param(const Params& p, const std::string& name, int fallback, int lo, int hi) {
  const std::string s = param(p, name);
  if (s.empty()) return fallback;
  if (s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    bad(name + ": a whole number, not \"" + s + "\"");
  const int v = std::stoi(s);
  if (v < lo || v > hi) bad(name + ": " + std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

json cell_json(const db::Cell& c) {
  if (std::holds_alternative<std::monostate>(c)) return nullptr;
  if (const auto* i = std::get_if<std::int64_t>(&c)) return *i;
  if (const auto* d = std::get_if<double>(&c)) return *d;
  return std::get<std::string>(c);
}

json table_json(const db::Table& t) {
  json rows = json::array();
  for (const auto& r : t.rows) {
    json row = json::array();
    for (const auto& c : r) row.push_back(cell_json(c));
    rows.push_back(std::move(row));
  }
  return {{"columns", t.columns}, {"rows", rows}};
}

json text_or_null(db::Statement& st, int c) {
  if (st.is_null(c)) return nullptr;
  return std::string(st.get_text(c));
}

json int_or_null(db::Statement& st, int c) {
  if (st.is_null(c)) return nullptr;
  return st.get_int(c);
}

// A database failure inside a handler: 500 with the database's words.
template <class F>
Reply guarded(Connections& c, F&& f) {
  try {
    return f();
  } catch (const BadRequest& e) {
    return e.reply();
  } catch (const db::DbError& e) {
    return error_reply(500, "E-DATABASE", db::describe_db_error(c.target(), e));
  }
}

// The filters of the games list as SQL over `games g`, every value bound (?1 .. ?9).
constexpr const char* kGameFilter = R"sql(
 WHERE (?1 = '' OR g.variant = ?1)
   AND (?2 = '' OR EXISTS (SELECT 1 FROM game_seats s JOIN player_aliases a ON a.player_id = s.player_id
                           WHERE s.game_id = g.id AND a.alias = ?2))
   AND (?3 = '' OR EXISTS (SELECT 1 FROM tags t WHERE t.game_id = g.id AND t.name = 'Event'
                           AND lower(t.value) LIKE ?3 ESCAPE '\'))
   AND (?4 = '' OR (SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date') >= ?4)
   AND (?5 = '' OR (SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date') <= ?5)
   AND (?6 = '' OR (?6 = 'finished' AND g.finished = 1) OR (?6 = 'unfinished' AND g.finished = 0)
        OR g.winner = ?6)
   AND (?7 = '' OR g.status = ?7))sql";

std::string like_pattern(const std::string& s) {
  std::string out = "%";
  for (const char c : s) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out + "%";
}

void bind_filter(db::Statement& st, const Params& p) {
  const std::string result = param(p, "result"), status = param(p, "status");
  static const std::vector<std::string> results = {"", "finished", "unfinished", "green", "red", "blue", "yellow"};
  if (std::find(results.begin(), results.end(), result) == results.end())
    bad("result: finished, unfinished or a colour, not \"" + result + "\"");
  if (!status.empty() && status != "legal" && status != "illegal") bad("status: legal or illegal");
  for (const char* d : {"date_from", "date_to"}) {
    const std::string v = param(p, d);
    if (v.size() > 10 || !std::all_of(v.begin(), v.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '?'; }))
      bad(std::string(d) + ": a date written YYYY.MM.DD, not \"" + v + "\"");
  }
  const std::string event = param(p, "event"), player = param(p, "player");
  st.bind(1, param(p, "profile"));
  st.bind(2, player.empty() ? std::string() : db::alias_key(player));
  st.bind(3, event.empty() ? std::string() : like_pattern(event));
  st.bind(4, param(p, "date_from"));
  st.bind(5, param(p, "date_to"));
  st.bind(6, result);
  st.bind(7, status);
}

// The seats of the given games, by game, in turn order.
std::map<std::int64_t, json> seats_of(db::Database& d, const std::vector<std::int64_t>& ids) {
  std::map<std::int64_t, json> out;
  if (ids.empty()) return out;
  std::string sql =
      "SELECT game_id, colour, player_name, finish_rank, won FROM game_seats WHERE game_id IN (";
  for (std::size_t i = 0; i < ids.size(); ++i) sql += (i ? ",?" : "?") + std::to_string(i + 1);
  sql += ") ORDER BY game_id, seat_order";
  db::Statement st(d, sql);
  for (std::size_t i = 0; i < ids.size(); ++i) st.bind(static_cast<int>(i + 1), ids[i]);
  while (st.step()) {
    json& seats = out[st.get_int(0)];
    if (seats.is_null()) seats = json::array();
    seats.push_back({{"colour", std::string(st.get_text(1))},
                     {"name", text_or_null(st, 2)},
                     {"place", int_or_null(st, 3)},
                     {"won", st.get_int(4) != 0}});
  }
  return out;
}

constexpr const char* kGameColumns =
    "g.id, g.variant, g.rolls, g.status, g.finished, g.winner,"
    " (SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Event'),"
    " (SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date')";

json game_row(db::Statement& st) {
  return {{"id", st.get_int(0)},          {"profile", std::string(st.get_text(1))},
          {"rolls", st.get_int(2)},       {"status", std::string(st.get_text(3))},
          {"finished", st.get_int(4) != 0}, {"winner", text_or_null(st, 5)},
          {"event", text_or_null(st, 6)}, {"date", text_or_null(st, 7)}};
}

std::string lower_colour(int seat) {
  std::string s(colour_name(rules::colour_of(seat)));
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// The stored game `id` parsed, with its profile (404 when there is none).
std::pair<Game, std::string> stored_game(db::Database& d, std::int64_t id) {
  db::Statement st(d, "SELECT variant FROM games WHERE id = ?1");
  st.bind(1, id);
  if (!st.step()) throw BadRequest(404, "E-ARGUMENT", "no game " + std::to_string(id));
  std::string profile(st.get_text(0));
  auto g = app::load_game(d, id, "game " + std::to_string(id));
  if (!g) throw BadRequest(500, "E-DATABASE", g.error().message);
  return {std::move(*g), std::move(profile)};
}

// The ratings of `ppn rate` over the whole database, computed once per state of the database
// (its games' count and largest id, which a save changes) and kept for the next player page.
std::vector<app::Ladder> cached_ratings(Connections& c, db::Database& d) {
  static std::mutex m;
  static std::string key;
  static std::vector<app::Ladder> ladders;
  const std::string now = c.target() + "#" + std::to_string(d.scalar("SELECT count(*) FROM games")) + "#" +
                          std::to_string(d.scalar("SELECT coalesce(max(id), 0) FROM games"));
  std::lock_guard lock(m);
  if (key != now) {
    app::RateQuery q;
    q.db_path = c.target();
    auto rated = app::rate_players(q);
    ladders = rated ? rated->ladders : std::vector<app::Ladder>{};
    key = now;
  }
  return ladders;
}

}  // namespace

Reply list_games(Connections& c, const Params& p) {
  return guarded(c, [&] {
    static const std::map<std::string, std::string> sorts = {
        {"id", "g.id"}, {"profile", "g.variant"}, {"rolls", "g.rolls"},
        {"date", "(SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date')"},
        {"event", "(SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Event')"}};
    const std::string sort = param(p, "sort").empty() ? "id" : param(p, "sort");
    const std::string order = param(p, "order").empty() ? (sort == "id" ? "desc" : "asc") : param(p, "order");
    const auto col = sorts.find(sort);
    if (col == sorts.end()) bad("sort: id, date, event, profile or rolls");
    if (order != "asc" && order != "desc") bad("order: asc or desc");
    const int page = int_param(p, "page", 1, 1, 1000000000), per_page = int_param(p, "per_page", 50, 1, 200);
    auto lease = c.reader();
    db::Statement count(*lease, std::string("SELECT count(*) FROM games g") + kGameFilter);
    bind_filter(count, p);
    count.step();
    const std::int64_t total = count.get_int(0);
    db::Statement st(*lease, std::string("SELECT ") + kGameColumns + " FROM games g" + kGameFilter + " ORDER BY " +
                                 col->second + " " + order + ", g.id " + order + " LIMIT ?8 OFFSET ?9");
    bind_filter(st, p);
    st.bind(8, per_page);
    st.bind(9, static_cast<std::int64_t>(page - 1) * per_page);
    json games = json::array();
    std::vector<std::int64_t> ids;
    while (st.step()) {
      games.push_back(game_row(st));
      ids.push_back(st.get_int(0));
    }
    auto seats = seats_of(*lease, ids);
    for (json& g : games) {
      json& s = seats[g["id"].get<std::int64_t>()];
      g["seats"] = s.is_null() ? json::array() : s;
    }
    return json_reply({{"total", total}, {"page", page}, {"per_page", per_page}, {"games", games}});
  });
}

Reply get_game(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    db::Statement st(*lease, std::string("SELECT ") + kGameColumns + " FROM games g WHERE g.id = ?1");
    st.bind(1, id);
    if (!st.step()) throw BadRequest(404, "E-ARGUMENT", "no game " + std::to_string(id));
    json g = game_row(st);
    g["seats"] = seats_of(*lease, {id})[id];
    json tags = json::array();
    db::Statement t(*lease, "SELECT name, value FROM tags WHERE game_id = ?1 ORDER BY ord");
    t.bind(1, id);
    while (t.step()) tags.push_back({std::string(t.get_text(0)), std::string(t.get_text(1))});
    g["tags"] = tags;
    db::Statement text(*lease, "SELECT ppn FROM game_text WHERE game_id = ?1");
    text.bind(1, id);
    g["ppn"] = text.step() ? json(std::string(text.get_text(0))) : json(nullptr);
    json diags = json::array();
    db::Statement d(*lease, "SELECT roll_index, severity, code, message, line, col FROM diagnostics WHERE game_id = ?1 ORDER BY seq");
    d.bind(1, id);
    while (d.step()) {
      const std::string code(d.get_text(2));
      const auto known = code_from_name(code);
      diags.push_back({{"roll", d.is_null(0) ? json(nullptr) : json(d.get_int(0) + 1)},
                       {"severity", std::string(d.get_text(1))},
                       {"code", code},
                       {"message", std::string(d.get_text(3))},
                       {"citation", known ? std::string(code_citation(*known)) : std::string()},
                       {"line", d.get_int(4)},
                       {"column", d.get_int(5)}});
    }
    g["diagnostics"] = diags;
    db::Statement a(*lease,
                    "SELECT a.colour, s.player_name, a.level, a.rolls, a.decisions, a.mistakes, a.blunders, a.total_loss, a.luck "
                    "FROM seat_analysis a LEFT JOIN game_seats s ON s.game_id = a.game_id AND s.colour = a.colour "
                    "WHERE a.game_id = ?1 ORDER BY s.seat_order");
    a.bind(1, id);
    json analysis = json::array();
    while (a.step()) {
      const std::int64_t decisions = a.get_int(4);
      analysis.push_back({{"colour", std::string(a.get_text(0))},
                          {"name", text_or_null(a, 1)},
                          {"level", a.is_null(2) ? json("rollout") : json(std::string(a.get_text(2)))},
                          {"rolls", a.get_int(3)},
                          {"decisions", decisions},
                          {"mistakes", a.get_int(5)},
                          {"blunders", a.get_int(6)},
                          {"loss_per_decision", decisions ? json(a.get_double(7) / static_cast<double>(decisions)) : json(nullptr)},
                          {"luck", a.get_double(8)}});
    }
    g["analysis"] = analysis.empty() ? json(nullptr) : analysis;
    return json_reply(g);
  });
}

Reply game_positions(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    json positions = json::array();
    bool first = true;
    const auto r = replay::replay_game(game, cfg, [&](const replay::RollEvent& e) {
      if (first) {
        positions.push_back({{"roll", 0}, {"position_id", replay::position_id(e.before)},
                             {"to_move", std::string(colour_name(e.before.to_move()))}});
        first = false;
      }
      positions.push_back({{"roll", e.roll_index + 1}, {"position_id", replay::position_id(e.after)},
                           {"to_move", std::string(colour_name(e.after.to_move()))}});
    });
    if (first && r.setup_ok)
      positions.push_back({{"roll", 0}, {"position_id", replay::position_id(r.final_game)},
                           {"to_move", std::string(colour_name(r.final_game.to_move()))}});
    return json_reply({{"positions", positions}});
  });
}

Reply list_players(Connections& c, const Params& p) {
  return guarded(c, [&] {
    const std::string q = param(p, "q");
    auto lease = c.reader();
    db::Statement st(*lease,
                     "SELECT p.name, count(DISTINCT s.game_id), count(DISTINCT CASE WHEN s.won = 1 THEN s.game_id END) "
                     "FROM players p JOIN game_seats s ON s.player_id = p.id "
                     "WHERE ?1 = '' OR lower(p.name) LIKE ?1 ESCAPE '\\' "
                     "GROUP BY p.id, p.name ORDER BY 2 DESC, p.name LIMIT 200");
    st.bind(1, q.empty() ? std::string() : like_pattern(q));
    json players = json::array();
    while (st.step())
      players.push_back({{"name", std::string(st.get_text(0))}, {"games", st.get_int(1)}, {"wins", st.get_int(2)}});
    return json_reply({{"players", players}});
  });
}

Reply get_player(Connections& c, const std::string& name) {
  return guarded(c, [&] {
    if (name.empty() || name.size() > 200) bad("a player's name, 1 to 200 bytes");
    auto lease = c.reader();
    db::Statement who(*lease, "SELECT p.id, p.name FROM player_aliases a JOIN players p ON p.id = a.player_id WHERE a.alias = ?1");
    who.bind(1, db::alias_key(name));
    if (!who.step()) throw BadRequest(404, "E-ARGUMENT", "no player is called \"" + name + "\"");
    const std::int64_t pid = who.get_int(0);
    const std::string canonical(who.get_text(1));
    // Per profile: games, finished games, wins, captures and rolls (seat_stats: the figures of
    // `ppn stats`; a game counted once however many seats the player sat in).
    db::Statement per(*lease,
                      "SELECT g.variant, count(DISTINCT g.id), count(DISTINCT CASE WHEN g.finished = 1 THEN g.id END), "
                      "count(DISTINCT CASE WHEN s.won = 1 THEN g.id END), "
                      "sum(st.captures_made_unsafe + st.captures_made_safe + st.captures_made_entry), sum(st.rolls) "
                      "FROM game_seats s JOIN games g ON g.id = s.game_id "
                      "LEFT JOIN seat_stats st ON st.game_id = s.game_id AND st.colour = s.colour "
                      "WHERE s.player_id = ?1 GROUP BY g.variant ORDER BY 2 DESC, g.variant");
    per.bind(1, pid);
    json profiles = json::array();
    std::int64_t games = 0;
    while (per.step()) {
      const std::int64_t finished = per.get_int(2), wins = per.get_int(3);
      games += per.get_int(1);
      profiles.push_back({{"profile", std::string(per.get_text(0))},
                          {"games", per.get_int(1)},
                          {"finished", finished},
                          {"wins", wins},
                          {"win_rate", finished ? json(static_cast<double>(wins) / static_cast<double>(finished)) : json(nullptr)},
                          {"captures", int_or_null(per, 4)},
                          {"rolls", int_or_null(per, 5)}});
    }
    db::Statement res(*lease,
                      "SELECT g.id, (SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date'), g.variant, "
                      "s.finish_rank, s.won, g.finished FROM game_seats s JOIN games g ON g.id = s.game_id "
                      "WHERE s.player_id = ?1 ORDER BY 2, g.id LIMIT 2000");
    res.bind(1, pid);
    json results = json::array();
    while (res.step())
      results.push_back({{"game", res.get_int(0)}, {"date", text_or_null(res, 1)}, {"profile", std::string(res.get_text(2))},
                         {"place", int_or_null(res, 3)}, {"won", res.get_int(4) != 0}, {"finished", res.get_int(5) != 0}});
    json ratings = json::array();
    for (const auto& ladder : cached_ratings(c, *lease))
      for (const auto& pl : ladder.players)
        if (pl.name == canonical)
          ratings.push_back({{"pool", ladder.pool}, {"strength", pl.strength}, {"se", pl.se}, {"games", pl.games},
                             {"adjusted_strength", pl.adjusted_strength}, {"adjusted_se", pl.adjusted_se}});
    return json_reply({{"name", canonical}, {"games", games}, {"profiles", profiles}, {"ratings", ratings}, {"results", results}});
  });
}

Reply summary(Connections& c) {
  return guarded(c, [&] {
    auto lease = c.reader();
    auto t = db::run_report(*lease, "summary");
    if (!t) throw BadRequest(500, "E-DATABASE", t.error().message);
    return json_reply(table_json(*t));
  });
}

Reply find(Connections& c, const Params& p) {
  return guarded(c, [&] {
    const std::string position = param(p, "position");
    std::vector<db::Pattern> patterns;
    for (auto [it, end] = p.equal_range("pattern"); it != end; ++it) {
      if (it->second.empty()) continue;
      auto pat = db::parse_pattern(it->second);
      if (!pat) bad("pattern \"" + it->second + "\": " + pat.error().message);
      patterns.push_back(*pat);
    }
    if (position.empty() == patterns.empty()) bad("give a position ID (position=) or patterns (pattern=), not both");
    auto lease = c.reader();
    auto t = position.empty() ? db::find_pattern(*lease, patterns) : db::find_position(*lease, position, param(p, "ignore_turn") == "1");
    if (!t) throw BadRequest(t.error().code == Code::argument ? 400 : 500, std::string(code_name(t.error().code)), t.error().message);
    return json_reply(table_json(*t));
  });
}

Reply game_page(Connections& c, std::int64_t id, const std::string& token) {
  return guarded(c, [&] {
    auto lease = c.reader();
    auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    std::string title(game.tag_value("Event"));
    if (title.empty()) title = "Game " + std::to_string(id);
    auto page = app::viewer_page(game, cfg, title, false);
    if (!page) throw BadRequest(500, "E-SETUP", page.error().message);
    return Reply{200, with_site(*page, id, token), "text/html; charset=utf-8"};
  });
}

Reply analyse_game(Connections& c, std::int64_t id, const Params& p) {
  return guarded(c, [&] {
    const std::string level = param(p, "level").empty() ? "1" : param(p, "level");
    const auto lv = analysis::level_of(level);
    if (!lv || *lv == analysis::Level::rollout) bad("level: 0 or 1 (rollouts are `ppn analyze --level rollout`'s)");
    auto lease = c.reader();
    auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    analysis::AnalyzeConfig ac;
    ac.level = *lv;
    ac.threads = 1;  // one request, one of the pool's threads
    const analysis::GameAnalysis ga = analysis::analyze_game(game, cfg, ac);
    if (!ga.ok) throw BadRequest(422, "E-SETUP", ga.error);
    json rolls = json::array();
    for (const auto& r : ga.rolls) {
      json row = {{"roll", r.roll_index + 1}, {"colour", lower_colour(r.seat)}, {"luck", r.luck}, {"decision", r.decision}};
      if (r.decision) {
        row["loss"] = r.loss;
        row["best_play"] = r.best_play.empty() ? json(nullptr) : json(r.best_play);
        row["mark"] = r.nag == 4 ? "??" : r.nag == 2 ? "?" : "";
      }
      rolls.push_back(std::move(row));
    }
    return json_reply({{"level", std::string(analysis::level_name(ga.level))},
                       {"mistake", ac.mistake},
                       {"blunder", ac.blunder},
                       {"rolls", rolls},
                       {"stopped", ga.stopped}});
  });
}

Reply luck_chart(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    std::string title(game.tag_value("Event"));
    if (title.empty()) title = "Game " + std::to_string(id);
    std::string svg = app::luck_chart_of(game, cfg, title);
    if (svg.empty()) throw BadRequest(404, "E-SETUP", "game " + std::to_string(id) + " cannot be replayed");
    return Reply{200, std::move(svg), "image/svg+xml; charset=utf-8"};
  });
}

}  // namespace ppn::serve
