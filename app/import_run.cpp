#include "app/import_run.hpp"

#include <atomic>
#include <ctime>
#include <memory>
#include <utility>

#include "app/game_rows.hpp"
#include "app/stop_request.hpp"
#include "db/schema.hpp"
#include "parallel/ordered_work.hpp"
#include "parallel/recycler.hpp"

namespace ppn::app {

using namespace db;  // the store this layer drives

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

namespace {
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}


// A worker's read-only connection: a game whose checksum is already committed is a duplicate
// without being replayed (re-imports run at parsing speed). Games stored by the open
// transaction are not visible here; store() checks again and finds them. A game stored before
// schema version 3 without statistics, before version 5 without its record text, or before
// version 7 (statistics counted without knowing the unseen stretches), is replayed all the
// same: store() adds or recounts them.
struct SeenCheck {
  std::unique_ptr<Database> db;
  std::unique_ptr<Statement> seen;
  // The stored game's id, 0 when there is none.
  std::int64_t known(const std::string& path, std::uint64_t checksum) {
    if (!seen) {
      // Both or neither: a failure here (the server gone) leaves none for the next game to use.
      auto d = std::make_unique<Database>(path, Database::Mode::read_only);
      auto s = std::make_unique<Statement>(*d,
                                           "SELECT g.id FROM games g JOIN game_race r ON r.game_id = g.id "
                                           "JOIN game_text t ON t.game_id = g.id WHERE g.checksum = ?1 "
                                           "AND r.unseen_stretches IS NOT NULL");
      db = std::move(d);
      seen = std::move(s);
    }
    seen->bind(1, checksum);
    const std::int64_t id = seen->step() ? seen->get_int(0) : 0;
    seen->reset();
    return id;
  }
};

// The reader stage's games, each a job of `work`: read (when the reader stage did not), checked
// and replayed on a worker, then stored (or reported) by `deliver` on the calling thread, in
// input order.
class Feed final : public ImportFeed {
 public:
  using Deliver = std::function<void(std::shared_ptr<const GameRows>)>;
  // Workers even for one job: the writer stores while a worker reads and replays.
  Feed(const Importer& imp, const std::string& name, Deliver deliver, std::function<void(Report)> deliver_unread)
      : imp_(imp),
        name_(name),
        deliver_(std::move(deliver)),
        deliver_unread_(std::move(deliver_unread)),
        work_(imp.options().jobs, 16, 0, parallel::OrderedWork::One::thread) {}

  // Delivers every game handed over.
  void finish() { work_.finish(); }

  std::atomic<bool> cancel = false;      // after --on-error stop or a database error
  std::atomic<std::int64_t> worker_ns = 0;  // CPU time of the jobs

  void game(Game& g) override {
    if (cancel.load(std::memory_order_relaxed)) return;
    auto taken = games_.take();
    std::swap(*taken, g);
    work_.submit([this, taken = std::move(taken)]() -> parallel::OrderedWork::Deliver { return prepared(*taken); });
  }

  void read_later(Read read) override {
    if (cancel.load(std::memory_order_relaxed)) return;
    work_.submit([this, read = std::move(read)]() -> parallel::OrderedWork::Deliver {
      if (cancel.load(std::memory_order_relaxed)) return {};
      const auto g = games_.take();
      if (auto report = read(*g)) return [this, report = std::move(report)] { deliver_unread_(report); };
      return prepared(*g);
    });
  }

  void unread(Report report) override {
    work_.submit([this, report = std::move(report)]() -> parallel::OrderedWork::Deliver {
      return [this, report] { deliver_unread_(report); };
    });
  }

 private:
  // On a worker: the game's rows, or only its checksum when the database holds it already.
  parallel::OrderedWork::Deliver prepared(const Game& game) {
    if (cancel.load(std::memory_order_relaxed)) return {};
    const double cpu0 = thread_cpu_seconds();
    auto rows = rows_.take();
    try {
      const auto seen = checks_.take();
      const auto sum = game_checksum(game);
      if (const auto stored = seen->known(imp_.path(), sum)) {
        rows->known_duplicate = true;
        rows->known_as = stored;
        rows->checksum = sum;
      } else make_game_rows(game, imp_.options().replay, *rows);
    } catch (const DbError& e) {
      throw DbError(e.code, "reading " + name_ + ": " + e.what(), e.sqlstate);
    } catch (const std::exception& e) {
      throw DbError(0, "reading " + name_ + ": " + e.what());
    }
    worker_ns.fetch_add(static_cast<std::int64_t>((thread_cpu_seconds() - cpu0) * 1e9), std::memory_order_relaxed);
    return [this, rows = std::shared_ptr<const GameRows>(std::move(rows))] { deliver_(rows); };
  }

  const Importer& imp_;
  const std::string& name_;
  Deliver deliver_;
  std::function<void(Report)> deliver_unread_;
  parallel::Recycler<Game> games_;
  parallel::Recycler<GameRows> rows_;
  parallel::Recycler<SeenCheck> checks_;  // one per worker at most
  // Last: destroyed first, its workers done with the jobs before what they use goes.
  parallel::OrderedWork work_;
};

}  // namespace

FileReport import_games(Importer& imp, const std::string& name, const GameReader& read, FileEnd end,
                        const std::function<void(const ImportCounts&)>& stored) {
  const ImportOptions& opts = imp.options();
  FileReport rep;
  auto& c = rep.counts;
  c.files = 1;
  const double writer_cpu0 = thread_cpu_seconds();

  // On this thread, in input order: store a game's rows, or count and report what was unread.
  auto store = [&](const GameRows& g) {
    if (rep.stop_run || rep.interrupted) return;
    // Between two games: the one in hand is not stored, those before it are whole.
    if (stop_requested()) {
      rep.interrupted = true;
      return;
    }
    if (!g.known_duplicate && g.rolls.size() >= (std::size_t{1} << kRollKeyShift)) {
      // rolls.id / positions.id hold the roll index in 16 bits (db/SCHEMA.md).
      ++c.syntax_errors;
      if (opts.on_refused) {
        RefusedGame refused;
        refused.code = Code::syntax;
        refused.file = g.source_file;
        refused.line = g.source_line;
        refused.column = 1;
        refused.message = "a game of " + std::to_string(g.rolls.size()) + " rolls: the database holds at most 65,535 per game";
        opts.on_refused(refused);
      }
      return;
    }
    ++c.games;
    switch (g.known_duplicate ? ImportOutcome::duplicate : imp.store(g)) {
      case ImportOutcome::added: {
        const auto id = imp.last_added_id();
        ++c.added;
        c.illegal += !g.replay.legal;
        c.rolls += g.rolls.size();
        c.positions += g.replay.positions.size();
        if (!rep.added_ids.empty() && rep.added_ids.back().second + 1 == id) rep.added_ids.back().second = id;
        else rep.added_ids.emplace_back(id, id);
        if (!g.replay.diagnostics.empty() && opts.on_diagnostics) opts.on_diagnostics(g, id);
        break;
      }
      case ImportOutcome::duplicate:
        ++c.duplicates;
        rep.duplicate_of.push_back(g.known_duplicate ? g.known_as : imp.last_matched_id());
        break;
      case ImportOutcome::prefix_duplicate:
        ++c.prefix_duplicates;
        rep.duplicate_of.push_back(imp.last_matched_id());
        break;
    }
    if (g.replay.stop_run) rep.stop_run = true;
    if (imp.games_in_transaction() >= opts.batch_games) imp.commit();
  };
  auto unread = [&](const ImportFeed::Report& report) {
    if (rep.interrupted) return;
    ++c.syntax_errors;
    if (report) report();
  };
  Feed feed(
      imp, name,
      [&](const std::shared_ptr<const GameRows>& rows) {
        store(*rows);
        if (rep.stop_run || rep.interrupted) feed.cancel = true;
        else if (stored) stored(c);
      },
      unread);
  try {
    read(feed);
    feed.finish();
    if (end == FileEnd::commit) imp.commit();
    const auto completed = imp.take_completed();
    c.stats_added = completed.stats;
    c.text_added = completed.text;
  } catch (const DbError& e) {
    feed.cancel = true;
    imp.rollback();  // the uncommitted games (this file's, and those of files a kept-open transaction held)
    rep.added_ids.clear();  // rolled back
    rep.db_error = describe_db_error(imp.path(), e);
  }
  rep.writer_cpu_seconds = thread_cpu_seconds() - writer_cpu0;
  rep.reader_cpu_seconds = static_cast<double>(feed.worker_ns.load()) * 1e-9;
  return rep;
}

}  // namespace ppn::app
