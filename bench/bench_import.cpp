#include "bench/bench_import.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sqlite3.h>

#include "analysis/selfplay.hpp"
#include "bench/bench_util.hpp"
#include "bench/bench_import_server.hpp"
#include "app/game_rows.hpp"
#include "app/import_reader.hpp"
#include "app/import_run.hpp"
#include "db/schema.hpp"
#include "db/search.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"

namespace ppn::bench {

namespace {

// The peak resident memory of this process (VmHWM), and its reset (Linux: writing 5 to
// clear_refs), so that each import's own peak is measured.
long peak_rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  return 0;
}
void reset_peak_rss() { std::ofstream("/proc/self/clear_refs") << "5"; }

std::size_t rows_of(const db::GameRows& g) {
  std::size_t seat_rows = 0;
  if (g.seat_stats.replayed)
    for (Colour c : g.seat_stats.seat_order) seat_rows += 1 + g.seat_stats.seats[static_cast<std::size_t>(c)].illegal.size();
  const auto& rp = g.replay;
  return 3 + rp.seats.size() + g.tags.size() + g.rolls.size() + rp.positions.size() + rp.diagnostics.size() + seat_rows;
}

// The baseline: the same rows with nothing but the sqlite3 C API (no wrapper, no parsing, no
// replay, no duplicate checks), one transaction. Returns seconds.
double raw_insert(const std::string& path, const std::vector<db::GameRows>& games) {
  {
    auto created = db::open_for_writing(path);  // the same schema and settings
    if (!created) throw std::runtime_error(created.error().message);
  }
  sqlite3* h = nullptr;
  if (sqlite3_open(path.c_str(), &h) != SQLITE_OK) throw std::runtime_error("cannot open " + path);
  auto exec = [&](const char* sql) {
    if (sqlite3_exec(h, sql, nullptr, nullptr, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(h));
  };
  exec("PRAGMA journal_mode=WAL");
  exec(db::kWriterPragmas);  // as db::configure_connection
  auto prep = [&](const char* sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(h, sql, -1, &s, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(h));
    return s;
  };
  auto done = [&](sqlite3_stmt* s) {
    if (sqlite3_step(s) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(h));
    sqlite3_reset(s);
  };
  BenchTimer t;
  sqlite3_stmt* game = prep(
      "INSERT INTO games(source_file, source_line, checksum, setup_hash, variant, players, result, winner, finished, "
      "status, on_error, rolls, rolls_replayed, illegal_rolls) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14)");
  sqlite3_stmt* seat = prep(
      "INSERT INTO game_seats(game_id, colour, seat_order, player_id, player_name, finish_rank, won) "
      "VALUES(?1,?2,?3,NULL,NULL,?4,?5)");
  sqlite3_stmt* tag = prep("INSERT INTO tags(game_id, ord, name, value) VALUES(?1,?2,?3,?4)");
  sqlite3_stmt* roll = prep(
      "INSERT INTO rolls(id, game_id, roll_index, colour, die1, die2, play, legal, entries, captures, arrivals, "
      "bonuses_earned, bonuses_used, bonuses_forfeited, penalty, line, line_hash, number) "
      "VALUES(?17,?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?18)");
  sqlite3_stmt* pos = prep("INSERT INTO positions(hash, id, pos, turn) VALUES(?1,?2,?3,?4)");
  sqlite3_stmt* race = prep(
      "INSERT INTO game_race(game_id, replayed, complete, rolls_replayed, lead_changes, stop_reason, error, board, "
      "unseen_stretches) VALUES(?1,?2,?3,?4,?5,?6,?7,?8,?9)");
  sqlite3_stmt* seat_stats = prep(db::insert_seat_stats_sql().c_str());
  sqlite3_stmt* seat_illegal = prep("INSERT INTO seat_illegal(game_id, colour, code, plays) VALUES(?1,?2,?3,?4)");
  sqlite3_stmt* text = prep("INSERT INTO game_text(game_id, ppn) VALUES(?1,?2)");
  // Positions go in as the importer writes them: in chunks sorted by their key.
  std::vector<db::StoredPosition> held;
  auto insert_held = [&] {
    db::sort_by_key(held);
    for (const auto& p : held) {
      sqlite3_bind_int64(pos, 1, p.hash);
      sqlite3_bind_int64(pos, 2, p.id);
      sqlite3_bind_blob(pos, 3, &p.pos, sizeof p.pos, SQLITE_STATIC);
      sqlite3_bind_int(pos, 4, p.turn);
      done(pos);
    }
    held.clear();
  };
  exec("BEGIN");
  for (const auto& g : games) {
    sqlite3_bind_text(game, 1, g.source_file.c_str(), -1, SQLITE_STATIC);
    sqlite3_bind_int64(game, 2, g.source_line);
    sqlite3_bind_int64(game, 3, static_cast<sqlite3_int64>(g.checksum));
    sqlite3_bind_int64(game, 4, static_cast<sqlite3_int64>(g.setup_hash));
    const auto& rp = g.replay;
    sqlite3_bind_text(game, 5, rp.profile.c_str(), -1, SQLITE_STATIC);
    sqlite3_bind_int(game, 6, static_cast<int>(rp.seats.size()));
    sqlite3_bind_text(game, 7, g.result.c_str(), -1, SQLITE_STATIC);
    if (rp.winner) sqlite3_bind_text(game, 8, colour_name(*rp.winner).data(), -1, SQLITE_STATIC);
    else sqlite3_bind_null(game, 8);
    sqlite3_bind_int(game, 9, rp.finished);
    sqlite3_bind_text(game, 10, rp.legal ? "legal" : "illegal", -1, SQLITE_STATIC);
    sqlite3_bind_text(game, 11, g.on_error.c_str(), -1, SQLITE_STATIC);
    sqlite3_bind_int(game, 12, static_cast<int>(g.rolls.size()));
    sqlite3_bind_int(game, 13, rp.rolls_replayed);
    sqlite3_bind_int(game, 14, rp.illegal_rolls);
    done(game);
    const auto id = sqlite3_last_insert_rowid(h);
    for (const auto& s : rp.seats) {
      sqlite3_bind_int64(seat, 1, id);
      sqlite3_bind_text(seat, 2, colour_name(s.colour).data(), -1, SQLITE_STATIC);
      sqlite3_bind_int(seat, 3, s.seat_order);
      if (s.finish_rank) sqlite3_bind_int(seat, 4, *s.finish_rank);
      else sqlite3_bind_null(seat, 4);
      sqlite3_bind_int(seat, 5, s.finish_rank == 1);
      done(seat);
    }
    // The record text of schema migration 5, as Importer::store writes it.
    sqlite3_bind_int64(text, 1, id);
    sqlite3_bind_text(text, 2, g.ppn.data(), static_cast<int>(g.ppn.size()), SQLITE_STATIC);
    done(text);
    for (std::size_t i = 0; i < g.tags.size(); ++i) {
      sqlite3_bind_int64(tag, 1, id);
      sqlite3_bind_int(tag, 2, static_cast<int>(i));
      sqlite3_bind_text(tag, 3, g.tags[i].name.c_str(), -1, SQLITE_STATIC);
      sqlite3_bind_text(tag, 4, g.tags[i].value.c_str(), -1, SQLITE_STATIC);
      done(tag);
    }
    for (std::size_t i = 0; i < g.rolls.size(); ++i) {
      const auto& r = g.rolls[i];
      sqlite3_bind_int64(roll, 1, id);
      sqlite3_bind_int(roll, 2, static_cast<int>(i));
      sqlite3_bind_text(roll, 3, colour_name(r.colour).data(), -1, SQLITE_STATIC);
      sqlite3_bind_int(roll, 4, r.die1);
      sqlite3_bind_int(roll, 5, r.die2);
      sqlite3_bind_text(roll, 6, r.play.c_str(), static_cast<int>(r.play.size()), SQLITE_STATIC);
      const auto& out = rp.rolls[i];
      sqlite3_bind_int(roll, 7, out.legal.value_or(false));
      sqlite3_bind_int(roll, 8, out.events.entries);
      sqlite3_bind_int(roll, 9, out.events.captures);
      sqlite3_bind_int(roll, 10, out.events.arrivals);
      sqlite3_bind_int(roll, 11, out.events.bonuses_earned);
      sqlite3_bind_int(roll, 12, out.events.bonuses_used);
      sqlite3_bind_int(roll, 13, out.events.bonuses_forfeited);
      sqlite3_bind_int(roll, 14, r.kind == PlayKind::Penalty);
      sqlite3_bind_int64(roll, 15, r.line);
      sqlite3_bind_int64(roll, 16, static_cast<sqlite3_int64>(r.line_hash));
      sqlite3_bind_int64(roll, 17, db::roll_key(id, static_cast<sqlite3_int64>(i)));
      sqlite3_bind_int64(roll, 18, r.number);
      done(roll);
    }
    for (const auto& p : rp.positions)
      held.push_back({static_cast<std::int64_t>(p.hash), db::roll_key(id, p.roll_index), p.pos, db::stored_turn(p)});
    if (held.size() >= db::kPositionChunk) insert_held();
    // The statistics, as Importer::store_stats writes them.
    const auto& gs = g.seat_stats;
    sqlite3_bind_int64(race, 1, id);
    sqlite3_bind_int(race, 2, gs.replayed);
    sqlite3_bind_int(race, 3, gs.complete);
    sqlite3_bind_int(race, 4, gs.rolls_replayed);
    sqlite3_bind_int(race, 5, gs.lead_changes);
    if (gs.stop_reason.empty()) sqlite3_bind_null(race, 6);
    else sqlite3_bind_text(race, 6, gs.stop_reason.c_str(), -1, SQLITE_STATIC);
    if (gs.error.empty()) sqlite3_bind_null(race, 7);
    else sqlite3_bind_text(race, 7, gs.error.c_str(), -1, SQLITE_STATIC);
    sqlite3_bind_text(race, 8, gs.ludo ? "ludo" : "parcheesi", -1, SQLITE_STATIC);
    sqlite3_bind_int(race, 9, gs.unseen_stretches);
    done(race);
    if (!gs.replayed) continue;
    for (std::size_t k = 0; k < gs.seat_order.size(); ++k) {
      const Colour c = gs.seat_order[k];
      const auto& s = gs.seats[static_cast<std::size_t>(c)];
      sqlite3_bind_int64(seat_stats, db::seat_param::game_id, id);
      sqlite3_bind_text(seat_stats, db::seat_param::colour, colour_name(c).data(), -1, SQLITE_STATIC);
      sqlite3_bind_int(seat_stats, db::seat_param::seat_order, static_cast<int>(k) + 1);
      int p = db::seat_param::first_figure;
      stats::for_each_column_value(s, s.rolls_seen, [&](std::optional<int> v) {
        if (v) sqlite3_bind_int(seat_stats, p++, *v);
        else sqlite3_bind_null(seat_stats, p++);
      });
      sqlite3_bind_int(seat_stats, db::seat_param::race_start, s.race_start);
      sqlite3_bind_int(seat_stats, db::seat_param::race_end, s.race_end);
      if (s.place > 0) sqlite3_bind_int(seat_stats, db::seat_param::place, s.place);
      else sqlite3_bind_null(seat_stats, db::seat_param::place);
      sqlite3_bind_int(seat_stats, db::seat_param::illegal, s.illegal_total());
      sqlite3_bind_int(seat_stats, db::seat_param::observed, s.observed);
      sqlite3_bind_int(seat_stats, db::seat_param::won, s.place == 1);
      if (!s.observed)  // no figures of its own (never in self-play, whose seats all roll)
        for (int i : db::kUnobservedSeatNullParams) sqlite3_bind_null(seat_stats, i);
      done(seat_stats);
      for (const auto& [code, n] : s.illegal) {
        sqlite3_bind_int64(seat_illegal, 1, id);
        sqlite3_bind_text(seat_illegal, 2, colour_name(c).data(), -1, SQLITE_STATIC);
        sqlite3_bind_text(seat_illegal, 3, code.c_str(), -1, SQLITE_STATIC);
        sqlite3_bind_int(seat_illegal, 4, n);
        done(seat_illegal);
      }
    }
  }
  insert_held();
  exec("COMMIT");
  const double secs = t.seconds();
  for (auto* s : {game, seat, tag, roll, pos, race, seat_stats, seat_illegal, text}) sqlite3_finalize(s);
  sqlite3_close(h);
  return secs;
}

int run_bench_import(const BenchImportArgs& a) {
  auto made = analysis::make_selfplay(a.cfg);
  if (!made) {
    std::cerr << "bench import: " << made.error().message << "\n";
    return 2;
  }
  const analysis::Selfplay& sp = *made;
  if (!a.db.empty() && !db::is_server_target(a.db)) {  // before any scratch file is written
    std::cerr << "bench import: --db takes a PostgreSQL server (postgresql://...); without it the bench uses SQLite\n";
    return 2;
  }
  const auto dir = make_bench_dir();
  const auto ppn_file = (dir / "selfplay.ppn").string();
  const auto half1 = (dir / "half1.ppn").string(), half2 = (dir / "half2.ppn").string();
  {
    std::ofstream out(ppn_file, std::ios::binary), out1, out2;
    if (!a.db.empty()) {
      out1.open(half1, std::ios::binary);
      out2.open(half2, std::ios::binary);
    }
    std::string text;
    for (int i = 0; i < a.games; ++i) {
      text.clear();
      append_ppn(text, sp.play_game(static_cast<std::uint64_t>(i)));
      out << text;
      if (!a.db.empty()) (i < a.games / 2 ? out1 : out2) << text;
    }
  }
  if (!a.db.empty()) {
    const int rc = run_bench_import_server({a.db, dir, ppn_file, half1, half2, a.games, a.lookups, a.keep});
    if (!a.keep) std::filesystem::remove_all(dir);
    return rc;
  }

  // Measured: the importer, file to committed database, with one worker and with `jobs`.
  struct ImportPass {
    app::FileReport rep;
    double seconds = 0, cpu = 0;
    long peak_rss_kib = 0;  // the process's peak resident memory during the import
  };
  auto import_pass = [&](unsigned jobs, const std::string& path) -> std::optional<ImportPass> {
    reset_peak_rss();
    db::ImportOptions opts;
    opts.jobs = jobs;
    auto opened = db::Importer::open(path, opts);
    if (!opened) {
      std::cerr << "bench import: " << opened.error().message << "\n";
      return std::nullopt;
    }
    ImportPass p;
    const CpuTimer cpu;
    BenchTimer t;
    {
      std::ifstream in(ppn_file, std::ios::binary);
      p.rep = app::import_games(**opened, ppn_file, app::parsed_games(in, ppn_file, {}));
    }
    p.seconds = t.seconds();
    p.cpu = cpu.seconds();
    opened->reset();
    p.peak_rss_kib = peak_rss_kib();
    const auto& c = p.rep.counts;
    if (!p.rep.db_error.empty() || c.added != static_cast<std::size_t>(a.games) || c.illegal != 0) {
      std::cerr << "bench import: import failed: " << p.rep.db_error << " (" << c.added << " of " << a.games
                << " games added, " << c.illegal << " illegal)\n";
      return std::nullopt;
    }
    return p;
  };
  const auto import_db = (dir / "import.sqlite").string();
  const auto one = import_pass(1, import_db);
  if (!one) return 1;
  std::optional<ImportPass> many;
  if (a.jobs > 1) {
    many = import_pass(a.jobs, (dir / "import-j.sqlite").string());
    if (!many) return 1;
  }
  const db::ImportOptions opts;

  // The same rows, computed outside the timing, for the baseline.
  std::vector<db::GameRows> rows;
  rows.reserve(static_cast<std::size_t>(a.games));
  std::size_t row_count = 0, rolls = 0;
  {
    std::ifstream in(ppn_file, std::ios::binary);
    parser::parse_stream(
        in, ppn_file,
        [&](Game& g) {
          rows.emplace_back();
          app::make_game_rows(g, opts.replay, rows.back());
          row_count += rows_of(rows.back());
          rolls += rows.back().rolls.size();
        },
        {});
  }
  const CpuTimer raw_timer;
  const double raw_s = raw_insert((dir / "raw.sqlite").string(), rows);
  const double raw_cpu = raw_timer.seconds();

  // Position search on the imported database: positions spread over the games.
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < rows.size() && ids.size() < static_cast<std::size_t>(a.lookups);
       i += std::max<std::size_t>(1, rows.size() / static_cast<std::size_t>(a.lookups))) {
    const auto& g = rows[i];
    const auto& positions = g.replay.positions;
    if (positions.empty()) continue;
    const auto& p = positions[positions.size() / 2];
    // On the board of the game's rules.
    const auto o = rules::profile_options(g.replay.profile);
    const rules::Geometry board = o.ok() ? rules::geometry_of(*o.options) : rules::kParcheesi68;
    ids.push_back(format_position_id(replay::desc_of(p.pos, rules::colour_of(p.to_move), p.doublets, board)));
  }
  double worst_ms = 0, total_ms = 0;
  std::size_t found = 0, positions = 0;
  for (const auto& id : ids) {
    BenchTimer q;
    auto rd = db::open_for_reading(import_db);
    auto res = db::find_position(*rd, id);
    const double ms = q.seconds() * 1e3;
    worst_ms = std::max(worst_ms, ms);
    total_ms += ms;
    if (res) found += !res->rows.empty();
  }
  {
    auto rd = db::open_for_reading(import_db);
    positions = static_cast<std::size_t>(rd->scalar("SELECT count(*) FROM positions"));
  }

  const double g_imp = a.games / one->seconds, g_raw = a.games / raw_s;
  std::cout << "bench import: " << a.games << " self-play games (" << a.cfg.variant << ", " << a.cfg.players
            << " players), " << rolls << " rolls, " << row_count << " rows\n";
  std::cout << "  import -j 1 (parse+replay+store) " << static_cast<long>(g_imp) << " games/s, "
            << fixed1(static_cast<double>(row_count) / one->seconds / 1e6) << " M rows/s\n";
  if (many) {
    const double g_many = a.games / many->seconds;
    std::cout << "  import -j " << a.jobs << "             " << static_cast<long>(g_many) << " games/s, scaling "
              << fixed2(g_many / g_imp) << "x of -j 1\n";
  }
  std::cout << "  baseline: raw C-API inserts " << static_cast<long>(g_raw) << " games/s, "
            << fixed1(static_cast<double>(row_count) / raw_s / 1e6) << " M rows/s\n";
  // CPU time is what other processes on a shared machine do not inflate. The import runs its
  // workers and the writer on their own threads, so on an idle machine its pace is set by the
  // busier of the writer and the workers together.
  const auto& rep = one->rep;
  const double critical = std::max(rep.reader_cpu_seconds, rep.writer_cpu_seconds);
  std::cout << "  CPU time -j 1: import " << fixed1(one->cpu) << " s in all (worker " << fixed1(rep.reader_cpu_seconds)
            << " s, writer " << fixed1(rep.writer_cpu_seconds) << " s: " << static_cast<long>(a.games / critical)
            << " games per CPU-second of the busier thread), raw " << fixed1(raw_cpu) << " s ("
            << static_cast<long>(a.games / raw_cpu) << " games per CPU-second); ratio by CPU "
            << fixed1(100 * raw_cpu / critical) << "%\n";
  std::cout << "  peak memory (RSS) of the import: -j 1 " << one->peak_rss_kib / 1024 << " MB";
  if (many) std::cout << ", -j " << a.jobs << " " << many->peak_rss_kib / 1024 << " MB";
  std::cout << "\n";
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.2f", g_imp / g_raw);
  std::cout << "  ratio import -j 1/raw " << ratio << "x\n";
  char ms[64];
  std::snprintf(ms, sizeof ms, "%.2f ms mean, %.2f ms worst", ids.empty() ? 0.0 : total_ms / ids.size(), worst_ms);
  std::cout << "  find --position on " << positions << " positions: " << ms << " (" << found << "/" << ids.size()
            << " found, open + lookup)\n";
  if (!a.keep) std::filesystem::remove_all(dir);
  else std::cout << "  kept " << dir.string() << "\n";
  return found == ids.size() ? 0 : 1;
}

}  // namespace

int bench_import(const BenchImportArgs& a) { return run_bench_import(a); }

}  // namespace ppn::bench
