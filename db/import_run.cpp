#include "db/import_run.hpp"

#include <atomic>
#include <condition_variable>
#include <ctime>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "db/schema.hpp"

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

namespace {
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

// Two stages on two threads: the reader thread takes each game from the reader stage and turns
// it into GameRows (pure computation), the calling thread stores them. A bounded queue of
// recycled GameRows sits in between, so memory stays bounded and the vectors are reused.
FileReport import_games(Importer& imp, const std::string& name, const GameReader& read) {
  const ImportOptions& opts = imp.options();
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
  std::string reader_error, reader_sqlstate;

  const double writer_cpu0 = thread_cpu_seconds();
  std::thread reader([&] {
    const double cpu0 = thread_cpu_seconds();
    try {
      // The reader's own read-only connection: a game whose checksum is already committed is
      // a duplicate without being replayed (re-imports run at parsing speed). Games stored by
      // the open transaction are not visible here; store() checks again and finds them.
      Database seen_db(imp.path(), Database::Mode::read_only);
      // A game stored before schema version 3 without statistics, or before version 5 without
      // its record text, is replayed all the same: store() adds them.
      Statement seen(seen_db,
                     "SELECT 1 FROM games g JOIN game_race r ON r.game_id = g.id "
                     "JOIN game_text t ON t.game_id = g.id WHERE g.checksum = ?1");
      read(
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
            } else make_game_rows(game, opts.replay, *rows);
            std::lock_guard lock(m);
            ready.push_back(std::move(rows));
            cv.notify_all();
          },
          [&] {
            std::lock_guard lock(m);
            ++c.syntax_errors;
          });
    } catch (const DbError& e) {
      std::lock_guard lock(m);
      reader_error = e.what();
      reader_sqlstate = e.sqlstate;
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
          std::lock_guard lock(m);
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
          spare.push_back(std::move(rows));
          cv.notify_all();
          continue;
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
          case ImportOutcome::duplicate: ++c.duplicates; break;
          case ImportOutcome::prefix_duplicate: ++c.prefix_duplicates; break;
        }
        if (g.replay.stop_run) {
          rep.stop_run = true;
          cancel = true;
        }
        if (imp.games_in_transaction() >= opts.batch_games) imp.commit();
      }
      std::lock_guard lock(m);
      spare.push_back(std::move(rows));
      cv.notify_all();
    }
    reader.join();
    if (!reader_error.empty()) throw DbError(0, "reading " + name + ": " + reader_error, reader_sqlstate);
    imp.commit();
    const auto completed = imp.take_completed();
    c.stats_added = completed.stats;
    c.text_added = completed.text;
    rep.writer_cpu_seconds = thread_cpu_seconds() - writer_cpu0;
  } catch (const DbError& e) {
    {
      std::lock_guard lock(m);
      cancel = true;
      cv.notify_all();
    }
    if (reader.joinable()) reader.join();
    imp.rollback();  // this file's uncommitted games
    rep.added_ids.clear();  // rolled back
    rep.db_error = describe_db_error(imp.path(), e);
  }
  return rep;
}

}  // namespace ppn::db
