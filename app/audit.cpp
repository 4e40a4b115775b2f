#include "app/audit.hpp"

#include "db/reports.hpp"
#include "db/schema.hpp"

namespace ppn::app {

GameThrows game_throws(const Game& game, const std::string& source, const std::string& by) {
  GameThrows throws;
  for (const auto& e : game.movetext) {
    const Roll* r = std::get_if<Roll>(&e);
    if (!r) continue;
    std::string key;
    if (by == "source") {
      key = source;
    } else if (by == "player") {
      key = player_key(game, r->seat);
    }
    throws.emplace_back(r->dice[0], r->dice[1], std::move(key));
  }
  return throws;
}

analysis::DiceSample& DiceTally::group(const std::string& key) {
  auto it = index_.find(key);
  if (it == index_.end()) {
    it = index_.emplace(key, groups.size()).first;
    groups.emplace_back(key, analysis::DiceSample{});
  }
  return groups[it->second].second;
}

void DiceTally::add(const GameThrows& throws) {
  ++games;
  for (const auto& [d1, d2, key] : throws) {
    all.add(d1, d2);
    if (by != "none") group(key).add(d1, d2);
  }
}

Status tally_stored_rolls(const std::string& db_path, DiceTally& tally) {
  // Every stored roll, in game and roll order, with its seat's player and the game's source.
  auto opened = db::open_for_reading(db_path);
  if (!opened) return opened.error();
  auto result = db::run_read_only_sql(
      *opened,
      "SELECT r.die1, r.die2, r.colour, COALESCE(p.name, s.player_name), g.source_file, r.game_id "
      "FROM rolls r JOIN games g ON g.id = r.game_id "
      "LEFT JOIN game_seats s ON s.game_id = r.game_id AND s.colour = r.colour "
      "LEFT JOIN players p ON p.id = s.player_id ORDER BY r.game_id, r.roll_index");
  if (!result) return result.error();
  auto text = [](const db::Cell& c) { return std::holds_alternative<std::string>(c) ? std::get<std::string>(c) : std::string(); };
  auto integer = [](const db::Cell& c) { return std::holds_alternative<std::int64_t>(c) ? std::get<std::int64_t>(c) : 0; };
  std::int64_t last_game = -1;
  for (const auto& row : result->rows) {
    const int d1 = static_cast<int>(integer(row[0])), d2 = static_cast<int>(integer(row[1]));
    if (integer(row[5]) != last_game) last_game = integer(row[5]), ++tally.games;
    tally.all.add(d1, d2);
    if (tally.by == "source") tally.group(text(row[4])).add(d1, d2);
    else if (tally.by == "player") {
      std::string key = text(row[3]);
      if (key.empty()) key = "(" + text(row[2]) + ")";
      tally.group(key).add(d1, d2);
    }
  }
  return {};
}

}  // namespace ppn::app
