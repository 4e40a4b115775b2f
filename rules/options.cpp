// Option table and profiles (RULES.md §options, §profiles).
#include "rules/options.hpp"

#include <vector>

namespace ppn::rules {
namespace {

struct OptionInfo {
  OptionId id;
  std::string_view name;
  std::vector<std::string_view> values;  // default first
  std::uint32_t supported;               // bit v set = value v implemented on the Parcheesi board
  std::string_view governs;              // docs/RULES.md question(s)
  std::uint32_t ludo = 0;                // the same for Ludo (0: the option does not apply)
};

const std::vector<OptionInfo>& table() {
  static const std::vector<OptionInfo> t = {
      {OptionId::enter_obligation, "enter_obligation", {"max_entries", "leftover_only", "none"}, 0b111, "Q6, Q7, Q9, Q14", 0b101},
      {OptionId::entry_vs_stack, "entry_vs_stack", {"blocked", "capture_last_arrival"}, 0b11, "Q11"},
      {OptionId::dice_usage, "dice_usage", {"maximal", "greedy", "greedy_racket"}, 0b111, "Q17, Q38"},
      {OptionId::single_die, "single_die", {"either", "larger"}, 0b11, "Q18"},
      {OptionId::doubles_reroll, "doubles_reroll", {"always", "only_if_fully_used"}, 0b11, "Q41"},
      {OptionId::doubles_bonus_when, "doubles_bonus_when", {"none_in_start", "all_on_board", "never"}, 0b111, "Q42"},
      {OptionId::doubles_bonus_partial, "doubles_bonus_partial", {"all_or_nothing", "maximal"}, 0b11, "Q44"},
      {OptionId::repeat_penalty, "repeat_penalty", {"closest_to_home", "last_moved_except_homepath", "lose_roll", "off"}, 0b1111, "Q46-Q49", 0b1100},
      {OptionId::capture_reward, "capture_reward", {"move20", "extra_roll", "none"}, 0b101, "Q32 ff.", 0b110},
      {OptionId::home_reward, "home_reward", {"move10", "extra_roll", "none"}, 0b101, "Q32 ff.", 0b110},
      {OptionId::bonus_timing, "bonus_timing", {"end_of_roll", "interleaved", "end_of_turn"}, 0b011, "Q35"},
      {OptionId::bonus_obligation, "bonus_obligation", {"mandatory", "optional"}, 0b11, "Q32"},
      {OptionId::bonus_chain, "bonus_chain", {"yes", "one_per_roll", "no_bonus_capture"}, 0b111, "Q30, Q37"},
      {OptionId::blockade_blocks_owner, "blockade_blocks_owner", {"yes", "no"}, 0b11, "Q52"},
      {OptionId::homepath_blockades, "homepath_blockades", {"yes", "no"}, 0b11, "Q53"},
      {OptionId::blockade_move_together, "blockade_move_together", {"forbidden_per_roll", "forbidden_per_turn", "allowed"}, 0b101, "Q54"},
      {OptionId::blockade_limit, "blockade_limit", {"none", "k14_3_turns", "break_on_six", "break_on_doubles", "opp_double_one"}, 0b00111, "Q56"},
      {OptionId::safety_sharing, "safety_sharing", {"never", "two_any_colours"}, 0b11, "Q25"},
      {OptionId::home_overshoot, "home_overshoot", {"illegal", "bounce"}, 0b01, "Q58", 0b01},
      {OptionId::homepath_mandatory, "homepath_mandatory", {"yes", "no"}, 0b11, "Q60"},
      {OptionId::six_counts, "six_counts", {"6", "7_when_all_out", "12_when_all_out"}, 0b111, "§options (six_counts) ([ES-T], [ES-JCF])"},
      // The board is set by the profile (profile_options), never overridden.
      {OptionId::board, "board", {"parcheesi68", "ludo52"}, 0, "§ludo-board, §options (board)", 0},
      {OptionId::safe_squares, "safe_squares", {"none", "starts", "starts_and_stars"}, 0, "§ludo-board", 0b111},
      {OptionId::reroll_on_six, "reroll_on_six", {"yes", "no"}, 0, "Q41 (Ludo rules, Gameplay)", 0b11},
      {OptionId::stacking, "stacking", {"single_only", "blocks"}, 0, "Q22, Q51 (Ludo rules, Gameplay)", 0b11},
      {OptionId::block_stops, "block_stops", {"landing", "landing_and_passing"}, 0, "Q52 (Ludo rules, Gameplay)", 0b11},
      {OptionId::block_advance, "block_advance", {"no", "together"}, 0, "Q29, Q54 (Ludo rules, Gameplay)", 0b11},
      {OptionId::start_doubled, "start_doubled", {"no", "yes"}, 0, "Q10 (Ludo rules, Gameplay)", 0b11},
      {OptionId::pass_opponents, "pass_opponents", {"yes", "no"}, 0, "Q23 (Ludo rules, Gameplay)", 0b11},
      {OptionId::homecolumn_no_jump, "homecolumn_no_jump", {"no", "yes"}, 0, "§options (homecolumn_no_jump) (Ludo rules, Gameplay)", 0b11},
      {OptionId::play_for_places, "play_for_places", {"yes", "no"}, 0, "Q63 (Ludo rules, Rules)", 0b11},
  };
  return t;
}

struct Profile {
  std::string_view name;
  std::vector<std::string_view> overrides;  // on top of hasbro-2001
};

// RULES.md §profiles. Only options with two-dice Parcheesi meaning are listed; "silent" entries
// inherit hasbro-2001 as the table says.
const std::vector<Profile>& profiles() {
  static const std::vector<Profile> p = {
      {"hasbro-2001", {}},
      {"winning-moves", {}},  // alias: the Winning Moves rules only clarify the Hasbro 2001 rules (RULES.md §profiles notes)
      {"racket-nu",
       {"enter_obligation=leftover_only", "dice_usage=greedy_racket", "doubles_bonus_partial=maximal",
        "bonus_timing=interleaved"}},
      {"k14", {"blockade_limit=k14_3_turns"}},
      {"wikipedia-house",
       {"single_die=larger", "doubles_reroll=only_if_fully_used", "bonus_obligation=optional",
        "homepath_mandatory=no"}},
      // Two-dice Parchís (RULES.md §profiles parchis-es column). doubles_bonus_when=never: Parchís
      // has no tops-and-bottoms doublets move (§profiles "never"). six_counts=7_when_all_out as
      // the column says ([ES-T], [ES-JCF]), applied to each die of the pair (rules/README.md
      // "Decisions"). Re-roll and third-doublet penalty follow doublets.
      {"parchis-es",
       {"entry_vs_stack=capture_last_arrival", "doubles_bonus_when=never",
        "repeat_penalty=last_moved_except_homepath", "bonus_timing=interleaved",
        "blockade_limit=break_on_six", "safety_sharing=two_any_colours", "six_counts=7_when_all_out"}},
      // Ludo (board=ludo52, rules/ludo.cpp). Classic [LU-W] (RULES.md §profiles ludo column): a 6
      // enters or moves ("may choose to advance a token already in play, or ... enter"), a
      // third 6 "may not move", no rewards, no safe squares, no shared squares.
      {"ludo", {"board=ludo52", "enter_obligation=none", "repeat_penalty=lose_roll", "capture_reward=none", "home_reward=none"}},
      // the Ludo rules text as written: blocks (and a doubled start square) that advance together and
      // capture a block "collectively", no passing an opponent's token, no jumping an own
      // token in the home column.
      {"ludo-seed",
       {"board=ludo52", "enter_obligation=none", "repeat_penalty=lose_roll", "capture_reward=none", "home_reward=none",
        "stacking=blocks", "block_advance=together", "start_doubled=yes", "pass_opponents=no",
        "homecolumn_no_jump=yes"}},
      // App-style [LU-UK]: safe starts and stars, a capture and an arrival earn another roll;
      // two own tokens form a block that a lone token cannot land on.
      {"ludo-modern",
       {"board=ludo52", "enter_obligation=none", "repeat_penalty=lose_roll", "capture_reward=extra_roll",
        "home_reward=extra_roll", "safe_squares=starts_and_stars", "stacking=blocks"}},
  };
  return p;
}

std::string join_values(const OptionInfo& o, std::uint32_t supported) {
  std::string s;
  for (std::size_t i = 0; i < o.values.size(); ++i) {
    if (i) s += ", ";
    s += o.values[i];
    if (!((supported >> i) & 1u)) s += " (not supported)";
  }
  return s;
}

std::string option_names() {
  std::string s;
  for (const auto& o : table()) {
    if (!s.empty()) s += ", ";
    s += o.name;
  }
  return s;
}

}  // namespace

std::string profile_names() {
  std::string s;
  for (const auto& p : profiles()) {
    if (!s.empty()) s += ", ";
    s += p.name;
  }
  return s;
}

std::vector<std::string_view> profile_list() {
  std::vector<std::string_view> out;
  for (const auto& p : profiles()) out.push_back(p.name);
  return out;
}

std::optional<std::string> apply_override(Options& opts, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return "option override '" + std::string(assignment) + "' is not of the form name=value";
  const auto name = assignment.substr(0, eq);
  const auto val = assignment.substr(eq + 1);
  const bool ludo = opts.ludo();
  for (const auto& o : table()) {
    if (o.name != name) continue;
    if (o.id == OptionId::board) return std::string("the board is set by the profile (a Ludo profile: ludo, ludo-seed, ludo-modern)");
    const std::uint32_t supported = ludo ? o.ludo : o.supported;
    if (supported == 0)
      return "option " + std::string(name) + (ludo ? " does not apply to Ludo (board ludo52)" : " applies to Ludo profiles only");
    for (std::size_t i = 0; i < o.values.size(); ++i) {
      if (o.values[i] != val) continue;
      if (!((supported >> i) & 1u))
        return "option " + std::string(name) + "=" + std::string(val) +
               (ludo ? " does not apply to Ludo" : " is not supported yet") + " (docs/RULES.md " + std::string(o.governs) +
               "); values: " + join_values(o, supported);
      opts.value[static_cast<int>(o.id)] = static_cast<std::uint8_t>(i);
      return std::nullopt;
    }
    return "unknown value '" + std::string(val) + "' for option " + std::string(name) +
           "; valid values: " + join_values(o, supported);
  }
  return "unknown option '" + std::string(name) + "'; valid options: " + option_names();
}

std::optional<std::string> check_override_known(std::string_view assignment) {
  Options parcheesi = *profile_options("hasbro-2001").options, ludo = *profile_options("ludo").options;
  auto err = apply_override(parcheesi, assignment);
  if (!err) return std::nullopt;
  if (!apply_override(ludo, assignment)) return std::nullopt;
  return err;
}

OptionsResult profile_options(std::string_view profile) {
  for (const auto& p : profiles()) {
    if (p.name != profile) continue;
    Options o;
    for (auto a : p.overrides) {
      if (a == "board=ludo52") {
        o.value[static_cast<int>(OptionId::board)] = static_cast<std::uint8_t>(Board::ludo52);
        continue;
      }
      if (auto err = apply_override(o, a))
        return {std::nullopt, "profile " + std::string(profile) + ": " + *err};
    }
    return {o, {}};
  }
  return {std::nullopt,
          "unknown profile '" + std::string(profile) + "'; valid profiles: " + profile_names()};
}

std::string_view option_name(OptionId id) { return table()[static_cast<int>(id)].name; }

std::string_view option_citation(OptionId id) { return table()[static_cast<int>(id)].governs; }

std::vector<std::string_view> option_values(OptionId id) { return table()[static_cast<int>(id)].values; }

bool option_value_supported(OptionId id, std::size_t v, bool ludo) {
  const auto& o = table()[static_cast<int>(id)];
  return v < o.values.size() && (((ludo ? o.ludo : o.supported) >> v) & 1u);
}

std::string_view option_value_name(const Options& opts, OptionId id) {
  const auto& o = table()[static_cast<int>(id)];
  return o.values[opts.get(id)];
}

Geometry geometry_of(const Options& opts) {
  if (!opts.ludo()) return kParcheesi68;
  return make_ludo52(static_cast<LudoSafes>(opts.safe_squares()));
}

bool is_ludo_profile(std::string_view profile) {
  const auto r = profile_options(profile);
  return r.ok() && r.options->ludo();
}

std::string describe_options(const Options& opts) {
  std::string s;
  for (const auto& o : table()) {
    if ((opts.ludo() ? o.ludo : o.supported) == 0 && o.id != OptionId::board) continue;
    s += o.name;
    s += '=';
    s += o.values[opts.get(o.id)];
    s += '\n';
  }
  return s;
}

}  // namespace ppn::rules
