// `ppn serve`'s HTTP server (docs/SERVE.md): cpp-httplib listening on one address, a bounded
// pool of threads serving the pages and the JSON API of browse.hpp and record.hpp, writes
// behind the start-up token, bounded request sizes and times, JSON errors for every bad
// request.
//
//   Server s({.db = "ppn.sqlite"});
//   if (auto port = s.bind()) { std::thread t([&] { s.run(); }); ... s.stop(); t.join(); }
#pragma once

#include <memory>
#include <optional>
#include <string>

namespace ppn::serve {

struct ServeConfig {
  std::string db = "ppn.sqlite";  // a SQLite file (created when missing) or a PostgreSQL connection string
  std::string bind = "127.0.0.1";
  int port = 8080;                // 0: a free port
  int threads = 8;                // requests served at once
  std::string token;              // the write token; empty: a random one
};

// Whether `address` is a loopback address (127.0.0.0/8, ::1, localhost).
bool is_loopback(const std::string& address);

class Server {
 public:
  explicit Server(ServeConfig cfg);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Prepares the database (a missing SQLite file is created with the current schema; an older
  // one is migrated) and binds the address. Returns the port, or nullopt with why in `error`.
  std::optional<int> bind(std::string& error);
  // Serves until stop(); returns false when listening failed.
  bool run();
  // Makes run() return (from any thread; not from a signal handler).
  void stop();
  const std::string& token() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ppn::serve
