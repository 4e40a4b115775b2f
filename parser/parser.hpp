// The public PPN parser API (no Spirit types: include this, not grammar.hpp).
//
// Games are read one at a time (notation/SPEC.md "Files and game boundaries"): memory is
// bounded by the largest game (ParseOptions::max_game_bytes), never by the file. A syntax error
// is reported through on_error with file:line:column, and reading resumes at the next game.
// A file that holds no game (empty, blank, only comments) and a file that is not PPN at all
// (its first game shows neither a tag nor a roll: a README, a binary, JSON, a log) are each
// reported once, through on_error, as an error about the whole file (SPEC.md 4); of a file that
// is not PPN nothing more is read. A stream that ends in a read error (an io::Input whose
// compressed data is truncated or corrupt, io/input.hpp) is one whole-file error with the
// reason; the game it cut is dropped, not taken for a complete one. Nothing here throws (except what the caller's own callbacks
// throw).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "notation/diagnostic.hpp"
#include "notation/game.hpp"

namespace ppn::parser {

// A syntax error is a Diagnostic (notation/diagnostic.hpp) with code E-SYNTAX, or E-IO when
// reading stopped early (a read error, truncated or corrupt compressed data); its column is
// 1-based in bytes, its message e.g. "expected a die value 1-6".
struct ParseError : Diagnostic {
  ParseError() { code = Code::syntax; }
  std::string excerpt;       // the offending line (control bytes shown as '?', long lines cut)
  std::uint32_t caret = 0;   // 0-based display column of the caret within `excerpt`
  // The error is about the file, not one game of it (no game in it, not a PPN file, UTF-16, a
  // read error): no game was lost to it but, for a read error, the one it cut. `line` is 0
  // when no line is meant.
  bool whole_file = false;
  // The game as far as it could be read (SPEC.md 8, "Recovery inside a game"): its tags and
  // the main-line movetext entries before the entry the error lies in, for a caller that
  // checks the rolls before the error (ppn validate). Null when the error lies in the tags (or
  // the tags are invalid, or the game's text is not valid UTF-8), or for a whole-file error.
  // Shared, so that copying an error stays cheap.
  std::shared_ptr<const Game> partial;

  // "file:line:col: error: message\n<excerpt>\n<spaces>^\n" (SPEC.md "Error messages");
  // "file: error: message\n" when line is 0.
  std::string format() const;
};

// Limits on hostile input (notation/SPEC.md "Limits"): each excess is a located error and the
// reader goes on with the next game.
struct ParseOptions {
  // A game whose text is longer is reported and skipped without being held in memory.
  std::size_t max_game_bytes = std::size_t{16} << 20;  // 16 MiB
  // A line longer than this ends its game the same way (no line of a printed game comes near).
  std::size_t max_line_bytes = std::size_t{1} << 20;  // 1 MiB
  std::size_t max_tags = 256;             // tag pairs per game
  std::size_t max_rolls = 100000;         // rolls per game, main line and variations together
  std::size_t max_steps_per_roll = 24;    // mini-moves and bonus moves of one roll
};

struct StreamStats {
  std::size_t games = 0;   // games parsed successfully (passed to on_game)
  std::size_t errors = 0;  // errors passed to on_error: games rejected, and whole-file errors
  std::size_t bytes = 0;   // bytes read
  std::size_t texts = 0;   // game texts handed over unparsed (parse_stream_texts)
};

// on_game may move from the game. After on_game returns, the stream reuses the Game's storage
// for the next game (parser/game_reader.hpp), so a handler that keeps a game moves or copies
// it rather than holding on to the reference.
using GameHandler = std::function<void(Game&)>;
using ErrorHandler = std::function<void(const ParseError&)>;

// Reads `in` to its end, one game at a time.
StreamStats parse_stream(std::istream& in, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options = {});
// The same reading, pulled one game at a time instead of pushed (the Python module's
// `ppn.read_games` iterator): next() gives the next game or error in file order, nullopt at
// the end. It reads the stream a chunk at a time as the games are asked for, so memory is
// bounded by a chunk's games, never by the file. `in` must outlive the GameStream.
class GameStream {
 public:
  GameStream(std::istream& in, std::string filename, ParseOptions options = {});
  ~GameStream();
  GameStream(const GameStream&) = delete;
  GameStream& operator=(const GameStream&) = delete;
  std::optional<std::variant<Game, ParseError>> next();
  const StreamStats& stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Same over a string.
StreamStats parse_string(std::string_view text, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options = {});

// A game's text as the stream cut it, not yet parsed: for a caller that parses games on
// several threads (`ppn validate -j`, parallel/ordered_work.hpp).
struct GameText {
  std::string text;
  std::vector<std::uint32_t> line_starts;  // the offset of each line of `text` (0 first)
  std::uint32_t first_line = 1;            // the file line of text[0]
};
// on_text may swap the text with one it is done with (whose storage the stream then reuses).
using TextHandler = std::function<void(GameText&)>;

// parse_stream, with every game after the file's first whose text starts with a tag line
// handed to on_text unparsed; such a text is a game or a syntax error, never nothing, so the
// caller that parses it (read_game_text) reports it in its place. The file's first game (which
// decides whether the file is PPN at all), games without tags and the errors about the file
// itself still come through on_game and on_error. StreamStats counts the texts handed over as
// neither games nor errors: `texts` says how many.
StreamStats parse_stream_texts(std::istream& in, const std::string& filename, const GameHandler& on_game,
                               const ErrorHandler& on_error, const TextHandler& on_text,
                               const ParseOptions& options = {});

// Parses a text parse_stream_texts handed over, into `game` (its storage reused), on any
// thread (each thread keeps its own reader); the error instead, as parse_stream reports it.
std::optional<ParseError> read_game_text(const GameText& text, const std::string& filename, Game& game,
                                         const ParseOptions& options = {});

// Parses exactly one game's text. `first_line` is the file line number of text[0].
std::variant<Game, ParseError> parse_game(std::string_view text, const std::string& filename = "<string>",
                                          std::uint32_t first_line = 1);

// One roll's play, as typed after a roll line's `:` (notation/SPEC.md `play`): `-`, `PENALTY`
// (with its optional square move), or the steps, with optional trailing blanks and nothing else
// (no comment, annotation, variation or newline). `seat` is the roll's seat (a step naming
// that colour is no foreign move, as in a record). The Roll has kind, steps, penalty_move and
// step_locations (line 1, 1-based byte columns in `text`); an error is located the same way
// (line 1, column) with the message the game parser gives at the same place.
// The Roll's seat is `seat`, its line and column 1 (where a roll-wide limit error points),
// its number unset and its dice 0 (a play has none). A byte that would end the play in a
// record (CR or LF, `{` `;` `(` `)` `}` `!` `?` `$`) is the error "a play is one line of
// mini-moves (no comments or variations)" at it; a control byte or invalid UTF-8 is the error
// a game's is (whichever comes first). Where a record would read on after the play (another
// roll line, a withdrawal, an observed position) the error says that the play ends there. A
// play holds at most ParseOptions{}.max_steps_per_roll steps, as a record's roll does.
// For a caller that judges a play typed on its own (`ppn legal`, replay/referee.cpp).
std::variant<Roll, ParseError> parse_play(std::string_view text, Colour seat, const std::string& filename = "<play>");

// Convenience for tests and small inputs: every game and every error of a string.
struct ParseResult {
  std::vector<Game> games;
  std::vector<ParseError> errors;
};
ParseResult parse_all(std::string_view text, const std::string& filename = "<string>");

}  // namespace ppn::parser
