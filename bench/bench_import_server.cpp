#include "bench/bench_import_server.hpp"

#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <unistd.h>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <spawn.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <vector>

#include "bench/bench_util.hpp"
#include "db/connection.hpp"
#include "db/position_blob.hpp"
#include "db/schema.hpp"
#include "db/search.hpp"
#include "replay/bridge.hpp"

extern char** environ;

namespace ppn::bench {

namespace {

// Every table the importer writes, in COPY's column lists (positions without its generated columns).
constexpr const char* kTables[] = {"games",     "players",    "player_aliases", "game_seats",   "tags",
                                   "rolls",     "diagnostics", "positions(hash, id, pos, turn)", "game_race",
                                   "seat_stats", "seat_illegal", "seat_analysis", "game_text"};

pid_t spawn_ppn(const std::vector<std::string>& args) {
  std::vector<std::string> all{"/proc/self/exe"};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc == 0 ? pid : -1;
}

// Waits for `pid`; adds its CPU time (user + system) to *cpu_seconds when given.
bool exited_ok(pid_t pid, double* cpu_seconds = nullptr) {
  int status = 0;
  rusage ru{};
  if (pid <= 0 || wait4(pid, &status, 0, &ru) != pid) return false;
  if (cpu_seconds)
    *cpu_seconds += static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                    static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// A new database `name` on the server (a name of this run only: an existing database is never
// touched), with the current schema (`ppn import --db` with no file creates it), outside any
// timing; `created` records it, to be dropped at the end.
std::string fresh_database(db::Database& admin, const ServerBench& b, const std::string& name,
                           std::vector<std::string>& created) {
  admin.exec("CREATE DATABASE " + name);
  created.push_back(name);
  const auto target = db::with_database(b.server, name);
  if (!exited_ok(spawn_ppn({"import", "--db", target}))) throw db::DbError(0, "cannot create the schema in " + name);
  return target;
}

std::int64_t games_in(const std::string& target) {
  db::Database d(target, db::Database::Mode::read_only);
  return d.scalar("SELECT count(*) FROM games");
}

}  // namespace

int run_bench_import_server(const ServerBench& b) {
  // The machine's load while the bench runs: the figures are only comparable at like loads.
  double load_start[1] = {0}, load_end[1] = {0};
  if (getloadavg(load_start, 1) != 1) load_start[0] = -1;
  std::optional<db::Database> admin;
  std::vector<std::string> created;  // the databases this run made, dropped at the end unless --keep
  // Names of this run only (process id and clock): the user's databases are never dropped.
  const std::string prefix = "ppn_bench_" + std::to_string(getpid()) + "_" + std::to_string(std::time(nullptr)) + "_";
  const auto drop_created = [&] {
    if (b.keep || !admin) return;
    for (const auto& name : created) {
      try {
        admin->exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
      } catch (const db::DbError&) {
        // the server is gone: nothing to drop
      }
    }
  };
  try {
    admin.emplace(b.server);
    // 1 importer.
    const auto one = fresh_database(*admin, b, prefix + "one", created);
    double cpu1 = 0, cpu2 = 0;
    BenchTimer t1;
    const bool ok1 = exited_ok(spawn_ppn({"import", "-q", "-j", "1", "--db", one, b.all}), &cpu1);
    const double s1 = t1.seconds();
    // 2 importers at once, each on half of the games.
    const auto two = fresh_database(*admin, b, prefix + "two", created);
    BenchTimer t2;
    const pid_t p1 = spawn_ppn({"import", "-q", "-j", "1", "--db", two, b.half1});
    const pid_t p2 = spawn_ppn({"import", "-q", "-j", "1", "--db", two, b.half2});
    const bool ok2 = exited_ok(p1, &cpu2) & exited_ok(p2, &cpu2);
    const double s2 = t2.seconds();
    // The baseline: the rows of the first run, written to files by COPY TO and read back into
    // memory before the timing, then COPY FROM in one transaction.
    std::vector<std::pair<std::string, std::string>> prepared;
    std::size_t bytes = 0;
    {
      db::Database from(one, db::Database::Mode::read_only);
      for (const char* table : kTables) {
        const auto path = b.dir / ("copy-" + std::to_string(prepared.size()) + ".txt");
        std::ofstream(path, std::ios::binary) << from.copy_out(table);
        std::ifstream in(path, std::ios::binary);
        std::ostringstream rows;
        rows << in.rdbuf();
        prepared.emplace_back(table, rows.str());
        bytes += prepared.back().second.size();
      }
    }
    const auto copy = fresh_database(*admin, b, prefix + "copy", created);
    double sc = 0;
    {
      db::Database to(copy);
      BenchTimer tc;
      db::Transaction tx(to);
      for (const auto& [table, rows] : prepared) to.copy_in(table, rows);
      tx.commit();
      sc = tc.seconds();
    }
    const auto n1 = games_in(one), n2 = games_in(two), nc = games_in(copy);

    // Position search on the first run's database: positions spread over the table.
    std::vector<std::string> ids;
    std::size_t positions = 0;
    {
      db::Database d(one, db::Database::Mode::read_only);
      positions = static_cast<std::size_t>(d.scalar("SELECT count(*) FROM positions"));
      const auto step = std::max<std::size_t>(1, positions / static_cast<std::size_t>(b.lookups));
      db::Statement q(d, "SELECT p.pos, p.turn, g.variant FROM positions p JOIN games g ON g.id = p.game_id "
                         "WHERE p.id % " + std::to_string(step) + " = 0 LIMIT " + std::to_string(b.lookups));
      while (q.step()) {
        const auto pos = db::position_of_blob(q.get_blob(0));
        if (!pos) continue;
        // positions.turn: the seat to move * 16 + the doublets; the board of the game's rules.
        const auto o = rules::profile_options(q.get_text(2));
        const rules::Geometry board = o.ok() ? rules::geometry_of(*o.options) : rules::kParcheesi68;
        ids.push_back(format_position_id(replay::desc_of(*pos, rules::colour_of(static_cast<int>(q.get_int(1) / 16)),
                                                         static_cast<int>(q.get_int(1) % 16), board)));
      }
    }
    // The lookup alone, on one open connection (a new connection costs the server a process).
    // It runs first: its first look-ups bring the index pages into the server's cache, as the
    // SQLite figure reads pages the import left in the file system's cache, so the look-ups
    // opening a connection each below measure the connection, not a cold cache.
    double open_total_ms = 0, open_worst_ms = 0;
    {
      auto rd = db::open_for_reading(one);
      if (!rd) throw db::DbError(0, rd.error().message);
      for (const auto& id : ids) {
        BenchTimer q;
        (void)db::find_position(*rd, id);
        const double ms = q.seconds() * 1e3;
        open_worst_ms = std::max(open_worst_ms, ms);
        open_total_ms += ms;
      }
    }
    double worst_ms = 0, total_ms = 0;
    std::size_t found = 0;
    for (const auto& id : ids) {
      BenchTimer q;
      auto rd = db::open_for_reading(one);
      if (!rd) throw db::DbError(0, rd.error().message);
      auto res = db::find_position(*rd, id);
      const double ms = q.seconds() * 1e3;
      worst_ms = std::max(worst_ms, ms);
      total_ms += ms;
      if (res) found += !res->rows.empty();
    }
    drop_created();

    if (getloadavg(load_end, 1) != 1) load_end[0] = -1;
    const double g1 = b.games / s1, g2 = b.games / s2, gc = b.games / sc;
    std::cout << "bench import --db " << db::database_name(b.server) << ": " << b.games << " self-play games, "
              << (bytes >> 20) << " MiB of rows in COPY form; load average " << fixed2(load_start[0])
              << " at the start, " << fixed2(load_end[0]) << " at the end\n";
    // The importers' own CPU time (both threads of each), next to the wall time: what is left of
    // the machine's cores is the server's (and other work's).
    std::cout << "  1 importer   " << static_cast<long>(g1) << " games/s (" << fixed2(s1) << " s; importer CPU "
              << fixed2(cpu1) << " s)\n";
    std::cout << "  2 importers  " << static_cast<long>(g2) << " games/s (" << fixed2(s2) << " s; importers' CPU "
              << fixed2(cpu2) << " s), " << fixed2(g2 / g1) << "x one importer\n";
    std::cout << "  baseline: COPY of the same rows from prepared files  " << static_cast<long>(gc) << " games/s ("
              << fixed2(sc) << " s)\n";
    std::cout << "  ratio 2 importers/COPY " << fixed2(g2 / gc) << "x, 1 importer/COPY " << fixed2(g1 / gc) << "x\n";
    std::cout << "  find --position on " << positions << " positions: " << fixed2(ids.empty() ? 0 : total_ms / ids.size())
              << " ms mean, " << fixed2(worst_ms) << " ms worst (" << found << "/" << ids.size()
              << " found, open + lookup); " << fixed2(ids.empty() ? 0 : open_total_ms / ids.size())
              << " ms mean on an open connection (" << fixed2(open_worst_ms)
              << " ms worst)\n";
    const bool complete = ok1 && ok2 && n1 == b.games && n2 == b.games && nc == b.games && found == ids.size();
    if (!complete)
      std::cerr << "bench import: stored " << n1 << ", " << n2 << " and " << nc << " of " << b.games << " games\n";
    return complete ? 0 : 1;
  } catch (const db::DbError& e) {
    drop_created();
    std::cerr << "bench import: " << db::describe_db_error(b.server, e) << "\n";
    return 2;
  }
}

}  // namespace ppn::bench
