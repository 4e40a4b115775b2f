// A request to stop long work early, made by a signal (SIGINT: Ctrl-C, SIGTERM). A front end's
// signal handler stores the signal's number (cli/interrupt.hpp); the use cases that can stop
// cleanly read it between their units of work and end as if their input had ended there:
// `ppn import` between games (app/import_run.hpp), committing the games stored and reporting
// what is stored. Writing a lock-free std::atomic<int> is safe in a signal handler.
#pragma once

#include <atomic>

namespace ppn::app {

// The signal that asked the running work to stop; 0 when none did.
inline std::atomic<int>& stop_signal() {
  static std::atomic<int> signal{0};
  return signal;
}

inline bool stop_requested() { return stop_signal().load(std::memory_order_relaxed) != 0; }

}  // namespace ppn::app
