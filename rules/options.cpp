// The option table and the profiles (RULES.md §options, §profiles): every fact about an option
// (its name, values, citation, where it is implemented, which profiles set it) is one row of
// kOptions, and everything else here (lookup, name=value parsing, the profiles' settings,
// describe_options) reads it.
#include "rules/options.hpp"

#include <algorithm>

#include <iterator>

namespace ppn::rules {
namespace {

// One rule option. Lists are words separated by single spaces, so that the table is constexpr
// and checked by the compiler below.
struct OptionRow {
  OptionId id;
  std::string_view name;
  std::string_view values;     // value names in the order of the option's enum; the first is hasbro-2001's
  std::uint32_t parcheesi;     // bit v set: value v is implemented on the Parcheesi board
  std::uint32_t ludo;          // the same on the Ludo board (0: the option does not apply there)
  std::string_view governs;    // the docs/RULES.md question(s) it answers
  std::string_view profiles;   // "profile=value ...": the profiles that set it (kProfiles; a derived
                               // profile inherits its base's setting)
};

constexpr OptionRow kOptions[] = {
    {OptionId::enter_obligation, "enter_obligation", "max_entries leftover_only none", 0b111, 0b101, "Q6, Q7, Q9, Q14",
     // Classic Ludo [LU-W]: a 6 enters or moves ("may choose to advance a token already in play, or ... enter").
     "racket-nu=leftover_only ludo=none"},
    {OptionId::entry_vs_stack, "entry_vs_stack", "blocked capture_last_arrival", 0b11, 0, "Q11",
     "parchis-es=capture_last_arrival"},
    {OptionId::dice_usage, "dice_usage", "maximal greedy greedy_racket", 0b111, 0, "Q17, Q38", "racket-nu=greedy_racket"},
    {OptionId::single_die, "single_die", "either larger", 0b11, 0, "Q18", "wikipedia-house=larger"},
    {OptionId::doubles_reroll, "doubles_reroll", "always only_if_fully_used", 0b11, 0, "Q41",
     "wikipedia-house=only_if_fully_used"},
    // parchis-es: Parchís has no tops-and-bottoms doublets move (§profiles "never").
    {OptionId::doubles_bonus_when, "doubles_bonus_when", "none_in_start all_on_board never", 0b111, 0, "Q42",
     "parchis-es=never"},
    {OptionId::doubles_bonus_partial, "doubles_bonus_partial", "all_or_nothing maximal", 0b11, 0, "Q44",
     "racket-nu=maximal"},
    // Ludo [LU-W]: a third 6 "may not move".
    {OptionId::repeat_penalty, "repeat_penalty", "closest_to_home last_moved_except_homepath lose_roll off", 0b1111,
     0b1100, "Q46-Q49", "parchis-es=last_moved_except_homepath ludo=lose_roll"},
    // ludo-modern [LU-UK]: a capture and an arrival earn another roll.
    {OptionId::capture_reward, "capture_reward", "move20 extra_roll none", 0b101, 0b110, "Q32 ff.",
     "ludo=none ludo-modern=extra_roll"},
    {OptionId::home_reward, "home_reward", "move10 extra_roll none", 0b101, 0b110, "Q32 ff.",
     "ludo=none ludo-modern=extra_roll"},
    {OptionId::bonus_timing, "bonus_timing", "end_of_roll interleaved end_of_turn", 0b011, 0, "Q35",
     "racket-nu=interleaved parchis-es=interleaved"},
    {OptionId::bonus_obligation, "bonus_obligation", "mandatory optional", 0b11, 0, "Q32", "wikipedia-house=optional"},
    {OptionId::bonus_chain, "bonus_chain", "yes one_per_roll no_bonus_capture", 0b111, 0, "Q30, Q37", ""},
    {OptionId::blockade_blocks_owner, "blockade_blocks_owner", "yes no", 0b11, 0, "Q52", ""},
    {OptionId::homepath_blockades, "homepath_blockades", "yes no", 0b11, 0, "Q53", ""},
    {OptionId::blockade_move_together, "blockade_move_together", "forbidden_per_roll forbidden_per_turn allowed", 0b101,
     0, "Q54", ""},
    {OptionId::blockade_limit, "blockade_limit", "none k14_3_turns break_on_six break_on_doubles opp_double_one",
     0b00111, 0, "Q56", "k14=k14_3_turns parchis-es=break_on_six"},
    {OptionId::safety_sharing, "safety_sharing", "never two_any_colours", 0b11, 0, "Q25", "parchis-es=two_any_colours"},
    {OptionId::home_overshoot, "home_overshoot", "illegal bounce", 0b01, 0b01, "Q58", ""},
    // wikipedia-house: second laps (rules/README.md).
    {OptionId::homepath_mandatory, "homepath_mandatory", "yes no", 0b11, 0, "Q60", "wikipedia-house=no"},
    // parchis-es: 7 as the §profiles column says ([ES-T], [ES-JCF]), applied to each die of the
    // pair (rules/README.md "Decisions").
    {OptionId::six_counts, "six_counts", "6 7_when_all_out 12_when_all_out", 0b111, 0,
     "§options (six_counts) ([ES-T], [ES-JCF])", "parchis-es=7_when_all_out"},
    // The board is set by the profile, never overridden (apply_override refuses it).
    {OptionId::board, "board", "parcheesi68 ludo52", 0, 0, "§ludo-board, §options (board)", "ludo=ludo52"},
    // ludo-modern [LU-UK]: safe starts and stars.
    {OptionId::safe_squares, "safe_squares", "none starts starts_and_stars", 0, 0b111, "§ludo-board",
     "ludo-modern=starts_and_stars"},
    {OptionId::reroll_on_six, "reroll_on_six", "yes no", 0, 0b11, "Q41 (Ludo rules, Gameplay)", ""},
    // ludo-seed: blocks (and a doubled start square) that advance together and capture a block
    // "collectively"; ludo-modern: two own tokens form a block that a lone token cannot land on.
    {OptionId::stacking, "stacking", "single_only blocks", 0, 0b11, "Q22, Q51 (Ludo rules, Gameplay)",
     "ludo-seed=blocks ludo-modern=blocks"},
    {OptionId::block_stops, "block_stops", "landing landing_and_passing", 0, 0b11, "Q52 (Ludo rules, Gameplay)", ""},
    {OptionId::block_advance, "block_advance", "no together", 0, 0b11, "Q29, Q54 (Ludo rules, Gameplay)",
     "ludo-seed=together"},
    {OptionId::start_doubled, "start_doubled", "no yes", 0, 0b11, "Q10 (Ludo rules, Gameplay)", "ludo-seed=yes"},
    // ludo-seed, the Ludo rules as written: no passing an opponent's token, no jumping an own
    // token in the home column.
    {OptionId::pass_opponents, "pass_opponents", "yes no", 0, 0b11, "Q23 (Ludo rules, Gameplay)", "ludo-seed=no"},
    {OptionId::homecolumn_no_jump, "homecolumn_no_jump", "no yes", 0, 0b11,
     "§options (homecolumn_no_jump) (Ludo rules, Gameplay)", "ludo-seed=yes"},
    {OptionId::play_for_places, "play_for_places", "yes no", 0, 0b11, "Q63 (Ludo rules, Rules)", ""},
};

// RULES.md §profiles, in the order messages and --help list them. A profile is its base's
// settings (hasbro-2001's when none) plus those the option rows give it.
struct ProfileRow {
  std::string_view name;
  std::string_view base;
  // Its particulars (RULES.md Q2, §profiles): the colours in the order turns pass ("gybr":
  // green, yellow, blue, red), and which of them sit for two and for three players.
  std::string_view turns, two, three;
};
// Parcheesi: "Play then continues to the left" (Hasbro 2001 rules, How to Play), the next
// player's ENTER 17 squares behind: green, yellow, blue, red; two players sit opposite (green,
// blue), three leave out red. racket-nu: Racket's server seats the first colours of green, red,
// blue, yellow and plays them in that order (RULES.md Q2 [RK]). Ludo: "Players alternate turns
// in a clockwise direction" (Ludo rules, Gameplay), the way the tokens travel: green, red, blue,
// yellow; three players leave out yellow.
constexpr ProfileRow kProfiles[] = {
    {"hasbro-2001", "", "gybr", "gb", "gyb"},
    // The Winning Moves rules only clarify the Hasbro 2001 rules (RULES.md §profiles notes).
    {"winning-moves", "hasbro-2001", "gybr", "gb", "gyb"},
    {"racket-nu", "", "grby", "gr", "grb"},
    {"k14", "", "gybr", "gb", "gyb"},
    {"wikipedia-house", "", "gybr", "gb", "gyb"},
    // Two-dice Parchís (RULES.md §profiles parchis-es column). Re-roll and third-doublet penalty
    // follow doublets.
    {"parchis-es", "", "gybr", "gb", "gyb"},
    // Ludo (board=ludo52, rules/ludo.cpp). Classic [LU-W] (RULES.md §profiles ludo column): no
    // rewards, no safe squares, no shared squares.
    {"ludo", "", "grby", "gb", "grb"},
    {"ludo-seed", "ludo", "grby", "gb", "grb"},    // the Ludo rules text as written
    {"ludo-modern", "ludo", "grby", "gb", "grb"},  // app-style [LU-UK]
};

// ---- What the compiler checks of the table ----

// The words of a space-separated list, one at a time.
struct Words {
  std::string_view rest;
  constexpr bool next(std::string_view& word) {
    if (rest.empty()) return false;
    const auto sp = rest.find(' ');
    word = rest.substr(0, sp);
    rest = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
    return true;
  }
};

constexpr int value_index(const OptionRow& o, std::string_view value) {
  Words w{o.values};
  int i = 0;
  for (std::string_view v; w.next(v); ++i)
    if (v == value) return i;
  return -1;
}

constexpr int value_count(const OptionRow& o) {
  Words w{o.values};
  int n = 0;
  for (std::string_view v; w.next(v);) ++n;
  return n;
}

constexpr bool known_profile(std::string_view name) {
  for (const auto& p : kProfiles)
    if (p.name == name) return true;
  return false;
}

// Row i is option i, and nothing else is wrong with it (a bit for a value that does not exist,
// a profile or value that does not exist, or a profile set twice).
constexpr bool table_ok() {
  if (std::size(kOptions) != static_cast<std::size_t>(kOptionCount)) return false;
  for (int i = 0; i < kOptionCount; ++i) {
    const OptionRow& o = kOptions[i];
    if (static_cast<int>(o.id) != i || o.name.empty() || o.governs.empty()) return false;
    const int n = value_count(o);
    if (n < 2 || n > 32 || (n < 32 && ((o.parcheesi | o.ludo) >> n) != 0)) return false;
    Words w{o.profiles};
    for (std::string_view s; w.next(s);) {
      const auto eq = s.find('=');
      if (eq == std::string_view::npos || !known_profile(s.substr(0, eq)) || value_index(o, s.substr(eq + 1)) <= 0)
        return false;
      Words later = w;
      for (std::string_view t; later.next(t);)
        if (t.substr(0, t.find('=')) == s.substr(0, eq)) return false;
    }
  }
  return true;
}

constexpr bool profiles_ok() {
  for (std::size_t i = 0; i < std::size(kProfiles); ++i) {
    const auto base = kProfiles[i].base;
    bool earlier = base.empty();
    for (std::size_t j = 0; j < i; ++j) earlier = earlier || kProfiles[j].name == base;
    if (!earlier) return false;  // a base is listed before the profiles built on it
  }
  return true;
}

static_assert(std::size(kOptions) == static_cast<std::size_t>(kOptionCount),
              "every OptionId needs its row in kOptions (and every row its OptionId)");
static_assert(table_ok(), "kOptions: rows out of OptionId order, or a value, bit or profile setting that does not exist");
static_assert(profiles_ok(), "kProfiles: a base profile must come before the profiles built on it");

// ---- The table, read ----

std::vector<std::string_view> words(std::string_view list) {
  std::vector<std::string_view> out;
  Words w{list};
  for (std::string_view v; w.next(v);) out.push_back(v);
  return out;
}

// The value names of every option, split once.
const std::vector<std::vector<std::string_view>>& value_names() {
  static const auto names = [] {
    std::vector<std::vector<std::string_view>> n;
    for (const auto& o : kOptions) n.push_back(words(o.values));
    return n;
  }();
  return names;
}

const OptionRow& row(OptionId id) { return kOptions[static_cast<int>(id)]; }

std::uint32_t supported_on(const OptionRow& o, bool ludo) { return ludo ? o.ludo : o.parcheesi; }

std::string join_values(const OptionRow& o, std::uint32_t supported) {
  std::string s;
  const auto& names = value_names()[static_cast<int>(o.id)];
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) s += ", ";
    s += names[i];
    if (!((supported >> i) & 1u)) s += " (not supported)";
  }
  return s;
}

std::string option_names() {
  std::string s;
  for (const auto& o : kOptions) {
    if (!s.empty()) s += ", ";
    s += o.name;
  }
  return s;
}

// The value `profile` sets `o` to in its row, if any.
std::optional<std::string_view> row_setting(const OptionRow& o, std::string_view profile) {
  Words w{o.profiles};
  for (std::string_view s; w.next(s);) {
    const auto eq = s.find('=');
    if (s.substr(0, eq) == profile) return s.substr(eq + 1);
  }
  return std::nullopt;
}

// Every profile's options, or the reason it has none (a setting the engine refuses), derived
// once from the rows: the board first, since what applies depends on it.
const std::vector<OptionsResult>& derived_profiles() {
  static const auto all = [] {
    std::vector<OptionsResult> out;
    for (const auto& p : kProfiles) {
      OptionsResult r{Options{}, {}};
      if (!p.base.empty())
        for (std::size_t j = 0; j < out.size(); ++j)
          if (kProfiles[j].name == p.base) r = out[j];
      if (r.ok()) {
        if (auto board = row_setting(row(OptionId::board), p.name))
          r.options->value[static_cast<int>(OptionId::board)] =
              static_cast<std::uint8_t>(value_index(row(OptionId::board), *board));
        for (const auto& o : kOptions) {
          const auto v = row_setting(o, p.name);
          if (!v || o.id == OptionId::board) continue;
          if (auto err = apply_override(*r.options, std::string(o.name) + "=" + std::string(*v))) {
            r = {std::nullopt, "profile " + std::string(p.name) + ": " + *err};
            break;
          }
        }
      }
      out.push_back(std::move(r));
    }
    return out;
  }();
  return all;
}

}  // namespace

std::string profile_names() {
  std::string s;
  for (const auto& p : kProfiles) {
    if (!s.empty()) s += ", ";
    s += p.name;
  }
  return s;
}

std::vector<std::string_view> profile_list() {
  std::vector<std::string_view> out;
  for (const auto& p : kProfiles) out.push_back(p.name);
  return out;
}

std::optional<std::string> apply_override(Options& opts, std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos)
    return "option override '" + std::string(assignment) + "' is not of the form name=value";
  const auto name = assignment.substr(0, eq);
  const auto val = assignment.substr(eq + 1);
  const bool ludo = opts.ludo();
  for (const auto& o : kOptions) {
    if (o.name != name) continue;
    if (o.id == OptionId::board) return std::string("the board is set by the profile (a Ludo profile: ludo, ludo-seed, ludo-modern)");
    const std::uint32_t supported = supported_on(o, ludo);
    if (supported == 0)
      return "option " + std::string(name) + (ludo ? " does not apply to Ludo (board ludo52)" : " applies to Ludo profiles only");
    const int i = value_index(o, val);
    if (i < 0)
      return "unknown value '" + std::string(val) + "' for option " + std::string(name) +
             "; valid values: " + join_values(o, supported);
    if (!((supported >> i) & 1u))
      return "option " + std::string(name) + "=" + std::string(val) +
             (ludo ? " does not apply to Ludo" : " is not supported yet") + " (docs/RULES.md " + std::string(o.governs) +
             "); values: " + join_values(o, supported);
    opts.value[static_cast<int>(o.id)] = static_cast<std::uint8_t>(i);
    return std::nullopt;
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

namespace {
std::vector<Colour> colours_of(std::string_view letters) {
  std::vector<Colour> out;
  for (char c : letters) out.push_back(*colour_from_letter(c));
  return out;
}
}  // namespace

std::optional<Seating> profile_seating(std::string_view profile) {
  for (const auto& p : kProfiles)
    if (p.name == profile) return Seating{colours_of(p.turns), colours_of(p.two), colours_of(p.three)};
  return std::nullopt;
}

std::vector<Colour> Seating::seats(int players) const {
  const std::vector<Colour>& taking_part = players == 2 ? two : players == 3 ? three : turns;
  std::vector<Colour> out;
  for (Colour c : turns)
    if (std::find(taking_part.begin(), taking_part.end(), c) != taking_part.end()) out.push_back(c);
  return out;
}

OptionsResult profile_options(std::string_view profile) {
  for (std::size_t i = 0; i < std::size(kProfiles); ++i)
    if (kProfiles[i].name == profile) return derived_profiles()[i];
  return {std::nullopt,
          "unknown profile '" + std::string(profile) + "'; valid profiles: " + profile_names()};
}

std::string_view option_name(OptionId id) { return row(id).name; }

std::string_view option_citation(OptionId id) { return row(id).governs; }

std::vector<std::string_view> option_values(OptionId id) { return value_names()[static_cast<int>(id)]; }

bool option_value_supported(OptionId id, std::size_t v, bool ludo) {
  return v < option_values(id).size() && ((supported_on(row(id), ludo) >> v) & 1u);
}

std::string_view option_value_name(const Options& opts, OptionId id) {
  return value_names()[static_cast<int>(id)][opts.get(id)];
}

bool is_ludo_profile(std::string_view profile) {
  const auto r = profile_options(profile);
  return r.ok() && r.options->ludo();
}

std::string describe_options(const Options& opts) {
  std::string s;
  for (const auto& o : kOptions) {
    if (supported_on(o, opts.ludo()) == 0 && o.id != OptionId::board) continue;
    s += o.name;
    s += '=';
    s += option_value_name(opts, o.id);
    s += '\n';
  }
  return s;
}

}  // namespace ppn::rules
