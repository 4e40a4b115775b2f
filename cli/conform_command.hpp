// `ppn conform --variant V [--verdict-field NAME] [--order strict|outcome] [--option n=v]...
//  FILE...`: checks reference-engine JSONL corpora (.jsonl or .jsonl.gz) against the engine.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_conform_command(CLI::App& app, int& exit_code);
}
