// `ppn validate`'s report, written once for every front end that validates files: what a
// file's games, syntax errors and open failure count, and the lines they print, as text or
// JSON Lines (docs/JSON_OUTPUT.md), in the order `ppn validate` prints them. The CLI feeds it
// from its ordered workers (cli/validate_command.cpp); a shard of a cluster run (python
// ppn.cluster) from one thread (validate_file); both print the same lines, and the run's last
// line comes from the summed counts (write_validate_summary).
//
//   ValidateCounts total;
//   for (auto& f : files) total.add(validate_file(f, cfg, style, std::cout, std::cerr));
//   write_validate_summary(std::cout, total, style);
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

#include "notation/game.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"

namespace ppn::app {

struct ValidateCounts {
  // rolls_replayed: the rolls applied (ReplayResult::rolls_replayed, as `stats` counts them);
  // not_checked: the rolls after the illegal one where a game's replay stopped, and those of a
  // game whose rules or seats are unusable, which nothing judged.
  std::size_t files = 0, games = 0, rolls = 0, rolls_replayed = 0, not_checked = 0, illegal = 0, record_errors = 0,
              warnings = 0, syntax_errors = 0, io_errors = 0, skipped = 0;
  void add(const ValidateCounts& o);
};

struct ValidateStyle {
  bool json = false;         // JSON Lines, else text
  bool syntax_only = false;  // nothing replayed: the replay's figures are null
};

// One file's part of the report. `out` takes the report, `err` the text of syntax errors and
// of a file that cannot be opened (JSON: all on `out`); `before_output` runs before each line
// (the CLI clears its progress bar).
class ValidateFile {
 public:
  ValidateFile(std::string name, ValidateStyle style, std::ostream& out, std::ostream& err,
               std::function<void()> before_output = {});
  // The file could not be opened: counted and reported; it then has no summary line.
  void unopened(const std::string& why);
  // A game read, or the part of a broken one read before its syntax error (`partial`: not
  // counted among the games), with its replay (none under syntax_only): counted, its variant
  // inference and diagnostics reported. Returns whether its replay asks the run to stop
  // (--on-error stop).
  bool game(const Game& g, const replay::ReplayResult& r, bool partial);
  // A syntax error (or a read error) of the file.
  void syntax_error(const parser::ParseError& e);
  // The file's summary line, after its games.
  void summary();
  const ValidateCounts& counts() const { return c_; }
  // Games counted so far (the progress bar's figure).
  std::size_t games() const { return c_.games; }

 private:
  void emit(const std::string& line);
  void report(std::size_t game_no, const replay::ReplayDiagnostic& d);
  void report_inference(std::size_t game_no, const Game& g, const replay::VariantInference& inf);

  std::string name_;
  ValidateStyle style_;
  std::ostream& out_;
  std::ostream& err_;
  std::function<void()> before_;
  ValidateCounts c_;
};

// The run's last line, from the counts summed over its files.
void write_validate_summary(std::ostream& out, const ValidateCounts& total, ValidateStyle style);
// `ppn validate`'s exit code for the counts: 2 syntax or I/O errors, 1 an illegal roll or a
// record error, else 0.
int validate_exit_code(const ValidateCounts& total);

// The file at `path` validated on this thread, as `ppn validate -j 1` reports it (its files
// count 1): its lines on `out` and `err`, its counts returned. `stop` is set when a game's
// replay asks the run to stop (--on-error stop); the file's later games are then not reported.
ValidateCounts validate_file(const std::string& path, const replay::ReplayConfig& cfg, ValidateStyle style,
                             std::ostream& out, std::ostream& err, bool* stop = nullptr);

}  // namespace ppn::app
