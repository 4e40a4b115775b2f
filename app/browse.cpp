// Browsing a stored collection (see browse.hpp).
#include "app/browse.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "app/stored_game.hpp"
#include "db/player_aliases.hpp"

namespace ppn::app {

namespace {

std::optional<std::string> text_or_none(db::Statement& st, int c) {
  if (st.is_null(c)) return std::nullopt;
  return std::string(st.get_text(c));
}

std::optional<int> int_or_none(db::Statement& st, int c) {
  if (st.is_null(c)) return std::nullopt;
  return static_cast<int>(st.get_int(c));
}

// A database failure as the value of the call.
template <class T, class F>
Result<T> reading(F&& f) {
  try {
    return f();
  } catch (const db::DbError& e) {
    return failure(Code::database, e.what());
  }
}

// The filters as SQL over `games g`, every value bound (?1 .. ?7).
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

constexpr const char* kDate = "(SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Date')";
constexpr const char* kEvent = "(SELECT t.value FROM tags t WHERE t.game_id = g.id AND t.name = 'Event')";

// `s` as a LIKE pattern for "holds s", any case.
std::string holding(const std::string& s) {
  std::string out = "%";
  for (const char c : s) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out + "%";
}

// Why the filter cannot be used, "" when it can.
std::string filter_problem(const GameFilter& f) {
  static const std::vector<std::string> results = {"", "finished", "unfinished", "green", "red", "blue", "yellow"};
  if (std::find(results.begin(), results.end(), f.result) == results.end())
    return "result: finished, unfinished or a colour, not \"" + f.result + "\"";
  if (!f.status.empty() && f.status != "legal" && f.status != "illegal") return "status: legal or illegal";
  for (const auto& [name, v] : {std::pair{"date_from", &f.date_from}, std::pair{"date_to", &f.date_to}})
    if (v->size() > 10 || !std::all_of(v->begin(), v->end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '?'; }))
      return std::string(name) + ": a date written YYYY.MM.DD, not \"" + *v + "\"";
  return {};
}

void bind_filter(db::Statement& st, const GameFilter& f) {
  st.bind(1, f.profile);
  st.bind(2, f.player.empty() ? std::string() : db::alias_key(f.player));
  st.bind(3, f.event.empty() ? std::string() : holding(f.event));
  st.bind(4, f.date_from);
  st.bind(5, f.date_to);
  st.bind(6, f.result);
  st.bind(7, f.status);
}

constexpr const char* kGameColumns = "g.id, g.variant, g.rolls, g.status, g.finished, g.winner";

GameRow game_row(db::Statement& st) {
  GameRow r;
  r.id = st.get_int(0);
  r.profile = std::string(st.get_text(1));
  r.rolls = static_cast<int>(st.get_int(2));
  r.status = std::string(st.get_text(3));
  r.finished = st.get_int(4) != 0;
  r.winner = text_or_none(st, 5);
  r.event = text_or_none(st, 6);
  r.date = text_or_none(st, 7);
  return r;
}

// The seats of the given games, in turn order.
void add_seats(db::Database& d, std::vector<GameRow>& games) {
  if (games.empty()) return;
  std::string sql = "SELECT game_id, colour, player_name, finish_rank, won FROM game_seats WHERE game_id IN (";
  for (std::size_t i = 0; i < games.size(); ++i) sql += (i ? ",?" : "?") + std::to_string(i + 1);
  sql += ") ORDER BY game_id, seat_order";
  db::Statement st(d, sql);
  std::map<std::int64_t, GameRow*> by_id;
  for (std::size_t i = 0; i < games.size(); ++i) {
    st.bind(static_cast<int>(i + 1), games[i].id);
    by_id[games[i].id] = &games[i];
  }
  while (st.step())
    by_id[st.get_int(0)]->seats.push_back(
        {std::string(st.get_text(1)), text_or_none(st, 2), int_or_none(st, 3), st.get_int(4) != 0});
}

}  // namespace

Result<GamePage> list_games(db::Database& d, const GameQuery& q) {
  if (const std::string why = filter_problem(q.filter); !why.empty()) return failure(Code::argument, why);
  if (q.page < 1 || q.per_page < 1) return failure(Code::argument, "page and per_page start at 1");
  return reading<GamePage>([&] {
    GamePage out;
    db::Statement count(d, std::string("SELECT count(*) FROM games g") + kGameFilter);
    bind_filter(count, q.filter);
    count.step();
    out.total = count.get_int(0);
    const char* col = q.sort == GameSort::date      ? kDate
                      : q.sort == GameSort::event   ? kEvent
                      : q.sort == GameSort::profile ? "g.variant"
                      : q.sort == GameSort::rolls   ? "g.rolls"
                                                    : "g.id";
    const std::string dir = q.descending ? " DESC" : " ASC";
    db::Statement st(d, std::string("SELECT ") + kGameColumns + ", " + kEvent + ", " + kDate + " FROM games g" + kGameFilter +
                            " ORDER BY " + col + dir + ", g.id" + dir + " LIMIT ?8 OFFSET ?9");
    bind_filter(st, q.filter);
    st.bind(8, q.per_page);
    st.bind(9, static_cast<std::int64_t>(q.page - 1) * q.per_page);
    while (st.step()) out.games.push_back(game_row(st));
    add_seats(d, out.games);
    return out;
  });
}

Result<std::optional<GameDetail>> game_detail(db::Database& d, std::int64_t id) {
  return reading<std::optional<GameDetail>>([&]() -> std::optional<GameDetail> {
    db::Statement st(d, std::string("SELECT ") + kGameColumns + ", " + kEvent + ", " + kDate + " FROM games g WHERE g.id = ?1");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    GameDetail g;
    g.row = game_row(st);
    std::vector<GameRow> one{g.row};
    add_seats(d, one);
    g.row = std::move(one.front());
    db::Statement t(d, "SELECT name, value FROM tags WHERE game_id = ?1 ORDER BY ord");
    t.bind(1, id);
    while (t.step()) g.tags.emplace_back(std::string(t.get_text(0)), std::string(t.get_text(1)));
    db::Statement text(d, "SELECT ppn FROM game_text WHERE game_id = ?1");
    text.bind(1, id);
    if (text.step()) g.ppn = std::string(text.get_text(0));
    db::Statement diag(d, "SELECT roll_index, severity, code, message, line, col FROM diagnostics WHERE game_id = ?1 ORDER BY seq");
    diag.bind(1, id);
    while (diag.step()) {
      StoredDiagnostic x;
      if (!diag.is_null(0)) x.roll = static_cast<int>(diag.get_int(0)) + 1;
      x.severity = std::string(diag.get_text(1));
      x.code = std::string(diag.get_text(2));
      x.message = std::string(diag.get_text(3));
      x.line = static_cast<int>(diag.get_int(4));
      x.column = static_cast<int>(diag.get_int(5));
      g.diagnostics.push_back(std::move(x));
    }
    db::Statement a(d,
                    "SELECT a.colour, s.player_name, a.level, a.rolls, a.decisions, a.mistakes, a.blunders, a.total_loss, a.luck "
                    "FROM seat_analysis a LEFT JOIN game_seats s ON s.game_id = a.game_id AND s.colour = a.colour "
                    "WHERE a.game_id = ?1 ORDER BY s.seat_order");
    a.bind(1, id);
    while (a.step())
      g.analysis.push_back({std::string(a.get_text(0)), text_or_none(a, 1), a.is_null(2) ? "rollout" : std::string(a.get_text(2)),
                            static_cast<int>(a.get_int(3)), static_cast<int>(a.get_int(4)), static_cast<int>(a.get_int(5)),
                            static_cast<int>(a.get_int(6)), a.get_double(7), a.get_double(8)});
    return g;
  });
}

Result<std::vector<PlayerCount>> list_players(db::Database& d, const std::string& part) {
  return reading<std::vector<PlayerCount>>([&] {
    db::Statement st(d,
                     "SELECT p.name, count(DISTINCT s.game_id), count(DISTINCT CASE WHEN s.won = 1 THEN s.game_id END) "
                     "FROM players p JOIN game_seats s ON s.player_id = p.id "
                     "WHERE ?1 = '' OR lower(p.name) LIKE ?1 ESCAPE '\\' "
                     "GROUP BY p.id, p.name ORDER BY 2 DESC, p.name LIMIT 200");
    st.bind(1, part.empty() ? std::string() : holding(part));
    std::vector<PlayerCount> out;
    while (st.step()) out.push_back({std::string(st.get_text(0)), st.get_int(1), st.get_int(2)});
    return out;
  });
}

Result<std::optional<PlayerPage>> player_page(db::Database& d, const std::string& name) {
  return reading<std::optional<PlayerPage>>([&]() -> std::optional<PlayerPage> {
    db::Statement who(d, "SELECT p.id, p.name FROM player_aliases a JOIN players p ON p.id = a.player_id WHERE a.alias = ?1");
    who.bind(1, db::alias_key(name));
    if (!who.step()) return std::nullopt;
    const std::int64_t pid = who.get_int(0);
    PlayerPage out;
    out.name = std::string(who.get_text(1));
    // Per profile: games, finished games, wins, captures and rolls (seat_stats: the figures of
    // `ppn stats`; a game counted once however many seats the player sat in).
    db::Statement per(d,
                      "SELECT g.variant, count(DISTINCT g.id), count(DISTINCT CASE WHEN g.finished = 1 THEN g.id END), "
                      "count(DISTINCT CASE WHEN s.won = 1 THEN g.id END), "
                      "sum(st.captures_made_unsafe + st.captures_made_safe + st.captures_made_entry), sum(st.rolls) "
                      "FROM game_seats s JOIN games g ON g.id = s.game_id "
                      "LEFT JOIN seat_stats st ON st.game_id = s.game_id AND st.colour = s.colour "
                      "WHERE s.player_id = ?1 GROUP BY g.variant ORDER BY 2 DESC, g.variant");
    per.bind(1, pid);
    while (per.step()) {
      ProfileFigures f{std::string(per.get_text(0)), per.get_int(1), per.get_int(2), per.get_int(3), {}, {}};
      if (!per.is_null(4)) f.captures = per.get_int(4);
      if (!per.is_null(5)) f.rolls = per.get_int(5);
      out.profiles.push_back(std::move(f));
    }
    db::Statement res(d, std::string("SELECT g.id, ") + kDate +
                             ", g.variant, s.finish_rank, s.won, g.finished FROM game_seats s JOIN games g ON g.id = s.game_id "
                             "WHERE s.player_id = ?1 ORDER BY 2, g.id LIMIT 2000");
    res.bind(1, pid);
    while (res.step())
      out.results.push_back({res.get_int(0), text_or_none(res, 1), std::string(res.get_text(2)), int_or_none(res, 3),
                             res.get_int(4) != 0, res.get_int(5) != 0});
    return out;
  });
}

Result<std::optional<ProfiledGame>> profiled_game(db::Database& d, std::int64_t id) {
  auto profile = reading<std::optional<std::string>>([&]() -> std::optional<std::string> {
    db::Statement st(d, "SELECT variant FROM games WHERE id = ?1");
    st.bind(1, id);
    if (!st.step()) return std::nullopt;
    return std::string(st.get_text(0));
  });
  if (!profile) return profile.error();
  if (!*profile) return std::optional<ProfiledGame>();
  auto g = load_game(d, id, "game " + std::to_string(id));
  if (!g) return g.error();
  return std::optional<ProfiledGame>(ProfiledGame{std::move(*g), std::move(**profile)});
}

Result<std::string> collection_state(db::Database& d) {
  return reading<std::string>([&] {
    return std::to_string(d.scalar("SELECT count(*) FROM games")) + "#" +
           std::to_string(d.scalar("SELECT coalesce(max(id), 0) FROM games"));
  });
}

}  // namespace ppn::app
