#include "cli/fmt_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"

namespace ppn::cli {

namespace {
struct FmtArgs {
  std::vector<std::string> files;
  std::string output;
  unsigned jobs = 1;
};

// The game as `ppn fmt` prints it (notation/SPEC.md 6): its rolls numbered in sequence
// (SPEC.md 3.1 "Move number"), and each combined step (`2/11` for a 6-3, SPEC.md 3.1
// "Combined step") written out as the two mini-moves the replay read it as. The replay goes
// on past illegal rolls (as played), so that every combined step of the main line is read.
Game canonical_game(const Game& g) {
  Game out = g;
  renumber_rolls(out);
  replay::ReplayConfig cfg;
  cfg.on_error = replay::OnError::as_played;
  const replay::ReplayResult res = replay::replay_game(out, cfg);
  auto expanded = res.expanded.begin();
  int index = 0;
  for (MovetextEntry& e : out.movetext) {
    Roll* r = std::get_if<Roll>(&e);
    if (r == nullptr) continue;
    if (expanded != res.expanded.end() && expanded->roll_index == index) {
      r->steps = expanded->steps;
      r->step_locations.clear();
      ++expanded;
    }
    ++index;
  }
  return out;
}

int run_fmt(const FmtArgs& args) {
  auto output = open_output("fmt", args.output, args.files, SameAsInput::replace);
  if (!output) return 2;
  std::ostream& out = output->stream();
  OrderedWork work(args.jobs);
  const int rc = read_games(args.files, work, [&out](std::shared_ptr<const Game> g, const std::string&) {
    auto text = std::make_shared<std::string>();
    append_ppn(*text, canonical_game(*g));
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
