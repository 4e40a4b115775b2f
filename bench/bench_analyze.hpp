// `ppn bench analyze`: decisions analysed per second (luck of every roll, rollouts of every
// decision) at a rollout setting, next to replay + legal-play generation of the same positions.
#pragma once

namespace CLI {
class App;
}

namespace ppn::cli {
void add_bench_analyze(CLI::App& bench, int& exit_code);
}
