// The scorekeeper of `ppn serve` (docs/SERVE.md "The scorekeeper"): a game being recorded over
// the board travels whole in each request (profile, seats in turn order, the rolls so far as
// dice and PPN plays); the server writes it as a PPN record, replays it with the replayer
// `ppn validate` uses, and answers with its state: the canonical record, the board, who throws,
// and the legal plays of a throw. Every rule is the rules core's: a play is judged by the
// replay of the record, so an illegal one is refused with the code, message and citation
// `ppn validate` gives for that roll.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "serve/reply.hpp"

namespace ppn::serve {

// POST /api/record/state: the state; with "dice", the legal plays of that throw too.
Reply record_state(const nlohmann::json& body);
// POST /api/record/play: "dice" and "play" added as the next roll (422: the play is illegal).
Reply record_play(const nlohmann::json& body);
// POST /api/record/bot: the seat to move played by its bot (or "bot"); the dice "dice" or
// thrown from `seed`.
Reply record_bot(const nlohmann::json& body, std::uint64_t seed);
// POST /api/record/hint: the legal plays of "dice" ranked by the neural evaluator at 1-ply.
Reply record_hint(const nlohmann::json& body);

}  // namespace ppn::serve
