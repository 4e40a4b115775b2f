// The `-o FILE` of every subcommand (README "Output files"): app/output.hpp, by its names here.
#pragma once

#include "app/output.hpp"

namespace ppn::cli {

using app::finish_output;
using app::open_output;
using app::SameAsInput;

}  // namespace ppn::cli
