// Conformance against reference-engine JSONL corpora (shared/corpora/*/README.md): self-play
// files (every roll legal, every next board reproduced) and probe files (verdicts equal, and
// a legal probe's board_after reproduced when the record states it). A record with
// "dice_are_parts": true lists the parts exactly as a referee handed them (1..4 values,
// e.g. the NU course tests, convert/nu_test.hpp): they are played as given. Boards and moves
// are read by reference_jsonl.hpp and reach the rules core through racket_position.hpp.
#pragma once

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

void conform_file(const std::string& path, const ConformConfig& cfg, ConformReport& report);
// The same over JSONL text already in memory (`source` labels locations); used by the fuzz
// harness (fuzz/targets.hpp) and tests.
void conform_text(std::string_view text, const std::string& source, const ConformConfig& cfg, ConformReport& report);

}  // namespace ppn::convert
