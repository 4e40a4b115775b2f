// `ppn convert [--from FORMAT] IN... [-o OUT.ppn]`: outside formats to PPN (convert/README.md).
// Formats: nu-transcript (the NU course server's player-side logs), nu-test (the course's
// test inputs), racket-jsonl (reference-engine corpora, .jsonl/.jsonl.gz), json (ppn's own
// JSON form of games, convert/JSON.md). Without --from each input's format is detected from
// its name and first bytes. Problems are printed as FILE:LINE:COL: error: MESSAGE; the rest of
// the input is still converted. Exit 0: no problem; 2: a problem, an unreadable input or a
// usage error.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_convert_command(CLI::App& app, int& exit_code);
}
