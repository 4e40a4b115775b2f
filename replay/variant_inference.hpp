// Variant inference (`--variant auto` of validate, import and stats): under which rule profiles
// is a record legal? The record is replayed under every profile of its board (Parcheesi or
// Ludo; aliases once), and one is picked:
//   * the record's own [Variant] when it names a profile, accepted or not (a declared profile
//     is kept, its errors reported; the summary names the profiles under which it passes);
//   * otherwise (no [Variant], or one naming no profile) the single profile that accepts it;
//   * otherwise none: the record is ambiguous (several accept it) or rejected by all, and is
//     replayed as without `auto` (its [Variant], else the board's default), with a warning
//     W-VARIANT-AMBIGUOUS / W-VARIANT-REJECTED listing the profiles (rules/RULE_CODES.md).
// "Accepts" = replayed without an error diagnostic (warnings allowed), [Result] included.
// replay_game does this whenever ReplayConfig::variant is kAutoVariant.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "notation/diagnostic.hpp"
#include "notation/game.hpp"

namespace ppn::replay {

struct ReplayConfig;

inline constexpr std::string_view kAutoVariant = "auto";

// One profile tried.
struct ProfileTrial {
  std::string profile;
  bool accepts = false;
  // Rejected: the first error, its roll (1-based; 0: the record as a whole), code and message.
  int roll = 0;
  Code code = Code::ok;
  std::string message;
};

struct VariantInference {
  enum class Basis : std::uint8_t {
    record,     // the record's [Variant] names a profile (which may reject it)
    single,     // the only profile that accepts it
    ambiguous,  // several accept it, and the record names no profile
    none,       // no profile accepts it
  };
  std::vector<ProfileTrial> trials;  // every profile tried, in profile-table order
  Basis basis = Basis::none;
  std::string picked;                // the profile picked; empty for ambiguous and none

  std::vector<std::string> accepting() const;
  // One line: "hasbro-2001 (the record's [Variant]); accepted by hasbro-2001, k14; rejected by
  // racket-nu (roll 12: E-...: ...), ..." (a [Variant] rejecting it: "..., kept: ...").
  std::string summary() const;
};

// `cfg` as given to replay_game (its variant is ignored; its options apply under every profile).
VariantInference infer_variant(const Game& game, const ReplayConfig& cfg);

std::string_view basis_name(VariantInference::Basis b);  // "record", "single", "ambiguous", "none"

}  // namespace ppn::replay
