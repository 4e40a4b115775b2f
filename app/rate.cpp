#include "app/rate.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "analysis/rating.hpp"
#include "app/stored_game.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"
#include "rules/options.hpp"

namespace ppn::app {

namespace {

// Every seat of every finished game (games.finished: it has a finishing order), with its
// player (NULL when the record names none), place, (when `analyze --db` stored them) luck and
// result, and the game's profile and board: the one read `rate` makes, through db's read-only
// SQL.
constexpr const char* kSeatsSql =
    "SELECT gs.game_id, coalesce(p.name, gs.player_name), gs.finish_rank, a.luck, a.result, g.variant, "
    "coalesce(r.board, 'parcheesi') "
    "FROM game_seats gs JOIN games g ON g.id = gs.game_id LEFT JOIN players p ON p.id = gs.player_id "
    "LEFT JOIN seat_analysis a ON a.game_id = gs.game_id AND a.colour = gs.colour "
    "LEFT JOIN game_race r ON r.game_id = gs.game_id "
    "WHERE g.finished = 1 ORDER BY gs.game_id, gs.seat_order";

double number(const db::Cell& c) {
  if (auto* i = std::get_if<std::int64_t>(&c)) return static_cast<double>(*i);
  if (auto* d = std::get_if<double>(&c)) return *d;
  return 0.0;
}

// The players of one pool's rated games, as read.
struct PoolGames {
  Ladder ladder;
  std::map<std::string, int> index;  // player name -> index
  std::vector<std::string> names;
  std::vector<int> games_of;
  std::vector<analysis::RatedGame> plain, adjusted;
};

// The groups of players the games link (union-find): per player, its group's representative.
std::vector<int> linked_groups(int n, const std::vector<analysis::RatedGame>& games) {
  std::vector<std::size_t> parent(static_cast<std::size_t>(n));
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  const auto root = [&](std::size_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& g : games)
    for (std::size_t k = 1; k < g.seats.size(); ++k)
      parent[root(static_cast<std::size_t>(g.seats[k]))] = root(static_cast<std::size_t>(g.seats[0]));
  std::vector<int> out(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int>(root(i));
  return out;
}

// Fits the pool's games and fills its ladder: the players by group (the largest first) and
// plain strength.
Ladder fit(PoolGames& p) {
  const int n = static_cast<int>(p.names.size());
  const auto pr = analysis::plackett_luce(n, p.plain);
  const auto ar = analysis::plackett_luce(n, p.adjusted);
  const auto rep = linked_groups(n, p.plain);
  std::map<int, int> size;  // representative -> players
  for (int r : rep) ++size[r];
  std::vector<int> reps;
  for (const auto& [r, k] : size) reps.push_back(r);
  std::stable_sort(reps.begin(), reps.end(), [&](int x, int y) { return size[x] > size[y]; });
  std::map<int, int> number;  // representative -> group number, 1 = the largest
  for (std::size_t k = 0; k < reps.size(); ++k) number[reps[k]] = static_cast<int>(k) + 1;
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  const auto group = [&](int i) { return number[rep[static_cast<std::size_t>(i)]]; };
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    if (group(x) != group(y)) return group(x) < group(y);
    return pr.strength[static_cast<std::size_t>(x)] > pr.strength[static_cast<std::size_t>(y)];
  });
  Ladder out = std::move(p.ladder);
  out.rated_games = p.plain.size();
  out.groups = static_cast<int>(reps.size());
  for (int i : order) {
    const auto u = static_cast<std::size_t>(i);
    out.players.push_back({p.names[u], p.games_of[u], pr.strength[u], pr.se[u], ar.strength[u], ar.se[u], group(i)});
  }
  return out;
}

}  // namespace

Result<Ratings> rate_players(const RateQuery& q) {
  if (!q.variant.empty()) {
    const auto known = rules::profile_list();
    if (std::find(known.begin(), known.end(), q.variant) == known.end())
      return failure(Code::argument, "--variant: no rule profile \"" + q.variant + "\" (profiles: " + rules::profile_names() + ")");
  }
  auto opened = db::open_for_reading(q.db_path);
  if (!opened) return opened.error();
  auto& database = *opened;
  // --where: the games it chooses (db::select_game_ids_where, as `export --where`).
  std::set<std::int64_t> chosen;
  if (!q.where.empty()) {
    auto ids = chosen_game_ids(database, {}, q.where, "");
    if (!ids) return failure(Code::database, "--where: " + ids.error().message);
    chosen.insert(ids->begin(), ids->end());
  }
  auto read = db::run_read_only_sql(database, kSeatsSql);
  if (!read) return failure(Code::database, q.db_path + ": database error: " + read.error().message);
  const auto& table = *read;
  std::map<std::string, PoolGames> pools;
  Ratings out;
  for (std::size_t r = 0; r < table.rows.size();) {
    const auto id = std::get<std::int64_t>(table.rows[r][0]);
    const auto* variant = std::get_if<std::string>(&table.rows[r][5]);
    const auto* board = std::get_if<std::string>(&table.rows[r][6]);
    const std::string profile = variant ? *variant : "", board_name = board ? *board : "parcheesi";
    const bool wanted = (q.variant.empty() || profile == q.variant) && (q.where.empty() || chosen.count(id));
    if (!wanted) {
      while (r < table.rows.size() && std::get<std::int64_t>(table.rows[r][0]) == id) ++r;
      continue;
    }
    const std::string key = q.pool == RatePool::profile ? profile : q.pool == RatePool::board ? board_name : "all";
    auto [at, fresh] = pools.try_emplace(key);
    PoolGames& pool = at->second;
    if (fresh) pool.ladder.pool = key;
    ++out.finished;
    ++pool.ladder.finished;
    struct Seat {
      const std::string* name;  // the player's
      std::int64_t rank;        // 0: not placed
      bool analysed;
      double luck, result;
    };
    std::vector<Seat> seats;
    bool all_analysed = true;
    double game_luck = 0;
    int game_seats = 0;
    for (; r < table.rows.size() && std::get<std::int64_t>(table.rows[r][0]) == id; ++r) {
      const auto& row = table.rows[r];
      const bool has_luck = !std::holds_alternative<std::monostate>(row[3]);
      all_analysed &= has_luck;
      game_luck += number(row[3]);
      ++game_seats;
      const auto* name = std::get_if<std::string>(&row[1]);
      if (!name) {  // a seat the record names no player for: no one to rate (not a "(colour)" player)
        ++pool.ladder.unnamed;
        continue;
      }
      const auto* rank = std::get_if<std::int64_t>(&row[2]);
      seats.push_back({name, rank ? *rank : 0, has_luck, number(row[3]), number(row[4])});
    }
    std::stable_sort(seats.begin(), seats.end(), [](const Seat& x, const Seat& y) {
      return (x.rank > 0 ? x.rank : 1 << 30) < (y.rank > 0 ? y.rank : 1 << 30);
    });
    // One who sat in several seats is one candidate of the game, at their best place; the
    // luck-adjusted share of their seats adds up.
    std::vector<Seat> players;
    for (const auto& s : seats) {
      auto same = std::find_if(players.begin(), players.end(), [&](const Seat& p) { return *p.name == *s.name; });
      if (same == players.end()) players.push_back(s);
      else same->result += s.result, same->luck += s.luck;
    }
    if (players.size() < 2) continue;  // nothing to compare within this game
    if (std::none_of(players.begin(), players.end(), [](const Seat& s) { return s.rank > 0; }))
      continue;  // only unnamed seats are placed: no choice among the rated
    // A kept game's players are rated (a player of skipped games only is not listed).
    analysis::RatedGame g;
    for (const auto& s : players) {
      auto [it, added] = pool.index.try_emplace(*s.name, static_cast<int>(pool.names.size()));
      if (added) pool.names.push_back(*s.name), pool.games_of.push_back(0);
      ++pool.games_of[static_cast<std::size_t>(it->second)];
      g.seats.push_back(it->second);
      g.ranked += s.rank > 0;
    }
    pool.plain.push_back(g);
    // Luck-adjusted: the first place shared out by result - luck, shifted so that the shares of
    // all the game's seats sum to 1, the negative ones cut to 0 (analysis/README.md "Ratings").
    if (all_analysed) {
      ++pool.ladder.analysed;
      double sum = 0;
      for (const auto& s : players) {
        const int sat = static_cast<int>(std::count_if(seats.begin(), seats.end(), [&](const Seat& x) { return *x.name == *s.name; }));
        g.win_share.push_back(std::max(0.0, s.result - s.luck + sat * game_luck / game_seats));
        sum += g.win_share.back();
      }
      for (auto& w : g.win_share) w = sum > 0 ? w / sum : 1.0 / static_cast<double>(players.size());
    }
    pool.adjusted.push_back(std::move(g));
  }
  for (auto& [key, pool] : pools) out.ladders.push_back(fit(pool));
  return out;
}

}  // namespace ppn::app
