#include "cli/help_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/bash_completion.hpp"
#include "cli/command_tree.hpp"
#include "cli/man_page.hpp"
#include "cli/output.hpp"

namespace ppn::cli {
namespace {

struct HelpArgs {
  std::vector<std::string> command;
  bool man = false;
  bool completion = false;
  std::string output;
};

int write_generated(const CLI::App& root, const HelpArgs& a) {
  const CommandDoc tree = describe_command(root);
  const std::string text = a.man ? man_page(tree, PPN_VERSION) : bash_completion(tree, PPN_VERSION);
  auto out = open_output("help", a.output, {}, SameAsInput::refuse);
  if (!out) return 2;
  out->stream() << text;
  return finish_output("help", *out);
}

int print_help(const CLI::App& root, const std::vector<std::string>& command) {
  const CLI::App* target = &root;
  std::string name = "ppn";
  for (const auto& word : command) {
    const CLI::App* found = nullptr;
    for (const CLI::App* sub : visible_subcommands(*target))
      if (sub->get_name() == word) found = sub;
    if (!found) {
      std::cerr << "help: unknown command '" << word << "'" << (target == &root ? "" : " of " + name) << "; commands:";
      const auto subs = visible_subcommands(*target);
      for (std::size_t i = 0; i < subs.size(); ++i) std::cerr << (i ? ", " : " ") << subs[i]->get_name();
      std::cerr << (subs.empty() ? " none\n" : "\n");
      return 2;
    }
    target = found;
    name += " " + word;
  }
  // The formatter directly: App::help() would describe the subcommand being run (help itself).
  std::cout << target->get_formatter()->make_help(target, name, CLI::AppFormatMode::Normal);
  return 0;
}

}  // namespace

void add_help_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<HelpArgs>();
  auto* sub = app.add_subcommand("help", "Help on ppn or on one command (ppn help validate, ppn help bench parse)");
  sub->add_option("command", a->command, "The command (and its subcommand) to describe");
  auto* man = sub->add_flag("--man", a->man, "Print the man page (roff)")->group("");
  sub->add_flag("--bash-completion", a->completion, "Print the bash completion script")->group("")->excludes(man);
  sub->add_option("-o", a->output, "Write the man page or completion script to this file")->group("");
  sub->callback([a, &app, &exit_code]() {
    exit_code = a->man || a->completion ? write_generated(app, *a) : print_help(app, a->command);
  });
}

}  // namespace ppn::cli
