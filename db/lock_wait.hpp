// Saying that a SQLite connection waits for another process's lock (db/connection.cpp's busy
// handler): after a second of waiting for another writer's transaction on the database, the
// notice is called once per wait, on the waiting thread, so that a front end can say why
// nothing happens; the wait goes on up to the connection's busy timeout. One notice per process
// (none: nothing is said). PostgreSQL waits on the server and is not watched.
#pragma once

#include <functional>
#include <string>

namespace ppn::db {

void set_lock_wait_notice(std::function<void(const std::string& target)> notice);

}  // namespace ppn::db
