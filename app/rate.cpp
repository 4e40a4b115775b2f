#include "app/rate.hpp"

#include <algorithm>
#include <map>
#include <numeric>

#include "analysis/rating.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"

namespace ppn::app {

namespace {

// Every seat of every finished game (games.finished: it has a finishing order), with its
// player (NULL when the record names none), place and (when `analyze --db` stored them) luck and
// result: the one read `rate` makes, through db's read-only SQL.
constexpr const char* kSeatsSql =
    "SELECT gs.game_id, coalesce(p.name, gs.player_name), gs.finish_rank, a.luck, a.result "
    "FROM game_seats gs JOIN games g ON g.id = gs.game_id LEFT JOIN players p ON p.id = gs.player_id "
    "LEFT JOIN seat_analysis a ON a.game_id = gs.game_id AND a.colour = gs.colour "
    "WHERE g.finished = 1 ORDER BY gs.game_id, gs.seat_order";

double number(const db::Cell& c) {
  if (auto* i = std::get_if<std::int64_t>(&c)) return static_cast<double>(*i);
  if (auto* d = std::get_if<double>(&c)) return *d;
  return 0.0;
}

}  // namespace

Result<Ratings> rate_players(const std::string& db_path) {
  auto opened = db::open_for_reading(db_path);
  if (!opened) return opened.error();
  auto read = db::run_read_only_sql(*opened, kSeatsSql);
  if (!read) return failure(Code::database, db_path + ": database error: " + read.error().message);
  const auto& table = *read;
  std::map<std::string, int> index;
  std::vector<std::string> names;
  std::vector<int> games_of;
  std::vector<analysis::RatedGame> plain, adjusted;
  int analysed = 0, unnamed = 0, finished = 0;
  for (std::size_t r = 0; r < table.rows.size();) {
    const auto id = std::get<std::int64_t>(table.rows[r][0]);
    ++finished;
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
      if (!name) {  // a seat the record names no player for: not rated
        ++unnamed;
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
      auto [it, fresh] = index.try_emplace(*s.name, static_cast<int>(names.size()));
      if (fresh) names.push_back(*s.name), games_of.push_back(0);
      ++games_of[static_cast<std::size_t>(it->second)];
      g.seats.push_back(it->second);
      g.ranked += s.rank > 0;
    }
    plain.push_back(g);
    // Luck-adjusted: the first place shared out by result - luck, shifted so that the shares of
    // all the game's seats sum to 1, the negative ones cut to 0 (analysis/README.md "Ratings").
    if (all_analysed) {
      ++analysed;
      double sum = 0;
      for (const auto& s : players) {
        const int sat = static_cast<int>(std::count_if(seats.begin(), seats.end(), [&](const Seat& x) { return *x.name == *s.name; }));
        g.win_share.push_back(std::max(0.0, s.result - s.luck + sat * game_luck / game_seats));
        sum += g.win_share.back();
      }
      for (auto& w : g.win_share) w = sum > 0 ? w / sum : 1.0 / static_cast<double>(players.size());
    }
    adjusted.push_back(std::move(g));
  }
  const int n = static_cast<int>(names.size());
  const auto pr = analysis::plackett_luce(n, plain);
  const auto ar = analysis::plackett_luce(n, adjusted);
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int x, int y) { return pr.strength[static_cast<std::size_t>(x)] > pr.strength[static_cast<std::size_t>(y)]; });
  Ratings out;
  out.rated_games = plain.size();
  out.finished = finished;
  out.analysed = analysed;
  out.unnamed = unnamed;
  for (int i : order) {
    const auto u = static_cast<std::size_t>(i);
    out.players.push_back({names[u], games_of[u], pr.strength[u], pr.se[u], ar.strength[u], ar.se[u]});
  }
  return out;
}

}  // namespace ppn::app
