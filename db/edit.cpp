#include "db/edit.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "db/player_aliases.hpp"
#include "db/schema.hpp"
#include "notation/text_util.hpp"

namespace ppn::db {

namespace {

// The tables whose rows name a game by game_id (db/SCHEMA.md); positions, keyed by
// game_id << 16 | roll_index, are deleted by that key's range.
constexpr std::array<std::string_view, 10> kGameTables = {"game_seats", "tags",        "rolls",        "diagnostics",
                                                          "game_race",  "seat_stats",  "seat_illegal", "seat_analysis",
                                                          "game_text",  "games"};

bool game_exists(Database& db, std::int64_t id) {
  Statement q(db, "SELECT 1 FROM games WHERE id = ?1");
  return q.bind(1, id).step();
}

std::vector<std::int64_t> seat_players(Database& db, std::int64_t id) {
  std::vector<std::int64_t> players;
  Statement q(db, "SELECT DISTINCT player_id FROM game_seats WHERE game_id = ?1 AND player_id IS NOT NULL");
  q.bind(1, id);
  while (q.step()) players.push_back(q.get_int(0));
  return players;
}

// Removes those of `players` who sit in no game any more, with their spellings: a fresh import
// of the games left would not know them. Returns how many went.
std::int64_t drop_players_without_games(Database& db, std::vector<std::int64_t> players) {
  std::sort(players.begin(), players.end());
  players.erase(std::unique(players.begin(), players.end()), players.end());
  Statement seated(db, "SELECT 1 FROM game_seats WHERE player_id = ?1");
  Statement aliases(db, "DELETE FROM player_aliases WHERE player_id = ?1");
  Statement player(db, "DELETE FROM players WHERE id = ?1");
  std::int64_t dropped = 0;
  for (const auto p : players) {
    const bool has_games = seated.bind(1, p).step();
    seated.reset();
    if (has_games) continue;
    aliases.bind(1, p).run();
    player.bind(1, p).run();
    ++dropped;
  }
  return dropped;
}

// The player tag of a seat's colour: "green" -> "Green" (notation: [Green "..."]).
std::string player_tag(std::string_view colour) {
  std::string t(colour);
  if (!t.empty()) t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

}  // namespace

void move_player(Database& db, std::int64_t from, std::int64_t to) {
  Statement(db, "UPDATE game_seats SET player_id = ?1 WHERE player_id = ?2").bind(1, to).bind(2, from).run();
  Statement(db, "UPDATE player_aliases SET player_id = ?1 WHERE player_id = ?2").bind(1, to).bind(2, from).run();
  Statement(db, "DELETE FROM players WHERE id = ?1").bind(1, from).run();
}

Result<DeletedGames> delete_games(Database& db, const std::vector<std::int64_t>& ids) {
  try {
    DeletedGames out;
    Transaction t(db);
    std::vector<std::int64_t> players;
    for (const auto id : ids) {
      if (std::find(out.deleted.begin(), out.deleted.end(), id) != out.deleted.end()) continue;
      if (!game_exists(db, id)) {
        out.missing.push_back(id);
        continue;
      }
      const auto seated = seat_players(db, id);
      players.insert(players.end(), seated.begin(), seated.end());
      Statement(db, "DELETE FROM positions WHERE id >= ?1 AND id < ?2")
          .bind(1, roll_key(id, 0))
          .bind(2, roll_key(id + 1, 0))
          .run();
      for (auto table : kGameTables)
        Statement(db, "DELETE FROM " + std::string(table) + (table == "games" ? " WHERE id = ?1" : " WHERE game_id = ?1"))
            .bind(1, id)
            .run();
      out.deleted.push_back(id);
    }
    out.players_dropped = drop_players_without_games(db, std::move(players));
    t.commit();
    return out;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

Status set_game_tags(Database& db, std::int64_t id, const std::vector<Tag>& tags, const std::string& ppn) {
  try {
    Transaction t(db);
    if (!game_exists(db, id)) return failure(Code::argument, "there is no game " + std::to_string(id));
    const auto before = seat_players(db, id);
    Statement(db, "DELETE FROM tags WHERE game_id = ?1").bind(1, id).run();
    Statement ins(db, "INSERT INTO tags(game_id, ord, name, value) VALUES(?1, ?2, ?3, ?4)");
    for (std::size_t i = 0; i < tags.size(); ++i)
      ins.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind(3, tags[i].name).bind(4, tags[i].value).run();
    Statement(db, "DELETE FROM game_text WHERE game_id = ?1").bind(1, id).run();
    Statement(db, "INSERT INTO game_text(game_id, ppn) VALUES(?1, ?2)").bind(1, id).bind(2, ppn).run();
    // Each seat's player is the one its colour's tag names, as the importer takes it
    // (analysis::compute_game_stats: white space trimmed and collapsed).
    std::vector<std::string> colours;
    {
      Statement q(db, "SELECT colour FROM game_seats WHERE game_id = ?1");
      q.bind(1, id);
      while (q.step()) colours.emplace_back(q.get_text(0));
    }
    PlayerAliases players(db, db);  // inside this transaction: the correction is whole or absent
    Statement seat(db, "UPDATE game_seats SET player_id = ?3, player_name = ?4 WHERE game_id = ?1 AND colour = ?2");
    for (const auto& colour : colours) {
      const auto tag = player_tag(colour);
      std::string name;
      for (const auto& tg : tags)
        if (tg.name == tag) {
          name = normalize_space(trim(tg.value));
          break;
        }
      seat.bind(1, id).bind(2, colour);
      if (name.empty()) seat.bind_null(3).bind_null(4);
      else seat.bind(3, players.player_id(name)).bind(4, name);
      seat.run();
    }
    drop_players_without_games(db, before);
    t.commit();
    return {};
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

Result<MergedPlayers> merge_players(Database& db, const std::string& from, const std::string& into) {
  try {
    Transaction t(db);
    Statement find(db, "SELECT p.id, p.name FROM player_aliases a JOIN players p ON p.id = a.player_id WHERE a.alias = ?1");
    const auto look_up = [&](const std::string& name, std::string& stored) -> std::int64_t {
      find.bind(1, alias_key(name));
      const std::int64_t id = find.step() ? find.get_int(0) : 0;
      if (id != 0) stored = std::string(find.get_text(1));
      find.reset();
      return id;
    };
    MergedPlayers out;
    const auto a = look_up(from, out.from), b = look_up(into, out.into);
    if (a == 0) return failure(Code::argument, "no player is spelt \"" + from + "\"");
    if (b == 0) return failure(Code::argument, "no player is spelt \"" + into + "\"");
    if (a == b)
      return failure(Code::argument, "\"" + from + "\" and \"" + into + "\" are one player already (" + out.into + ")");
    {
      Statement n(db, "SELECT count(*) FROM game_seats WHERE player_id = ?1");
      out.seats = n.bind(1, a).step() ? n.get_int(0) : 0;
    }
    move_player(db, a, b);
    t.commit();
    return out;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

}  // namespace ppn::db
