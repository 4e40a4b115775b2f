// The rules core's codes: the first block of ppn::Code (notation/diagnostic.hpp, one table of
// every code with its stable name, meaning and citation; documented in rules/RULE_CODES.md).
// A verdict's code is one of ok .. kLastRuleCode.
#pragma once

#include "notation/diagnostic.hpp"

namespace ppn::rules {

using RuleCode = ppn::Code;

constexpr bool is_rule_code(RuleCode c) { return c <= kLastRuleCode; }

}  // namespace ppn::rules
