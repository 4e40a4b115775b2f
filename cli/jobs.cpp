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

std::shared_ptr<const Game> GamePool::hand_over(Game& g) {
  if (!owned_) return {std::shared_ptr<const Game>(), &g};  // not owned: the job runs at once
  auto taken = games_.take();
  std::swap(*taken, g);
  return taken;
}

std::shared_ptr<Game> GamePool::fresh() { return games_.take(); }

std::shared_ptr<const parser::GameText> GamePool::hand_over(parser::GameText& t) {
  auto taken = texts_.take();
  std::swap(*taken, t);
  return taken;
}

}  // namespace ppn::cli
