#include "replay/rule_codes.hpp"

#include <array>

namespace ppn::replay {
namespace {
struct Info {
  std::string_view name, meaning, cite;
};
constexpr std::array<Info, static_cast<int>(RuleCode::count)> kInfo = {{
    {"OK", "legal", ""},
    {"E-NO-PAWN-THERE", "no pawn of the mover (or not the named pawn) is on the square the mini-move starts from, or in the nest for an entry", "seed 000 MOVING YOUR ENTERED PAWNS"},
    {"E-WRONG-PART", "the distance is not one of the parts still available (dice, doublets-bonus values, earned bonuses)", "seed 000 DOUBLETS, Capture Bonus, Home Bonus; rules.md §0.3"},
    {"E-BONUS-SPLIT", "a bonus is played in pieces; it must move one pawn the full 20 or 10", "seed 000 Capture Bonus 'one pawn the full 20 spaces'; rules.md Q33"},
    {"E-NO-FIVE", "an entry without a five (a die of 5 or two unused dice totalling 5)", "seed 000 ENTERING YOUR PAWNS; rules.md Q7, Q15"},
    {"E-ENTRY-BLOCKED", "an entry while a blockade occupies the ENTER space", "seed 000 BLOCKADES 'If a blockade occupies your enter space, you cannot enter a pawn'; rules.md Q11"},
    {"E-OVERSHOOT", "the move would pass HOME; HOME needs the exact count", "seed 000 REACHING HOME 'by exact die roll'; rules.md Q58"},
    {"E-BLOCKADE-PASSED", "the move passes a blockade", "seed 000 BLOCKADES 'cannot be landed on, passed'; rules.md Q52, Q53"},
    {"E-BLOCKADE-LANDED", "the move lands on a blockade (no third pawn on a space)", "seed 000 BLOCKADES; 'No more than two of your pawns'; rules.md Q22, Q52"},
    {"E-SAFETY-OCCUPIED", "the move lands on a safety space held by an opponent", "seed 000 SAFETY SPACES 'Two pawns of different colors can never share a Safety space'; rules.md Q24"},
    {"E-BONUS-CAPTURE", "a bonus move lands on an opponent under bonus_chain=no_bonus_capture", "rules.md Q30, Q37 (option bonus_chain)"},
    {"E-DIE-AFTER-BONUS", "a die part is played after a bonus, but bonuses come at the end of the roll", "seed 000 Capture Bonus 'at the end of your turn'; seed 001 'before rolling again'; rules.md Q35"},
    {"E-PENALTY-EXPECTED", "third consecutive doublet: no pawn may move, the doublets penalty applies", "seed 000 Doublets Penalty; rules.md Q46"},
    {"E-GAME-OVER", "a mini-move after the mover already has all four pawns HOME", "seed 000 HOW TO WIN; rules.md Q63"},
    {"E-WRONG-COLOUR", "a mini-move moves a pawn of another colour than the mover", "seed 000 HOW TO PLAY"},
    {"E-DIE-STILL-USABLE", "fewer parts were played than possible (maximal use), or a part is still playable at the end (greedy)", "seed 000 'You must move whenever possible. If you cannot move by the count of both dice...'; rules.md Q17, Q19, Q21"},
    {"E-ENTRY-STILL-POSSIBLE", "fewer pawns were entered than possible (max_entries), or a five is left with a pawn able to enter (leftover_only)", "seed 000 'When possible you must enter a pawn'; rules.md Q6, Q14"},
    {"E-DOUBLETS-PARTIAL", "a doublets-bonus (four-part) move played partly: all four parts or nothing", "seed 000 Doublets Bonus 'If you can't take all four parts of your move, don't move your pawns at all'; rules.md Q44"},
    {"E-LARGER-DIE", "only one die can be played and the smaller was played although the larger could be", "seed 003 (Wikipedia) 'the player must use the larger die'; rules.md Q18"},
    {"E-BLOCKADE-MOVED-TOGETHER", "the two pawns of a blockade from the start of the roll end it as a blockade on another space", "seed 000 BLOCKADES 'cannot be moved forward to form a blockade together on a new space'; rules.md Q54"},
    {"E-BONUS-NOT-TAKEN", "a capture or home bonus that could be played was not (or fewer of them than possible)", "seed 000 Capture Bonus / Home Bonus; rules.md Q32, Q37, Q38; hasbro corpus README"},
    {"E-TOO-MANY-MOVES", "more mini-moves than a roll can hold", "rules.md §0.3"},
    {"E-BLOCKADE-TOO-OLD", "blockade_limit=k14_3_turns: a blockade that stood through three of its owner's turns still stands at the end of the fourth although a legal play breaks it", "seed 002 Blockade 'After three turns of blockading, at least one of the pawns must be moved on the fourth turn'; rules.md Q56"},
    {"E-SECOND-LAP", "the pawn must turn into its home path: going round the ring again (a second lap) needs homepath_mandatory=no", "seed 000 'move your pawns up your home path'; seed 003 'A piece is not required to enter the home row and can pass the row and start another circuit' (the option); rules.md Q60"},
    {"E-BLOCKADE-NOT-OPENED", "blockade_limit=break_on_six: a die shows 6 and the play leaves more of the mover's blockades standing than some legal play does", "Parchis [ES-B] 'tendra que deshacerse obligatoriamente al salir un 6'; rules.md Q56"},
    {"E-NO-SIX", "Ludo: a token enters from the yard only on a 6", "seed 004 'To enter a token into play from its yard to its starting square, a player must roll a 6'"},
    {"E-OWN-TOKEN", "Ludo: the move ends on a square the mover's own token holds (stacking=single_only), or makes a third token of one colour on a square", "[LU-W] 'Players may not end their move on a square they already occupy'; seed 004 blocks are two tokens ('doubled'); rules.md Q22"},
    {"E-TOKEN-PASSED", "Ludo, pass_opponents=no: the move passes an opponent's token", "seed 004 'may land on an opponent's token to capture it but may not move past that token'; rules.md Q23"},
    {"E-HOMECOLUMN-JUMP", "Ludo, homecolumn_no_jump=yes: the move jumps over the mover's own token in the home column", "seed 004 'In the home column, you cannot jump over your token'"},
}};
}  // namespace

std::string_view rule_code_name(RuleCode c) { return kInfo[static_cast<int>(c)].name; }
std::string_view rule_code_meaning(RuleCode c) { return kInfo[static_cast<int>(c)].meaning; }
std::string_view rule_code_citation(RuleCode c) { return kInfo[static_cast<int>(c)].cite; }

}  // namespace ppn::replay
