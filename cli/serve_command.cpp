#include "cli/commands.hpp"

#include <CLI/CLI.hpp>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/interrupt.hpp"
#include "serve/server.hpp"

namespace ppn::cli {

namespace {

int run_serve(const serve::ServeConfig& cfg) {
  // Ctrl-C and SIGTERM are taken by a thread of their own (sigtimedwait), which stops the
  // server: blocked here, before any thread starts, so that every thread inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  serve::Server server(cfg);
  std::string error;
  const auto port = server.bind(error);
  if (!port) {
    std::cerr << "serve: " << error << "\n";
    return 2;
  }
  if (!serve::is_loopback(cfg.bind))
    std::cerr << "serve: warning: listening on " << cfg.bind
              << ", not a loopback address: other machines can reach this server, read the database, and, with the "
                 "token its pages carry, store games in it\n";
  const std::string host = cfg.bind.find(':') != std::string::npos ? "[" + cfg.bind + "]" : cfg.bind;
  std::cout << "ppn serve: http://" << (cfg.bind == "0.0.0.0" ? std::string("127.0.0.1") : host) << ":" << *port
            << "/ (database " << cfg.db << "; write token " << server.token() << "; Ctrl-C stops)" << std::endl;

  // The watcher stops the server on a signal, and gives the connections still open (an idle
  // browser, a slow client) 3 s to finish before the process ends without them: nothing is
  // lost, a save not yet answered being one transaction the database rolls back.
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  int stopped_by = 0;
  std::thread watcher([&] {
    const timespec tick{0, 200'000'000};
    for (;;) {
      {
        std::lock_guard lock(m);
        if (done) return;
      }
      const int s = sigtimedwait(&stop_signals, nullptr, &tick);
      if (s <= 0) continue;
      stopped_by = s;
      server.stop();
      std::unique_lock lock(m);
      if (!cv.wait_for(lock, std::chrono::seconds(3), [&] { return done; })) {
        std::cout << "ppn serve: stopped (" << signal_name(s) << "), connections still open closed" << std::endl;
        std::_Exit(0);
      }
      return;
    }
  });
  const bool ok = server.run();
  {
    std::lock_guard lock(m);
    done = true;
  }
  cv.notify_all();
  watcher.join();
  if (stopped_by) std::cout << "ppn serve: stopped (" << signal_name(stopped_by) << ")" << std::endl;
  if (!ok && !stopped_by) {
    std::cerr << "serve: the server stopped listening\n";
    return 1;
  }
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_code) {
  auto cfg = std::make_shared<serve::ServeConfig>();
  auto* sub = app.add_subcommand("serve", "Serve a game database to the browser: browse, record over the board, play the bots");
  sub->add_option("--db", cfg->db, "The database: a SQLite file (created when missing) or a PostgreSQL connection string")
      ->capture_default_str();
  sub->add_option("--bind", cfg->bind, "The address to listen on (a non-loopback one is warned about)")->capture_default_str();
  sub->add_option("--port", cfg->port, "The port (0: a free one, printed)")->capture_default_str()->check(CLI::Range(0, 65535));
  sub->add_option("--threads", cfg->threads, "Requests served at once")->capture_default_str()->check(CLI::Range(1, 256));
  sub->add_option("--token", cfg->token, "The write token (default: a random one, printed)");
  sub->callback([cfg, &exit_code]() { exit_code = run_serve(*cfg); });
}

}  // namespace ppn::cli
