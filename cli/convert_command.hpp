// `ppn convert [--from FORMAT] IN... [-o OUT.ppn]`: outside formats to PPN (convert/README.md).
// The formats are convert/formats.hpp's readers (nu-transcript, nu-test, racket-jsonl, json);
// without --from each input's format is detected from its first bytes. Problems are printed
// as FILE:LINE:COL: error: MESSAGE; the rest of the input is still converted. Exit 0: no
// problem; 1: warnings only; 2: a problem, an unreadable input or a usage error.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_convert_command(CLI::App& app, int& exit_code);
}
