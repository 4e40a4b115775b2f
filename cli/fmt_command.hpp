// `ppn fmt [-o OUT] FILE...`: prints every game in the canonical PPN form (notation/SPEC.md
// "Canonical output"). `-` reads standard input. Syntax errors go to stderr in the located
// format; games with errors are left out. Exit 0, or 2 when any syntax or I/O error occurred.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_fmt_command(CLI::App& app, int& exit_code);
}
