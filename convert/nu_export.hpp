// `ppn export --to nu-xml` (formats.hpp writer "nu-xml"): a PPN game as the NU course server's
// messages, per roll the <do-move> (the board before the roll, the dice as Racket hands them)
// and the <moves> reply, one message per line; a penalty is <doubles-penalty> and <void>.
// Positions come from replaying the game (replay/); pawn ids are assigned and kept from roll
// to roll (nu_ppn.hpp board_of_desc). An illegal roll is still written as recorded and
// reported, so a course test case converted with `nu-test` exports back to its own messages.
#pragma once

#include "convert/formats.hpp"

namespace ppn::convert::nu {

extern const Writer xml_writer;

}  // namespace ppn::convert::nu
