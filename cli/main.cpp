// The ppn command: builds the app (cli/app.cpp) and runs it.
#include <CLI/CLI.hpp>
#include <csignal>

#include "cli/app.hpp"

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) a write fails with EFBIG and is reported, with the file
  // named and left as it was, instead of SIGXFSZ killing the process mid-write.
  std::signal(SIGXFSZ, SIG_IGN);

  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);
  try {
    app->parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app->exit(e);
    return rc == 0 ? 0 : 2;
  }
  return exit_code;
}
