#include "db/search.hpp"

#include <charconv>
#include <cstring>
#include <map>
#include <optional>

#include "db/schema.hpp"
#include "notation/position_id.hpp"
#include "replay/bridge.hpp"

namespace ppn::db {

namespace {

std::optional<Colour> colour_arg(std::string_view s) {
  if (s.size() == 1) return colour_from_letter(s[0]);
  return colour_from_name(s);
}

std::optional<int> int_arg(std::string_view s) {
  int v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

}  // namespace

std::variant<Table, std::string> find_position(Database& db, std::string_view id, bool ignore_turn) {
  auto parsed = parse_position_id(id);
  if (auto* e = std::get_if<PositionIdError>(&parsed))
    return "position ID, column " + std::to_string(e->offset + 1) + ": " + e->message;
  const auto& desc = std::get<PositionDesc>(parsed);
  if (!desc.pending.empty()) return std::string("a position in the middle of a roll is never stored (drop the [parts])");
  // A position ID does not say its board: the same text is a Parcheesi position (h1-h7, HOME
  // 71 steps on) and, when it fits, a Ludo one (h1-h5, the finish 56 steps on). Each reading is
  // looked up among the games of its own board.
  std::string ludo_variants;
  for (auto p : rules::profile_list())
    if (rules::is_ludo_profile(p)) ludo_variants += (ludo_variants.empty() ? "'" : ", '") + std::string(p) + "'";
  // The roll as numbered in the record (what `--at` takes); schema version 5 stores it, older
  // databases have the 1-based main-line index only.
  std::string roll_number = "p.roll_index + 1";
  try {
    if (has_record_text(db)) roll_number = "coalesce(r.number, p.roll_index + 1)";
  } catch (const DbError& e) {
    return std::string(e.what());
  }
  // Both readings in one statement (one round trip to a server): the Parcheesi one's hash,
  // position and turn are ?1, ?2, ?3, the Ludo one's ?4, ?5, ?6; a reading the ID does not fit
  // has a NULL hash, which matches nothing.
  const std::string is_ludo = "CASE WHEN g.variant IN (" + ludo_variants + ") THEN 1 ELSE 0 END";
  std::string first_error;
  bool any = false;
  try {
    Statement q(db,
                "SELECT p.game_id AS game, g.source_file AS file, g.source_line AS line, " + roll_number +
                    " AS roll, "
                    "r.colour, r.die1 || CASE WHEN r.die2 > 0 THEN '-' || r.die2 ELSE '' END AS dice, r.play "
                    "FROM positions p JOIN games g ON g.id = p.game_id "
                    "JOIN rolls r ON r.id = p.id "
                    "WHERE (p.hash = ?1 AND p.pos = ?2 AND (?7 = 1 OR p.turn = ?3) AND " + is_ludo + " = 0) "
                    "OR (p.hash = ?4 AND p.pos = ?5 AND (?7 = 1 OR p.turn = ?6) AND " + is_ludo + " = 1) "
                    "ORDER BY " + is_ludo + ", p.game_id, p.roll_index");
    q.bind(7, ignore_turn ? 1 : 0);
    for (const bool ludo : {false, true}) {
      const int at = ludo ? 4 : 1;
      // Ludo: the board with the most safe squares, where tokens of two colours may share one
      // (the bytes of a position do not depend on which squares are safe).
      auto st = replay::state_from_desc(desc, ludo ? rules::make_ludo52(rules::LudoSafes::starts_and_stars)
                                                   : rules::kParcheesi68);
      if (auto* e = std::get_if<std::string>(&st)) {
        if (first_error.empty()) first_error = "position ID: " + *e;
        q.bind_null(at).bind_null(at + 1).bind_null(at + 2);
        continue;
      }
      const auto& gs = std::get<rules::GameState>(st);
      any = true;
      q.bind(at, rules::compute_hash(gs.pos));
      q.bind_blob(at + 1, std::span<const std::uint8_t>(&gs.pos.pawns[0][0], sizeof gs.pos));
      q.bind(at + 2, gs.to_move * 16 + gs.doublets);
    }
    if (!any) return first_error;
    return collect(q);
  } catch (const DbError& e) {
    return std::string(e.what());
  }
}

std::variant<Pattern, std::string> parse_pattern(std::string_view text) {
  static constexpr std::string_view kPatterns =
      "the patterns are blockade-on-enter:C, home-path:C:N and near-home:C:K (C a colour)";
  const auto c1 = text.find(':');
  const auto kind = text.substr(0, c1);
  // The pattern's name first: an unknown one is named as such, whatever follows it.
  Pattern p;
  if (kind == "blockade-on-enter") p.kind = Pattern::Kind::blockade_on_enter;
  else if (kind == "home-path") p.kind = Pattern::Kind::home_path;
  else if (kind == "near-home") p.kind = Pattern::Kind::near_home;
  else return "pattern '" + std::string(text) + "': unknown pattern '" + std::string(kind) + "'; " + std::string(kPatterns);
  if (c1 == std::string_view::npos) return "pattern '" + std::string(text) + "': expected a colour after '" + std::string(kind) + ":'; " + std::string(kPatterns);
  auto rest = text.substr(c1 + 1);
  std::string_view col = rest, num;
  if (const auto c2 = rest.find(':'); c2 != std::string_view::npos) {
    col = rest.substr(0, c2);
    num = rest.substr(c2 + 1);
  }
  const auto c = colour_arg(col);
  if (!c) return "pattern '" + std::string(text) + "': '" + std::string(col) + "' is not a colour";
  p.colour = *c;
  if (p.kind == Pattern::Kind::blockade_on_enter) {
    if (!num.empty()) return "pattern '" + std::string(text) + "': blockade-on-enter takes a colour only";
    return p;
  }
  const auto n = int_arg(num);
  if (!n) return "pattern '" + std::string(text) + "': expected a number after the colour";
  p.n = *n;
  return p;
}

bool matches(const Pattern& p, const rules::Position& pos) {
  const auto& g = rules::kParcheesi68;
  const int seat = static_cast<int>(p.colour);
  switch (p.kind) {
    case Pattern::Kind::blockade_on_enter: {
      const int enter_abs = g.abs_of(seat, 0);
      for (int s = 0; s < rules::kMaxSeats; ++s) {
        if (!pos.seat_present(s)) continue;
        int here = 0;
        for (auto b : pos.pawns[s]) {
          const int rel = rules::rel_of_byte(b);
          if (b != rules::kNest && g.on_track(rel) && g.abs_of_rel(s, rel) == enter_abs) ++here;
        }
        if (here >= 2) return true;
      }
      return false;
    }
    case Pattern::Kind::home_path: {
      if (!pos.seat_present(seat)) return false;
      int n = 0;
      for (auto b : pos.pawns[seat]) n += b != rules::kNest && g.on_home_path(rules::rel_of_byte(b));
      return n >= p.n;
    }
    case Pattern::Kind::near_home: {
      if (!pos.seat_present(seat)) return false;
      for (auto b : pos.pawns[seat]) {
        const int rel = rules::rel_of_byte(b);
        if (b != rules::kNest && rel != g.home && g.steps_to_home(rel) <= p.n) return true;
      }
      return false;
    }
  }
  return false;
}

std::variant<Table, std::string> find_pattern(Database& db, const std::vector<Pattern>& patterns) {
  try {
    struct Hit {
      std::int64_t first = 0, last = 0, count = 0;
    };
    std::map<std::int64_t, Hit> hits;
    Statement scan(db, "SELECT game_id, roll_index, pos FROM positions", Statement::Kind::scan);
    while (scan.step()) {
      const auto blob = scan.get_blob(2);
      if (blob.size() != sizeof(rules::Position)) continue;
      rules::Position pos;
      std::memcpy(&pos, blob.data(), sizeof pos);
      bool all = true;
      for (const auto& p : patterns)
        if (!matches(p, pos)) {
          all = false;
          break;
        }
      if (!all) continue;
      const auto game = scan.get_int(0), roll = scan.get_int(1) + 1;
      auto [it, fresh] = hits.try_emplace(game, Hit{roll, roll, 0});
      auto& h = it->second;
      h.first = std::min(h.first, roll);
      h.last = std::max(h.last, roll);
      ++h.count;
    }
    Table t;
    t.columns = {"game", "file", "line", "first_roll", "last_roll", "rolls"};
    Statement info(db, "SELECT source_file, source_line FROM games WHERE id = ?1");
    // The roll as numbered in the record (what `--at` takes); before schema version 5 the
    // number was not stored: the 1-based main-line index.
    const bool numbered = has_record_text(db);
    std::optional<Statement> number_of;
    if (numbered) number_of.emplace(db, "SELECT number FROM rolls WHERE id = ?1");
    auto recorded = [&](std::int64_t game, std::int64_t roll) -> std::int64_t {
      if (!number_of) return roll;
      number_of->bind(1, roll_key(game, roll - 1));
      const std::int64_t n = number_of->step() && !number_of->is_null(0) ? number_of->get_int(0) : roll;
      number_of->reset();
      return n;
    };
    for (const auto& [game, h] : hits) {
      info.bind(1, game);
      std::vector<Cell> row{game};
      if (info.step()) {
        row.emplace_back(std::string(info.get_text(0)));
        row.emplace_back(info.get_int(1));
      } else {
        row.emplace_back(std::monostate{});
        row.emplace_back(std::monostate{});
      }
      info.reset();
      row.emplace_back(recorded(game, h.first));
      row.emplace_back(recorded(game, h.last));
      row.emplace_back(h.count);
      t.rows.push_back(std::move(row));
    }
    return t;
  } catch (const DbError& e) {
    return std::string(e.what());
  }
}

}  // namespace ppn::db
