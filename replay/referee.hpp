// The referee's questions about one roll in one position (`ppn legal`): which plays are legal,
// and is this play legal (and if not, why)?
//
//   auto q = make_question("g:N,N,12,40 r:N,N,N,N / g d0", "5-3", "hasbro-2001", {});
//   if (auto* err = std::get_if<QuestionError>(&q)) ...;
//   for (const auto& group : legal_groups(std::get<Question>(q))) ... group.plays, group.after_id
//   PlayJudgement j = judge_play(std::get<Question>(q), roll);   // roll: parser::parse_play's
//
// The play is judged by the replayer's own roll step (replay/roll_replay.hpp) on the question's
// game (rules::Game), so a play typed at the table is judged exactly as the same play in a game
// record; the caller reads the play's text with the PPN parser (parser::parse_play). Nothing
// here parses plays or re-implements a rule.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "notation/game.hpp"
#include "rules/game.hpp"
#include "replay/replayer.hpp"

namespace ppn::replay {

// What is wrong with the question itself (not with a play): which argument, where, and why.
struct QuestionError {
  enum class Arg : std::uint8_t { position, dice, play, rules };
  Arg arg = Arg::position;
  std::uint32_t column = 0;  // 1-based byte column in that argument; 0: the argument as a whole
  std::string message;
};

struct Question {
  std::string profile;       // the profile used (given, or the default for the dice: see make_question)
  rules::Options options;
  rules::Game game;          // the position, the seat to move and its doublets (sixes) so far
  rules::Dice dice;          // d2 == 0: one die (Ludo)
  ReplayConfig config;       // variant and options as given, for the replayer
  Colour mover() const { return game.to_move(); }
};

// `position_id`: notation/SPEC.md "Position ID", taken before the roll (no pending parts).
// `dice`: as in a roll line, "5-3" (two dice, thrown order) or "6" (one die, Ludo).
// `variant`: a profile name; empty: `ludo` for one die, `hasbro-2001` for two (the defaults of
// a Ludo and of a Parcheesi record). `options`: "name=value" overrides.
std::variant<Question, QuestionError> make_question(std::string_view position_id, std::string_view dice,
                                                    const std::string& variant,
                                                    const std::vector<std::string>& options);

// The legal plays of the roll, one group per distinct resulting position. `plays` are PPN
// texts: the first is the engine's representative (notation/SPEC.md canonical form), the others
// are the other orders of the same mini-moves (and of the same distances per pawn) that are
// legal and lead to the same position. A third doublet (third 6 in Ludo) has one group,
// `PENALTY`; a roll with no legal play has one group, `-`.
struct PlayGroup {
  std::vector<std::string> plays;
  std::string after_id;      // the position ID after the roll (who throws next, doublets count)
  rules::Events events;
};
std::vector<PlayGroup> legal_groups(const Question& q);

// One play judged as the replayer judges it in a record. `play` is the roll's play as the
// parser read it (kind, steps, penalty move), its steps located on line 1 of the play's text.
struct PlayJudgement {
  bool legal = false;
  std::vector<ReplayDiagnostic> diagnostics;  // errors (illegal) and warnings (e.g. W-CAPTURE-MARK)
  int column = 0;             // illegal: 1-based column of the faulty step in the play text, 0: the play as a whole
  std::string after_id;       // legal: the position ID after the roll
  std::string canonical;      // the play as parsed, in canonical PPN
};
PlayJudgement judge_play(const Question& q, const Roll& play);

}  // namespace ppn::replay
