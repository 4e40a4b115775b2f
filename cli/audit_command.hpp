// `ppn audit FILE... [--by player|source|none]`: dice-fairness audit of the recorded throws
// (analysis/dice_audit.hpp). Exit code 1 when some group's dice fail a test.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_audit_command(CLI::App& app, int& exit_code);
}
