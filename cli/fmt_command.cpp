#include "cli/fmt_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

namespace {
struct FmtArgs {
  std::vector<std::string> files;
  std::string output;
  unsigned jobs = 1;
};

int run_fmt(const FmtArgs& args) {
  auto output = open_output("fmt", args.output, args.files, SameAsInput::replace);
  if (!output) return 2;
  std::ostream& out = output->stream();
  OrderedWork work(args.jobs);
  const int rc = read_games(args.files, work, [&out](std::shared_ptr<const Game> g, const std::string&) {
    auto text = std::make_shared<std::string>();
    append_ppn(*text, *g);
    return [&out, text](std::int64_t) { out << *text; };
  });
  return std::max(rc, finish_output("fmt", *output, rc));
}
}  // namespace

void add_fmt_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<FmtArgs>();
  auto* sub = app.add_subcommand("fmt", "Print PPN games in the canonical form");
  sub->add_option("-o,--output", args->output, "write to this file instead of standard output");
  sub->add_option("files", args->files, "PPN files ('-' for standard input)")->required();
  add_jobs_option(sub, args->jobs);
  sub->callback([args, &exit_code]() { exit_code = run_fmt(*args); });
}

}  // namespace ppn::cli
