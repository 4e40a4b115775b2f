// `ppn export --to nu-xml|json FILE.ppn... [-o OUT]`: PPN games out to interchange formats.
//   json    one JSON object per game per line (convert/JSON.md); `ppn convert --from json`
//           reads it back to the same games.
//   nu-xml  the Northwestern course protocol: per roll the server's
//           <do-move><board>..</board><dice>..</dice></do-move> (the position before the roll,
//           the dice as Racket hands them: two, or the four doublet parts) and the player's
//           <moves>..</moves> reply, one message per line; a third-doublet penalty is
//           <doubles-penalty></doubles-penalty> and <void></void>. Each game starts with an
//           XML comment naming it. The positions come from replaying the game under its
//           profile; an illegal roll is written as recorded and reported (a referee test
//           case is just that), and one that cannot even be carried out ends the game's export.
// Exit 0: all exported; 1: a game holds an illegal roll (nu-xml); 2: syntax/I/O/usage.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_export_command(CLI::App& app, int& exit_code);
}
