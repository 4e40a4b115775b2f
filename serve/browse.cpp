// The read side of `ppn serve` (see browse.hpp).
#include "serve/browse.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <optional>

#include "analysis/game_analysis.hpp"
#include "app/browse.hpp"
#include "app/rate.hpp"
#include "app/viewer.hpp"
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


std::string param(const Params& p, const std::string& name) {
  const auto it = p.find(name);
  return it == p.end() ? std::string() : it->second;
}

int int_param(const Params& p, const std::string& name, int fallback, int lo, int hi) {
  const std::string s = param(p, name);
  if (s.empty()) return fallback;
  if (s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    refuse(name + ": a whole number, not \"" + s + "\"");
  const int v = std::stoi(s);
  if (v < lo || v > hi) refuse(name + ": " + std::to_string(lo) + " to " + std::to_string(hi));
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

// Rows of a position search sent at most (the page shows them in one table).
constexpr std::size_t kMaxFound = 1000;

// Runs a handler: a refused request and a database failure answered as JSON errors.
template <class F>
Reply guarded(Connections& c, F&& f) {
  return answer([&] {
    try {
      return f();
    } catch (const db::DbError& e) {
      throw BadRequest(500, "E-DATABASE", db::describe_db_error(c.target(), e));
    }
  });
}

// The value of an app/ call, or the request refused with its error: E-ARGUMENT is the
// request's (400), anything else the server's (500).
template <class T>
T value_of(Result<T> r) {
  if (r) return std::move(*r);
  const Code c = r.error().code;
  // A stored game its profile cannot replay (E-SETUP) is the game's problem, not the server's.
  throw BadRequest(c == Code::argument ? 400 : c == Code::setup ? 422 : 500, std::string(code_name(c)), r.error().message);
}

json opt(const std::optional<std::string>& v) { return v ? json(*v) : json(nullptr); }
json opt(const std::optional<int>& v) { return v ? json(*v) : json(nullptr); }
json opt(const std::optional<std::int64_t>& v) { return v ? json(*v) : json(nullptr); }

json game_json(const app::GameRow& g) {
  json seats = json::array();
  for (const auto& s : g.seats)
    seats.push_back({{"colour", s.colour}, {"name", opt(s.name)}, {"place", opt(s.place)}, {"won", s.won}});
  return {{"id", g.id},         {"profile", g.profile},     {"rolls", g.rolls},  {"status", g.status},
          {"finished", g.finished}, {"winner", opt(g.winner)}, {"event", opt(g.event)}, {"date", opt(g.date)},
          {"seats", seats}};
}

// A stored game's title on its page and charts: its [Event], else "Game ID".
std::string page_title(const Game& game, std::int64_t id) {
  std::string title(game.tag_value("Event"));
  return title.empty() ? "Game " + std::to_string(id) : title;
}

app::ProfiledGame stored_game(db::Database& d, std::int64_t id) {
  auto g = value_of(app::profiled_game(d, id));
  if (!g) throw BadRequest(404, "E-ARGUMENT", "no game " + std::to_string(id));
  return std::move(*g);
}

// The ratings of `ppn rate` over the whole collection, computed once per state of it (an
// import or a save changes it) and kept for the next player page. One request computes them
// (on 100,000 games, seconds), outside the lock: the others meanwhile get the ratings of the
// state before, or none yet. A failure is not kept.
std::vector<app::Ladder> cached_ratings(Connections& c, db::Database& d) {
  static std::mutex m;
  static std::string key;
  static std::vector<app::Ladder> ladders;
  static bool computing = false;
  const std::string now = c.target() + "#" + value_of(app::collection_state(d));
  {
    std::lock_guard lock(m);
    if (key == now || computing) return ladders;
    computing = true;
  }
  app::RateQuery q;
  q.db_path = c.target();
  auto rated = app::rate_players(q);
  std::lock_guard lock(m);
  computing = false;
  if (rated) {
    ladders = rated->ladders;
    key = now;
  }
  return ladders;
}

}  // namespace

Reply list_games(Connections& c, const Params& p) {
  return guarded(c, [&] {
    static const std::map<std::string, app::GameSort> sorts = {{"id", app::GameSort::id},
                                                               {"date", app::GameSort::date},
                                                               {"event", app::GameSort::event},
                                                               {"profile", app::GameSort::profile},
                                                               {"rolls", app::GameSort::rolls}};
    const std::string sort = param(p, "sort").empty() ? "id" : param(p, "sort");
    const std::string order = param(p, "order").empty() ? (sort == "id" ? "desc" : "asc") : param(p, "order");
    const auto col = sorts.find(sort);
    if (col == sorts.end()) refuse("sort: id, date, event, profile or rolls");
    if (order != "asc" && order != "desc") refuse("order: asc or desc");
    app::GameQuery q;
    q.filter = {param(p, "profile"), param(p, "player"), param(p, "event"), param(p, "date_from"),
                param(p, "date_to"), param(p, "result"), param(p, "status")};
    q.sort = col->second;
    q.descending = order == "desc";
    q.page = int_param(p, "page", 1, 1, 1000000000);
    q.per_page = int_param(p, "per_page", 50, 1, 200);
    auto lease = c.reader();
    const app::GamePage page = value_of(app::list_games(*lease, q));
    json games = json::array();
    for (const auto& g : page.games) games.push_back(game_json(g));
    return json_reply({{"total", page.total}, {"page", q.page}, {"per_page", q.per_page}, {"games", games}});
  });
}

Reply get_game(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    const auto detail = value_of(app::game_detail(*lease, id));
    if (!detail) throw BadRequest(404, "E-ARGUMENT", "no game " + std::to_string(id));
    json g = game_json(detail->row);
    json tags = json::array();
    for (const auto& [name, value] : detail->tags) tags.push_back({name, value});
    g["tags"] = tags;
    g["ppn"] = opt(detail->ppn);
    json diags = json::array();
    for (const auto& d : detail->diagnostics) {
      const auto known = code_from_name(d.code);
      diags.push_back({{"roll", opt(d.roll)},
                       {"severity", d.severity},
                       {"code", d.code},
                       {"message", d.message},
                       {"citation", known ? std::string(code_citation(*known)) : std::string()},
                       {"line", d.line},
                       {"column", d.column}});
    }
    g["diagnostics"] = diags;
    json analysis = json::array();
    for (const auto& a : detail->analysis)
      analysis.push_back({{"colour", a.colour},
                          {"name", opt(a.name)},
                          {"level", a.level},
                          {"rolls", a.rolls},
                          {"decisions", a.decisions},
                          {"mistakes", a.mistakes},
                          {"blunders", a.blunders},
                          {"loss_per_decision", a.decisions ? json(a.total_loss / a.decisions) : json(nullptr)},
                          {"luck", a.luck}});
    g["analysis"] = analysis.empty() ? json(nullptr) : analysis;
    return json_reply(g);
  });
}

Reply game_positions(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    const auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    json positions = json::array();
    const auto add = [&](int roll, const rules::Game& g) {
      positions.push_back({{"roll", roll}, {"position_id", replay::position_id(g)}, {"to_move", std::string(colour_name(g.to_move()))}});
    };
    const auto r = replay::replay_game(game, cfg, [&](const replay::RollEvent& e) {
      if (positions.empty()) add(0, e.before);
      add(e.roll_index + 1, e.after);
    });
    if (!r.setup_ok)
      throw BadRequest(422, "E-SETUP", r.diagnostics.empty() ? "the game cannot be replayed" : r.diagnostics.front().message);
    if (positions.empty()) add(0, r.final_game);
    return json_reply({{"positions", positions}});
  });
}

Reply list_players(Connections& c, const Params& p) {
  return guarded(c, [&] {
    auto lease = c.reader();
    json players = json::array();
    for (const auto& x : value_of(app::list_players(*lease, param(p, "q"))))
      players.push_back({{"name", x.name}, {"games", x.games}, {"wins", x.wins}});
    return json_reply({{"players", players}});
  });
}

Reply get_player(Connections& c, const std::string& name) {
  return guarded(c, [&] {
    if (name.empty() || name.size() > 200) refuse("a player's name, 1 to 200 bytes");
    auto lease = c.reader();
    const auto page = value_of(app::player_page(*lease, name));
    if (!page) throw BadRequest(404, "E-ARGUMENT", "no player is called \"" + name + "\"");
    json profiles = json::array();
    std::int64_t games = 0;
    for (const auto& f : page->profiles) {
      games += f.games;
      profiles.push_back({{"profile", f.profile},
                          {"games", f.games},
                          {"finished", f.finished},
                          {"wins", f.wins},
                          {"win_rate", f.finished ? json(static_cast<double>(f.wins) / static_cast<double>(f.finished)) : json(nullptr)},
                          {"captures", opt(f.captures)},
                          {"rolls", opt(f.rolls)}});
    }
    json results = json::array();
    for (const auto& r : page->results)
      results.push_back({{"game", r.game}, {"date", opt(r.date)}, {"profile", r.profile},
                         {"place", opt(r.place)}, {"won", r.won}, {"finished", r.finished}});
    json ratings = json::array();
    for (const auto& ladder : cached_ratings(c, *lease))
      for (const auto& pl : ladder.players)
        if (pl.name == page->name) {
          json r = {{"pool", ladder.pool}, {"strength", pl.strength}, {"se", pl.se}, {"games", pl.games}};
          // Luck-adjusted only where the ladder's games were analysed (ppn analyze --db).
          r["adjusted_strength"] = ladder.analysed ? json(pl.adjusted_strength) : json(nullptr);
          r["adjusted_se"] = ladder.analysed ? json(pl.adjusted_se) : json(nullptr);
          ratings.push_back(std::move(r));
        }
    return json_reply({{"name", page->name}, {"games", games}, {"profiles", profiles}, {"ratings", ratings}, {"results", results}});
  });
}

Reply summary(Connections& c) {
  return guarded(c, [&] {
    auto lease = c.reader();
    return json_reply(table_json(value_of(db::run_report(*lease, "summary"))));
  });
}

Reply find(Connections& c, const Params& p) {
  return guarded(c, [&] {
    const std::string position = param(p, "position");
    std::vector<db::Pattern> patterns;
    for (auto [it, end] = p.equal_range("pattern"); it != end; ++it) {
      if (it->second.empty()) continue;
      auto pat = db::parse_pattern(it->second);
      if (!pat) refuse("pattern \"" + it->second + "\": " + pat.error().message);
      patterns.push_back(*pat);
    }
    if (position.empty() == patterns.empty()) refuse("give a position ID (position=) or patterns (pattern=), not both");
    auto lease = c.reader();
    db::Table t = value_of(position.empty() ? db::find_pattern(*lease, patterns)
                                            : db::find_position(*lease, position, param(p, "ignore_turn") == "1"));
    // The answer is bounded: the first kMaxFound rows, with how many there were.
    const std::size_t total = t.rows.size();
    if (total > kMaxFound) t.rows.resize(kMaxFound);
    json out = table_json(t);
    out["total"] = total;
    out["truncated"] = total > kMaxFound;
    return json_reply(out);
  });
}

Reply game_page(Connections& c, std::int64_t id, const std::string& token) {
  return guarded(c, [&] {
    auto lease = c.reader();
    const auto [game, profile] = stored_game(*lease, id);
    replay::ReplayConfig cfg;
    cfg.variant = profile;
    const std::string title = page_title(game, id);
    auto page = value_of(app::viewer_page(game, cfg, title, false));
    return Reply{200, with_site(page, id, token), "text/html; charset=utf-8"};
  });
}

Reply analyse_game(Connections& c, std::int64_t id, const Params& p) {
  return guarded(c, [&] {
    const std::string level = param(p, "level").empty() ? "1" : param(p, "level");
    const auto lv = analysis::level_of(level);
    if (!lv || *lv == analysis::Level::rollout) refuse("level: 0 or 1 (rollouts are `ppn analyze --level rollout`'s)");
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
      json row = {{"roll", r.roll_index + 1}, {"colour", std::string(colour_name(rules::colour_of(r.seat)))}, {"luck", r.luck}, {"decision", r.decision}};
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
    std::string svg = app::luck_chart_of(game, cfg, page_title(game, id));
    if (svg.empty()) throw BadRequest(422, "E-SETUP", "game " + std::to_string(id) + " cannot be replayed");
    return Reply{200, std::move(svg), "image/svg+xml; charset=utf-8"};
  });
}

}  // namespace ppn::serve
