#include "cli/convert_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/input_files.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "convert/json_game.hpp"
#include "convert/nu_test.hpp"
#include "convert/nu_transcript.hpp"
#include "convert/racket_jsonl.hpp"
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

const std::vector<std::string> kFormats = {"nu-transcript", "nu-test", "racket-jsonl", "json"};

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string_view first_line(std::string_view head) {
  const auto b = head.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  head.remove_prefix(b);
  return head.substr(0, head.find('\n'));
}

// What an input is, from its first bytes (decompressed): one of kFormats, or `refusal`, the
// reason it is not converted, naming the format when it is a known one (issue 16: never "0
// games" for a file that was not understood).
struct Detected {
  std::string format;
  std::string refusal;
};

Detected detect(const std::string& path, std::string_view head) {
  auto refuse = [](std::string why) { return Detected{"", std::move(why)}; };
  const std::string_view line = first_line(head);
  if (line.empty()) return refuse("the file is empty (or blank): nothing to convert");
  if (head.find("\"ppn-game\"") != std::string_view::npos) return {"json", ""};
  if (convert::nu::looks_like_transcript(head)) return {"nu-transcript", ""};
  if (head.find("<board>") != std::string_view::npos && head.find("<moves>") != std::string_view::npos)
    return {"nu-test", ""};
  if (line.front() == '{') {
    // Reference-engine JSONL: its first record is a game header or a roll of that schema
    // (convert/racket_jsonl.hpp). Other JSON is not guessed to be it.
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object() && ((j.contains("board") && j.contains("color") && j.contains("dice")) ||
                          (j.contains("game") && j.contains("players"))))
      return {"racket-jsonl", ""};
    if (j.is_object() && j.contains("turns") && j.contains("players"))
      return refuse("a clembench episode (the interactions.json of an LLM benchmark run), a format ppn does not convert");
    if (j.is_object() && (j.contains("turn scores") || (j.contains("game_id") && j.contains("rolls"))))
      return refuse("a clembench episode's scores or instance file, a format ppn does not convert");
  }
  if (line.rfind("game=", 0) == 0 && head.find("\nMove=") != std::string_view::npos)
    return refuse("a Ludii trial (" + std::string(line) + "), a format ppn does not convert");
  if (line.rfind("game: ", 0) == 0 && head.find("GameType.") != std::string_view::npos)
    return refuse("an OpenSpiel playthrough (" + std::string(line) + "), a format ppn does not convert");
  if (line.rfind("(;", 0) == 0 && head.find("GM[6]") != std::string_view::npos)
    return refuse("an SGF backgammon record (GNU Backgammon), a format ppn does not convert");
  if (head.find(" point match\n") != std::string_view::npos && head.find(" Game 1") != std::string_view::npos)
    return refuse("a Jellyfish backgammon match file, a format ppn does not convert");
  static const std::regex ppn_start(R"(^(\[[A-Za-z_][A-Za-z0-9_]* +"|[0-9]+\. +[A-Za-z]))");
  if (ends_with(path, ".ppn") || ends_with(path, ".ppn.gz") || ends_with(path, ".ppn.zst") ||
      std::regex_search(std::string(line), ppn_start))
    return refuse("this is PPN already: `ppn fmt " + path + "` prints it in canonical form, `ppn validate " + path +
                  "` checks it");
  if (line.front() == '{' || line.front() == '[')
    return refuse("JSON, but neither ppn's game JSON (\"format\": \"ppn-game\", convert/JSON.md) nor reference-engine "
                  "JSONL (a first record with \"board\", \"color\" and \"dice\", or a \"game\" header); give --from "
                  "if it is one of them");
  return refuse("cannot tell the input format; give --from nu-transcript|nu-test|racket-jsonl|json");
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
    const std::string name = display_name(path);
    std::string why;
    auto in = open_input(path, why);
    if (!in) return unreadable(name, "cannot open the file: " + why);
    const std::string_view head = in->peek(65536);
    if (auto err = io::read_error(*in); !err.empty()) return unreadable(name, err);
    std::string format = a_.from;
    if (format.empty()) {
      auto d = detect(name, head);
      if (d.format.empty()) return unreadable(name, d.refusal);
      format = d.format;
    }
    const std::size_t before = games_;
    if (format == "racket-jsonl") corpus(*in, name);
    else {
      std::string text;
      if (auto err = convert::nu::read_whole_stream(*in, text)) return unreadable(name, *err);
      if (format == "nu-transcript") transcript(text, name);
      else if (format == "nu-test") course_case(text, name);
      else json_games(text, name);
    }
    if (!a_.quiet)
      err() << "convert: " << name << " (" << format << "): " << (games_ - before) << " game(s)\n";
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
  void report(const convert::nu::Error& e) {
    std::string where = e.source;
    if (e.line > 0) where += ":" + std::to_string(e.line) + ":" + std::to_string(std::max(e.column, 1));
    err() << where << (e.warning ? ": warning: " : ": error: ") << e.message << "\n";
    ++(e.warning ? warnings_ : problems_);
  }
  void unreadable(const std::string& path, const std::string& why) {
    err() << path << ": error: " << why << "\n";
    ++problems_;
  }

  void transcript(const std::string& text, const std::string& path) {
    int rolls = 0, penalties = 0, do_moves = 0;
    auto rep = convert::nu::read_transcript(text, path, [&](convert::nu::TranscriptGame& g) {
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

  void course_case(const std::string& text, const std::string& path) {
    auto in = convert::nu::parse_course_input(text, path);
    if (!in.ok()) return report(*in.error);
    // The line of <moves>, for errors about the play.
    int moves_line = 1;
    const auto at = text.find("<moves");
    if (at != std::string::npos) moves_line += static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    auto g = convert::nu::course_game(*in.value, path, moves_line);
    if (!g.ok()) return report(*g.error);
    emit(*g.value);
  }

  void corpus(std::istream& in, const std::string& path) {
    std::vector<convert::nu::Error> problems;
    convert::racket::read_corpus(in, path, [&](Game& g) { emit(g); }, problems);
    for (auto& e : problems) report(e);
  }

  void json_games(const std::string& text, const std::string& path) {
    std::vector<convert::nu::Error> problems;
    convert::json_form::read_games(text, path, [&](Game& g) { emit(g); }, problems);
    for (auto& e : problems) report(e);
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
  sub->add_option("--from", args->from,
                  "input format: nu-transcript, nu-test, racket-jsonl, json (default: detected per file)")
      ->check(CLI::IsMember(kFormats));
  sub->add_option("-o,--output", args->output, "write the PPN games here (default: standard output)");
  sub->add_flag("-q,--quiet", args->quiet, "no summary lines on standard error");
  sub->add_option("files", args->files, "input files, plain, gzip or zstd (- reads standard input)")->required();
  sub->callback([args, &exit_code]() { exit_code = run_convert(*args); });
}

}  // namespace ppn::cli
