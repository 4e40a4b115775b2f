// The PPN data model: plain value types, no parser types (notation/SPEC.md describes the text
// form of each). The notation layer knows no rules: nothing here checks legality.
//
// operator== compares content only. Source positions (line, column, file) are excluded, so
// that parse(print(g)) == g can hold.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "notation/colour.hpp"
#include "notation/diagnostic.hpp"
#include "notation/position_id.hpp"
#include "notation/square.hpp"

namespace ppn {

// A mini-move as written (SPEC.md 3.1): one pawn moved by one part (or entered: `N/0`),
// `FROM/TO`, `x` after TO = capture. The engine reads it as a rules::MiniMove (replay/bridge.hpp).
// Layout: from (2 bytes), to (2 bytes), capture (1 byte).
struct SquareMove {
  Square from;
  Square to;
  bool capture = false;
  friend bool operator==(const SquareMove&, const SquareMove&) = default;
};
static_assert(sizeof(SquareMove) == 5);

// One step of a play: a mini-move using a die part (bonus == 0), or a bonus move of 10 or 20
// (`+20 35/55`), whose mini-move is empty when the bonus was forfeited (`+20 -`).
// `owner` is set when the pawn moved is another colour's (`R:N/0` on Green's roll, SPEC.md
// 3.1 "Another colour's pawn"): a record of a play as it was made, which the rules engine
// then rejects; its squares are in that colour's own coordinates. Never the roll's own seat
// (the parser drops such a prefix).
struct Step {
  std::uint8_t bonus = 0;         // 0, 10 or 20
  std::optional<SquareMove> move;   // always set when bonus == 0
  std::optional<Colour> owner;    // another colour's pawn (never set on a forfeited bonus)

  // A die part `12/15`; a bonus move `+20 35/55`; a forfeited bonus `+20 -`.
  static Step part(SquareMove m) { return Step{0, m, std::nullopt}; }
  static Step bonus_move(std::uint8_t value, SquareMove m) { return Step{value, m, std::nullopt}; }
  static Step forfeit(std::uint8_t value) { return Step{value, std::nullopt, std::nullopt}; }

  bool is_bonus() const { return bonus != 0; }
  bool forfeited() const { return bonus != 0 && !move; }
  friend bool operator==(const Step&, const Step&) = default;
};

enum class PlayKind : std::uint8_t {
  Moves,    // steps holds at least one step
  NoPlay,   // `-`: no legal play
  Penalty,  // `PENALTY [mini-move]`: third doublet (Ludo: third six), see RULES.md Q46-49
};

// PGN NAG numbers of the move annotations (PGN standard 10: 1 !, 2 ?, 3 !!, 4 ??, 5 !?, 6 ?!).
enum class Nag : std::uint8_t { Good = 1, Mistake = 2, Brilliant = 3, Blunder = 4, Interesting = 5, Dubious = 6 };
// The symbol for NAGs 1..6, empty for others.
std::string_view nag_symbol(unsigned nag);

struct Roll {
  std::optional<std::uint32_t> number;  // move number; the parser fills in the count when omitted
  Colour seat = Colour::Green;
  std::array<std::uint8_t, 2> dice{0, 0};  // in thrown order; dice[1] == 0: one die (Ludo)
  PlayKind kind = PlayKind::Moves;
  std::vector<Step> steps;                 // PlayKind::Moves only, in play order
  std::optional<SquareMove> penalty_move;    // PlayKind::Penalty only: the pawn sent back
  std::vector<std::uint16_t> nags;         // annotations in input order
  std::vector<std::string> comments;       // white space normalized (see text_util.hpp)
  std::vector<std::vector<Roll>> variations;  // alternatives to this roll, each a roll sequence
  std::uint32_t line = 0;                  // source position of the roll (1-based), 0 = unknown
  std::uint32_t column = 0;
  // Source position (line, column) of each step, parallel to `steps` when the roll was parsed
  // (empty otherwise): a diagnostic about one mini-move points at it.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> step_locations;

  int dice_count() const { return dice[1] == 0 ? 1 : 2; }
  friend bool operator==(const Roll& a, const Roll& b);
};

// `@ <position id>`: the position was observed here; the plays in between were not seen.
struct ObservedPosition {
  PositionDesc position;
  std::vector<std::string> comments;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  friend bool operator==(const ObservedPosition& a, const ObservedPosition& b);
};

enum class WithdrawalKind : std::uint8_t { Resigns, Abandons };

// `G RESIGNS` / `G ABANDONS`: a seat stops playing here (resigned, or left the table).
struct Withdrawal {
  Colour seat = Colour::Green;
  WithdrawalKind kind = WithdrawalKind::Resigns;
  std::vector<std::string> comments;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  friend bool operator==(const Withdrawal& a, const Withdrawal& b);
};

using MovetextEntry = std::variant<Roll, ObservedPosition, Withdrawal>;

struct Tag {
  std::string name;
  std::string value;      // unescaped
  std::uint32_t line = 0;  // source line of the tag pair (1-based), 0 = unknown; not compared
  friend bool operator==(const Tag& a, const Tag& b) { return a.name == b.name && a.value == b.value; }
};

struct Game {
  std::vector<Tag> tags;                      // canonical order (see sort_tags_canonically)
  std::vector<std::string> leading_comments;  // comments before the first movetext entry
  std::vector<MovetextEntry> movetext;
  std::string source_file;                    // where the game was read from, if parsed
  std::uint32_t source_line = 0;              // line of its first tag (1-based), 0 = unknown
  // What the parser read with a warning rather than refused (W-MOVE-NUMBER, W-LATIN1), each
  // located, in text order; not compared. The replay reports them with its own diagnostics.
  std::vector<Diagnostic> warnings;

  // First tag with this name (exact case), or nullptr.
  const Tag* find_tag(std::string_view name) const;
  // Its value, or "" when absent.
  std::string_view tag_value(std::string_view name) const;
  // The player of a colour: its seat tag's value ([Green], [Red], ...), "" when absent.
  std::string_view player(Colour c) const;
  // Values of every tag with this name, in order (e.g. the repeatable [Option] tag).
  std::vector<std::string_view> tag_values(std::string_view name) const;
  // Replaces the first tag with this name, or appends one.
  void set_tag(std::string_view name, std::string_view value);

  // Number of Roll entries in the main line (variations excluded).
  std::size_t roll_count() const;

  friend bool operator==(const Game& a, const Game& b);
};

// The seven-tag roster, printed first in this order (like PGN's STR); other tags follow in
// their input order.
inline constexpr std::array<std::string_view, 7> tag_roster = {"Event", "Site", "Date", "Game",
                                                               "Variant", "Seats", "Result"};
// Stable reorder: roster tags first (roster order), then the others in their existing order.
void sort_tags_canonically(std::vector<Tag>& tags);
// The tags a game gives once (notation/SPEC.md 2; [Option] repeats, unknown tags may): the
// roster's, in its order, then the others. A second one is an error wherever a game is read.
inline constexpr std::array<std::string_view, 13> single_valued_tags = {
    "Event", "Site", "Date", "Game", "Variant", "Seats", "Result", "Green", "Red", "Blue", "Yellow", "Setup", "Observer"};

// The key a seat's figures are summed under across games (stats, audit, analyze): its player,
// else "(colour)".
std::string player_key(const Game& game, Colour c);

// Numbers the rolls in sequence (SPEC.md 3.1 "Move number"): each roll one more than the
// previous roll of its line, the first roll of the game keeping its number, a variation's
// first roll taking the number of the roll it replaces, and a roll after an observed position
// keeping a larger number (the rolls nobody saw). `ppn fmt` prints records this way.
void renumber_rolls(Game& game);

}  // namespace ppn
