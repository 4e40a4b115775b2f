// A stored game read back as a Game (see stored_game.hpp).
#include "cli/stored_game.hpp"

#include "parser/parser.hpp"

namespace ppn::cli {

using db::missing_text_message;
using db::read_record;
using db::StoredRecord;

std::variant<Game, std::string> load_game(db::Database& database, std::int64_t id, const std::string& name) {
  auto read = read_record(database, id);
  if (auto* err = std::get_if<std::string>(&read)) return *err;
  const auto& rec = std::get<std::optional<StoredRecord>>(read);
  if (!rec) return "no game " + std::to_string(id);
  return parse_record(*rec, name);
}

std::variant<Game, std::string> parse_record(const db::StoredRecord& r, const std::string& name) {
  if (!r.ppn) return missing_text_message(r);
  const auto id = r.id;
  auto parsed = parser::parse_all(*r.ppn, name);
  // The text was printed by ppn from a game it parsed: a failure here is a damaged database.
  if (!parsed.errors.empty()) {
    std::string why = parsed.errors.front().format();
    while (!why.empty() && why.back() == '\n') why.pop_back();
    return "the stored text of game " + std::to_string(id) + " does not parse: " + why;
  }
  if (parsed.games.size() != 1)
    return "the stored text of game " + std::to_string(id) + " holds " + std::to_string(parsed.games.size()) + " games";
  return std::move(parsed.games.front());
}

}  // namespace ppn::cli
