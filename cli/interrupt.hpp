// Ctrl-C (SIGINT) and SIGTERM as a request to stop cleanly (app/stop_request.hpp), for the
// commands whose use case can stop between units of work and keep what is done (`ppn import`).
// While a StopOnSignal lives, the first signal only records itself; a second one ends the
// process as the signal would (the user insists; the database still holds only committed,
// whole games, as after a kill -9).
#pragma once

#include <string>

namespace ppn::cli {

class StopOnSignal {
 public:
  StopOnSignal();
  ~StopOnSignal();  // the handlers before it again
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
};

// "SIGINT", "SIGTERM", else "signal N".
std::string signal_name(int signal);

}  // namespace ppn::cli
