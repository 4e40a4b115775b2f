// `-j N` of the commands that spread their games over threads (docs/GUIDE.md "Every core"); the pool
// of games the reading thread hands to their jobs is app/input_files.hpp's.
#pragma once

#include <memory>

#include "app/input_files.hpp"
#include "parallel/ordered_work.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace ppn::cli {

using app::GamePool;
using parallel::OrderedWork;

// `-j,--jobs N` (default: all cores) on a command that spreads its games over threads.
CLI::Option* add_jobs_option(CLI::App* sub, unsigned& jobs);

}  // namespace ppn::cli
