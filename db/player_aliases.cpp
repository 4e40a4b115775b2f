#include "db/player_aliases.hpp"

#include <optional>

#include "db/edit.hpp"
#include "notation/text_util.hpp"

namespace ppn::db {

std::string alias_key(std::string_view name) {
  std::string s = normalize_space(trim(name));
  for (auto& c : s) c = to_lower(c);
  return s;
}

std::string check_aliases(const std::vector<std::string>& aliases) {
  for (const auto& a : aliases) {
    const auto eq = a.find('=');
    if (eq == std::string::npos || alias_key(a.substr(0, eq)).empty() || alias_key(a.substr(eq + 1)).empty())
      return "--alias " + a + ": expected ALIAS=NAME";
  }
  return "";
}

PlayerAliases::PlayerAliases(Database& db, Database& adding)
    : db_(db),
      adding_(adding),
      find_alias_(adding, "SELECT player_id FROM player_aliases WHERE alias = ?1"),
      insert_player_(adding, "INSERT INTO players(name) VALUES(?1) ON CONFLICT(name) DO NOTHING RETURNING id"),
      find_player_(adding, "SELECT id FROM players WHERE name = ?1"),
      insert_alias_(adding,
                    "INSERT INTO player_aliases(alias, player_id) VALUES(?1, ?2) "
                    "ON CONFLICT(alias) DO NOTHING RETURNING player_id"),
      drop_player_(adding,
                   "DELETE FROM players WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM game_seats WHERE player_id = ?1) "
                   "AND NOT EXISTS (SELECT 1 FROM player_aliases WHERE player_id = ?1)") {}

std::int64_t PlayerAliases::player_id(const std::string& name) {
  const auto key = alias_key(name);
  if (auto it = ids_.find(key); it != ids_.end()) return it->second;
  auto& f = find_alias_;
  f.reset();
  f.bind(1, key);
  std::int64_t id = 0;
  if (f.step()) id = f.get_int(0);
  f.reset();
  if (id == 0) {
    // Another importer may have stored the name since the look-up: then it is that player.
    const std::string stored = normalize_space(trim(name));
    auto& ins = insert_player_.bind(1, stored);
    id = ins.step() ? ins.get_int(0) : 0;
    ins.reset();
    const bool added = id != 0;
    if (!added) {
      auto& fp = find_player_.bind(1, stored);
      id = fp.step() ? fp.get_int(0) : 0;
      fp.reset();
    }
    // The first spelling stored wins: another importer may have stored this key, under another
    // spelling (another player row), since the look-up. Then that is the player, and the row
    // added here, which nothing uses, goes.
    auto& ia = insert_alias_.bind(1, key).bind(2, id);
    const bool aliased = ia.step();
    ia.reset();
    if (!aliased) {
      f.reset();
      f.bind(1, key);
      const std::int64_t theirs = f.step() ? f.get_int(0) : id;
      f.reset();
      if (added && theirs != id) drop_player_.bind(1, id).run();
      id = theirs;
    }
  }
  ids_.emplace(key, id);
  return id;
}

void PlayerAliases::add_alias(const std::string& alias, const std::string& name) {
  const auto key = alias_key(alias);
  const auto target = player_id(name);
  // The merge is one transaction: the caller's (SQLite: the importer's), or on PostgreSQL, where
  // the importer runs no transaction around its aliases (`adding` waits for none it holds), one
  // of its own on `db`: the games move, the spellings follow and the old player goes together,
  // or not at all.
  std::optional<Transaction> merge;
  if (&adding_ != &db_) merge.emplace(db_);
  Statement find(db_, "SELECT player_id FROM player_aliases WHERE alias = ?1");
  const std::int64_t old = find.bind(1, key).step() ? find.get_int(0) : 0;
  if (old == target) return;
  if (old != 0) move_player(db_, old, target);
  // In the transaction that moved the games: the alias rows it updated are its own until it
  // commits (through `adding` this would wait for them).
  Statement(db_,
            "INSERT INTO player_aliases(alias, player_id) VALUES(?1, ?2) "
            "ON CONFLICT(alias) DO UPDATE SET player_id = excluded.player_id")
      .bind(1, key)
      .bind(2, target)
      .run();
  if (merge) merge->commit();
  if (old != 0)
    for (auto& [k, id] : ids_)
      if (id == old) id = target;
  ids_[key] = target;
}

}  // namespace ppn::db
