// The [Result] check (see result.hpp).
#include "replay/result.hpp"

#include <algorithm>
#include <string>

#include "notation/tags.hpp"

namespace ppn::replay {

using namespace ppn::rules;

void check_result(Walk& walk) {
  const Tag* tag = walk.game.find_tag("Result");
  if (!tag || tag->value.empty() || walk.res.stopped || walk.cfg.partial) return;
  const std::string_view value = tag->value;
  const std::uint32_t line = tag->line;
  const auto result = parse_result(value);
  if (!result) return;  // the parser reports malformed tags
  // Seats finished in the [Setup] are ranked in turn order, not in the order they finished
  // (rules::setup_state): any of them may be the winner.
  const auto& ranking = walk.res.ranking;
  const std::size_t firsts = std::min<std::size_t>(ranking.size(), std::max(1, walk.setup_finished));
  const bool first_known = !ranking.empty() && !result->ranking.empty() &&
                           std::find(ranking.begin(), ranking.begin() + firsts, result->ranking.front()) !=
                               ranking.begin() + firsts;
  if (result->finished && walk.res.game_over && !ranking.empty() && !result->ranking.empty() && !first_known) {
    std::string winners;
    for (std::size_t i = 0; i < firsts; ++i)
      winners += std::string(i ? (i + 1 == firsts ? " or " : ", ") : "") + std::string(colour_name(ranking[i]));
    walk.game_diag(Severity::error, Code::result,
              std::string("[Result] names ") + std::string(colour_name(result->ranking.front())) +
                  " first, but " + winners + " won",
              line);
  }
  else if (result->finished && !walk.res.game_over)
    walk.game_diag(Severity::error, Code::result,
              "[Result] says the game finished, but after the last roll nobody has won "
              "(use \"*\" for an unfinished game)",
              line);
  else if (!result->finished && walk.res.game_over)
    walk.game_diag(Severity::warning, Code::result, "[Result] is \"*\" (unfinished), but the game is over", line);
}

}  // namespace ppn::replay
