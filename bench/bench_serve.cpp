// `ppn bench serve` (see bench_serve.hpp).
#include "bench/bench_serve.hpp"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <thread>
#include <vector>

#include "analysis/rng.hpp"
#include "analysis/selfplay.hpp"
#include "app/import_reader.hpp"
#include "app/import_run.hpp"
#include "bench/bench_util.hpp"
#include "db/importer.hpp"
#include "db/schema.hpp"
#include "notation/printer.hpp"
#include "serve/server.hpp"

namespace ppn::bench {

namespace {

// The games the database at `path` holds (0 when there is none yet).
std::int64_t stored_games(const std::string& path) {
  if (!std::filesystem::exists(path)) return 0;
  auto d = db::open_for_reading(path);
  return d ? d->scalar("SELECT count(*) FROM games") : 0;
}

// Writes `games` self-play games to a PPN file and imports them into `path`.
bool build_collection(const std::string& path, int games, unsigned jobs) {
  analysis::SelfplayConfig cfg;
  auto sp = analysis::make_selfplay(cfg);
  if (!sp) return false;
  const auto dir = make_bench_dir();
  const auto file = (dir / "collection.ppn").string();
  {
    std::ofstream out(file, std::ios::binary);
    std::string text;
    for (int i = 0; i < games; ++i) {
      text.clear();
      append_ppn(text, sp->play_game(static_cast<std::uint64_t>(i)));
      out << text;
    }
  }
  db::ImportOptions opts;
  opts.jobs = jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : jobs;
  auto opened = db::Importer::open(path, opts);
  if (!opened) {
    std::cerr << "bench serve: " << opened.error().message << "\n";
    std::filesystem::remove_all(dir);
    return false;
  }
  std::ifstream in(file, std::ios::binary);
  const auto rep = app::import_games(**opened, file, app::parsed_games(in, file, {}));
  opened->reset();
  std::filesystem::remove_all(dir);
  if (!rep.db_error.empty()) {
    std::cerr << "bench serve: import failed: " << rep.db_error << "\n";
    return false;
  }
  return true;
}

// The server's time of one answer (its Server-Timing header), in ms; -1 for a failed request.
double server_ms(httplib::Client& c, const std::string& path) {
  auto r = c.Get(path);
  if (!r || r->status != 200) return -1;
  const std::string t = r->get_header_value("Server-Timing");
  const auto at = t.find("dur=");
  return at == std::string::npos ? -1 : std::stod(t.substr(at + 4));
}

struct Timing {
  double p50 = 0, p99 = 0;
  int failed = 0;
};

Timing measure(httplib::Client& c, int n, const std::function<std::string(int)>& path) {
  std::vector<double> ms;
  Timing t;
  for (int i = 0; i < n; ++i) {
    const double v = server_ms(c, path(i));
    if (v < 0) ++t.failed;
    else ms.push_back(v);
  }
  if (ms.empty()) return t;
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size())))]; };
  t.p50 = at(0.50);
  t.p99 = at(0.99);
  return t;
}

}  // namespace

int bench_serve(const BenchServeArgs& a) {
  const bool temp = a.db.empty();
  const auto dir = temp ? make_bench_dir() : std::filesystem::path();
  const std::string path = temp ? (dir / "serve.sqlite").string() : a.db;
  const auto cleanup = [&] {
    if (temp) std::filesystem::remove_all(dir);
  };
  std::int64_t held = stored_games(path);
  if (held < a.games) {
    if (held > 0) {
      std::cerr << "bench serve: " << path << " holds " << held << " games, fewer than --games " << a.games
                << "; give another --db or a smaller --games\n";
      cleanup();
      return 2;
    }
    std::cout << "bench serve: importing " << a.games << " self-play games into " << path << " ..." << std::endl;
    BenchTimer t;
    if (!build_collection(path, a.games, a.jobs)) {
      cleanup();
      return 1;
    }
    held = stored_games(path);
    std::cout << "  imported in " << fixed1(t.seconds()) << " s" << std::endl;
  }

  serve::Server server({.db = path, .bind = "127.0.0.1", .port = 0, .threads = 8, .token = ""});
  std::string error;
  const auto port = server.bind(error);
  if (!port) {
    std::cerr << "bench serve: " << error << "\n";
    cleanup();
    return 1;
  }
  std::thread running([&] { server.run(); });
  httplib::Client c("127.0.0.1", *port);
  c.set_keep_alive(true);
  analysis::Rng rng(7);
  const auto random_game = [&](int) { return std::to_string(1 + rng.below(static_cast<std::uint32_t>(held))); };
  server_ms(c, "/api/games");  // the first answer opens the database

  std::printf("bench serve: %lld games in %s; %d requests each, the server's time (Server-Timing), ms\n",
              static_cast<long long>(held), path.c_str(), a.requests);
  const Timing base = measure(c, a.requests, [](int) { return std::string("/assets/style.css"); });
  std::printf("  %-34s p50 %8.3f  p99 %8.3f  (baseline)\n", "static file /assets/style.css", base.p50, base.p99);
  int failed = base.failed;
  const auto row = [&](const char* what, const Timing& t, double goal) {
    failed += t.failed;
    std::printf("  %-34s p50 %8.3f  p99 %8.3f  (%.0fx, %.0fx the static file)%s\n", what, t.p50, t.p99,
                base.p50 > 0 ? t.p50 / base.p50 : 0.0, base.p99 > 0 ? t.p99 / base.p99 : 0.0,
                goal <= 0 ? "" : t.p99 < goal ? "  goal met" : "  goal NOT met");
  };
  row("games list (first page, 50)", measure(c, a.requests, [](int) { return std::string("/api/games"); }), 100);
  row("games list, one player's", measure(c, a.requests, [](int i) { return "/api/games?player=greedy+bot+" + std::to_string(1 + i % 4); }), 100);
  row("games list sorted by date", measure(c, a.requests, [](int i) { return "/api/games?sort=date&page=" + std::to_string(1 + i % 20); }), 100);
  row("games list, an event's (part of)", measure(c, a.requests, [](int) { return std::string("/api/games?event=selfplay"); }), 100);
  row("game page /game/ID", measure(c, a.requests, [&](int i) { return "/game/" + random_game(i); }), 50);
  row("game JSON /api/games/ID", measure(c, a.requests, [&](int i) { return "/api/games/" + random_game(i); }), 50);

  // Many at once: one request per client thread, all started together.
  std::atomic<int> ok{0}, bad{0};
  std::vector<std::string> paths;
  for (int i = 0; i < a.concurrent; ++i)
    paths.push_back(i % 4 == 0 ? "/api/games" : i % 4 == 1 ? "/game/" + random_game(i) : i % 4 == 2 ? "/assets/app.js" : "/api/games/" + random_game(i));
  BenchTimer wall;
  std::vector<std::thread> clients;
  for (int i = 0; i < a.concurrent; ++i)
    clients.emplace_back([&, i] {
      httplib::Client one("127.0.0.1", *port);
      one.set_read_timeout(60, 0);
      auto r = one.Get(paths[static_cast<std::size_t>(i)]);
      (r && r->status == 200 ? ok : bad)++;
    });
  for (auto& t : clients) t.join();
  std::printf("  %d requests at once: %d answered 200, %d failed, in %.2f s wall\n", a.concurrent, ok.load(), bad.load(), wall.seconds());
  server.stop();
  running.join();
  cleanup();
  return failed == 0 && bad == 0 ? 0 : 1;
}

}  // namespace ppn::bench
