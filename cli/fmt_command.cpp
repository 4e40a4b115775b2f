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
  int rc = 0;
  std::string buffer;
  for (const auto& path : args.files) {
    std::string why;
    auto in = open_input(path, why);
    if (!in) {
      std::cerr << open_failure(path, why);
      rc = 2;
      continue;
    }
    const auto stats = parser::parse_stream(
        *in, display_name(path),
        [&](Game& g) {
          buffer.clear();
          append_ppn(buffer, g);
          out << buffer;
        },
        [&](const parser::ParseError& e) { std::cerr << e.format(); });
    if (stats.errors != 0) rc = 2;
  }
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
