// Opening and reading the input files of a subcommand: app/input_files.hpp, by their names here.
#pragma once

#include "app/input_files.hpp"
#include "cli/jobs.hpp"

namespace ppn::cli {

using app::display_name;
using app::open_failure;
using app::open_input;
using app::read_games;
using app::submit_games;

}  // namespace ppn::cli
