#include "cli/app.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

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
  add_train_command(*app, exit_code);
  add_serve_command(*app, exit_code);
  // Last: `ppn help` describes whatever was registered above.
  add_help_command(*app, exit_code);
  return app;
}

namespace {

// Levenshtein distance: single-character insertions, deletions and substitutions.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string unknown_command_message(const CLI::App& app, int argc, const char* const* argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (!sub->get_group().empty()) commands.push_back(sub->get_name());
  std::string_view word;
  for (int i = 1; i < argc && word.empty(); ++i) {
    const std::string_view a = argv[i];
    if (a == "-h" || a == "--help" || a == "--version") continue;
    if (std::find(commands.begin(), commands.end(), a) != commands.end()) return {};
    word = a;
  }
  if (word.empty()) return {};
  const bool option = word.front() == '-';
  std::string msg = "ppn: unknown " + std::string(option ? "option" : "command") + " '" + std::string(word) + "'";
  // The nearest command, when near enough to be a slip: at most a third of its letters off
  // (at least 1), so that `validat` and `improt` find theirs and `--foo` finds none.
  const std::string_view bare = option ? word.substr(word.find_first_not_of('-') == std::string_view::npos
                                                          ? word.size()
                                                          : word.find_first_not_of('-'))
                                       : word;
  std::string nearest;
  std::size_t best = std::max<std::size_t>(1, bare.size() / 3) + 1;
  for (const auto& c : commands)
    if (const std::size_t d = edit_distance(bare, c); d < best) best = d, nearest = c;
  if (!nearest.empty()) msg += "; did you mean '" + nearest + "'?";
  msg += "\ncommands: ";
  for (std::size_t i = 0; i < commands.size(); ++i) msg += (i ? ", " : "") + commands[i];
  msg += "\n(ppn help COMMAND describes one)\n";
  return msg;
}

}  // namespace ppn::cli
