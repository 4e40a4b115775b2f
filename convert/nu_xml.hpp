// The XML messages of the Northwestern EECS 395 Parcheesi protocol (spring 2017 course,
// Racket games/parcheesi referee), parsed into plain values:
//
//   board  <board><start>pawn*</start><main>piece-loc*</main><home-rows>piece-loc*</home-rows>
//          <home>pawn*</home></board>
//   piece-loc <piece-loc>pawn<loc>INT</loc></piece-loc>
//   pawn   <pawn><color>C</color><id>0-3</id></pawn>
//   dice   <dice><die>1-6</die>*</dice>
//   moves  <moves>move*</moves>, move one of <enter-piece>pawn</enter-piece>,
//          <move-piece-main>pawn<start>INT</start><distance>INT</distance></move-piece-main>,
//          <move-piece-home> likewise (start a home-row index).
//
// Ring indices are Racket's absolute squares 0..67 (board.rkt; the coordinates of
// shared/corpora/racket/README.md); home-row locations are 0..6 on the pawn's own row.
// Whitespace around text and between elements is insignificant; comments are ignored.
// Malformed input (bad XML, an unexpected element, a bad number, a pawn listed twice or
// missing) gives a located Diagnostic (E-SYNTAX); nothing throws. pugixml stays inside nu_xml.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "convert/racket_coords.hpp"
#include "notation/colour.hpp"
#include "notation/diagnostic.hpp"
#include "notation/result.hpp"

namespace ppn::convert {

// "file:line:column: message" (parts that are unknown left out).
std::string located(const Diagnostic& e);

}  // namespace ppn::convert

namespace ppn::convert::nu {

// A located problem with outside input is the one diagnostic value (notation/diagnostic.hpp)
// and a call that can fail returns ppn::Result (notation/result.hpp). `file` is the file name
// or another label (may be empty); line/column are 1-based, 0 = unknown. The code is E-SYNTAX
// (the input is not what its format says: syntax_error), or E-IO when the input could not be
// read. A warning (severity) where everything that could be converted was (a log that ends
// inside a game: the game is converted up to there): `ppn convert` exits 1, not 2.

// An E-SYNTAX diagnostic with this message and no place yet (the caller sets file/line/column).
Diagnostic syntax_error(std::string message = {});

// Where a text starts inside a larger file, so that errors point into the file.
struct TextOrigin {
  std::string source;
  int line = 1;  // line of the text's first character
};

// Limits on outside input read by the converters (notation/SPEC.md "Limits"): a file read
// whole into memory (transcripts, course cases, JSON games) and one line of a JSONL corpus.
inline constexpr std::size_t kMaxFileBytes = std::size_t{256} << 20;  // 256 MiB
inline constexpr std::size_t kMaxJsonlLineBytes = std::size_t{16} << 20;  // 16 MiB

// Reads a whole file into `out` (plain, gzip or zstd, `-` standard input: io/input.hpp),
// refusing one longer than `limit` bytes (checked as it is read, so a pipe or a growing file
// is bounded too). Error: "cannot open the file: <strerror>", a read error (e.g. "truncated
// gzip data: ...") or "file too large: ...".
std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::string& out,
                                           std::size_t limit = kMaxFileBytes);
// The same from a stream already open.
std::optional<std::string> read_whole_stream(std::istream& in, std::string& out, std::size_t limit = kMaxFileBytes);

inline constexpr int kPawnsPerColour = 4;
using racket::kHomeRowSquares;  // Racket's board sizes (racket_coords.hpp)
using racket::kRingSquares;

struct Pawn {
  Colour colour = Colour::Green;
  std::uint8_t id = 0;  // 0..3
  bool operator==(const Pawn&) const = default;
};

enum class LocKind : std::uint8_t { start, main, row, home };

// Where one pawn stands: index is the ring square (main, 0..67) or the home-row square
// (row, 0..6); 0 otherwise.
struct Loc {
  LocKind kind = LocKind::start;
  std::uint8_t index = 0;
  bool operator==(const Loc&) const = default;
};

// All 16 pawns, slot colour*4 + id with ppn::Colour's order (green, red, blue, yellow).
// The XML lists pawns in an arbitrary order; that order carries no meaning: Racket's board
// is a vector from pawn to location (games/parcheesi/board.rkt, make-old-style-board).
struct Board {
  std::array<Loc, 4 * kPawnsPerColour> locs{};
  Loc& at(Pawn p) { return locs[static_cast<int>(p.colour) * kPawnsPerColour + p.id]; }
  const Loc& at(Pawn p) const { return locs[static_cast<int>(p.colour) * kPawnsPerColour + p.id]; }
  bool operator==(const Board&) const = default;
};

// The dice the mover may play, in the message's order (Racket take-turn's dice list:
// usually two values, four for the doublets bonus, sometimes one).
struct Dice {
  std::vector<int> values;  // each 1..6
  bool operator==(const Dice&) const = default;
};

enum class MoveKind : std::uint8_t { enter, main, home };

// One mini-move. start/distance are as written (not range-checked here: a move the
// referee would reject, e.g. from an empty square, is still a well-formed message).
struct Move {
  MoveKind kind = MoveKind::enter;
  Pawn pawn{};
  int start = 0;     // main: ring square; home: home-row square; enter: unused
  int distance = 0;  // a die value or a bonus (20 capture, 10 home)
  bool operator==(const Move&) const = default;
};

struct Moves {
  std::vector<Move> list;
  bool operator==(const Moves&) const = default;
};

using Element = std::variant<Board, Dice, Moves>;

// Every top-level element of `xml`, in order (a file may hold several messages).
Result<std::vector<Element>> parse_elements(std::string_view xml, const TextOrigin& origin = {});

// Exactly one element of the given kind.
Result<Board> parse_board(std::string_view xml, const TextOrigin& origin = {});
Result<Dice> parse_dice(std::string_view xml, const TextOrigin& origin = {});
Result<Moves> parse_moves(std::string_view xml, const TextOrigin& origin = {});

// Writing, in the server's element order and layout (one line, no white space), as the
// course server sends them (transcripts-nathanshelly): pawns in <start> and <home> listed
// yellow, red, green, blue and ids 3..0 (the reverse of Racket's blue0..yellow3 order);
// <piece-loc>s in <main> and <home-rows> by location, highest first, ties in that same order.
std::string write_board(const Board& b);
std::string write_dice(const Dice& d);
std::string write_moves(const Moves& m);
// <do-move><board>...</board><dice>...</dice></do-move>
std::string write_do_move(const Board& b, const Dice& d);

}  // namespace ppn::convert::nu
