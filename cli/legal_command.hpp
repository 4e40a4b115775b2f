// `ppn legal POSITION-ID DICE [--variant V] [--option n=v]... [--play "PLAY"] [--format text|json]`:
// the referee's questions about one roll (replay/referee.hpp): every legal play with the
// position after it, or whether one play is legal and, if not, why.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_legal_command(CLI::App& app, int& exit_code);
}
