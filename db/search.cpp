#include "db/search.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>

#include "db/position_blob.hpp"
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

Result<Table> find_position(Database& db, std::string_view id, bool ignore_turn) {
  auto parsed = parse_position_id(id);
  if (auto* e = std::get_if<PositionIdError>(&parsed))
    return failure(Code::argument, "position ID, column " + std::to_string(e->offset + 1) + ": " + e->message);
  const auto& desc = std::get<PositionDesc>(parsed);
  if (!desc.pending.empty())
    return failure(Code::argument, "a position in the middle of a roll is never stored (drop the [parts])");
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
    return failure(Code::database, e.what());
  }
  // Both readings in one statement (one round trip to a server): the Parcheesi one's hash,
  // position and turn are ?1, ?2, ?3, the Ludo one's ?4, ?5, ?6; a reading the ID does not fit
  // has a NULL hash, which matches nothing.
  const std::string is_ludo = "CASE WHEN g.variant IN (" + ludo_variants + ") THEN 1 ELSE 0 END";
  std::string first_error;
  bool any = false;
  try {
    Statement q(db,
                "SELECT p.game_id AS game, g.source_file AS file, r.line AS line, " + roll_number +
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
      const auto pos = replay::position_from_desc(desc, ludo ? rules::make_ludo52(rules::LudoSafes::starts_and_stars)
                                                             : rules::kParcheesi68);
      std::string error;
      if (!pos) error = pos.error().message;
      else if (!desc.find(desc.to_move))
        error = "the seat to move (" + std::string(colour_name(desc.to_move)) + ") has no pawns in the position";
      if (!error.empty()) {
        if (first_error.empty()) first_error = "position ID: " + error;
        q.bind_null(at).bind_null(at + 1).bind_null(at + 2);
        continue;
      }
      any = true;
      q.bind(at, rules::compute_hash(*pos));
      q.bind_blob(at + 1, position_blob(*pos));
      q.bind(at + 2, rules::seat_of(desc.to_move) * 16 + desc.rerolls);
    }
    if (!any) return failure(Code::argument, first_error);
    Table found = collect(q);
    // Roll 0, the start: no position row holds it (a row is the position after its roll). A
    // game without [Setup] starts with every pawn of its seats in the nest (Hasbro 2001 rules,
    // Entering Your Pawns; Ludo rules, Gameplay), its first roll's seat to move, no doublet
    // thrown: such an ID is looked up among those games, on either board. A player's log
    // ([Observer], notation/SPEC.md 3.4) may begin after unseen rolls: its start is not known.
    const bool all_in_nest = std::all_of(desc.seats.begin(), desc.seats.end(), [](const SeatPawns& sp) {
      return sp.pawns.size() == rules::kPawnsPerSeat &&
             std::all_of(sp.pawns.begin(), sp.pawns.end(), [](Square q) { return q == Square::nest(); });
    });
    if (all_in_nest && desc.find(desc.to_move) && (ignore_turn || desc.rerolls == 0)) {
      std::string colours;
      for (const auto& sp : desc.seats) colours += (colours.empty() ? "'" : ", '") + std::string(colour_name(sp.seat)) + "'";
      Statement start(db,
                      "SELECT g.id AS game, g.source_file AS file, g.source_line AS line, 0 AS roll, "
                      "NULL AS colour, NULL AS dice, NULL AS play FROM games g JOIN rolls r ON r.id = g.id * " +
                          std::to_string(1 << kRollKeyShift) +
                          " WHERE (?1 = 1 OR r.colour = ?2) "
                          "AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.game_id = g.id AND t.name IN ('Setup', 'Observer')) "
                          "AND (SELECT count(*) FROM game_seats s WHERE s.game_id = g.id) = ?3 "
                          "AND (SELECT count(*) FROM game_seats s WHERE s.game_id = g.id AND s.colour IN (" + colours + ")) = ?3 "
                          "ORDER BY g.id");
      start.bind(1, ignore_turn ? 1 : 0);
      start.bind(2, std::string(colour_name(desc.to_move)));
      start.bind(3, static_cast<std::int64_t>(desc.seats.size()));
      Table starts = collect(start);
      // Each game's start before its rolls; games in the order of the rows found.
      auto game_of = [](const std::vector<Cell>& row) {
        const auto* id = std::get_if<std::int64_t>(&row[0]);
        return id ? *id : std::int64_t{0};
      };
      std::vector<std::vector<Cell>> rows;
      rows.reserve(found.rows.size() + starts.rows.size());
      std::size_t i = 0;
      for (auto& row : found.rows) {
        while (i < starts.rows.size() && game_of(starts.rows[i]) <= game_of(row)) rows.push_back(std::move(starts.rows[i++]));
        rows.push_back(std::move(row));
      }
      while (i < starts.rows.size()) rows.push_back(std::move(starts.rows[i++]));
      found.rows = std::move(rows);
    }
    return found;
  } catch (const DbError& e) {
    return failure(Code::database, e.what());
  }
}

Result<Pattern> parse_pattern(std::string_view text) {
  static constexpr std::string_view kPatterns =
      "the patterns are blockade-on-enter:C, home-path:C:N and near-home:C:K (C a colour)";
  const auto bad = [&](const std::string& why) {
    return failure(Code::argument, "pattern '" + std::string(text) + "': " + why);
  };
  const auto c1 = text.find(':');
  const auto kind = text.substr(0, c1);
  // The pattern's name first: an unknown one is named as such, whatever follows it.
  Pattern p;
  if (kind == "blockade-on-enter") p.kind = Pattern::Kind::blockade_on_enter;
  else if (kind == "home-path") p.kind = Pattern::Kind::home_path;
  else if (kind == "near-home") p.kind = Pattern::Kind::near_home;
  else return bad("unknown pattern '" + std::string(kind) + "'; " + std::string(kPatterns));
  if (c1 == std::string_view::npos) return bad("expected a colour after '" + std::string(kind) + ":'; " + std::string(kPatterns));
  auto rest = text.substr(c1 + 1);
  std::string_view col = rest, num;
  if (const auto c2 = rest.find(':'); c2 != std::string_view::npos) {
    col = rest.substr(0, c2);
    num = rest.substr(c2 + 1);
  }
  const auto c = colour_arg(col);
  if (!c) return bad(std::string("'").append(col).append("' is not a colour"));
  p.colour = *c;
  if (p.kind == Pattern::Kind::blockade_on_enter) {
    if (!num.empty()) return bad("blockade-on-enter takes a colour only");
    return p;
  }
  const auto n = int_arg(num);
  if (!n) return bad("expected a number after the colour");
  p.n = *n;
  return p;
}

namespace {

// A pattern on a position of a game on board `g`. Only blockade-on-enter asks the game itself
// (its blockades): the scan of find_pattern sets up a game for a stored position only when a
// pattern needs one (`game` null otherwise).
bool holds(const Pattern& p, const rules::Position& pos, const rules::Geometry& g, const rules::Game* game) {
  const int seat = rules::seat_of(p.colour);
  switch (p.kind) {
    case Pattern::Kind::blockade_on_enter: {
      // A blockade of any colour on the ring square that is the pattern colour's ENTER.
      const int enter_abs = g.abs_of(seat, 0);
      for (int s = 0; s < rules::kMaxSeats; ++s) {
        if (!pos.seat_present(s)) continue;
        for (const rules::Place at : game->blockades(rules::colour_of(s)))
          if (at.on_track(g) && g.abs_of_rel(s, at.rel()) == enter_abs) return true;
      }
      return false;
    }
    case Pattern::Kind::home_path: {
      if (!pos.seat_present(seat)) return false;
      int n = 0;
      for (const rules::Place at : pos.pawns(seat)) n += !at.in_nest() && g.on_home_path(at.rel());
      return n >= p.n;
    }
    case Pattern::Kind::near_home: {
      if (!pos.seat_present(seat)) return false;
      for (const rules::Place at : pos.pawns(seat))
        if (!at.in_nest() && !at.home(g) && g.steps_to_home(at.rel()) <= p.n) return true;
      return false;
    }
  }
  return false;
}

}  // namespace

bool matches(const Pattern& p, const rules::Game& game) { return holds(p, game.position(), game.geometry(), &game); }

Result<Table> find_pattern(Database& db, const std::vector<Pattern>& patterns,
                           const std::function<void(std::uint64_t positions)>& progress) {
  try {
    struct Hit {
      std::int64_t first = 0, last = 0, count = 0;
    };
    std::map<std::int64_t, Hit> hits;
    // The rules each game was replayed under (its profile, games.variant) and their board: what
    // its positions are judged on. A profile this build does not know is read as the Parcheesi
    // default's.
    struct Board {
      rules::Options options;
      rules::Geometry geometry;
    };
    const Board fallback{rules::Options{}, rules::geometry_of(rules::Options{})};
    std::map<std::string, Board, std::less<>> profiles;
    std::unordered_map<std::int64_t, const Board*> board_of;
    {
      Statement games(db, "SELECT id, variant FROM games");
      while (games.step()) {
        const std::string_view variant = games.get_text(1);
        auto it = profiles.find(variant);
        if (it == profiles.end()) {
          const auto o = rules::profile_options(variant);
          it = profiles.emplace(std::string(variant), o.ok() ? Board{*o.options, rules::geometry_of(*o.options)} : fallback).first;
        }
        board_of[games.get_int(0)] = &it->second;
      }
    }
    const bool needs_game = std::any_of(patterns.begin(), patterns.end(),
                                        [](const Pattern& p) { return p.kind == Pattern::Kind::blockade_on_enter; });
    Statement scan(db, "SELECT game_id, roll_index, pos, turn FROM positions", Statement::Kind::scan);
    std::uint64_t read = 0;
    while (scan.step()) {
      if (++read % 65536 == 0 && progress) progress(read);
      const auto pos = position_of_blob(scan.get_blob(2));
      if (!pos) continue;
      const auto game = scan.get_int(0);
      const auto known = board_of.find(game);
      const Board& board = known == board_of.end() ? fallback : *known->second;
      std::optional<rules::Game> at;
      if (needs_game) {
        // positions.turn: the seat to move * 16 + the doublets thrown in its turn.
        const auto turn = scan.get_int(3);
        std::array<Colour, rules::kMaxSeats> seats{};
        std::size_t n = 0;
        for (int s = 0; s < rules::kMaxSeats; ++s)
          if (pos->seat_present(s)) seats[n++] = rules::colour_of(s);
        at = rules::Game::at(board.options, *pos, std::span<const Colour>(seats.data(), n),
                             rules::colour_of(static_cast<int>(turn / 16 % rules::kMaxSeats)), static_cast<int>(turn % 16));
      }
      bool all = true;
      for (const auto& p : patterns)
        if (!holds(p, *pos, board.geometry, at ? &*at : nullptr)) {
          all = false;
          break;
        }
      if (!all) continue;
      const auto roll = scan.get_int(1) + 1;
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
    return failure(Code::database, e.what());
  }
}

}  // namespace ppn::db
