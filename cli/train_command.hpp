// `ppn train -o analysis/neural_weights.inc`: trains the neural evaluator of both boards by
// TD(lambda) self-play (analysis/neural_training.hpp) and writes its weights source.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_train_command(CLI::App& app, int& exit_code);
}
