// Reference-engine self-play corpora (Racket games/parcheesi; schema in
// shared/corpora/racket/README.md) as PPN games: `.jsonl` or `.jsonl.gz`, one record per line.
//
//   header {"game": g, "players": [...]}          -> a new game, [Variant "racket-nu"],
//                                                     [Seats "green red blue yellow"]
//   roll   {"game","color","board","dice","moves"} -> a roll line; dice [d,d,7-d,7-d] is the
//                                                     throw d-d; moves in the mover's squares
//   penalty {"game","color","dice","penalty":true} -> `G 3-3: PENALTY`
//   result {"game","winner",...}                   -> [Result] = the colour with 4 pawns HOME
//
// Capture marks, bonus steps and forfeited bonuses come from carrying out each play on the
// record's board (nu_ppn.hpp apply_moves); the result is compared with the next record's
// board, and a difference is reported. Racket's finisher still throws the extra roll(s) of
// a doublet (../shared/corpora/racket/README.md "In these games ..."): those lines are dropped and named in a comment,
// because the game is over (RULES.md Q63). Problems are located (file:line:column) and the
// rest is still converted. Nothing throws.
#pragma once

#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "convert/formats.hpp"
#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert::racket {

struct CorpusStats {
  long lines = 0;
  long games = 0;
  long rolls = 0;
};

// Calls on_game for every game, in file order; problems go to `problems`.
CorpusStats read_corpus(const std::filesystem::path& path, const std::function<void(Game&)>& on_game,
                        std::vector<Diagnostic>& problems);
// The same from a stream already open (`source` labels locations): standard input, or a
// file whose beginning was looked at to tell its format.
CorpusStats read_corpus(std::istream& in, const std::string& source, const std::function<void(Game&)>& on_game,
                        std::vector<Diagnostic>& problems);
// The same over text already in memory (`source` labels locations).
CorpusStats read_corpus_text(std::string_view text, const std::string& source,
                             const std::function<void(Game&)>& on_game, std::vector<Diagnostic>& problems);

// `racket-jsonl` for `ppn convert` (formats.hpp): an input whose first line is a record of
// the schema, a roll (with "board", "color" and "dice") or a game header ("game", "players").
extern const Reader corpus_reader;

}  // namespace ppn::convert::racket
