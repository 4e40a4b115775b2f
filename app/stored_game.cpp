// A stored game read back as a Game (see stored_game.hpp).
#include "app/stored_game.hpp"

#include "parser/parser.hpp"

namespace ppn::app {

using db::missing_text_message;
using db::read_record;
using db::StoredRecord;

Result<Game> load_game(db::Database& database, std::int64_t id, const std::string& name) {
  auto read = read_record(database, id);
  if (!read) return read.error();
  const auto& rec = *read;
  if (!rec) return failure(Code::database, "no game " + std::to_string(id));
  return parse_record(*rec, name);
}

Result<std::vector<std::int64_t>> chosen_game_ids(db::Database& database, const std::vector<std::int64_t>& games,
                                                  const std::string& where, const std::string& sql) {
  if (!games.empty()) return games;
  if (!sql.empty()) return db::select_game_ids(database, sql);
  return db::select_game_ids_where(database, where);
}

Result<Game> parse_record(const db::StoredRecord& r, const std::string& name) {
  if (!r.ppn) return failure(Code::database, missing_text_message(r));
  const auto id = r.id;
  auto parsed = parser::parse_all(*r.ppn, name);
  // The text was printed by ppn from a game it parsed: a failure here is a damaged database.
  if (!parsed.errors.empty()) {
    std::string why = parsed.errors.front().format();
    while (!why.empty() && why.back() == '\n') why.pop_back();
    return failure(Code::database, "the stored text of game " + std::to_string(id) + " does not parse: " + why);
  }
  if (parsed.games.size() != 1)
    return failure(Code::database, "the stored text of game " + std::to_string(id) + " holds " +
                                       std::to_string(parsed.games.size()) + " games");
  return std::move(parsed.games.front());
}

}  // namespace ppn::app
