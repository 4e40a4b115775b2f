// The ppn command: builds the app (cli/app.cpp) and runs it.
#include <CLI/CLI.hpp>
#include <csignal>
#include <unistd.h>
#include <exception>
#include <iostream>
#include <string>

#include "cli/app.hpp"
#include "db/connection.hpp"
#include "db/lock_wait.hpp"

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) a write fails with EFBIG and is reported, with the file
  // named and left as it was, instead of SIGXFSZ killing the process mid-write.
  std::signal(SIGXFSZ, SIG_IGN);

  // A command that waits for another process's write lock says so (db/lock_wait.hpp), on a line
  // of its own: on a terminal the progress bar's line is erased first (the bar is drawn again
  // at its next update).
  static const bool erase_bar = ::isatty(STDERR_FILENO) != 0;
  ppn::db::set_lock_wait_notice([](const std::string& target) {
    std::cerr << (erase_bar ? "\r\x1b[K" : "") << "ppn: waiting for " << ppn::db::database_name(target)
              << ": another process is writing to it (another ppn import?)\n";
  });

  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);
  try {
    app->parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // No command named, or an unknown one: say which word is not a command, and list them.
    if (app->get_subcommands().empty() && e.get_exit_code() != 0) {
      if (const std::string msg = ppn::cli::unknown_command_message(*app, argc, argv); !msg.empty()) {
        std::cerr << msg;
        return 2;
      }
    }
    const int rc = app->exit(e);
    return rc == 0 ? 0 : 2;
  } catch (const std::exception& e) {
    // A failure no command reported itself (out of memory, a bug): said, exit 2, and the stack
    // unwound, so that an -o file being written is removed and the user's file left as it was.
    std::cerr << "ppn: error: " << e.what() << "\n";
    return 2;
  }
  return exit_code;
}
