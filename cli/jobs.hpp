// `-j N` of the commands that spread their games over threads (README "Every core"), and the
// pool of games the reading thread hands to their jobs (parallel/ordered_work.hpp runs them).
#pragma once

#include <memory>

#include "notation/game.hpp"
#include "parallel/ordered_work.hpp"
#include "parallel/recycler.hpp"
#include "parser/parser.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace ppn::cli {

using parallel::OrderedWork;

// `-j,--jobs N` (default: all cores) on a command that spreads its games over threads.
CLI::Option* add_jobs_option(CLI::App* sub, unsigned& jobs);

// The games (and game texts) the parser hands to jobs. With one job, the parser's own game (it
// is reused only after the parser's callback returns); else the game or text is swapped into
// one of a pool of those the jobs are done with, so that the parser goes on filling storage
// that is already allocated, and a game is not allocated on one thread and freed on another.
class GamePool {
 public:
  explicit GamePool(const OrderedWork& work) : owned_(work.jobs() > 1) {}
  // The parser's game, for a job.
  std::shared_ptr<const Game> hand_over(Game& g);
  // An empty game of the pool for a job to parse a text into (read_game_text).
  std::shared_ptr<Game> fresh();
  // The parser's game text, for a job (parser::parse_stream_texts).
  std::shared_ptr<const parser::GameText> hand_over(parser::GameText& t);

 private:
  bool owned_;
  parallel::Recycler<Game> games_;
  parallel::Recycler<parser::GameText> texts_;
};

}  // namespace ppn::cli
