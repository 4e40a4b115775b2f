#include "cli/convert_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "convert/formats.hpp"
#include "io/input.hpp"
#include "notation/printer.hpp"

namespace ppn::cli {

namespace {

struct ConvertArgs {
  std::string from;
  std::vector<std::string> files;
  std::string output;
  bool quiet = false;
};

class Converter {
 public:
  Converter(const ConvertArgs& a, std::ostream& out, Progress& bar) : a_(a), out_(out), bar_(bar) {}

  // Standard error, with the progress bar erased first.
  std::ostream& err() {
    bar_.clear();
    return std::cerr;
  }

  // After each file: the bar over the input bytes (long convert runs show progress).
  void done(std::uint64_t bytes, std::size_t files, std::size_t of) {
    bar_.update(bytes, std::to_string(files) + "/" + std::to_string(of) + " files, " + std::to_string(games_) + " games");
  }

  void file(const std::string& path) {
    const std::string name = display_name(path);
    std::string why;
    auto in = open_input(path, why);
    if (!in) return unreadable(name, "cannot open the file: " + why);
    const std::string_view head = in->peek(65536);
    if (auto err = io::read_error(*in); !err.empty()) return unreadable(name, err);
    const convert::Reader* reader = a_.from.empty() ? nullptr : convert::find_reader(a_.from);
    if (!reader) {
      auto d = convert::detect_format(name, head);
      if (!d.reader) return unreadable(name, d.refusal);
      reader = d.reader;
    }
    const std::size_t before = games_;
    const auto outcome = reader->read(*in, name, [&](Game& g) { emit(g); });
    for (const auto& e : outcome.problems) report(e);
    if (outcome.unread || a_.quiet) return;
    if (!outcome.detail.empty()) err() << "convert: " << name << ": " << outcome.detail << "\n";
    err() << "convert: " << name << " (" << reader->name << "): " << (games_ - before) << " game(s)\n";
  }

  // 0: every file converted; 1: converted, with warnings (a log that ends inside a game);
  // 2: something could not be read or converted (README "Exit codes").
  int finish() {
    bar_.finish();
    if (!a_.quiet)
      err() << "convert: " << games_ << " game(s), " << problems_ << " problem(s), " << warnings_
            << " warning(s)\n";
    return problems_ > 0 ? 2 : warnings_ > 0 ? 1 : 0;
  }

 private:
  void emit(Game& g) {
    buffer_.clear();
    append_ppn(buffer_, g);
    out_ << buffer_;
    ++games_;
  }
  void report(const Diagnostic& e) {
    std::string where = e.file;
    if (e.line > 0) where += ":" + std::to_string(e.line) + ":" + std::to_string(std::max<std::uint32_t>(e.column, 1));
    const bool warning = e.severity == Severity::warning;
    err() << where << (warning ? ": warning: " : ": error: ") << e.message << "\n";
    ++(warning ? warnings_ : problems_);
  }
  void unreadable(const std::string& path, const std::string& why) {
    err() << path << ": error: " << why << "\n";
    ++problems_;
  }

  const ConvertArgs& a_;
  std::ostream& out_;
  Progress& bar_;
  std::string buffer_;
  std::size_t games_ = 0;
  std::size_t problems_ = 0;
  std::size_t warnings_ = 0;
};

int run_convert(const ConvertArgs& args) {
  // PPN written over a transcript or corpus would destroy it: refused.
  auto output = open_output("convert", args.output, args.files, SameAsInput::refuse);
  if (!output) return 2;
  std::ostream& out = output->stream();
  std::uint64_t total = 0, done = 0;
  for (const auto& f : args.files) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(f, ec);
    total += ec ? 0 : size;
  }
  Progress bar("convert", total);
  Converter c(args, out, bar);
  for (std::size_t i = 0; i < args.files.size(); ++i) {
    c.file(args.files[i]);
    std::error_code ec;
    const auto size = std::filesystem::file_size(args.files[i], ec);
    done += ec ? 0 : size;
    c.done(done, i + 1, args.files.size());
  }
  const int rc = c.finish();
  return std::max(rc, finish_output("convert", *output, rc));
}

}  // namespace

void add_convert_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ConvertArgs>();
  auto* sub = app.add_subcommand("convert", "Convert game records from outside formats to PPN");
  std::string formats;
  for (const auto& name : convert::reader_names()) formats += (formats.empty() ? "" : ", ") + name;
  sub->add_option("--from", args->from, "input format: " + formats + " (default: detected per file)")
      ->check(CLI::IsMember(convert::reader_names()));
  sub->add_option("-o,--output", args->output, "write the PPN games here (default: standard output)");
  sub->add_flag("-q,--quiet", args->quiet, "no summary lines on standard error");
  sub->add_option("files", args->files, "input files, plain, gzip or zstd (- reads standard input)")->required();
  sub->callback([args, &exit_code]() { exit_code = run_convert(*args); });
}

}  // namespace ppn::cli
