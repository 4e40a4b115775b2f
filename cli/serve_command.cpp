#include "cli/commands.hpp"

#include <CLI/CLI.hpp>
#include <signal.h>

#include <atomic>
#include <chrono>
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
              << ", not a loopback address: other machines can reach this server and read the database\n";
  const std::string host = cfg.bind.find(':') != std::string::npos ? "[" + cfg.bind + "]" : cfg.bind;
  std::cout << "ppn serve: http://" << (cfg.bind == "0.0.0.0" ? std::string("127.0.0.1") : host) << ":" << *port
            << "/ (database " << cfg.db << "; write token " << server.token() << "; Ctrl-C stops)" << std::endl;

  std::atomic<bool> done{false};
  int stopped_by = 0;
  std::thread watcher([&] {
    const timespec tick{0, 200'000'000};
    while (!done) {
      const int s = sigtimedwait(&stop_signals, nullptr, &tick);
      if (s > 0) {
        stopped_by = s;
        server.stop();
        return;
      }
    }
  });
  const bool ok = server.run();
  done = true;
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
