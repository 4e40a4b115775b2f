// Options and profiles (RULES.md §options, §profiles): lookup, aliases, overrides, and clear
// errors for unknown or unsupported names.
#include <catch2/catch.hpp>
#include <set>

#include "rules/options.hpp"

using namespace ppn::rules;

TEST_CASE("hasbro-2001 is the default and winning-moves its alias", "[replay][options]") {
  auto h = profile_options("hasbro-2001");
  auto w = profile_options("winning-moves");
  REQUIRE(h.ok());
  REQUIRE(w.ok());
  CHECK(*h.options == Options{});
  CHECK(*w.options == *h.options);
}

TEST_CASE("racket-nu differs exactly where RULES.md §profiles says", "[replay][options]") {
  auto r = profile_options("racket-nu");
  REQUIRE(r.ok());
  const Options& o = *r.options;
  CHECK(o.enter_obligation() == EnterObligation::leftover_only);
  CHECK(o.dice_usage() == DiceUsage::greedy_racket);
  CHECK(o.doubles_bonus_partial() == DoublesBonusPartial::maximal);
  CHECK(o.bonus_timing() == BonusTiming::interleaved);
  CHECK(o.blockade_move_together() == BlockadeMoveTogether::forbidden_per_roll);
  CHECK(option_value_name(o, OptionId::bonus_timing) == "interleaved");
}

TEST_CASE("unknown profile, option or value is an error value listing valid names",
          "[replay][options]") {
  auto bad = profile_options("monopoly");
  CHECK_FALSE(bad.ok());
  CHECK(bad.error.find("racket-nu") != std::string::npos);
  Options o;
  auto e1 = apply_override(o, "colour=blue");
  REQUIRE(e1);
  CHECK(e1->find("bonus_timing") != std::string::npos);
  auto e2 = apply_override(o, "bonus_timing=whenever");
  REQUIRE(e2);
  CHECK(e2->find("interleaved") != std::string::npos);
  CHECK(apply_override(o, "bonus_timing"));  // no '='
  CHECK(o == Options{});
}

TEST_CASE("unsupported values are refused, never ignored", "[replay][options]") {
  Options o;
  auto e = apply_override(o, "home_overshoot=bounce");
  REQUIRE(e);
  CHECK(e->find("not supported yet") != std::string::npos);
  CHECK(o == Options{});
  auto eot = apply_override(o, "bonus_timing=end_of_turn");
  REQUIRE(eot);
  CHECK(eot->find("not supported yet") != std::string::npos);
  CHECK(o == Options{});
}

TEST_CASE("parchis-es is the two-dice Parchís profile (RULES.md §profiles)", "[replay][options]") {
  auto r = profile_options("parchis-es");
  REQUIRE(r.ok());
  const Options& o = *r.options;
  CHECK(o.entry_vs_stack() == EntryVsStack::capture_last_arrival);
  CHECK(o.repeat_penalty() == RepeatPenalty::last_moved_except_homepath);
  CHECK(o.safety_sharing() == SafetySharing::two_any_colours);
  CHECK(o.blockade_limit() == BlockadeLimit::break_on_six);
  CHECK(o.bonus_timing() == BonusTiming::interleaved);
  CHECK(o.doubles_bonus_when() == DoublesBonusWhen::never);
  CHECK(o.six_counts() == SixCounts::seven_when_all_out);
  CHECK(describe_options(o).find("six_counts=7_when_all_out\n") != std::string::npos);
}

TEST_CASE("k14 adds the three-turn blockade limit", "[replay][options]") {
  auto k = profile_options("k14");
  REQUIRE(k.ok());
  Options expected;
  expected.value[static_cast<int>(OptionId::blockade_limit)] =
      static_cast<std::uint8_t>(BlockadeLimit::k14_3_turns);
  CHECK(*k.options == expected);
}

TEST_CASE("overrides change one option", "[replay][options]") {
  Options o;
  REQUIRE_FALSE(apply_override(o, "dice_usage=greedy"));
  CHECK(o.dice_usage() == DiceUsage::greedy);
  Options expected;
  expected.value[static_cast<int>(OptionId::dice_usage)] = 1;
  CHECK(o == expected);
  CHECK(describe_options(o).find("dice_usage=greedy\n") != std::string::npos);
}

// The option table (rules/options.cpp) is the one description of every option: the compiler
// holds it to OptionId (a static_assert fails on an option without its row), and here each row
// is read back through the functions every other part uses.
TEST_CASE("every option's row names it and lists its values and citation and name=value sets exactly that value",
          "[replay][options]") {
  const Options parcheesi = *profile_options("hasbro-2001").options, ludo = *profile_options("ludo").options;
  std::set<std::string_view> names;
  for (int i = 0; i < kOptionCount; ++i) {
    const auto id = static_cast<OptionId>(i);
    INFO("option " << option_name(id));
    CHECK(names.insert(option_name(id)).second);
    CHECK_FALSE(option_citation(id).empty());
    const auto values = option_values(id);
    REQUIRE(values.size() >= 2);
    CHECK(std::set<std::string_view>(values.begin(), values.end()).size() == values.size());
    for (std::size_t v = 0; v < values.size(); ++v)
      for (const Options* base : {&parcheesi, &ludo}) {
        INFO("value " << values[v] << (base->ludo() ? " on Ludo" : " on Parcheesi"));
        Options o = *base;
        const auto err = apply_override(o, std::string(option_name(id)) + "=" + std::string(values[v]));
        CHECK(err.has_value() == !option_value_supported(id, v, base->ludo()));
        if (err) continue;
        CHECK(o.get(id) == v);
        CHECK(option_value_name(o, id) == values[v]);
        Options back = o;
        back.value[i] = base->value[i];
        CHECK(back == *base);  // no other option moved
        CHECK(describe_options(o).find(std::string(option_name(id)) + "=" + std::string(values[v]) + "\n") !=
              std::string::npos);
      }
  }
}

TEST_CASE("every profile resolves from the option rows and a derived profile keeps its base's settings",
          "[replay][options]") {
  for (const auto p : profile_list()) {
    INFO(p);
    CHECK(profile_options(p).ok());
  }
  const Options ludo = *profile_options("ludo").options;
  for (const auto p : {"ludo-seed", "ludo-modern"}) {
    const Options o = *profile_options(p).options;
    CHECK(o.ludo());
    CHECK(o.enter_obligation() == ludo.enter_obligation());
    CHECK(o.repeat_penalty() == RepeatPenalty::lose_roll);
  }
  CHECK(profile_options("ludo-modern").options->capture_reward() == CaptureReward::extra_roll);
  CHECK(profile_options("ludo-seed").options->capture_reward() == CaptureReward::none);
}
