#include "notation/diagnostic.hpp"

#include <array>

namespace ppn {
namespace {
struct Info {
  std::string_view name;
  Severity severity;  // the class: W- warning, else error
  std::string_view meaning, cite;
};
// One row per Code, in its order (rules/RULE_CODES.md documents every one; a test checks both).
constexpr std::array<Info, kCodeCount> kInfo = {{
    {"OK", Severity::error, "legal", ""},
    {"E-NO-PAWN-THERE", Severity::error, "no pawn of the mover (or not the named pawn) is on the square the mini-move starts from, or in the nest for an entry", "Hasbro 2001 rules, Moving Your Entered Pawns"},
    {"E-WRONG-PART", Severity::error, "the distance is not one of the parts still available (dice, doublets-bonus values, earned bonuses)", "Hasbro 2001 rules, Doublets, Capture Bonus, Home Bonus; RULES.md §terms"},
    {"E-BONUS-SPLIT", Severity::error, "a bonus is played in pieces; it must move one pawn the full 20 or 10", "Hasbro 2001 rules, Capture Bonus 'one pawn the full 20 spaces'; RULES.md Q33"},
    {"E-NO-FIVE", Severity::error, "an entry without a five (a die of 5 or two unused dice totalling 5)", "Hasbro 2001 rules, Entering Your Pawns; RULES.md Q7, Q15"},
    {"E-ENTRY-BLOCKED", Severity::error, "an entry while a blockade occupies the ENTER space", "Hasbro 2001 rules, Blockades 'If a blockade occupies your enter space, you cannot enter a pawn'; RULES.md Q11"},
    {"E-OVERSHOOT", Severity::error, "the move would pass HOME; HOME needs the exact count", "Hasbro 2001 rules, Reaching Home 'by exact die roll'; RULES.md Q58"},
    {"E-BLOCKADE-PASSED", Severity::error, "the move passes a blockade", "Hasbro 2001 rules, Blockades 'cannot be landed on, passed'; RULES.md Q52, Q53"},
    {"E-BLOCKADE-LANDED", Severity::error, "the move lands on a blockade, which no pawn may land on", "Hasbro 2001 rules, Blockades 'A blockade cannot be landed on, passed or captured by any pawn'; RULES.md Q22, Q52"},
    {"E-SAFETY-OCCUPIED", Severity::error, "the move lands on a safety space held by an opponent", "Hasbro 2001 rules, Safety Spaces 'Two pawns of different colors can never share a Safety space'; RULES.md Q24"},
    {"E-BONUS-CAPTURE", Severity::error, "a bonus move lands on an opponent under bonus_chain=no_bonus_capture", "RULES.md Q30, Q37 (option bonus_chain)"},
    {"E-DIE-AFTER-BONUS", Severity::error, "a die part is played after a bonus, but bonuses come at the end of the roll", "Hasbro 2001 rules, Capture Bonus 'at the end of your turn'; Winning Moves rules, Capture Bonus 'before rolling again'; RULES.md Q35"},
    {"E-PENALTY-EXPECTED", Severity::error, "third consecutive doublet: no pawn may move, the doublets penalty applies", "Hasbro 2001 rules, Doublets Penalty; RULES.md Q46"},
    {"E-GAME-OVER", Severity::error, "a mini-move after the mover already has all four pawns HOME", "Hasbro 2001 rules, How to Win; RULES.md Q63"},
    {"E-WRONG-COLOUR", Severity::error, "a mini-move moves a pawn of another colour than the mover", "Hasbro 2001 rules, How to Play"},
    {"E-DIE-STILL-USABLE", Severity::error, "fewer parts were played than possible (maximal use), or a part is still playable at the end (greedy)", "Hasbro 2001 rules, Moving Your Entered Pawns 'You must move whenever possible. If you cannot move by the count of both dice...'; RULES.md Q17, Q19, Q21"},
    {"E-ENTRY-STILL-POSSIBLE", Severity::error, "fewer pawns were entered than possible (max_entries), or a five is left with a pawn able to enter (leftover_only)", "Hasbro 2001 rules, Entering Your Pawns 'When possible you must enter a pawn'; RULES.md Q6, Q14"},
    {"E-DOUBLETS-PARTIAL", Severity::error, "a doublets-bonus (four-part) move played partly: all four parts or nothing", "Hasbro 2001 rules, Doublets Bonus 'If you can't take all four parts of your move, don't move your pawns at all'; RULES.md Q44"},
    {"E-LARGER-DIE", Severity::error, "only one die can be played and the smaller was played although the larger could be", "Wikipedia rules, Gameplay 'the player must use the larger die'; RULES.md Q18"},
    {"E-BLOCKADE-MOVED-TOGETHER", Severity::error, "the two pawns of a blockade from the start of the roll end it as a blockade on another space", "Hasbro 2001 rules, Blockades 'cannot be moved forward to form a blockade together on a new space'; RULES.md Q54"},
    {"E-BONUS-NOT-TAKEN", Severity::error, "a capture or home bonus that could be played was not (or fewer of them than possible)", "Hasbro 2001 rules, Capture Bonus / Home Bonus; RULES.md Q32, Q37, Q38; RULES.md §procedure step 5"},
    {"E-TOO-MANY-MOVES", Severity::error, "more mini-moves than a roll can hold", "RULES.md §terms"},
    {"E-BLOCKADE-TOO-OLD", Severity::error, "blockade_limit=k14_3_turns: a blockade that stood through three of its owner's turns still stands at the end of the fourth although a legal play breaks it", "k14 rules, Blockade 'After three turns of blockading, at least one of the pawns must be moved on the fourth turn'; RULES.md Q56"},
    {"E-SECOND-LAP", Severity::error, "the pawn must turn into its home path: going round the ring again (a second lap) needs homepath_mandatory=no", "Hasbro 2001 rules, Reaching Home 'move your pawns up your home path'; Wikipedia rules, Gameplay 'A piece is not required to enter the home row and can pass the row and start another circuit' (the option); RULES.md Q60"},
    {"E-BLOCKADE-NOT-OPENED", Severity::error, "blockade_limit=break_on_six: a die shows 6 and the play leaves more of the mover's blockades standing than some legal play does", "Parchis [ES-B] 'tendra que deshacerse obligatoriamente al salir un 6'; RULES.md Q56"},
    {"E-NO-SIX", Severity::error, "Ludo: a token enters from the yard only on a 6", "Ludo rules, Gameplay 'To enter a token into play from its yard to its starting square, a player must roll a 6'"},
    {"E-OWN-TOKEN", Severity::error, "Ludo: the move ends on a square the mover's own token holds (stacking=single_only), or makes a third token of one colour on a square", "[LU-W] 'Players may not end their move on a square they already occupy'; Ludo rules, Gameplay: blocks are two tokens ('doubled'); RULES.md Q22"},
    {"E-TOKEN-PASSED", Severity::error, "Ludo, pass_opponents=no: the move passes an opponent's token", "Ludo rules, Gameplay 'may land on an opponent's token to capture it but may not move past that token'; RULES.md Q23"},
    {"E-HOMECOLUMN-JUMP", Severity::error, "Ludo, homecolumn_no_jump=yes: the move jumps over the mover's own token in the home column", "Ludo rules, Gameplay 'In the home column, you cannot jump over your token'"},
    {"E-RULES", Severity::error, "the [Variant]/[Option] tags (or --variant/--option) name an unknown or unsupported profile, option or value; nothing is replayed", "RULES.md §options, §profiles"},
    {"E-SEATS", Severity::error, "[Seats] does not name 1 to 4 distinct colours, or the game has fewer than two seats", "RULES.md Q2, Q3"},
    {"E-SETUP", Severity::error, "[Setup] is not a usable start position, or lists other colours than [Seats]", "RULES.md Q4"},
    {"E-WITHDRAWAL", Severity::error, "a resignation or abandonment names a seat that is not playing, or comes after the game ended", ""},
    {"E-TURN-ORDER", Severity::error, "a roll by another seat than the one to move", "Hasbro 2001 rules, How to Play 'Play then continues to the left'; RULES.md Q2, Q41"},
    {"E-DICE", Severity::error, "a roll without the dice the board throws, or a die that is not among the pending parts of a mid-roll [Setup]", "Hasbro 2001 rules, Contents; RULES.md §options"},
    {"E-PENALTY-PAWN", Severity::error, "PENALTY names another pawn than the one the penalty sends back, or a pawn when none is out", "Hasbro 2001 rules, Doublets Penalty 'even if it's on your home path'; RULES.md Q48, Q49"},
    {"E-NO-PENALTY", Severity::error, "PENALTY recorded on a roll that is not the third doublet of the turn", "Hasbro 2001 rules, Doublets Penalty; RULES.md Q46, Q47"},
    {"E-BAD-MOVE", Severity::error, "a step that cannot be a mini-move on this board", "RULES.md §terms; Hasbro 2001 rules, Entering Your Pawns"},
    {"E-AMBIGUOUS-STEP", Severity::error, "one pawn moved by both dice in one step (`2/11` for a 6-3) can be played in ways that end differently; the message lists them", "Hasbro 2001 rules, Moving Your Entered Pawns 'if you roll 4 + 3 you can move one pawn 7 spaces'"},
    {"E-UNPLAYABLE", Severity::error, "under --on-error as-played, an illegal play cannot be carried out as recorded, or leaves a position no game can reach", ""},
    {"E-OBSERVED", Severity::error, "an observed position in the movetext is malformed or impossible", ""},
    {"E-IMPLAUSIBLE-STRETCH", Severity::error, "the unseen plays before an observed position cannot have led to it", "Hasbro 2001 rules, Capturing an Opponent's Pawn, Doublets, Doublets Penalty; RULES.md Q41, Q46"},
    {"E-RESULT", Severity::error, "[Result] disagrees with the replay", "Hasbro 2001 rules, How to Win; RULES.md Q63"},
    {"W-CAPTURE-MARK", Severity::warning, "the landings marked x differ from the captures the play makes", "Hasbro 2001 rules, Capturing an Opponent's Pawn"},
    {"W-FORFEIT-MARK", Severity::warning, "the forfeited bonuses recorded differ from the bonuses the play leaves unplayed", "Hasbro 2001 rules, Capture Bonus 'you forfeit the bonus'; RULES.md Q40, Q63"},
    {"W-VARIANT-AMBIGUOUS", Severity::warning, "--variant auto: several profiles accept the record and none of them is its [Variant]", ""},
    {"W-VARIANT-REJECTED", Severity::warning, "--variant auto: no profile accepts the record", ""},
    {"W-MOVE-NUMBER", Severity::warning, "a roll's move number is not the one after the previous roll's (a number repeated, skipped or going back)", ""},
    {"W-LATIN1", Severity::warning, "a tag line is not UTF-8: its bytes 0xA0-0xFF were read as Latin-1 and stored as UTF-8", ""},
    {"E-SYNTAX", Severity::error, "a syntax error in the record, a file with no game, or one that is not PPN", ""},
    {"E-IO", Severity::error, "the file cannot be opened, or its compressed data is truncated or corrupt", ""},
    {"E-DATABASE", Severity::error, "the database cannot be opened, read or written, or a query is refused", ""},
    {"E-ARGUMENT", Severity::error, "an argument of the call is out of range or names nothing known", ""},
}};
}  // namespace

std::string_view code_name(Code c) { return kInfo[static_cast<int>(c)].name; }
Severity code_class(Code c) { return kInfo[static_cast<int>(c)].severity; }
std::string_view code_meaning(Code c) { return kInfo[static_cast<int>(c)].meaning; }
std::string_view code_citation(Code c) { return kInfo[static_cast<int>(c)].cite; }

std::optional<Code> code_from_name(std::string_view name) {
  for (int c = 0; c < kCodeCount; ++c)
    if (kInfo[c].name == name) return static_cast<Code>(c);
  return std::nullopt;
}

Diagnostic failure(Code code, std::string message) {
  Diagnostic d;
  d.code = code;
  d.severity = code_class(code);
  d.message = std::move(message);
  d.citation = code_citation(code);
  return d;
}

std::string cited(std::string_view message, std::string_view citation) {
  std::string out(message);
  if (citation.empty()) return out;
  out += " [";
  out += citation;
  out += ']';
  return out;
}

}  // namespace ppn
