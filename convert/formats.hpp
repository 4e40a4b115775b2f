// The formats `ppn convert` reads, one Reader each, how an input's format is told, and the
// formats `ppn export` writes, one Writer each.
//
// A new converter is one file pair that defines a Reader (or a Writer) (its name, how its first bytes look,
// and how to read games from it with located problems) plus one registration line in
// formats.cpp. The command line (`--from`, its help, the man page and bash completion, which
// are made from the command line) lists the formats from here.
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert {

using GameSink = std::function<void(Game&)>;

// What reading one input gave besides its games.
struct ReadOutcome {
  std::vector<Diagnostic> problems;  // located, in input order; warnings flagged
  std::string detail;               // one more summary line about the input ("" none)
  bool unread = false;              // the input could not be read at all (problems say why)
};

struct Reader {
  std::string_view name;     // the `--from` value, e.g. "racket-jsonl"
  std::string_view summary;  // what it reads, for help texts
  // Whether an input is in this format, from its first bytes (decompressed, up to 64 KiB)
  // and its first non-blank line. Told from the content, never from the file's name.
  bool (*detect)(std::string_view head, std::string_view first_line);
  // Reads every game of the input (`source` labels locations), handing each to on_game as it
  // is read; problems are located and the rest is still read. Throws nothing.
  ReadOutcome (*read)(std::istream& in, const std::string& source, const GameSink& on_game);
};

// Every reader, in the order in which detection tries them.
const std::vector<const Reader*>& readers();
const Reader* find_reader(std::string_view name);  // nullptr when there is none
std::vector<std::string> reader_names();

// The format of an input from its name (for messages) and first bytes: the first reader that
// recognises it, or the reason it is refused (empty, PPN already, a known format ppn does not
// convert, unknown JSON, unknown), never "0 games" for an input that was not understood.
struct Detected {
  const Reader* reader = nullptr;
  std::string refusal;
};
Detected detect_format(const std::string& path, std::string_view head);

struct Writer {
  std::string_view name;     // the `--to` value of `ppn export`, e.g. "nu-xml"
  std::string_view summary;  // what it writes, for help texts
  // Writes one game to `out`; problems go to `err`, located (FILE:LINE:COL: ...). Returns 0,
  // or 1 when the game was written only in part or with an illegal roll.
  int (*write)(const Game& g, std::ostream& out, std::ostream& err);
};

// Every writer, in the order help texts list them.
const std::vector<const Writer*>& writers();
const Writer* find_writer(std::string_view name);  // nullptr when there is none
std::vector<std::string> writer_names();

// For readers of whole documents: the input read into memory (nu::kMaxFileBytes at most),
// then read(text). A read error is one problem without a line, and `unread`.
ReadOutcome read_whole(std::istream& in, const std::string& source,
                       const std::function<ReadOutcome(const std::string& text)>& read);

}  // namespace ppn::convert
