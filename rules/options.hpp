// Rule options as named, orthogonal settings, and profiles as named bundles of them
// (RULES.md §options and §profiles). Every option value 0 is the hasbro-2001 default, so a
// value-initialised Options is the canonical profile.
//
// Usage:
//   auto r = ppn::rules::profile_options("racket-nu");          // or "hasbro-2001"
//   if (!r.ok()) { std::cerr << r.error; }                         // lists valid names
//   auto err = ppn::rules::apply_override(*r.options, "bonus_timing=end_of_roll");
//
// Options the engine does not implement yet exist in the table (so their names are known)
// but every non-default value of them is refused with "not supported yet".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "notation/colour.hpp"
#include "rules/geometry.hpp"

namespace ppn::rules {

// Every rule option, once: its name (the OptionId enumerator and the Options getter) and the
// enum of its values below. Adding an option is this line, its value enum, and its row in the
// table of rules/options.cpp (value names, citation, the boards that implement which values, the
// profiles that set it), which the compiler holds to this list; lookup, name=value parsing, the
// profiles, describe_options, the CLI's --option check and the docs test all read that row. The
// engine then checks the option where it applies, and docs/RULES.md §options describes it.
#define PPN_RULE_OPTIONS(X)                                                                      \
  X(enter_obligation, EnterObligation)                                                           \
  X(entry_vs_stack, EntryVsStack)                                                                \
  X(dice_usage, DiceUsage)                                                                       \
  X(single_die, SingleDie)                                                                       \
  X(doubles_reroll, DoublesReroll)                                                               \
  X(doubles_bonus_when, DoublesBonusWhen)                                                        \
  X(doubles_bonus_partial, DoublesBonusPartial)                                                  \
  X(repeat_penalty, RepeatPenalty)                                                               \
  X(capture_reward, CaptureReward)                                                               \
  X(home_reward, HomeReward)                                                                     \
  X(bonus_timing, BonusTiming)                                                                   \
  X(bonus_obligation, BonusObligation)                                                           \
  X(bonus_chain, BonusChain)                                                                     \
  X(blockade_blocks_owner, BlockadeBlocksOwner)                                                  \
  X(homepath_blockades, HomepathBlockades)                                                       \
  X(blockade_move_together, BlockadeMoveTogether)                                                \
  X(blockade_limit, BlockadeLimit)                                                               \
  X(safety_sharing, SafetySharing)                                                               \
  X(home_overshoot, HomeOvershoot)                                                               \
  X(homepath_mandatory, HomepathMandatory)                                                       \
  X(six_counts, SixCounts)                                                                       \
  /* The board, and the options of the Ludo family (board=ludo52; RULES.md §ludo-board,      */ \
  /* §options; Ludo rules). The board is fixed by the profile. Options of one board are       */ \
  /* refused on the other.                                                                    */ \
  X(board, Board)                                                                                \
  X(safe_squares, SafeSquares)                                                                   \
  X(reroll_on_six, RerollOnSix)                                                                  \
  X(stacking, Stacking)                                                                          \
  X(block_stops, BlockStops)                                                                     \
  X(block_advance, BlockAdvance)                                                                 \
  X(start_doubled, StartDoubled)                                                                 \
  X(pass_opponents, PassOpponents)                                                               \
  X(homecolumn_no_jump, HomecolumnNoJump)                                                        \
  X(play_for_places, PlayForPlaces)

enum class OptionId : std::uint8_t {
#define PPN_OPTION_ID(name, Type) name,
  PPN_RULE_OPTIONS(PPN_OPTION_ID)
#undef PPN_OPTION_ID
  count
};
inline constexpr int kOptionCount = static_cast<int>(OptionId::count);

// One enum class per option; enumerator order = value order of RULES.md §options (default first).
enum class EnterObligation : std::uint8_t { max_entries, leftover_only, none };
enum class EntryVsStack : std::uint8_t { blocked, capture_last_arrival };
// greedy_racket: greedy, except that a part counts as still playable only when the first
// pawn able to play it (highest pawn id first) does so without re-forming the roll's
// blockade pair: Racket moves.rkt possible-to-move + blockade-moved? (racket-nu profile).
enum class DiceUsage : std::uint8_t { maximal, greedy, greedy_racket };
enum class SingleDie : std::uint8_t { either, larger };
enum class DoublesReroll : std::uint8_t { always, only_if_fully_used };
enum class DoublesBonusWhen : std::uint8_t { none_in_start, all_on_board, never };
enum class DoublesBonusPartial : std::uint8_t { all_or_nothing, maximal };
enum class RepeatPenalty : std::uint8_t { closest_to_home, last_moved_except_homepath, lose_roll, off };
enum class CaptureReward : std::uint8_t { move20, extra_roll, none };
enum class HomeReward : std::uint8_t { move10, extra_roll, none };
enum class BonusTiming : std::uint8_t { end_of_roll, interleaved, end_of_turn };
enum class BonusObligation : std::uint8_t { mandatory, optional };
enum class BonusChain : std::uint8_t { yes, one_per_roll, no_bonus_capture };
enum class BlockadeBlocksOwner : std::uint8_t { yes, no };
enum class HomepathBlockades : std::uint8_t { yes, no };
enum class BlockadeMoveTogether : std::uint8_t { forbidden_per_roll, forbidden_per_turn, allowed };
enum class BlockadeLimit : std::uint8_t { none, k14_3_turns, break_on_six, break_on_doubles, opp_double_one };
enum class SafetySharing : std::uint8_t { never, two_any_colours };
enum class HomeOvershoot : std::uint8_t { illegal, bounce };
enum class HomepathMandatory : std::uint8_t { yes, no };
// Parchís: a 6 counts 7 (or 12) when the mover has no pawn in the nest ([ES-T], [ES-JCF];
// RULES.md §options (six_counts)). Only `6` is implemented: a part above 6 means a bonus in the engine.
enum class SixCounts : std::uint8_t { six, seven_when_all_out, twelve_when_all_out };
// RULES.md §options (board) (madn40 is not implemented).
enum class Board : std::uint8_t { parcheesi68, ludo52 };
// Ludo only (rules/ludo.cpp cites the rule of each):
enum class SafeSquares : std::uint8_t { none, starts, starts_and_stars };  // §ludo-board; [LU-UK]
enum class RerollOnSix : std::uint8_t { yes, no };                          // Ludo rules, Gameplay "bonus roll"
// single_only: "Players may not end their move on a square they already occupy" [LU-W];
// blocks: two own tokens on a square are "doubled and form a block" (Ludo rules, Gameplay).
enum class Stacking : std::uint8_t { single_only, blocks };
// What an opponent's block stops a lone token from doing: landing on it, or also passing it.
enum class BlockStops : std::uint8_t { landing, landing_and_passing };
// together: a block advances as one by the die and captures an opponent block it ends on,
// "collectively" (Ludo rules, Gameplay).
enum class BlockAdvance : std::uint8_t { no, together };
// The start square may hold a doubled pair ("The start box has 2 own tokens (is doubled)").
enum class StartDoubled : std::uint8_t { no, yes };
// no: "may not move past that token" (Ludo rules, Gameplay; RULES.md Q23 calls it corrupted: off by default).
enum class PassOpponents : std::uint8_t { yes, no };
// yes: "In the home column, you cannot jump over your token" (Ludo rules, Gameplay).
enum class HomecolumnNoJump : std::uint8_t { no, yes };
// yes: after the first finisher the others play on for the places ("The others often continue").
enum class PlayForPlaces : std::uint8_t { yes, no };

struct Options {
  std::array<std::uint8_t, kOptionCount> value{};  // indexed by OptionId; 0 = hasbro-2001

  std::uint8_t get(OptionId id) const { return value[static_cast<int>(id)]; }
#define PPN_OPTION_GETTER(name, Type) \
  Type name() const { return static_cast<Type>(get(OptionId::name)); }
  PPN_RULE_OPTIONS(PPN_OPTION_GETTER)
#undef PPN_OPTION_GETTER
  bool ludo() const { return board() == Board::ludo52; }

  friend bool operator==(const Options&, const Options&) = default;
};

// Result of a profile lookup: either options or an error message (never an exception).
struct OptionsResult {
  std::optional<Options> options;
  std::string error;
  bool ok() const { return options.has_value(); }
};

// Named profiles: "hasbro-2001" (alias "winning-moves"), "racket-nu", "k14",
// "wikipedia-house" (homepath_mandatory=no: second laps, rules/README.md),
// "parchis-es" (its two-dice form, RULES.md §profiles); Ludo: "ludo" (classic), "ludo-seed" (the Ludo
// rules as written), "ludo-modern" (safe starts and stars, extra rolls for captures and arrivals).
// Unknown names give an error listing the valid ones.
OptionsResult profile_options(std::string_view profile);

// Overrides one option from "name=value". Returns an error message on an unknown option or
// value, or on a value the engine does not support yet; `opts` is unchanged then.
std::optional<std::string> apply_override(Options& opts, std::string_view assignment);

// Whether "name=value" names an option and one of its values on some board (what a command
// line can check before it knows the games' profiles). Error: the message of apply_override.
std::optional<std::string> check_override_known(std::string_view assignment);

// Name of an option and of its current value, e.g. "bonus_timing", "interleaved".
std::string_view option_name(OptionId id);
std::string_view option_value_name(const Options& opts, OptionId id);
// The rules an option governs, cited as docs/RULES.md names them ("Q6, Q7, Q9, Q14").
std::string_view option_citation(OptionId id);
// The values of an option in table order (default first), and whether value `v` is implemented
// on the Parcheesi board or (`ludo`) on Ludo's: what docs/RULES.md §options lists for each
// option (tests/docs_options_test.cpp checks the table against these).
std::vector<std::string_view> option_values(OptionId id);
bool option_value_supported(OptionId id, std::size_t v, bool ludo);
// All options as "name=value" lines, in table order.
std::string describe_options(const Options& opts);
// The board of these options, its safe squares included (safe_squares on Ludo): one of four
// boards built at compile time, so asking costs a table lookup (the rules core asks on every roll).
inline constexpr std::array<Geometry, 4> kGeometries = {
    kParcheesi68, make_ludo52(LudoSafes::none), make_ludo52(LudoSafes::starts),
    make_ludo52(LudoSafes::starts_and_stars)};
inline const Geometry& geometry_of(const Options& opts) {
  static_assert(static_cast<int>(SafeSquares::starts_and_stars) == static_cast<int>(LudoSafes::starts_and_stars));
  return kGeometries[opts.ludo() ? 1 + static_cast<int>(opts.safe_squares()) : 0];
}
// Whether a profile name is one of the Ludo family's.
bool is_ludo_profile(std::string_view profile);

// The profile a record of the board plays when it names none: hasbro-2001 on the Parcheesi
// board, ludo on Ludo's (notation/SPEC.md [Variant]).
inline constexpr std::string_view kDefaultParcheesiProfile = "hasbro-2001";
inline constexpr std::string_view kDefaultLudoProfile = "ludo";
constexpr std::string_view default_profile(bool ludo) { return ludo ? kDefaultLudoProfile : kDefaultParcheesiProfile; }

// A profile's seating (its row's particulars, RULES.md Q2): the colours in the order turns
// pass, and those that sit for two and three players.
struct Seating {
  std::vector<Colour> turns, two, three;
  // The colours of a game of `players` (2..4), in the order turns pass.
  std::vector<Colour> seats(int players) const;
};
std::optional<Seating> profile_seating(std::string_view profile);

// Comma-separated list of profile names (for messages and --help).
std::string profile_names();
// The profile names, aliases included, in table order.
std::vector<std::string_view> profile_list();

}  // namespace ppn::rules
