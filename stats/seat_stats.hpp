// The per-seat statistics of a game, declared once: PPN_SEAT_STATS below is the one list of
// them, and everything else follows from it:
//   * analysis: the fields of SeatFigures (the base of analysis::SeatStats), what
//     analysis::compute_game_stats counts into, and how totals add them (add_figures);
//   * db: the seat_stats columns (db/schema.cpp, in migration 3 and 4 and, for a statistic added
//     later, the migration of its `since` version), the INSERT both writers use (db/game_rows.hpp)
//     and the sums `ppn stats --db` reads back (db/stored_stats.cpp);
//   * cli: the fields of the `ppn stats --format json` player record (cli/json_records.cpp) and
//     the rows of the text report (cli/stats_command.cpp);
//   * tests/docs_seat_stats_test.cpp: db/SCHEMA.md and docs/JSON_OUTPUT.md list exactly these.
// Header only and free of the other libraries, so that analysis, db and cli all see it without
// db linking analysis (README "Layout").
//
// Adding a statistic is its row here and its computation in analysis/game_stats.cpp (plus a
// line in db/SCHEMA.md and docs/JSON_OUTPUT.md, which the docs test asks for).
//
// The columns of a row:
//   field    the SeatFigures member;
//   shape    count: one int (one column, a JSON number); by_where: a CaptureCounts (three
//            columns COLUMN_unsafe, _safe, _entry; a JSON object {unsafe, safe, entry, total});
//   sums     how totals over seats combine it: sum (added) or max (the largest). Either way only
//            the seats observed count: a seat with no roll in the record has no figures (NULL in
//            the database, which sum() and max() skip; analysis::PlayerTotals::add leaves it out),
//            and a player none of whose seats was observed has none (JSON null, no text rows);
//   boards   both, or parcheesi: the figure does not exist on a Ludo board (JSON null, no text);
//   seen     the rolls it is counted on (RollsSeen): own (the seat's own rolls) or all (every
//            seat's: a capture suffered or a roll stopped by a blockade happens on an opponent's
//            roll, and an [Observer] seat's third doublet may be thrown unseen in a stretch,
//            notation/SPEC.md 3.4). A record with stretches of unseen plays does not hold every
//            roll: there an `all` figure is not observed for any seat, and an `own` one only for
//            its [Observer] seats (whose every roll it holds). A figure not observed is NULL in
//            the database, left out of totals like an unobserved seat's figures, and JSON null
//            and "not observed" in the text when no seat of the totals observed it;
//   since    the schema version whose migration adds its column: 3 for those of migration 3
//            (created there and in migration 4), else a version above every released one, whose
//            migration (db/schema.cpp) is then an ALTER TABLE ADD COLUMN made from this row;
//   column   the seat_stats column (by_where: the prefix of its three);
//   json     the key in the JSON player record;
//   text     the row of the text report on a Parcheesi board and on a Ludo board (Ludo words:
//            tokens, blocks, the yard). "": no row (rolls: the block's first line says it). A
//            text beginning with two spaces starts a line; any other continues the line before
//            it (and is left out with it). A leading '?' prints the line only when the figure is
//            not 0. In the text, {} is the figure (a by_where figure: "total (unsafe u, safe s,
//            entry e)"; "not observed" when no seat of the totals observed it) and {%} the figure
//            as a share of the rolls ("n/rolls (p%)").
//
// Order: the order of the struct, of the columns in the INSERT and the sums, of the JSON fields
// and of the text rows. (The seat_stats table keeps the column order of migration 4, which is
// this order.)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

// clang-format off
#define PPN_SEAT_STATS(X)                                                                                          \
  /* field                  shape     sums boards     seen since column                    json                 */ \
  /*                        text (Parcheesi)                    text (Ludo)                                    */  \
  X(rolls,                  count,    sum, both,      own, 3,    "rolls",                  "rolls",                \
                            "",                                 "")                                                \
  X(pawns_entered,          count,    sum, both,      own, 3,    "pawns_entered",          "pawns_entered",        \
                            "  pawns entered       {}",         "  tokens entered      {}")                        \
  X(captures_made,          by_where, sum, both,      own, 3,    "captures_made",          "captures_made",        \
                            "  captures made       {}",         "  captures made       {}")                        \
  X(captures_suffered,      by_where, sum, both,      all, 3,    "captures_suffered",      "captures_suffered",    \
                            "  captures suffered   {}",         "  captures suffered   {}")                        \
  X(bonuses_earned,         count,    sum, both,      own, 3,    "bonuses_earned",         "bonuses_earned",       \
                            "  bonuses             earned {}",  "?  bonuses             earned {}")                \
  X(bonuses_played,         count,    sum, both,      own, 3,    "bonuses_played",         "bonuses_played",       \
                            ", played {}",                      ", played {}")                                     \
  X(bonuses_forfeited,      count,    sum, both,      own, 3,    "bonuses_forfeited",      "bonuses_forfeited",    \
                            ", forfeited {}",                   ", forfeited {}")                                  \
  X(doublets,               count,    sum, both,      own, 3,    "doublets",               "doublets",             \
                            "  doublets            {%} rolls",  "  sixes               {%} rolls")                 \
  X(four_part,              count,    sum, parcheesi, own, 3,    "four_part",              "four_part_bonuses",    \
                            "; 4-part bonuses {}",              "")                                                \
  X(penalties,              count,    sum, both,      all, 3,    "penalties",              "penalties",            \
                            "; third-doublet penalties {}",     "; third-six penalties {}")                        \
  X(blockades_formed,       count,    sum, both,      own, 3,    "blockades_formed",       "blockades_formed",     \
                            "  blockades           formed {}",  "  blocks              formed {}")                 \
  X(opponent_rolls_blocked, count,    sum, both,      all, 3,    "opponent_rolls_blocked", "opponent_rolls_blocked",\
                            ", opponent rolls stopped {}",      ", opponent rolls stopped {}")                     \
  X(no_play,                count,    sum, both,      own, 3,    "no_play",                "no_play",              \
                            "  no legal play       {%} rolls",  "  no legal play       {%} rolls")                 \
  X(nest_rolls,             count,    sum, both,      own, 3,    "nest_rolls",             "nest_rolls",           \
                            "  in the nest         {%} rolls",  "  in the yard         {%} rolls")
// clang-format on

namespace ppn::stats {

// Where a captured pawn stood (analysis/README.md "Statistics"): an ordinary square, another
// safety (only profiles that allow it), an ENTER space. Its names are the column suffixes and
// the JSON keys of a by_where figure.
enum class CaptureWhere : std::uint8_t { unsafe = 0, safe = 1, entry = 2 };
inline constexpr std::array<std::string_view, 3> kCaptureWhereNames = {"unsafe", "safe", "entry"};

struct CaptureCounts {
  std::array<int, 3> by_where{};  // indexed by CaptureWhere
  int total() const { return by_where[0] + by_where[1] + by_where[2]; }
  void add(const CaptureCounts& o) {
    for (int i = 0; i < 3; ++i) by_where[i] += o.by_where[i];
  }
};

enum class Shape : std::uint8_t { count, by_where };
enum class Sums : std::uint8_t { sum, max };
enum class Boards : std::uint8_t { both, parcheesi };
enum class Seen : std::uint8_t { own, all };

// Which rolls the record of a seat's game holds: every roll of this seat (`own`), every roll of
// the game (`all`, which implies `own`). A record without stretches of unseen plays holds both.
struct RollsSeen {
  bool own = true, all = true;
};

// One row of PPN_SEAT_STATS.
struct SeatStat {
  std::string_view field;
  Shape shape;
  Sums sums;
  Boards boards;
  Seen seen;
  int since;
  std::string_view column;
  std::string_view json;
  std::array<std::string_view, 2> text;  // [0] Parcheesi, [1] Ludo

  constexpr int columns() const { return shape == Shape::by_where ? 3 : 1; }
  // The name of column `part` (0 .. columns() - 1).
  std::string column_name(int part) const {
    std::string c(column);
    if (shape == Shape::by_where) (c += '_') += kCaptureWhereNames[static_cast<std::size_t>(part)];
    return c;
  }
  constexpr bool on_board(bool ludo) const { return !ludo || boards == Boards::both; }
  constexpr std::string_view text_on(bool ludo) const { return text[ludo ? 1 : 0]; }
  // Whether an observed seat's figure is known, given the rolls its record holds.
  constexpr bool seen_in(RollsSeen r) const { return seen == Seen::own ? r.own : r.all; }
};

inline constexpr std::array kSeatStats = {
#define PPN_SEAT_STAT_ROW(field, shape, sums, boards, seen, since, column, json, text_parcheesi, text_ludo) \
  SeatStat{#field, Shape::shape, Sums::sums, Boards::boards, Seen::seen, since, column, json, {text_parcheesi, text_ludo}},
    PPN_SEAT_STATS(PPN_SEAT_STAT_ROW)
#undef PPN_SEAT_STAT_ROW
};

// Every text has its figure ({} or {%}); a '?' comes first or not at all.
static_assert([] {
  for (const auto& s : kSeatStats)
    for (auto text : s.text) {
      if (text.empty()) continue;
      const auto at = text.find('{');
      if (at == std::string_view::npos || (text.substr(at, 2) != "{}" && text.substr(at, 3) != "{%}")) return false;
      if (text.find('?', 1) != std::string_view::npos) return false;
    }
  return true;
}(), "a text of PPN_SEAT_STATS without its {} or {%}, or with a '?' not first");

// The seat_stats columns of the statistics, in order.
inline constexpr int kSeatStatColumns = [] {
  int n = 0;
  for (const auto& s : kSeatStats) n += s.columns();
  return n;
}();

// The schema version of the newest statistic's column.
inline constexpr int kSeatStatsSince = [] {
  int v = 0;
  for (const auto& s : kSeatStats) v = s.since > v ? s.since : v;
  return v;
}();

namespace detail {
template <Shape> struct FieldOf;
template <> struct FieldOf<Shape::count> { using type = int; };
template <> struct FieldOf<Shape::by_where> { using type = CaptureCounts; };
}  // namespace detail

// The figures of one seat (or their totals over seats), one member per row.
struct SeatFigures {
#define PPN_SEAT_STAT_FIELD(field, shape, ...) typename detail::FieldOf<Shape::shape>::type field{};
  PPN_SEAT_STATS(PPN_SEAT_STAT_FIELD)
#undef PPN_SEAT_STAT_FIELD
};

// Whether a figure (a member of SeatFigures) is a by_where one.
template <class T>
inline constexpr bool is_by_where = std::is_same_v<std::decay_t<T>, CaptureCounts>;

// Calls f(const SeatStat&, figure&) for every row in order; `Figures` is SeatFigures, const or
// not (or a class derived from it).
template <class Figures, class F>
void for_each_figure(Figures& s, F&& f) {
  std::size_t i = 0;
#define PPN_SEAT_STAT_VISIT(field, ...) f(kSeatStats[i++], s.field);
  PPN_SEAT_STATS(PPN_SEAT_STAT_VISIT)
#undef PPN_SEAT_STAT_VISIT
}

// Calls f(std::optional<int>) with the value of every column in order (the values of a
// seat_stats row): nullopt for a figure the record does not show (SeatStat::seen_in).
template <class F>
void for_each_column_value(const SeatFigures& s, RollsSeen seen, F&& f) {
  for_each_figure(s, [&](const SeatStat& row, const auto& v) {
    const bool known = row.seen_in(seen);
    if constexpr (is_by_where<decltype(v)>)
      for (int n : v.by_where) f(known ? std::optional<int>(n) : std::nullopt);
    else
      f(known ? std::optional<int>(v) : std::nullopt);
  });
}

// Sets every figure from the columns in order: next() gives the value of the next column.
template <class Next>
void read_column_values(SeatFigures& s, Next&& next) {
  for_each_figure(s, [&](const SeatStat&, auto& v) {
    if constexpr (is_by_where<decltype(v)>)
      for (int& n : v.by_where) n = next();
    else
      v = next();
  });
}

// Adds the figures of one seat into totals, each as its row sums: those its record shows.
inline void add_figures(SeatFigures& total, const SeatFigures& s, RollsSeen seen = {}) {
  std::size_t i = 0;
  const auto combine = [](Sums how, int& t, int v) { t = how == Sums::max ? (v > t ? v : t) : t + v; };
#define PPN_SEAT_STAT_ADD(field, ...)                                                  \
  [&](const SeatStat& row, auto& t, const auto& v) {                                   \
    if (!row.seen_in(seen)) return;                                                    \
    if constexpr (is_by_where<decltype(v)>)            \
      for (std::size_t w = 0; w < 3; ++w) combine(row.sums, t.by_where[w], v.by_where[w]); \
    else                                                                               \
      combine(row.sums, t, v);                                                         \
  }(kSeatStats[i++], total.field, s.field);
  PPN_SEAT_STATS(PPN_SEAT_STAT_ADD)
#undef PPN_SEAT_STAT_ADD
}

}  // namespace ppn::stats
