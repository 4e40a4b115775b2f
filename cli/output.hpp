// The `-o FILE` of every subcommand (docs/GUIDE.md "Files in and out"): app/output.hpp, by its names here.
#pragma once

#include "app/output.hpp"

namespace ppn::cli {

using app::finish_output;
using app::open_output;
using app::SameAsInput;

}  // namespace ppn::cli
