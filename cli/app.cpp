#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <string>

#include "cli/commands.hpp"

namespace ppn::cli {

std::unique_ptr<CLI::App> build_app(int& exit_code) {
  auto app = std::make_unique<CLI::App>("ppn: the Portable Pachisi Notation toolkit (Parcheesi, Parchis, Ludo records)", "ppn");
  app->set_version_flag("--version", std::string("ppn ") + PPN_VERSION);
  app->require_subcommand(1);

  add_conform_command(*app, exit_code);
  add_fmt_command(*app, exit_code);
  add_validate_command(*app, exit_code);
  add_bench_command(*app, exit_code);
  add_selfplay_command(*app, exit_code);
  add_import_command(*app, exit_code);
  add_query_command(*app, exit_code);
  add_db_command(*app, exit_code);
  add_find_command(*app, exit_code);
  add_replay_command(*app, exit_code);
  add_render_command(*app, exit_code);
  add_convert_command(*app, exit_code);
  add_export_command(*app, exit_code);
  add_stats_command(*app, exit_code);
  add_analyze_command(*app, exit_code);
  add_audit_command(*app, exit_code);
  add_legal_command(*app, exit_code);
  add_rate_command(*app, exit_code);
  // Last: `ppn help` describes whatever was registered above.
  add_help_command(*app, exit_code);
  return app;
}

}  // namespace ppn::cli
