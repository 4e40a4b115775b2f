// Player-side transcripts of the Northwestern course's tournament server (Racket, 2017):
// a student's player logged every server message ("Received data: ...") and its replies
// ("Responding with: ..."), mixed with its own debug prints
// (shared/external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly, SOURCES.md).
//
// What the reader does with a log:
//   - Lines starting "Received data: " are pieces of the server's byte stream; a message may
//     be split across several such lines mid-element, so the pieces are joined until the
//     message's closing tag. "Responding with: " lines are the player's replies. A line
//     containing "socket connected" starts a new connection. Any other line is the player's
//     own output and is skipped (counted in `foreign_lines`).
//   - The first <start-game> of a connection is the name handshake, not a game; every later
//     one starts a game observed from that colour.
//   - Each <do-move> becomes `@ <position>` (the board, the observed colour to move, the
//     doublets it has already thrown in this turn) and, with the reply, the roll line
//     `Y 2-5: N/0 0/2` ({d,d,7-d,7-d} is the throw d-d). A <doubles-penalty> (the third
//     doublet; the log does not say its dice) becomes a comment on the next observed position.
//   - There is no game-over message; a game ends where the next one starts or the log ends.
//     [Result] names the observed colour when its last roll took its fourth pawn HOME, else `*`.
// Every problem (a malformed or truncated message, an unknown element, a <do-move> without a
// reply, a reply that PPN cannot express) is reported with its line and column, and reading
// goes on. Nothing throws.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "convert/formats.hpp"
#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert::nu {

struct TranscriptGame {
  Game game;               // PPN, tags [Variant "racket-nu"], [Observer], [Transcript]
  Colour observer = Colour::Green;
  int start_line = 0;      // line of its <start-game>
  int do_moves = 0;        // <do-move> messages
  int rolls = 0;           // roll lines written (observed rolls)
  int penalties = 0;       // <doubles-penalty> messages
};

struct TranscriptReport {
  std::vector<TranscriptGame> games;  // every game, unless a visitor took them one at a time
  int games_found = 0;
  std::vector<Diagnostic> problems;  // located, in file order
  int start_games = 0;          // <start-game> messages
  int handshakes = 0;           // of them, first of a connection
  int connections = 0;
  int foreign_lines = 0;        // non-blank lines that are not protocol traffic
  int first_foreign_line = 0;   // the first of them (0: none)
};

// Without a visitor the games are collected in the report; with one, each game is handed to
// it as soon as it ends (a log's games are never all held) and `games` stays empty.
using GameVisitor = std::function<void(TranscriptGame&)>;
TranscriptReport read_transcript(std::string_view text, const std::string& source, const GameVisitor& on_game = {});
// Reads the file; an unreadable file is one problem without a line.
TranscriptReport read_transcript_file(const std::filesystem::path& path);

// Whether a text looks like such a transcript (auto-detection): a line starting
// "Received data: <".
bool looks_like_transcript(std::string_view head);

// `nu-transcript` for `ppn convert` (formats.hpp): detected by looks_like_transcript; the
// summary counts the log's messages, games, observed rolls and skipped lines.
extern const Reader transcript_reader;

}  // namespace ppn::convert::nu
