// Games handled on N threads, their output in input order (issue 21, README "Speed"): the
// thread that reads the input submits one job per game; a job runs on a worker and returns what
// to do with its result (print it, add it to the totals), and that runs back on the submitting
// thread, in the order the jobs were submitted. So a command's output, its totals and its exit
// code are those of `-j 1` byte for byte, whatever the threads' timing; with one job nothing
// runs on another thread at all.
//
// Jobs go to the workers in batches (a game takes microseconds: one hand-over per game would
// cost more in waking threads than the game's work). Memory stays bounded whatever the input's
// size: at most `in_flight` batches are submitted and not yet delivered; submit() delivers (and,
// when the limit is reached, waits for) the oldest ones first. A job that throws rethrows on the
// submitting thread, when its turn to deliver comes.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <memory>
#include <vector>

#include "notation/game.hpp"
#include "parser/parser.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace ppn::cli {

class OrderedWork {
 public:
  using Deliver = std::function<void()>;
  using Job = std::function<Deliver()>;

  // `jobs`: threads that run jobs (1: the submitting thread runs each job itself, at once).
  explicit OrderedWork(unsigned jobs, std::size_t batch = 16, std::size_t in_flight = 0);
  ~OrderedWork();
  OrderedWork(const OrderedWork&) = delete;
  OrderedWork& operator=(const OrderedWork&) = delete;

  // Runs `job` (on a worker) and delivers its result in turn; delivers every earlier batch's
  // results that are ready, waiting for the oldest while `in_flight` batches are pending.
  void submit(Job job);
  // Delivers every pending result, in order, waiting for each.
  void finish();

  unsigned jobs() const { return jobs_; }

 private:
  struct Slot {  // one batch
    std::vector<Job> jobs;
    std::vector<Deliver> delivers;
    std::exception_ptr error;  // of the first job that threw (the later ones did not run)
    std::size_t failed = 0;    // its index
    bool done = false;
  };
  void publish();
  void work();
  // Delivers the oldest slot when it is done (or, with `wait`, once it is); false when there
  // is none or (without `wait`) it is not done.
  bool deliver_front(bool wait);

  unsigned jobs_;
  std::size_t batch_;
  std::size_t in_flight_;
  std::vector<Job> open_;  // the batch being filled (submitting thread only)
  std::mutex m_;
  std::condition_variable work_ready_, result_ready_;
  std::deque<Slot> slots_;   // pending batches, oldest first (deque: references stay valid)
  std::size_t next_job_ = 0;  // index in slots_ of the first batch no worker has taken
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

// The number of jobs `-j` means by default: every core the machine has (at least 1).
unsigned all_cores();

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
  template <class T>
  struct Pool {
    std::mutex m;
    std::vector<std::unique_ptr<T>> free;
    std::shared_ptr<T> take(const std::shared_ptr<Pool>& self);
  };
  bool owned_;
  std::shared_ptr<Pool<Game>> games_ = std::make_shared<Pool<Game>>();
  std::shared_ptr<Pool<parser::GameText>> texts_ = std::make_shared<Pool<parser::GameText>>();
};

}  // namespace ppn::cli
