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
};

int run_fmt(const FmtArgs& args) {
  auto output = open_output("fmt", args.output, args.files, SameAsInput::replace);
  if (!output) return 2;
  std::ostream& out = output->stream();
  std::string buffer;
  const int rc = read_games(args.files, [&](Game& g, const std::string&) {
    buffer.clear();
    append_ppn(buffer, g);
    out << buffer;
  });
  return std::max(rc, finish_output("fmt", *output, rc));
}
}  // namespace

void add_fmt_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<FmtArgs>();
  auto* sub = app.add_subcommand("fmt", "Print PPN games in the canonical form");
  sub->add_option("-o,--output", args->output, "write to this file instead of standard output");
  sub->add_option("files", args->files, "PPN files ('-' for standard input)")->required();
  sub->callback([args, &exit_code]() { exit_code = run_fmt(*args); });
}

}  // namespace ppn::cli
