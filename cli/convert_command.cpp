#include "cli/convert_command.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "convert/json_game.hpp"
#include "convert/nu_test.hpp"
#include "convert/nu_transcript.hpp"
#include "convert/racket_jsonl.hpp"
#include "notation/printer.hpp"

namespace ppn::cli {

namespace {

struct ConvertArgs {
  std::string from;
  std::vector<std::string> files;
  std::string output;
  bool quiet = false;
};

const std::vector<std::string> kFormats = {"nu-transcript", "nu-test", "racket-jsonl", "json"};

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A whole input file, or the reason it cannot be had (unreadable, or larger than
// convert::nu::kMaxFileBytes: the readers below hold one file's text at a time).
std::variant<std::string, std::string> slurp(const std::string& path) {
  std::string text;
  if (auto err = convert::nu::read_whole_file(path, text)) return std::variant<std::string, std::string>(std::in_place_index<1>, *err);
  return std::variant<std::string, std::string>(std::in_place_index<0>, std::move(text));
}

// The format of an input: from its name, else from its first bytes.
std::string detect(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(65536, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.find("\"ppn-game\"") != std::string::npos) return "json";
  if (ends_with(path, ".jsonl") || ends_with(path, ".jsonl.gz")) return "racket-jsonl";
  if (convert::nu::looks_like_transcript(head)) return "nu-transcript";
  const auto first = head.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && head[first] == '{')
    return head.find("\"ppn-game\"") != std::string::npos ? "json" : "racket-jsonl";
  if (head.find("<board>") != std::string::npos && head.find("<moves>") != std::string::npos) return "nu-test";
  if (ends_with(path, ".json")) return "json";
  return "";
}

class Converter {
 public:
  Converter(const ConvertArgs& a, std::ostream& out, Progress& bar) : a_(a), out_(out), bar_(bar) {}

  // Standard error, with the progress bar erased first.
  std::ostream& err() {
    bar_.clear();
    return std::cerr;
  }

  // After each file: the bar over the input bytes (issue 6: long convert runs show progress).
  void done(std::uint64_t bytes, std::size_t files, std::size_t of) {
    bar_.update(bytes, std::to_string(files) + "/" + std::to_string(of) + " files, " + std::to_string(games_) + " games");
  }

  void file(const std::string& path) {
    const std::string format = a_.from.empty() ? detect(path) : a_.from;
    if (format.empty()) {
      err() << path << ": error: cannot tell the input format; give --from "
                << "nu-transcript|nu-test|racket-jsonl|json\n";
      ++problems_;
      return;
    }
    const std::size_t before = games_;
    if (format == "nu-transcript") transcript(path);
    else if (format == "nu-test") course_case(path);
    else if (format == "racket-jsonl") corpus(path);
    else json_games(path);
    if (!a_.quiet)
      err() << "convert: " << path << " (" << format << "): " << (games_ - before) << " game(s)\n";
  }

  int finish() {
    bar_.finish();
    if (!a_.quiet)
      err() << "convert: " << games_ << " game(s), " << problems_ << " problem(s)\n";
    return problems_ > 0 ? 2 : 0;
  }

 private:
  void emit(Game& g) {
    buffer_.clear();
    append_ppn(buffer_, g);
    out_ << buffer_;
    ++games_;
  }
  void report(const convert::nu::Error& e) {
    std::string where = e.source;
    if (e.line > 0) where += ":" + std::to_string(e.line) + ":" + std::to_string(std::max(e.column, 1));
    err() << where << ": error: " << e.message << "\n";
    ++problems_;
  }
  void unreadable(const std::string& path, const std::string& why) {
    err() << path << ": error: " << why << "\n";
    ++problems_;
  }

  void transcript(const std::string& path) {
    auto read = slurp(path);
    if (read.index() == 1) return unreadable(path, std::get<1>(read));
    const std::string* text = &std::get<0>(read);
    int rolls = 0, penalties = 0, do_moves = 0;
    auto rep = convert::nu::read_transcript(*text, path, [&](convert::nu::TranscriptGame& g) {
      rolls += g.rolls;
      penalties += g.penalties;
      do_moves += g.do_moves;
      emit(g.game);
    });
    for (auto& e : rep.problems) report(e);
    if (!a_.quiet) {
      err() << "convert: " << path << ": " << rep.start_games << " <start-game> (" << rep.handshakes
                << " handshake(s)), " << rep.games_found << " game(s), " << do_moves << " <do-move>, " << rolls
                << " observed roll(s), " << penalties << " doubles penalty(ies), " << rep.foreign_lines
                << " line(s) of the player's own output skipped"
                << (rep.foreign_lines ? " (the first at line " + std::to_string(rep.first_foreign_line) + ")" : "")
                << "\n";
    }
  }

  void course_case(const std::string& path) {
    auto read = slurp(path);
    if (read.index() == 1) return unreadable(path, std::get<1>(read));
    const std::string* text = &std::get<0>(read);
    auto in = convert::nu::parse_course_input(*text, path);
    if (!in.ok()) return report(*in.error);
    // The line of <moves>, for errors about the play.
    int moves_line = 1;
    const auto at = text->find("<moves");
    if (at != std::string::npos) moves_line += static_cast<int>(std::count(text->begin(), text->begin() + static_cast<long>(at), '\n'));
    auto g = convert::nu::course_game(*in.value, path, moves_line);
    if (!g.ok()) return report(*g.error);
    emit(*g.value);
  }

  void corpus(const std::string& path) {
    std::vector<convert::nu::Error> problems;
    convert::racket::read_corpus(path, [&](Game& g) { emit(g); }, problems);
    for (auto& e : problems) report(e);
  }

  void json_games(const std::string& path) {
    auto read = slurp(path);
    if (read.index() == 1) return unreadable(path, std::get<1>(read));
    const std::string* text = &std::get<0>(read);
    std::vector<convert::nu::Error> problems;
    convert::json_form::read_games(*text, path, [&](Game& g) { emit(g); }, problems);
    for (auto& e : problems) report(e);
  }

  const ConvertArgs& a_;
  std::ostream& out_;
  Progress& bar_;
  std::string buffer_;
  std::size_t games_ = 0;
  std::size_t problems_ = 0;
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
  sub->add_option("--from", args->from,
                  "input format: nu-transcript, nu-test, racket-jsonl, json (default: detected per file)")
      ->check(CLI::IsMember(kFormats));
  sub->add_option("-o,--output", args->output, "write the PPN games here (default: standard output)");
  sub->add_flag("-q,--quiet", args->quiet, "no summary lines on standard error");
  sub->add_option("files", args->files, "input files")->required();
  sub->callback([args, &exit_code]() { exit_code = run_convert(*args); });
}

}  // namespace ppn::cli
