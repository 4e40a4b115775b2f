#include "cli/jobs.hpp"

#include <CLI/CLI.hpp>
#include <utility>

namespace ppn::cli {

CLI::Option* add_jobs_option(CLI::App* sub, unsigned& jobs) {
  jobs = parallel::all_cores();
  return sub
      ->add_option("-j,--jobs", jobs,
                   "Threads that work on the games (default: every core); the output is the same for any "
                   "number, in input order")
      ->check(CLI::Range(1u, 256u));
}

}  // namespace ppn::cli
