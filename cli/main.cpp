// The ppn command: wires the subcommands (one file pair each in cli/) into one CLI11 app.
#include <CLI/CLI.hpp>
#include <csignal>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"ppn: the Portable Pachisi Notation toolkit (Parcheesi, Parchis, Ludo records)"};
  app.set_version_flag("--version", std::string("ppn ") + PPN_VERSION);
  app.require_subcommand(1);

  // Past a file-size limit (ulimit -f) a write fails with EFBIG and is reported, with the file
  // named and left as it was, instead of SIGXFSZ killing the process mid-write.
  std::signal(SIGXFSZ, SIG_IGN);

  int exit_code = 0;
  ppn::cli::add_conform_command(app, exit_code);
  ppn::cli::add_fmt_command(app, exit_code);
  ppn::cli::add_validate_command(app, exit_code);
  ppn::cli::add_bench_command(app, exit_code);
  ppn::cli::add_selfplay_command(app, exit_code);
  ppn::cli::add_import_command(app, exit_code);
  ppn::cli::add_query_command(app, exit_code);
  ppn::cli::add_find_command(app, exit_code);
  ppn::cli::add_replay_command(app, exit_code);
  ppn::cli::add_render_command(app, exit_code);
  ppn::cli::add_convert_command(app, exit_code);
  ppn::cli::add_export_command(app, exit_code);
  ppn::cli::add_stats_command(app, exit_code);
  ppn::cli::add_analyze_command(app, exit_code);
  ppn::cli::add_audit_command(app, exit_code);
  ppn::cli::add_legal_command(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
  }
  return exit_code;
}
