// The Northwestern course's referee test cases (course-xml-tests/inN.xml and the verdicts
// of its valid-move.rkt, outN.txt; shared/external/SOURCES.md) as reference JSONL records.
//
//   inN.xml   a colour line ("green"), then <board>, <dice> and <moves> messages: the mover,
//             the position, the dice list and the play handed to Racket's take-turn.
//   outN.txt  either the <board> after the play (the roll was legal) or one line
//             "illegal move: REASON" (take-turn raised bad-move).
//
// course_record() makes one record of the reference schema (shared/corpora/racket/README.md)
// that `ppn conform --variant racket-nu` checks: color, board, dice, moves, verdict, reason,
// board_after (legal only) and "dice_are_parts": true, because take-turn plays the dice list
// exactly as given (it may hold a single die) instead of deriving parts from a throw.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "convert/formats.hpp"
#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert::nu {

struct CourseInput {
  Colour colour = Colour::Green;
  Board board{};
  Dice dice{};
  Moves moves{};
};

struct CourseVerdict {
  bool legal = false;
  std::optional<Board> board_after;  // legal only
  std::string reason;                // illegal only: the text after "illegal move: "
};

// `source` labels errors (usually the file name).
Result<CourseInput> parse_course_input(std::string_view text, const std::string& source = {});
Result<CourseVerdict> parse_course_output(std::string_view text, const std::string& source = {});
Result<CourseInput> read_course_input(const std::filesystem::path& path);
Result<CourseVerdict> read_course_output(const std::filesystem::path& path);

// The reference-schema record of a case; with a verdict, also verdict/reason/board_after.
nlohmann::json course_record(const CourseInput& in, const CourseVerdict* verdict = nullptr);

// The case as a one-roll PPN game under racket-nu: [Setup] is the board with the mover to
// move, and one roll line holds the play. The dice list becomes the roll when it is a throw
// (two dice; [d,d] with a pawn of the mover in its nest; [d,d,7-d,7-d] with none, Racket's
// doublets bonus). Any other list (one die, a doublet whose parts differ from what the throw
// would give) is what take-turn was handed: it becomes the [Setup]'s pending parts
// (`/ g d0 [5]`), and the roll line shows the first one or two of them (notation/SPEC.md 2
// [Setup]). Error: a play that PPN cannot write (a pawn of another colour, a move past
// HOME), located at the <moves> line of `source`.
Result<Game> course_game(const CourseInput& in, const std::string& source = {}, int moves_line = 0);

// `nu-test` for `ppn convert` (formats.hpp): an input holding <board> and <moves>, read as
// one course test input (course_game).
extern const Reader course_test_reader;

}  // namespace ppn::convert::nu
