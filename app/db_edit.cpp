#include "app/db_edit.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

#include "app/stored_game.hpp"
#include "db/schema.hpp"
#include "notation/printer.hpp"

namespace ppn::app {

namespace {

// The database to correct: it must exist (a correction never creates an empty one), and is
// migrated to the current schema as `ppn import` would.
Result<db::Database> open_existing(const std::string& target) {
  std::error_code ec;
  if (!db::is_server_target(target) && !std::filesystem::exists(target, ec))
    return failure(Code::argument, target + ": no such database");
  return db::open_for_writing(target);
}

// A tag name as the grammar reads one: a letter, then letters, digits and underscores.
bool tag_name(std::string_view s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

}  // namespace

Result<db::DeletedGames> delete_games(const std::string& target, const std::vector<std::int64_t>& ids) {
  auto database = open_existing(target);
  if (!database) return database.error();
  return db::delete_games(*database, ids);
}

Result<std::vector<TagEdit>> retag_game(const std::string& target, std::int64_t id, const std::vector<std::string>& settings) {
  std::vector<std::pair<std::string, std::string>> wanted;
  for (const auto& s : settings) {
    const auto eq = s.find('=');
    const std::string name = eq == std::string::npos ? s : s.substr(0, eq);
    if (eq == std::string::npos || !tag_name(name))
      return failure(Code::argument, "--set " + s + ": expected NAME=VALUE (a tag name, then the new value; NAME= removes it)");
    if (std::find(std::begin(kFixedTags), std::end(kFixedTags), name) != std::end(kFixedTags))
      return failure(Code::argument, "--set " + s + ": [" + name +
                                         "] decides how the game is replayed and counted, so it cannot be corrected in "
                                         "place; delete the game (ppn db delete) and import the corrected record");
    wanted.emplace_back(name, s.substr(eq + 1));
  }
  auto database = open_existing(target);
  if (!database) return database.error();
  auto record = db::read_record(*database, id);
  if (!record) return record.error();
  if (!*record) return failure(Code::argument, "there is no game " + std::to_string(id));
  auto loaded = parse_record(**record, target + "#" + std::to_string(id));
  if (!loaded) return loaded.error();
  Game& game = *loaded;
  std::vector<TagEdit> edits;
  for (const auto& [name, value] : wanted) {
    TagEdit e{name, std::string(game.tag_value(name)), value};
    if (e.before == e.after) continue;
    if (value.empty())
      std::erase_if(game.tags, [&](const Tag& t) { return t.name == name; });
    else
      game.set_tag(name, value);
    edits.push_back(std::move(e));
  }
  if (edits.empty()) return edits;
  sort_tags_canonically(game.tags);
  std::string text;
  append_ppn(text, game);
  if (auto st = db::set_game_tags(*database, id, game.tags, text); !st) return st.error();
  return edits;
}

Result<db::MergedPlayers> merge_players(const std::string& target, const std::string& from, const std::string& into) {
  auto database = open_existing(target);
  if (!database) return database.error();
  return db::merge_players(*database, from, into);
}

}  // namespace ppn::app
