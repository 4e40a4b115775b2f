// The [Result] check (see result.hpp).
#include "replay/result.hpp"

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
  if (result->finished && walk.res.game_over && !walk.res.ranking.empty() && !result->ranking.empty() &&
      result->ranking.front() != walk.res.ranking.front())
    walk.game_diag(Severity::error, Code::result,
              std::string("[Result] names ") + std::string(colour_name(result->ranking.front())) +
                  " first, but " + std::string(colour_name(walk.res.ranking.front())) + " won",
              line);
  else if (result->finished && !walk.res.game_over)
    walk.game_diag(Severity::error, Code::result,
              "[Result] says the game finished, but after the last roll nobody has won "
              "(use \"*\" for an unfinished game)",
              line);
  else if (!result->finished && walk.res.game_over)
    walk.game_diag(Severity::warning, Code::result, "[Result] is \"*\" (unfinished), but the game is over", line);
}

}  // namespace ppn::replay
