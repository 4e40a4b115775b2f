// Typed readings of the tags whose values have a structure (notation/SPEC.md "Tags").
// Each returns nullopt / an error text for a malformed value; the parser reports those as
// located syntax errors, so a parsed Game always has well-formed values.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/colour.hpp"
#include "notation/game.hpp"
#include "notation/position_id.hpp"

namespace ppn {

enum class GameKind : std::uint8_t { Parcheesi, Ludo };

// [Game "parcheesi"|"ludo"] (either letter case).
std::optional<GameKind> parse_game_kind(std::string_view value);
std::string_view game_kind_name(GameKind k);

// [Seats "green red blue yellow"]: order of play, first roller first; names or letters,
// either case; 1 to 4 distinct colours. Also reads [Observer "yellow"] (the seats whose every
// roll the record holds, SPEC.md 3.4).
std::optional<std::vector<Colour>> parse_seats(std::string_view value);

// [Result "red green yellow blue"]: finishing order (one colour = the winner only);
// "*" = unfinished.
struct GameResult {
  bool finished = false;
  std::vector<Colour> ranking;  // best first; empty when unfinished
  friend bool operator==(const GameResult&, const GameResult&) = default;
};
std::optional<GameResult> parse_result(std::string_view value);

// [Option "name=value"]: one rule-option override per tag, repeatable. The name is
// [a-z0-9_]+; the value is non-empty and has no white space. Names and values are not
// checked here (the rules engine owns the option list, RULES.md §options).
struct OptionOverride {
  std::string name;
  std::string value;
  friend bool operator==(const OptionOverride&, const OptionOverride&) = default;
};
std::optional<OptionOverride> parse_option(std::string_view value);

// Every [Option] tag of the game, in order (skips malformed ones; the parser rejects those).
std::vector<OptionOverride> game_options(const Game& g);
// The [Setup] position, if the tag is present and well-formed.
std::optional<PositionDesc> game_setup(const Game& g);

// Checks the structured tags of a game: returns, per malformed tag, its index in g.tags and
// a message. Empty when all are well-formed.
struct TagProblem {
  std::size_t tag_index = 0;
  std::string message;
};
std::vector<TagProblem> check_tags(const Game& g);

// Canonical spelling of the structured tag values (lower-case names, single spaces);
// values that do not parse are returned unchanged.
std::string canonical_tag_value(std::string_view name, std::string_view value);

}  // namespace ppn
