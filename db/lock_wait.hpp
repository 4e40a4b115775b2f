// Saying that a connection waits for another process's lock. SQLite (db/connection.cpp's busy
// handler): after a second of waiting for another writer's transaction on the database, the
// notice is called once per wait, on the waiting thread; the wait goes on up to the
// connection's busy timeout. PostgreSQL (db/postgres.cpp, LockWatch): a writer's command that
// has run a second is looked up in the server's pg_stat_activity, from a connection of the
// watch's own, and when the server says it waits for a lock the notice is called once for that
// command, on the watch's thread (the writer's is blocked in the server). So a front end can say
// why nothing happens. One notice per process (none: nothing is said, nothing is watched).
#pragma once

#include <functional>
#include <string>

namespace ppn::db {

void set_lock_wait_notice(std::function<void(const std::string& target)> notice);

// For the backends: whether a notice is set, and calling it.
bool lock_wait_noticed();
void notice_lock_wait(const std::string& target);

}  // namespace ppn::db
