#include "cli/interrupt.hpp"

#include <csignal>

#include "app/stop_request.hpp"

namespace ppn::cli {

namespace {

struct sigaction saved_int, saved_term;

extern "C" void on_stop_signal(int sig) {
  if (app::stop_signal().load() != 0) {
    // The second signal: end as it would have ended the process.
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  app::stop_signal().store(sig);
}

}  // namespace

StopOnSignal::StopOnSignal() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // a read or a lock wait the signal breaks goes on; the work checks the request
  sigaction(SIGINT, &sa, &saved_int);
  sigaction(SIGTERM, &sa, &saved_term);
}

StopOnSignal::~StopOnSignal() {
  sigaction(SIGINT, &saved_int, nullptr);
  sigaction(SIGTERM, &saved_term, nullptr);
}

std::string signal_name(int signal) {
  if (signal == SIGINT) return "SIGINT";
  if (signal == SIGTERM) return "SIGTERM";
  return "signal " + std::to_string(signal);
}

}  // namespace ppn::cli
