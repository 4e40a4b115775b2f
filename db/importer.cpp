#include "db/importer.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>
#include <utility>

#include "db/schema.hpp"

namespace ppn::db {

std::string stored_source_path(const std::string& name) {
  if (name == "<stdin>") return name;
  std::error_code ec;
  auto abs = std::filesystem::absolute(name, ec);
  if (ec) return name;
  auto canonical = std::filesystem::weakly_canonical(abs, ec);
  return (ec ? abs : canonical).string();
}

namespace {
std::string_view colour_text(Colour c) { return colour_name(c); }

// How often store() tries a game whose guarded statement the server broke off (the second try
// waits holding nothing, so it cannot deadlock; the rest is for serialization failures), and how
// long it waits before trying again (retry_backoff, db/connection.hpp).
constexpr int kStoreAttempts = 8;
}  // namespace

Importer::Importer(Database db, std::string path, ImportOptions opts)
    : db_(std::move(db)),
      path_(std::move(path)),
      opts_(std::move(opts)),
      st_(db_),
      players_db_(db_.is_postgres() ? std::make_unique<Database>(path_) : nullptr),
      players_(db_, players_db_ ? *players_db_ : db_) {}

Importer::~Importer() = default;

Result<std::unique_ptr<Importer>> Importer::open(const std::string& path, ImportOptions opts) {
  auto opened = open_for_writing(path);
  if (!opened) return opened.error();
  if (auto err = check_aliases(opts.aliases); !err.empty()) return failure(Code::argument, err);
  try {
    std::unique_ptr<Importer> imp(new Importer(std::move(*opened), path, std::move(opts)));
    if (!imp->opts_.aliases.empty()) {
      // SQLite: one transaction. PostgreSQL: each alias's merge is a transaction of its own
      // (PlayerAliases::add_alias), as the new players and spellings written through their own
      // connection commit at once (db/player_aliases.hpp); a transaction around them all would
      // hold rows that connection waits for.
      if (!imp->db_.is_postgres()) imp->tx_ = std::make_unique<Transaction>(imp->db_);
      for (const auto& a : imp->opts_.aliases) {
        const auto eq = a.find('=');
        imp->players_.add_alias(a.substr(0, eq), a.substr(eq + 1));
      }
      imp->commit();
    }
    return imp;
  } catch (const DbError& e) {
    return failure(Code::database, describe_db_error(path, e));
  }
}

std::int64_t Importer::prefix_duplicate_of(const GameRows& g) {
  const auto n = static_cast<std::int64_t>(g.rolls.size());
  if (n == 0) {
    auto& q = st_.prefix_by_setup;
    q.bind(1, g.setup_hash);
    const std::int64_t found = q.step() ? q.get_int(0) : 0;
    q.reset();
    return found;
  }
  const std::uint64_t want = g.rolls.back().line_hash;
  const auto& positions = g.replay.positions;
  if (!positions.empty() && positions.back().roll_index <= n - 1) {
    // A stored game with the same first n rolls went through the same positions: look its
    // candidates up by the last position's hash (the positions key, and the positions held
    // for this transaction), then compare
    // the checksum of their first n rolls.
    const auto& last = positions.back();
    auto& c = st_.prefix_candidates;
    c.bind(1, last.hash).bind(2, last.roll_index);
    std::vector<std::int64_t> ids;
    while (c.step()) ids.push_back(c.get_int(0));
    c.reset();
    held_.find(last.hash, last.roll_index, ids);
    for (auto id : ids) {
      auto& r = st_.roll_line_hash;
      r.bind(1, roll_key(id, n - 1));
      const bool same = r.step() && static_cast<std::uint64_t>(r.get_int(0)) == want;
      r.reset();
      if (same) {
        // Stored games with more rolls only (equal length would be an exact duplicate).
        auto& more = st_.roll_line_hash;
        more.bind(1, roll_key(id, n));
        const bool longer = more.step();
        more.reset();
        if (longer) return id;
      }
    }
    return 0;
  }
  // No position to look up (nothing replayed): compare with the games of the same setup.
  auto& q = st_.prefix_by_line;
  q.bind(1, g.setup_hash).bind(2, n - 1).bind(3, want);
  const std::int64_t found = q.step() ? q.get_int(0) : 0;
  q.reset();
  return found;
}

ImportOutcome Importer::store(const GameRows& g) {
  if (g.source_file != source_name_) {
    source_name_ = g.source_file;
    source_path_ = stored_source_path(g.source_file);
  }
  for (int attempt = 1;; ++attempt) {
    if (!tx_) tx_ = std::make_unique<Transaction>(db_);
    const std::int64_t added_before = last_added_id_;
    const Completed completed_before = completed_;
    ImportOutcome outcome{};
    Savepoint game(db_);
    try {
      outcome = store_once(g);
      game.release();
    } catch (const DbError& e) {
      // Two importers each waited for a game the other's open transaction holds (PostgreSQL
      // broke the deadlock here), or could not be serialized, at any statement of this game (its
      // own row, a player added through the other connection, rows sent for COPY). The savepoint
      // undoes the whole game, the rows held for COPY included; then commit the games before it
      // (whole games), so that the other importer goes on, and store this game again in a new
      // transaction: it waits holding nothing, and finds the game stored by the other (a
      // duplicate) or stores it.
      if (!e.retryable() || attempt == kStoreAttempts) throw;
      game.undo();
      last_added_id_ = added_before;
      completed_ = completed_before;
      commit();
      ++retries_;
      std::this_thread::sleep_for(retry_backoff(attempt));
      continue;
    }
    // The positions held fill a chunk: they go in with the commit, so that each walk of the
    // positions B-tree is a whole chunk (db/held_positions.hpp). Outside the retry: a commit
    // that fails is the caller's error (its games rolled back), never a game stored again.
    if (held_.full()) commit();
    return outcome;
  }
}

ImportOutcome Importer::store_once(const GameRows& g) {
  {
    auto& f = st_.find_checksum;
    f.bind(1, g.checksum);
    const bool dup = f.step();
    const std::int64_t stored = dup ? f.get_int(0) : 0;
    f.reset();
    if (dup) {
      last_matched_id_ = stored;
      // A game stored before schema version 3 has no statistics: its duplicate, replayed just
      // now, brings them (the reader only skips duplicates that have them). One stored before
      // version 7 has them as they were counted then, over the rolls its record shows even
      // where it does not show them all (unseen_stretches NULL): they are counted again.
      auto& h = st_.has_race;
      h.bind(1, stored);
      const bool has = h.step();
      const bool current = has && h.get_int(0) != 0;
      h.reset();
      if (!current) {
        if (has)
          for (Statement* d : {&st_.delete_seat_illegal, &st_.delete_seat_stats, &st_.delete_race}) d->bind(1, stored).run();
        store_stats(stored, g);
        ++completed_.stats;
      }
      // The same for the record text and the roll numbers of a game stored before schema
      // version 5 (the same checksum: the same rolls in the same order).
      auto& t = st_.has_text;
      t.bind(1, stored);
      const bool has_text = t.step();
      t.reset();
      if (!has_text) {
        // The updates first: when one of them is broken off by a deadlock, store() runs this
        // again, and the text (which has_text looks for) is written only once they are done.
        for (std::size_t i = 0; i < g.rolls.size(); ++i)
          st_.set_roll_number.bind(1, roll_key(stored, static_cast<std::int64_t>(i)))
              .bind(2, static_cast<std::int64_t>(g.rolls[i].number))
              .run();
        // The text stored is this file's record: the game's source is this file now, by its
        // absolute canonical path (a version-4 row kept the path as typed, often relative).
        st_.set_source.bind(1, stored).bind_static(2, source_path_)
            .bind(3, static_cast<std::int64_t>(g.source_line)).run();
        st_.insert_text.bind(1, stored).bind_static(2, g.ppn).run();
        ++completed_.text;
      }
      return ImportOutcome::duplicate;
    }
  }
  if ((last_matched_id_ = prefix_duplicate_of(g)) != 0) return ImportOutcome::prefix_duplicate;

  auto& ig = st_.insert_game;
  ig.bind_static(1, source_path_).bind(2, static_cast<std::int64_t>(g.source_line)).bind(3, g.checksum).bind(4, g.setup_hash);
  const auto& rp = g.replay;
  ig.bind(5, rp.profile).bind(6, static_cast<std::int64_t>(rp.seats.size()));
  if (g.result.empty()) ig.bind_null(7);
  else ig.bind(7, g.result);
  if (rp.winner) ig.bind_static(8, colour_text(*rp.winner));
  else ig.bind_null(8);
  ig.bind(9, rp.finished ? 1 : 0).bind_static(10, rp.legal ? "legal" : "illegal").bind(11, g.on_error);
  ig.bind(12, static_cast<std::int64_t>(g.rolls.size())).bind(13, rp.rolls_replayed).bind(14, rp.illegal_rolls);
  // No row back: another importer stored this game since find_checksum looked (the checksum is
  // unique and the database settles the conflict), so it is a duplicate here.
  const bool inserted = ig.step();
  const std::int64_t id = inserted ? ig.get_int(0) : 0;
  ig.reset();
  if (!inserted) {
    auto& f = st_.find_checksum;
    last_matched_id_ = f.bind(1, g.checksum).step() ? f.get_int(0) : 0;
    f.reset();
    return ImportOutcome::duplicate;
  }
  last_added_id_ = id;

  for (const auto& s : rp.seats) {
    auto& is = st_.insert_seat;
    is.bind(1, id).bind_static(2, colour_text(s.colour)).bind(3, s.seat_order);
    if (s.player_name.empty()) is.bind_null(4).bind_null(5);
    else {
      is.bind(4, players_.player_id(s.player_name)).bind(5, s.player_name);
    }
    if (s.finish_rank) is.bind(6, *s.finish_rank);
    else is.bind_null(6);
    is.bind(7, s.finish_rank == 1 ? 1 : 0);
    is.run();
  }
  st_.insert_text.bind(1, id).bind_static(2, g.ppn).run();
  for (std::size_t i = 0; i < g.tags.size(); ++i)
    st_.insert_tag.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind_static(3, g.tags[i].name).bind_static(4, g.tags[i].value).run();
  auto& ir = st_.insert_roll;
  for (std::size_t i = 0; i < g.rolls.size(); ++i) {
    const auto& r = g.rolls[i];
    ir.bind(1, id).bind(2, static_cast<std::int64_t>(i)).bind_static(3, colour_text(r.colour));
    ir.bind(4, static_cast<int>(r.die1)).bind(5, static_cast<int>(r.die2)).bind_static(6, r.play);
    const auto& outcome = rp.rolls[i];
    if (outcome.legal) ir.bind(7, *outcome.legal ? 1 : 0);
    else ir.bind_null(7);
    const auto& e = outcome.events;
    ir.bind(8, static_cast<int>(e.entries)).bind(9, static_cast<int>(e.captures)).bind(10, static_cast<int>(e.arrivals));
    ir.bind(11, static_cast<int>(e.bonuses_earned)).bind(12, static_cast<int>(e.bonuses_used));
    ir.bind(13, static_cast<int>(e.bonuses_forfeited));
    ir.bind(14, r.kind == PlayKind::Penalty ? 1 : 0);
    ir.bind(15, static_cast<std::int64_t>(r.line)).bind(16, r.line_hash).bind(17, roll_key(id, static_cast<std::int64_t>(i)));
    ir.bind(18, static_cast<std::int64_t>(r.number));
    ir.run();
  }
  for (std::size_t i = 0; i < rp.diagnostics.size(); ++i) {
    const auto& d = rp.diagnostics[i];
    auto& id_ = st_.insert_diag;
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
  store_stats(id, g);
  // Last: a game its savepoint undid holds no positions (Importer::store).
  held_.add(id, rp.positions);
  ++in_tx_;
  return ImportOutcome::added;
}

void Importer::store_stats(std::int64_t id, const GameRows& g) {
  const auto& gs = g.seat_stats;
  auto& r = st_.insert_race;
  r.bind(1, id).bind(2, gs.replayed ? 1 : 0).bind(3, gs.complete ? 1 : 0).bind(4, gs.rolls_replayed);
  r.bind(5, gs.lead_changes);
  if (gs.stop_reason.empty()) r.bind_null(6);
  else r.bind_static(6, gs.stop_reason);
  if (gs.error.empty()) r.bind_null(7);
  else r.bind_static(7, gs.error);
  r.bind_static(8, gs.ludo ? "ludo" : "parcheesi");
  r.bind(9, gs.unseen_stretches);
  r.run();
  if (!gs.replayed) return;  // nothing was counted (ppn stats: "not counted")
  auto& is = st_.insert_seat_stats;
  for (std::size_t k = 0; k < gs.seat_order.size(); ++k) {
    const Colour c = gs.seat_order[k];
    const auto& s = gs.seats[static_cast<std::size_t>(c)];
    is.bind(seat_param::game_id, id).bind_static(seat_param::colour, colour_text(c));
    is.bind(seat_param::seat_order, static_cast<int>(k) + 1);
    is.bind(seat_param::race_start, s.race_start).bind(seat_param::race_end, s.race_end);
    if (s.place > 0) is.bind(seat_param::place, s.place);
    else is.bind_null(seat_param::place);
    is.bind(seat_param::observed, s.observed ? 1 : 0).bind(seat_param::won, s.place == 1 ? 1 : 0);
    if (!s.observed) {  // no figures of its own: NULL, not zero (db/SCHEMA.md seat_stats)
      for (int col : kUnobservedSeatNullParams) is.bind_null(col);
      is.run();
      continue;
    }
    int p = seat_param::first_figure;
    // A figure the record did not show (a partial view) is NULL, not 0 (db/SCHEMA.md seat_stats).
    stats::for_each_column_value(s, s.rolls_seen, [&](std::optional<int> v) {
      if (v) is.bind(p++, *v);
      else is.bind_null(p++);
    });
    is.bind(seat_param::illegal, s.illegal_total());
    is.run();
    for (const auto& [code, n] : s.illegal)
      st_.insert_seat_illegal.bind(1, id).bind_static(2, colour_text(c)).bind_static(3, code).bind(4, n).run();
  }
}

void Importer::commit() {
  if (tx_) {
    held_.insert(st_.insert_position);
    tx_->commit();
    ++commits_;
  }
  tx_.reset();
  in_tx_ = 0;
}

void Importer::rollback() {
  tx_.reset();  // rolls back
  in_tx_ = 0;
  players_.forget();
  completed_ = {};
  held_.drop();
}

Importer::Completed Importer::take_completed() { return std::exchange(completed_, {}); }

}  // namespace ppn::db
