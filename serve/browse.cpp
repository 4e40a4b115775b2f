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

// A whole-number parameter in [lo, hi] (`fallback` when absent), into `out`; or why it is refused.
std::optional<Refusal> int_param(const Params& p, const std::string& name, int fallback, int lo, int hi, int& out) {
  const std::string s = param(p, name);
  out = fallback;
  if (s.empty()) return std::nullopt;
  if (s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return bad_request(name + ": a whole number, not \"" + s + "\"");
  out = std::stoi(s);
  if (out < lo || out > hi) return bad_request(name + ": " + std::to_string(lo) + " to " + std::to_string(hi));
  return std::nullopt;
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

// Runs a handler; a failure the database library throws (db::DbError, at the few statements
// outside app/'s calls, which return theirs as values) is answered 500 in its own words.
template <class F>
Reply guarded(Connections& c, F&& f) {
  try {
    return f();
  } catch (const db::DbError& e) {
    return error_reply(500, "E-DATABASE", db::describe_db_error(c.target(), e));
  }
}

// An app/ call's error as the request's refusal: E-ARGUMENT the request's (400), E-SETUP a
// stored game its profile cannot replay (422: the game's problem), anything else the server's.
Refusal refusal_of(const Diagnostic& e) {
  return Refusal{e.code == Code::argument ? 400 : e.code == Code::setup ? 422 : 500, std::string(code_name(e.code)), e.message};
}

template <class T>
Checked<T> checked(Result<T> r) {
  if (!r) return refusal_of(r.error());
  return std::move(*r);
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

Refusal no_game(std::int64_t id) { return Refusal{404, "E-ARGUMENT", "no game " + std::to_string(id)}; }

// Stored game `id` with its profile, read on a lent connection that goes back at once: the
// work of its pages (a replay, an analysis) needs no database.
Checked<app::ProfiledGame> stored_game(Connections& c, std::int64_t id) {
  auto lease = c.reader();
  if (!lease) return lease.refusal();
  auto g = app::profiled_game(**lease, id);
  if (!g) return refusal_of(g.error());
  if (!*g) return no_game(id);
  return std::move(**g);
}

// The replay settings of a stored game's pages: the profile it was stored under.
replay::ReplayConfig stored_config(const app::ProfiledGame& g) {
  replay::ReplayConfig cfg;
  cfg.variant = g.profile;
  return cfg;
}

// The ratings of `ppn rate` over the whole collection, computed once per state of it (an
// import or a save changes it) and kept for the next player page. One request computes them
// (on 100,000 games, seconds), outside the lock: the others meanwhile get the ratings of the
// state before, or none yet. A failure is not kept.
Checked<std::vector<app::Ladder>> cached_ratings(Connections& c, db::Database& d) {
  static std::mutex m;
  static std::string key;
  static std::vector<app::Ladder> ladders;
  static bool computing = false;
  const auto state = app::collection_state(d);
  if (!state) return refusal_of(state.error());
  const std::string now = c.target() + "#" + *state;
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
  if (!rated) return refusal_of(rated.error());
  ladders = rated->ladders;
  key = now;
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
    if (col == sorts.end()) return bad_request("sort: id, date, event, profile or rolls").reply();
    if (order != "asc" && order != "desc") return bad_request("order: asc or desc").reply();
    app::GameQuery q;
    q.filter = {param(p, "profile"), param(p, "player"), param(p, "event"), param(p, "date_from"),
                param(p, "date_to"), param(p, "result"), param(p, "status")};
    q.sort = col->second;
    q.descending = order == "desc";
    if (auto no = int_param(p, "page", 1, 1, 1000000000, q.page)) return no->reply();
    if (auto no = int_param(p, "per_page", 50, 1, 200, q.per_page)) return no->reply();
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    const auto page = checked(app::list_games(**lease, q));
    if (!page) return page.refusal().reply();
    json games = json::array();
    for (const auto& g : page->games) games.push_back(game_json(g));
    return json_reply({{"total", page->total}, {"page", q.page}, {"per_page", q.per_page}, {"games", games}});
  });
}

Reply get_game(Connections& c, std::int64_t id) {
  return guarded(c, [&] {
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    const auto detail = checked(app::game_detail(**lease, id));
    if (!detail) return detail.refusal().reply();
    if (!*detail) return no_game(id).reply();
    const app::GameDetail& d0 = **detail;
    json g = game_json(d0.row);
    json tags = json::array();
    for (const auto& [name, value] : d0.tags) tags.push_back({name, value});
    g["tags"] = tags;
    g["ppn"] = opt(d0.ppn);
    json diags = json::array();
    for (const auto& d : d0.diagnostics) {
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
    for (const auto& a : d0.analysis)
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
    const auto g = stored_game(c, id);
    if (!g) return g.refusal().reply();
    json positions = json::array();
    const auto add = [&](int roll, const rules::Game& at) {
      positions.push_back({{"roll", roll}, {"position_id", replay::position_id(at)}, {"to_move", std::string(colour_name(at.to_move()))}});
    };
    const auto r = replay::replay_game(g->game, stored_config(*g), [&](const replay::RollEvent& e) {
      if (positions.empty()) add(0, e.before);
      add(e.roll_index + 1, e.after);
    });
    if (!r.setup_ok)
      return Refusal{422, "E-SETUP", r.diagnostics.empty() ? "the game cannot be replayed" : r.diagnostics.front().message}.reply();
    if (positions.empty()) add(0, r.final_game);
    return json_reply({{"positions", positions}});
  });
}

Reply list_players(Connections& c, const Params& p) {
  return guarded(c, [&] {
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    const auto found = checked(app::list_players(**lease, param(p, "q")));
    if (!found) return found.refusal().reply();
    json players = json::array();
    for (const auto& x : *found) players.push_back({{"name", x.name}, {"games", x.games}, {"wins", x.wins}});
    return json_reply({{"players", players}});
  });
}

Reply get_player(Connections& c, const std::string& name) {
  return guarded(c, [&] {
    if (name.empty() || name.size() > 200) return bad_request("a player's name, 1 to 200 bytes").reply();
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    const auto page = checked(app::player_page(**lease, name));
    if (!page) return page.refusal().reply();
    if (!*page) return Refusal{404, "E-ARGUMENT", "no player is called \"" + name + "\""}.reply();
    const app::PlayerPage& pl = **page;
    json profiles = json::array();
    std::int64_t games = 0;
    for (const auto& f : pl.profiles) {
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
    for (const auto& r : pl.results)
      results.push_back({{"game", r.game}, {"date", opt(r.date)}, {"profile", r.profile},
                         {"place", opt(r.place)}, {"won", r.won}, {"finished", r.finished}});
    const auto ladders = cached_ratings(c, **lease);
    if (!ladders) return ladders.refusal().reply();
    json ratings = json::array();
    for (const auto& ladder : *ladders)
      for (const auto& rated : ladder.players)
        if (rated.name == pl.name) {
          json r = {{"pool", ladder.pool}, {"strength", rated.strength}, {"se", rated.se}, {"games", rated.games}};
          // Luck-adjusted only where the ladder's games were analysed (ppn analyze --db).
          r["adjusted_strength"] = ladder.analysed ? json(rated.adjusted_strength) : json(nullptr);
          r["adjusted_se"] = ladder.analysed ? json(rated.adjusted_se) : json(nullptr);
          ratings.push_back(std::move(r));
        }
    return json_reply({{"name", pl.name}, {"games", games}, {"profiles", profiles}, {"ratings", ratings}, {"results", results}});
  });
}

Reply summary(Connections& c) {
  return guarded(c, [&] {
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    const auto t = checked(db::run_report(**lease, "summary"));
    if (!t) return t.refusal().reply();
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
      if (!pat) return bad_request("pattern \"" + it->second + "\": " + pat.error().message).reply();
      patterns.push_back(*pat);
    }
    if (position.empty() == patterns.empty())
      return bad_request("give a position ID (position=) or patterns (pattern=), not both").reply();
    auto lease = c.reader();
    if (!lease) return lease.refusal().reply();
    auto t = checked(position.empty() ? db::find_pattern(**lease, patterns)
                                      : db::find_position(**lease, position, param(p, "ignore_turn") == "1"));
    if (!t) return t.refusal().reply();
    // The answer is bounded: the first kMaxFound rows, with how many there were.
    const std::size_t total = t->rows.size();
    if (total > kMaxFound) t->rows.resize(kMaxFound);
    json out = table_json(*t);
    out["total"] = total;
    out["truncated"] = total > kMaxFound;
    return json_reply(out);
  });
}

Reply game_page(Connections& c, std::int64_t id, const std::string& token) {
  return guarded(c, [&] {
    const auto g = stored_game(c, id);
    if (!g) return g.refusal().reply();
    const auto page = checked(app::viewer_page(g->game, stored_config(*g), page_title(g->game, id), false));
    if (!page) return page.refusal().reply();
    return Reply{200, with_site(*page, id, token), "text/html; charset=utf-8"};
  });
}

Reply analyse_game(Connections& c, std::int64_t id, const Params& p) {
  return guarded(c, [&] {
    const std::string level = param(p, "level").empty() ? "1" : param(p, "level");
    const auto lv = analysis::level_of(level);
    if (!lv || *lv == analysis::Level::rollout)
      return bad_request("level: 0 or 1 (rollouts are `ppn analyze --level rollout`'s)").reply();
    const auto g = stored_game(c, id);
    if (!g) return g.refusal().reply();
    analysis::AnalyzeConfig ac;
    ac.level = *lv;
    ac.threads = 1;  // one request, one of the pool's threads
    const analysis::GameAnalysis ga = analysis::analyze_game(g->game, stored_config(*g), ac);
    if (!ga.ok) return Refusal{422, "E-SETUP", ga.error}.reply();
    json rolls = json::array();
    for (const auto& r : ga.rolls) {
      json row = {{"roll", r.roll_index + 1}, {"colour", std::string(colour_name(rules::colour_of(r.seat)))},
                  {"luck", r.luck}, {"decision", r.decision}};
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
    const auto g = stored_game(c, id);
    if (!g) return g.refusal().reply();
    std::string svg = app::luck_chart_of(g->game, stored_config(*g), page_title(g->game, id));
    if (svg.empty()) return Refusal{422, "E-SETUP", "game " + std::to_string(id) + " cannot be replayed"}.reply();
    return Reply{200, std::move(svg), "image/svg+xml; charset=utf-8"};
  });
}

}  // namespace ppn::serve
