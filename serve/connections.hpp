// The server's database connections: a bounded set opened on demand and lent to one request
// at a time (a SQLite handle or a PostgreSQL connection serves one thread at a time). Readers
// open the database read-only; the one writer (saving a game) is serialised by the caller.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "db/connection.hpp"
#include "serve/reply.hpp"

namespace ppn::serve {

class Connections {
 public:
  explicit Connections(std::string target) : target_(std::move(target)) {}

  // A reading connection, returned to the set when the lease ends; 503 when the database
  // cannot be opened.
  class Lease {
   public:
    Lease(Connections& owner, std::unique_ptr<db::Database> db) : owner_(&owner), db_(std::move(db)) {}
    Lease(Lease&&) = default;
    ~Lease();
    db::Database& operator*() const { return *db_; }
    db::Database* operator->() const { return db_.get(); }

   private:
    Connections* owner_;
    std::unique_ptr<db::Database> db_;
  };
  Checked<Lease> reader();
  // Drops the idle connections (after a write, so that readers see a fresh schema).
  void clear();
  const std::string& target() const { return target_; }

 private:
  std::string target_;
  std::mutex m_;
  std::vector<std::unique_ptr<db::Database>> idle_;
};

}  // namespace ppn::serve
