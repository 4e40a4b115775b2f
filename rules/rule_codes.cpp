#include "rules/rule_codes.hpp"

#include <array>

namespace ppn::rules {
namespace {
struct Info {
  std::string_view name, meaning, cite;
};
constexpr std::array<Info, static_cast<int>(RuleCode::count)> kInfo = {{
    {"OK", "legal", ""},
    {"E-NO-PAWN-THERE", "no pawn of the mover (or not the named pawn) is on the square the mini-move starts from, or in the nest for an entry", "Hasbro 2001 rules, Moving Your Entered Pawns"},
    {"E-WRONG-PART", "the distance is not one of the parts still available (dice, doublets-bonus values, earned bonuses)", "Hasbro 2001 rules, Doublets, Capture Bonus, Home Bonus; RULES.md §terms"},
    {"E-BONUS-SPLIT", "a bonus is played in pieces; it must move one pawn the full 20 or 10", "Hasbro 2001 rules, Capture Bonus 'one pawn the full 20 spaces'; RULES.md Q33"},
    {"E-NO-FIVE", "an entry without a five (a die of 5 or two unused dice totalling 5)", "Hasbro 2001 rules, Entering Your Pawns; RULES.md Q7, Q15"},
    {"E-ENTRY-BLOCKED", "an entry while a blockade occupies the ENTER space", "Hasbro 2001 rules, Blockades 'If a blockade occupies your enter space, you cannot enter a pawn'; RULES.md Q11"},
    {"E-OVERSHOOT", "the move would pass HOME; HOME needs the exact count", "Hasbro 2001 rules, Reaching Home 'by exact die roll'; RULES.md Q58"},
    {"E-BLOCKADE-PASSED", "the move passes a blockade", "Hasbro 2001 rules, Blockades 'cannot be landed on, passed'; RULES.md Q52, Q53"},
    {"E-BLOCKADE-LANDED", "the move lands on a blockade (no third pawn on a space)", "Hasbro 2001 rules, Blockades; 'No more than two of your pawns'; RULES.md Q22, Q52"},
    {"E-SAFETY-OCCUPIED", "the move lands on a safety space held by an opponent", "Hasbro 2001 rules, Safety Spaces 'Two pawns of different colors can never share a Safety space'; RULES.md Q24"},
    {"E-BONUS-CAPTURE", "a bonus move lands on an opponent under bonus_chain=no_bonus_capture", "RULES.md Q30, Q37 (option bonus_chain)"},
    {"E-DIE-AFTER-BONUS", "a die part is played after a bonus, but bonuses come at the end of the roll", "Hasbro 2001 rules, Capture Bonus 'at the end of your turn'; Winning Moves rules, Capture Bonus 'before rolling again'; RULES.md Q35"},
    {"E-PENALTY-EXPECTED", "third consecutive doublet: no pawn may move, the doublets penalty applies", "Hasbro 2001 rules, Doublets Penalty; RULES.md Q46"},
    {"E-GAME-OVER", "a mini-move after the mover already has all four pawns HOME", "Hasbro 2001 rules, How to Win; RULES.md Q63"},
    {"E-WRONG-COLOUR", "a mini-move moves a pawn of another colour than the mover", "Hasbro 2001 rules, How to Play"},
    {"E-DIE-STILL-USABLE", "fewer parts were played than possible (maximal use), or a part is still playable at the end (greedy)", "Hasbro 2001 rules, Moving Your Entered Pawns 'You must move whenever possible. If you cannot move by the count of both dice...'; RULES.md Q17, Q19, Q21"},
    {"E-ENTRY-STILL-POSSIBLE", "fewer pawns were entered than possible (max_entries), or a five is left with a pawn able to enter (leftover_only)", "Hasbro 2001 rules, Entering Your Pawns 'When possible you must enter a pawn'; RULES.md Q6, Q14"},
    {"E-DOUBLETS-PARTIAL", "a doublets-bonus (four-part) move played partly: all four parts or nothing", "Hasbro 2001 rules, Doublets Bonus 'If you can't take all four parts of your move, don't move your pawns at all'; RULES.md Q44"},
    {"E-LARGER-DIE", "only one die can be played and the smaller was played although the larger could be", "Wikipedia rules, Gameplay 'the player must use the larger die'; RULES.md Q18"},
    {"E-BLOCKADE-MOVED-TOGETHER", "the two pawns of a blockade from the start of the roll end it as a blockade on another space", "Hasbro 2001 rules, Blockades 'cannot be moved forward to form a blockade together on a new space'; RULES.md Q54"},
    {"E-BONUS-NOT-TAKEN", "a capture or home bonus that could be played was not (or fewer of them than possible)", "Hasbro 2001 rules, Capture Bonus / Home Bonus; RULES.md Q32, Q37, Q38; RULES.md §procedure step 5"},
    {"E-TOO-MANY-MOVES", "more mini-moves than a roll can hold", "RULES.md §terms"},
    {"E-BLOCKADE-TOO-OLD", "blockade_limit=k14_3_turns: a blockade that stood through three of its owner's turns still stands at the end of the fourth although a legal play breaks it", "k14 rules, Blockade 'After three turns of blockading, at least one of the pawns must be moved on the fourth turn'; RULES.md Q56"},
    {"E-SECOND-LAP", "the pawn must turn into its home path: going round the ring again (a second lap) needs homepath_mandatory=no", "Hasbro 2001 rules, Reaching Home 'move your pawns up your home path'; Wikipedia rules, Gameplay 'A piece is not required to enter the home row and can pass the row and start another circuit' (the option); RULES.md Q60"},
    {"E-BLOCKADE-NOT-OPENED", "blockade_limit=break_on_six: a die shows 6 and the play leaves more of the mover's blockades standing than some legal play does", "Parchis [ES-B] 'tendra que deshacerse obligatoriamente al salir un 6'; RULES.md Q56"},
    {"E-NO-SIX", "Ludo: a token enters from the yard only on a 6", "Ludo rules, Gameplay 'To enter a token into play from its yard to its starting square, a player must roll a 6'"},
    {"E-OWN-TOKEN", "Ludo: the move ends on a square the mover's own token holds (stacking=single_only), or makes a third token of one colour on a square", "[LU-W] 'Players may not end their move on a square they already occupy'; Ludo rules, Gameplay: blocks are two tokens ('doubled'); RULES.md Q22"},
    {"E-TOKEN-PASSED", "Ludo, pass_opponents=no: the move passes an opponent's token", "Ludo rules, Gameplay 'may land on an opponent's token to capture it but may not move past that token'; RULES.md Q23"},
    {"E-HOMECOLUMN-JUMP", "Ludo, homecolumn_no_jump=yes: the move jumps over the mover's own token in the home column", "Ludo rules, Gameplay 'In the home column, you cannot jump over your token'"},
}};
}  // namespace

std::string_view rule_code_name(RuleCode c) { return kInfo[static_cast<int>(c)].name; }
std::string_view rule_code_meaning(RuleCode c) { return kInfo[static_cast<int>(c)].meaning; }
std::string_view rule_code_citation(RuleCode c) { return kInfo[static_cast<int>(c)].cite; }

}  // namespace ppn::rules
