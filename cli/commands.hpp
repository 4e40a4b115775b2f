// The ppn subcommands. Each lives in its own file pair (cli/<name>_command.{hpp,cpp}) and
// registers itself on the top-level app; cli/app.cpp wires them together.
//
// Exit codes (documented in README.md):
//   0  success / everything legal
//   1  the input was read but something in it is illegal or disagrees (validate, conform; legal --play)
//   2  syntax, I/O or usage errors
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {

// Every add_* function registers one subcommand. When that subcommand runs, it stores its
// exit code in `exit_code`.
void add_conform_command(CLI::App& app, int& exit_code);  // cli/conform_command.cpp
void add_fmt_command(CLI::App& app, int& exit_code);       // cli/fmt_command.cpp
void add_validate_command(CLI::App& app, int& exit_code);  // cli/validate_command.cpp
void add_bench_command(CLI::App& app, int& exit_code);     // cli/bench_command.cpp
void add_selfplay_command(CLI::App& app, int& exit_code);  // cli/selfplay_command.cpp
void add_import_command(CLI::App& app, int& exit_code);    // cli/import_command.cpp
void add_query_command(CLI::App& app, int& exit_code);     // cli/query_command.cpp
void add_db_command(CLI::App& app, int& exit_code);        // cli/db_command.cpp
void add_find_command(CLI::App& app, int& exit_code);      // cli/find_command.cpp
void add_replay_command(CLI::App& app, int& exit_code);    // cli/replay_command.cpp
void add_render_command(CLI::App& app, int& exit_code);    // cli/render_command.cpp
void add_convert_command(CLI::App& app, int& exit_code);   // cli/convert_command.cpp
void add_export_command(CLI::App& app, int& exit_code);    // cli/export_command.cpp
void add_stats_command(CLI::App& app, int& exit_code);     // cli/stats_command.cpp
void add_analyze_command(CLI::App& app, int& exit_code);   // cli/analyze_command.cpp
void add_audit_command(CLI::App& app, int& exit_code);     // cli/audit_command.cpp
void add_legal_command(CLI::App& app, int& exit_code);     // cli/legal_command.cpp
void add_rate_command(CLI::App& app, int& exit_code);      // cli/rate_command.cpp
void add_train_command(CLI::App& app, int& exit_code);     // cli/train_command.cpp
void add_serve_command(CLI::App& app, int& exit_code);     // cli/serve_command.cpp
// `ppn help [COMMAND]`, the man page and bash completion; registered last (cli/app.cpp).
void add_help_command(CLI::App& app, int& exit_code);      // cli/help_command.cpp
}  // namespace ppn::cli
