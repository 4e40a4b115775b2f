#include "db/importer.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <ctime>
#include <istream>
#include <mutex>
#include <thread>

#include "db/schema.hpp"
#include "notation/text_util.hpp"

namespace ppn::db {

void ImportCounts::add(const ImportCounts& o) {
  files += o.files;
  games += o.games;
  added += o.added;
  illegal += o.illegal;
  duplicates += o.duplicates;
  prefix_duplicates += o.prefix_duplicates;
  syntax_errors += o.syntax_errors;
  io_errors += o.io_errors;
  rolls += o.rolls;
  positions += o.positions;
  stats_added += o.stats_added;
  text_added += o.text_added;
}

std::string stored_source_path(const std::string& name) {
  if (name == "<stdin>") return name;
  std::error_code ec;
  auto abs = std::filesystem::absolute(name, ec);
  if (ec) return name;
  auto canonical = std::filesystem::weakly_canonical(abs, ec);
  return (ec ? abs : canonical).string();
}

std::string alias_key(std::string_view name) {
  std::string s = normalize_space(trim(name));
  for (auto& c : s) c = to_lower(c);
  return s;
}

namespace {
std::string_view colour_text(Colour c) { return colour_name(c); }

// The held positions' hash table (Importer::held_ids_): a power of two at least twice the
// most positions held at once, so that probes stay short.
constexpr std::size_t kHeldSlots = std::size_t{1} << 19;
static_assert(kHeldSlots >= 2 * (kPositionChunk + (std::size_t{1} << kRollKeyShift)));
std::size_t held_slot(std::int64_t hash) {
  // The position hashes are Zobrist sums, already uniform: the low bits index the table.
  return static_cast<std::size_t>(hash) & (kHeldSlots - 1);
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

struct Importer::Statements {
  Statement find_checksum, prefix_candidates, roll_line_hash, prefix_by_setup, prefix_by_line;
  Statement insert_game, insert_seat, insert_tag, insert_roll, insert_diag, insert_position;
  Statement find_alias, insert_player, insert_alias;
  Statement has_race, insert_race, insert_seat_stats, insert_seat_illegal;
  Statement has_text, insert_text, set_roll_number, set_source;

  explicit Statements(Database& db)
      : find_checksum(db, "SELECT id FROM games WHERE checksum = ?1"),
        prefix_candidates(db, "SELECT game_id FROM positions WHERE hash = ?1 AND roll_index = ?2"),
        roll_line_hash(db, "SELECT line_hash FROM rolls WHERE id = ?1"),
        prefix_by_setup(db, "SELECT id FROM games WHERE setup_hash = ?1 AND rolls > 0 LIMIT 1"),
        prefix_by_line(db,
                       "SELECT g.id FROM games g JOIN rolls r ON r.id = (g.id << 16) + ?2 "
                       "WHERE g.setup_hash = ?1 AND r.line_hash = ?3 AND g.rolls > ?2 + 1 LIMIT 1"),
        insert_game(db,
                    "INSERT INTO games(source_file, source_line, checksum, setup_hash, variant, players, result, "
                    "winner, finished, status, on_error, rolls, rolls_replayed, illegal_rolls) "
                    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"),
        insert_seat(db,
                    "INSERT INTO game_seats(game_id, colour, seat_order, player_id, player_name, finish_rank, won) "
                    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
        insert_tag(db, "INSERT INTO tags(game_id, ord, name, value) VALUES(?1, ?2, ?3, ?4)"),
        insert_roll(db,
                    "INSERT INTO rolls(id, game_id, roll_index, colour, die1, die2, play, legal, entries, captures, "
                    "arrivals, bonuses_earned, bonuses_used, bonuses_forfeited, penalty, line, line_hash, number) "
                    "VALUES(?17, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?18)"),
        insert_diag(db,
                    "INSERT INTO diagnostics(game_id, seq, roll_index, severity, code, message, line, col, "
                    "position_id, alternatives) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
        insert_position(db, "INSERT INTO positions(hash, id, pos, turn) VALUES(?1, ?2, ?3, ?4)"),
        find_alias(db, "SELECT player_id FROM player_aliases WHERE alias = ?1"),
        insert_player(db, "INSERT INTO players(name) VALUES(?1)"),
        insert_alias(db, "INSERT OR REPLACE INTO player_aliases(alias, player_id) VALUES(?1, ?2)"),
        has_race(db, "SELECT 1 FROM game_race WHERE game_id = ?1"),
        insert_race(db,
                    "INSERT INTO game_race(game_id, replayed, complete, rolls_replayed, lead_changes, stop_reason, "
                    "error, board) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
        insert_seat_stats(db, kInsertSeatStats),
        insert_seat_illegal(db, "INSERT INTO seat_illegal(game_id, colour, code, plays) VALUES(?1, ?2, ?3, ?4)"),
        has_text(db, "SELECT 1 FROM game_text WHERE game_id = ?1"),
        insert_text(db, "INSERT INTO game_text(game_id, ppn) VALUES(?1, ?2)"),
        set_roll_number(db, "UPDATE rolls SET number = ?2 WHERE id = ?1"),
        set_source(db, "UPDATE games SET source_file = ?2, source_line = ?3 WHERE id = ?1") {}
};


Importer::Importer(Database db, std::string path, ImportOptions opts)
    : db_(std::move(db)), path_(std::move(path)), opts_(std::move(opts)) {
  st_ = std::make_unique<Statements>(db_);
}

Importer::~Importer() = default;  // an open transaction rolls back

std::variant<std::unique_ptr<Importer>, std::string> Importer::open(const std::string& path, ImportOptions opts) {
  auto opened = open_for_writing(path);
  if (auto* err = std::get_if<std::string>(&opened)) return *err;
  try {
    std::unique_ptr<Importer> imp(new Importer(std::move(std::get<Database>(opened)), path, std::move(opts)));
    if (!imp->opts_.aliases.empty()) {
      for (const auto& a : imp->opts_.aliases) {
        const auto eq = a.find('=');
        if (eq == std::string::npos || alias_key(a.substr(0, eq)).empty() || alias_key(a.substr(eq + 1)).empty())
          return "--alias " + a + ": expected ALIAS=NAME";
      }
      for (const auto& a : imp->opts_.aliases) {
        const auto eq = a.find('=');
        imp->add_alias(a.substr(0, eq), a.substr(eq + 1));
      }
      imp->commit();
    }
    return imp;
  } catch (const SqliteError& e) {
    return describe_sqlite_error(path, e);
  }
}

std::int64_t Importer::player_id(const std::string& name) {
  const auto key = alias_key(name);
  if (auto it = players_.find(key); it != players_.end()) return it->second;
  auto& f = st_->find_alias;
  f.reset();
  f.bind(1, key);
  std::int64_t id = 0;
  if (f.step()) id = f.get_int(0);
  f.reset();
  if (id == 0) {
    st_->insert_player.bind(1, normalize_space(trim(name))).run();
    id = db_.last_insert_rowid();
    st_->insert_alias.bind(1, key).bind(2, id).run();
  }
  players_.emplace(key, id);
  return id;
}

// ALIAS becomes a spelling of NAME. When ALIAS was a player of its own, its games (and so its
// statistics, which the reports sum from the seats) move to NAME.
void Importer::add_alias(const std::string& alias, const std::string& name) {
  if (!tx_) tx_ = std::make_unique<Transaction>(db_);
  const auto key = alias_key(alias);
  const auto target = player_id(name);
  auto& f = st_->find_alias;
  f.reset();
  f.bind(1, key);
  const std::int64_t old = f.step() ? f.get_int(0) : 0;
  f.reset();
  if (old == target) return;
  if (old != 0) {
    Statement(db_, "UPDATE game_seats SET player_id = ?1 WHERE player_id = ?2").bind(1, target).bind(2, old).run();
    Statement(db_, "UPDATE player_aliases SET player_id = ?1 WHERE player_id = ?2").bind(1, target).bind(2, old).run();
    Statement(db_, "DELETE FROM players WHERE id = ?1").bind(1, old).run();
    for (auto& [k, id] : players_)
      if (id == old) id = target;
  }
  st_->insert_alias.bind(1, key).bind(2, target).run();
  players_[key] = target;
}

bool Importer::is_prefix_duplicate(const GameRows& g) {
  const auto n = static_cast<std::int64_t>(g.rolls.size());
  if (n == 0) {
    auto& q = st_->prefix_by_setup;
    q.bind(1, g.setup_hash);
    const bool found = q.step();
    q.reset();
    return found;
  }
  const std::uint64_t want = g.rolls.back().line_hash;
  if (!g.positions.empty() && g.positions.back().roll_index <= n - 1) {
    // A stored game with the same first n rolls went through the same positions: look its
    // candidates up by the last position's hash (the positions key, and the positions held
    // for this transaction), then compare
    // the checksum of their first n rolls.
    const auto& last = g.positions.back();
    auto& c = st_->prefix_candidates;
    c.bind(1, last.hash).bind(2, last.roll_index);
    std::vector<std::int64_t> ids;
    while (c.step()) ids.push_back(c.get_int(0));
    c.reset();
    if (!held_ids_.empty()) {
      const auto h = static_cast<std::int64_t>(last.hash);
      for (auto i = held_slot(h);; i = (i + 1) & (held_ids_.size() - 1)) {
        const auto [hash, key] = held_ids_[i];
        if (key == 0) break;
        if (hash == h && (key & 0xFFFF) == last.roll_index) ids.push_back(key >> kRollKeyShift);
      }
    }
    for (auto id : ids) {
      auto& r = st_->roll_line_hash;
      r.bind(1, roll_key(id, n - 1));
      const bool same = r.step() && static_cast<std::uint64_t>(r.get_int(0)) == want;
      r.reset();
      if (same) {
        // Stored games with more rolls only (equal length would be an exact duplicate).
        auto& more = st_->roll_line_hash;
        more.bind(1, roll_key(id, n));
        const bool longer = more.step();
        more.reset();
        if (longer) return true;
      }
    }
    return false;
  }
  // No position to look up (nothing replayed): compare with the games of the same setup.
  auto& q = st_->prefix_by_line;
  q.bind(1, g.setup_hash).bind(2, n - 1).bind(3, want);
  const bool found = q.step();
  q.reset();
  return found;
}

ImportOutcome Importer::store(const GameRows& g) {
  if (!tx_) tx_ = std::make_unique<Transaction>(db_);
  if (g.source_file != source_name_) {
    source_name_ = g.source_file;
    source_path_ = stored_source_path(g.source_file);
  }
  {
    auto& f = st_->find_checksum;
    f.bind(1, g.checksum);
    const bool dup = f.step();
    const std::int64_t stored = dup ? f.get_int(0) : 0;
    f.reset();
    if (dup) {
      // A game stored before schema version 3 has no statistics: its duplicate, replayed just
      // now, brings them (the reader only skips duplicates that have them).
      auto& h = st_->has_race;
      h.bind(1, stored);
      const bool has = h.step();
      h.reset();
      if (!has) {
        store_stats(stored, g);
        ++stats_added_;
      }
      // The same for the record text and the roll numbers of a game stored before schema
      // version 5 (the same checksum: the same rolls in the same order).
      auto& t = st_->has_text;
      t.bind(1, stored);
      const bool has_text = t.step();
      t.reset();
      if (!has_text) {
        st_->insert_text.bind(1, stored).bind_static(2, g.ppn).run();
        for (std::size_t i = 0; i < g.rolls.size(); ++i)
          st_->set_roll_number.bind(1, roll_key(stored, static_cast<std::int64_t>(i)))
              .bind(2, static_cast<std::int64_t>(g.rolls[i].number))
              .run();
        // The text stored is this file's record: the game's source is this file now, by its
        // absolute canonical path (a version-4 row kept the path as typed, often relative).
        st_->set_source.bind(1, stored).bind_static(2, source_path_)
            .bind(3, static_cast<std::int64_t>(g.source_line)).run();
        ++text_added_;
      }
      return ImportOutcome::duplicate;
    }
  }
  if (is_prefix_duplicate(g)) return ImportOutcome::prefix_duplicate;

  auto& ig = st_->insert_game;
  ig.bind_static(1, source_path_).bind(2, static_cast<std::int64_t>(g.source_line)).bind(3, g.checksum).bind(4, g.setup_hash);
  ig.bind(5, g.variant).bind(6, static_cast<std::int64_t>(g.seats.size()));
  if (g.result.empty()) ig.bind_null(7);
  else ig.bind(7, g.result);
  if (g.winner) ig.bind_static(8, colour_text(*g.winner));
  else ig.bind_null(8);
  ig.bind(9, g.finished ? 1 : 0).bind_static(10, g.legal ? "legal" : "illegal").bind(11, g.on_error);
  ig.bind(12, static_cast<std::int64_t>(g.rolls.size())).bind(13, g.rolls_replayed).bind(14, g.illegal_rolls);
  ig.run();
  const std::int64_t id = db_.last_insert_rowid();
  last_added_id_ = id;

  for (const auto& s : g.seats) {
    auto& is = st_->insert_seat;
    is.bind(1, id).bind_static(2, colour_text(s.colour)).bind(3, s.seat_order);
    if (s.player_name.empty()) is.bind_null(4).bind_null(5);
    else {
      is.bind(4, player_id(s.player_name)).bind(5, s.player_name);
    }
    if (s.finish_rank) is.bind(6, *s.finish_rank);
    else is.bind_null(6);
    is.bind(7, s.finish_rank == 1 ? 1 : 0);
    is.run();
  }
  st_->insert_text.bind(1, id).bind_static(2, g.ppn).run();
  for (std::size_t i = 0; i < g.tags.size(); ++i)
    st_->insert_tag.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind_static(3, g.tags[i].name).bind_static(4, g.tags[i].value).run();
  auto& ir = st_->insert_roll;
  for (std::size_t i = 0; i < g.rolls.size(); ++i) {
    const auto& r = g.rolls[i];
    ir.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind_static(3, colour_text(r.colour));
    ir.bind(4, static_cast<int>(r.die1)).bind(5, static_cast<int>(r.die2)).bind_static(6, r.play);
    if (r.legal) ir.bind(7, *r.legal ? 1 : 0);
    else ir.bind_null(7);
    const auto& e = r.events;
    ir.bind(8, static_cast<int>(e.entries)).bind(9, static_cast<int>(e.captures)).bind(10, static_cast<int>(e.arrivals));
    ir.bind(11, static_cast<int>(e.bonuses_earned)).bind(12, static_cast<int>(e.bonuses_used));
    ir.bind(13, static_cast<int>(e.bonuses_forfeited));
    ir.bind(14, r.kind == PlayKind::Penalty ? 1 : 0);
    ir.bind(15, static_cast<std::int64_t>(r.line)).bind(16, r.line_hash).bind(17, roll_key(id, static_cast<std::int64_t>(i)));
    ir.bind(18, static_cast<std::int64_t>(r.number));
    ir.run();
  }
  for (std::size_t i = 0; i < g.diagnostics.size(); ++i) {
    const auto& d = g.diagnostics[i];
    auto& id_ = st_->insert_diag;
    id_.bind(1, id).bind(2, static_cast<std::int64_t>(i));
    if (d.roll_index >= 0) id_.bind(3, d.roll_index);
    else id_.bind_null(3);
    id_.bind_static(4, d.severity == replay::Severity::error ? "error" : "warning").bind_static(5, d.name()).bind(6, d.text());
    id_.bind(7, static_cast<std::int64_t>(d.line)).bind(8, static_cast<std::int64_t>(d.column));
    if (d.position_id.empty()) id_.bind_null(9);
    else id_.bind(9, d.position_id);
    if (d.alternatives.empty()) id_.bind_null(10);
    else {
      std::string alts;
      for (const auto& a : d.alternatives) (alts += alts.empty() ? "" : " | ") += a;
      id_.bind(10, alts);
    }
    id_.run();
  }
  for (const auto& p : g.positions) {
    const auto key = roll_key(id, p.roll_index);
    const auto h = static_cast<std::int64_t>(p.hash);
    held_.push_back({h, key, p.pos, p.turn});
    if (held_ids_.empty()) held_ids_.resize(kHeldSlots);
    auto i = held_slot(h);
    while (held_ids_[i].second != 0) i = (i + 1) & (kHeldSlots - 1);
    held_ids_[i] = {h, key};
  }
  if (held_.size() >= kPositionChunk) flush_positions();
  store_stats(id, g);
  ++in_tx_;
  return ImportOutcome::added;
}

void Importer::store_stats(std::int64_t id, const GameRows& g) {
  const auto& gs = g.seat_stats;
  auto& r = st_->insert_race;
  r.bind(1, id).bind(2, gs.replayed ? 1 : 0).bind(3, gs.complete ? 1 : 0).bind(4, gs.rolls_replayed);
  r.bind(5, gs.lead_changes);
  if (gs.stop_reason.empty()) r.bind_null(6);
  else r.bind_static(6, gs.stop_reason);
  if (gs.error.empty()) r.bind_null(7);
  else r.bind_static(7, gs.error);
  r.bind_static(8, gs.ludo ? "ludo" : "parcheesi");
  r.run();
  if (!gs.replayed) return;  // nothing was counted (ppn stats: "not counted")
  auto& is = st_->insert_seat_stats;
  for (std::size_t k = 0; k < gs.seat_order.size(); ++k) {
    const Colour c = gs.seat_order[k];
    const auto& s = gs.seats[static_cast<std::size_t>(c)];
    is.bind(1, id).bind_static(2, colour_text(c)).bind(3, static_cast<int>(k) + 1);
    is.bind(22, s.race_start).bind(23, s.race_end);
    if (s.place > 0) is.bind(24, s.place);
    else is.bind_null(24);
    is.bind(26, s.observed ? 1 : 0).bind(27, s.place == 1 ? 1 : 0);
    if (!s.observed) {  // no figures of its own: NULL, not zero (db/SCHEMA.md seat_stats)
      for (int col : kUnobservedSeatNullParams) is.bind_null(col);
      is.run();
      continue;
    }
    is.bind(4, s.rolls).bind(5, s.pawns_entered);
    for (int w = 0; w < 3; ++w) is.bind(6 + w, s.captures_made.by_where[static_cast<std::size_t>(w)]);
    for (int w = 0; w < 3; ++w) is.bind(9 + w, s.captures_suffered.by_where[static_cast<std::size_t>(w)]);
    is.bind(12, s.bonuses_earned).bind(13, s.bonuses_played).bind(14, s.bonuses_forfeited).bind(15, s.doublets);
    is.bind(16, s.four_part).bind(17, s.penalties).bind(18, s.blockades_formed).bind(19, s.opponent_rolls_blocked);
    is.bind(20, s.no_play).bind(21, s.nest_rolls);
    is.bind(25, s.illegal_total());
    is.run();
    for (const auto& [code, n] : s.illegal)
      st_->insert_seat_illegal.bind(1, id).bind_static(2, colour_text(c)).bind_static(3, code).bind(4, n).run();
  }
}

void Importer::flush_positions() {
  sort_by_key(held_);
  auto& ip = st_->insert_position;
  for (const auto& p : held_) {
    ip.bind(1, p.hash).bind(2, p.id);
    ip.bind_blob_static(3, std::span<const std::uint8_t>(&p.pos.pawns[0][0], sizeof p.pos)).bind(4, static_cast<int>(p.turn));
    ip.run();
  }
  drop_positions();
}

void Importer::drop_positions() {
  held_.clear();
  std::fill(held_ids_.begin(), held_ids_.end(), std::pair<std::int64_t, std::int64_t>{});
}

void Importer::commit() {
  if (tx_) {
    flush_positions();
    tx_->commit();
  }
  tx_.reset();
  in_tx_ = 0;
}

// Two stages on two threads: a reader parses each game and replays it into GameRows (pure
// computation), the calling thread stores them. A bounded queue of recycled GameRows sits in
// between, so memory stays bounded and the vectors are reused.
FileReport Importer::import_stream(std::istream& in, const std::string& name, const parser::ErrorHandler& on_error) {
  FileReport rep;
  auto& c = rep.counts;
  c.files = 1;
  constexpr std::size_t kQueue = 64;
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::unique_ptr<GameRows>> ready, spare;
  std::size_t live = 0;  // GameRows allocated
  bool reader_done = false;
  std::atomic<bool> cancel = false;
  std::string reader_error;

  const double writer_cpu0 = thread_cpu_seconds();
  std::thread reader([&] {
    const double cpu0 = thread_cpu_seconds();
    try {
      // The reader's own read-only connection: a game whose checksum is already committed is
      // a duplicate without being replayed (re-imports run at parsing speed). Games stored by
      // the open transaction are not visible here; store() checks again and finds them.
      Database seen_db(path_, Database::Mode::read_only);
      // A game stored before schema version 3 without statistics, or before version 5 without
      // its record text, is replayed all the same: store() adds them.
      Statement seen(seen_db,
                     "SELECT 1 FROM games g JOIN game_race r ON r.game_id = g.id "
                     "JOIN game_text t ON t.game_id = g.id WHERE g.checksum = ?1");
      parser::parse_stream(
          in, name,
          [&](Game& game) {
            if (cancel.load(std::memory_order_relaxed)) return;
            std::unique_ptr<GameRows> rows;
            {
              std::unique_lock lock(m);
              cv.wait(lock, [&] { return !spare.empty() || live < kQueue || cancel.load(); });
              if (cancel.load()) return;
              if (!spare.empty()) {
                rows = std::move(spare.front());
                spare.pop_front();
              } else {
                rows = std::make_unique<GameRows>();
                ++live;
              }
            }
            const auto sum = game_checksum(game);
            seen.bind(1, sum);
            const bool known = seen.step();
            seen.reset();
            if (known) {
              rows->known_duplicate = true;
              rows->checksum = sum;
            } else make_game_rows(game, opts_.replay, *rows);
            std::lock_guard lock(m);
            ready.push_back(std::move(rows));
            cv.notify_all();
          },
          [&](const parser::ParseError& e) {
            std::lock_guard lock(m);
            ++c.syntax_errors;
            if (on_error) on_error(e);
          });
    } catch (const std::exception& e) {
      std::lock_guard lock(m);
      reader_error = e.what();
    }
    std::lock_guard lock(m);
    rep.reader_cpu_seconds = thread_cpu_seconds() - cpu0;
    reader_done = true;
    cv.notify_all();
  });

  try {
    for (;;) {
      std::unique_ptr<GameRows> rows;
      {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return !ready.empty() || reader_done; });
        if (ready.empty()) break;
        rows = std::move(ready.front());
        ready.pop_front();
      }
      if (!rep.stop_run) {
        const auto& g = *rows;
        if (!g.known_duplicate && g.rolls.size() >= (std::size_t{1} << kRollKeyShift)) {
          // rolls.id / positions.id hold the roll index in 16 bits (db/SCHEMA.md).
          parser::ParseError e;
          e.file = g.source_file;
          e.line = g.source_line;
          e.column = 1;
          e.message = "a game of " + std::to_string(g.rolls.size()) + " rolls: the database holds at most 65,535 per game";
          std::lock_guard lock(m);
          ++c.syntax_errors;
          if (on_error) on_error(e);
          spare.push_back(std::move(rows));
          cv.notify_all();
          continue;
        }
        ++c.games;
        switch (g.known_duplicate ? ImportOutcome::duplicate : store(g)) {
          case ImportOutcome::added:
            ++c.added;
            c.illegal += !g.legal;
            c.rolls += g.rolls.size();
            c.positions += g.positions.size();
            if (!rep.added_ids.empty() && rep.added_ids.back().second + 1 == last_added_id_)
              rep.added_ids.back().second = last_added_id_;
            else rep.added_ids.emplace_back(last_added_id_, last_added_id_);
            if (!g.diagnostics.empty() && opts_.on_diagnostics) opts_.on_diagnostics(g, last_added_id_);
            break;
          case ImportOutcome::duplicate: ++c.duplicates; break;
          case ImportOutcome::prefix_duplicate: ++c.prefix_duplicates; break;
        }
        if (g.stop_run) {
          rep.stop_run = true;
          cancel = true;
        }
        if (in_tx_ >= opts_.batch_games) commit();
      }
      std::lock_guard lock(m);
      spare.push_back(std::move(rows));
      cv.notify_all();
    }
    reader.join();
    if (!reader_error.empty()) throw SqliteError(0, "reading " + name + ": " + reader_error);
    commit();
    c.stats_added = stats_added_;
    c.text_added = text_added_;
    stats_added_ = 0;
    text_added_ = 0;
    rep.writer_cpu_seconds = thread_cpu_seconds() - writer_cpu0;
  } catch (const SqliteError& e) {
    {
      std::lock_guard lock(m);
      cancel = true;
      cv.notify_all();
    }
    if (reader.joinable()) reader.join();
    tx_.reset();  // rolls back this file's uncommitted games
    in_tx_ = 0;
    players_.clear();
    stats_added_ = 0;
    text_added_ = 0;
    drop_positions();
    rep.added_ids.clear();  // rolled back
    rep.db_error = describe_sqlite_error(path_, e);
  }
  return rep;
}

}  // namespace ppn::db
