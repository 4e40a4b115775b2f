// Conformance against reference-engine JSONL corpora (shared/corpora/*/README.md): self-play
// files (every roll legal, every next board reproduced) and probe files (verdicts equal, and
// a legal probe's board_after reproduced when the record states it). A record with
// "dice_are_parts": true lists the parts exactly as a referee handed them (1..4 values,
// e.g. the NU course tests, convert/nu_test.hpp): they are played as given. Boards and moves
// are read by reference_jsonl.hpp and reach the rules core through racket_position.hpp.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rules/engine.hpp"

namespace ppn::convert {

struct ConformConfig {
  rules::Options rules{};
  std::string variant = "hasbro-2001";      // key looked up in a record's "verdicts" object
  std::string verdict_field = "verdict";
  rules::OrderStrictness order = rules::OrderStrictness::strict;
};

struct ConformFileStats {
  std::string path;
  long records = 0, agree = 0, disagree = 0, unreadable = 0;
};

// A record the engine judged otherwise than the reference.
struct ConformDisagreement {
  std::string path;
  long line = 0;       // the record's line
  std::string what;    // what differed
  std::string engine;  // the engine's diagnostic ("" when none)
  // "file:line: what differed; engine: diagnostic", the text report's line.
  std::string text() const;
};

struct ConformReport {
  std::vector<ConformFileStats> files;
  std::vector<ConformDisagreement> disagreements;
  std::vector<std::string> errors;         // unreadable input, located
  long records() const;
  long agree() const;
  long disagree() const;
};

// A record judged ahead of its turn (on any thread): a roll line's board read, its roll judged
// under the rules, its verdict and messages made. Only ConformFile reads it.
struct ConformJudgement;

// A line's JSON value and, for a roll line, its judgement (read_record, on any thread).
struct ConformRecord {
  nlohmann::json json;
  std::shared_ptr<const ConformJudgement> judged;  // null: not a roll line, or not judged yet
};

// One file's check, fed its lines in order with each line's record. conform_file feeds it;
// `ppn conform -j` reads and judges the lines on several threads first (read_record may run on
// any thread) and feeds them here in order, so that the report is the same: what depends on
// the lines before (a self-play game's seats, the board the previous roll left, the counts)
// is settled here, and a roll judged under other seats than its game's is judged again.
class ConformFile {
 public:
  ConformFile(const std::string& path, const ConformConfig& cfg, ConformReport& report);
  ~ConformFile();
  ConformFile(const ConformFile&) = delete;
  ConformFile& operator=(const ConformFile&) = delete;
  // Line `no`, its text and read_record(text, cfg).
  void line(long no, const std::string& text, const ConformRecord& record);
  void too_long(long no);                         // a line over nu::kMaxJsonlLineBytes
  void file_error(const std::string& message);    // the file could not be opened or read
  void finish();                                  // adds the file's figures to the report

 private:
  class FileRun;
  std::unique_ptr<FileRun> run_;
};

// A line's JSON value (a discarded value when it is not JSON) and, when it is a roll line, its
// judgement under the seats the line itself gives (all four when it names none).
ConformRecord read_record(std::string_view line, const ConformConfig& cfg);

void conform_file(const std::string& path, const ConformConfig& cfg, ConformReport& report);
// The same over JSONL text already in memory (`source` labels locations); used by the fuzz
// harness (fuzz/targets.hpp) and tests.
void conform_text(std::string_view text, const std::string& source, const ConformConfig& cfg, ConformReport& report);

}  // namespace ppn::convert
