// Games handled on N threads, their output in input order (docs/GUIDE.md "Every core"):
// the thread that reads the input submits one job per game; a job runs on a worker and returns what
// to do with its result (print it, add it to the totals), and that runs back on the submitting
// thread, in the order the jobs were submitted. So a command's output, its totals and its exit
// code are those of `-j 1` byte for byte, whatever the threads' timing; with one job nothing
// runs on another thread at all (unless asked, OrderedWork::One).
//
// Jobs go to the workers in batches (a game takes microseconds: one hand-over per game would
// cost more in waking threads than the game's work). Memory stays bounded whatever the input's
// size: at most `in_flight` batches are submitted and not yet delivered; submit() delivers (and,
// when the limit is reached, waits for) the oldest ones first. A job or a delivery that throws
// rethrows on the submitting thread, when its turn to deliver comes, after the work still pending
// is cancelled: no job runs once the exception leaves, so a job may refer to the submitting
// code's locals. Code that submits and may itself throw holds a CancelOnThrow for the same.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace ppn::parallel {

class OrderedWork {
 public:
  using Deliver = std::function<void()>;
  using Job = std::function<Deliver()>;

  // Whether one job still gets a thread of its own (`ppn import -j 1`: the submitting thread
  // stores what one worker prepares), or is run by the submitting thread itself, at once.
  enum class One : bool { inline_, thread };
  // `jobs`: threads that run jobs (1: see `one`).
  explicit OrderedWork(unsigned jobs, std::size_t batch = 16, std::size_t in_flight = 0, One one = One::inline_);
  ~OrderedWork();
  OrderedWork(const OrderedWork&) = delete;
  OrderedWork& operator=(const OrderedWork&) = delete;

  // Runs `job` (on a worker) and delivers its result in turn; delivers every earlier batch's
  // results that are ready, waiting for the oldest while `in_flight` batches are pending.
  void submit(Job job);
  // Delivers every pending result, in order, waiting for each.
  void finish();
  // Drops every job not started, and waits for those running; their results are not delivered.
  void cancel();

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
  bool threaded_;  // jobs run on workers_
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

// Cancels `work` when the scope is left by an exception (declared after what the jobs refer to,
// so that it runs before that goes).
class CancelOnThrow {
 public:
  explicit CancelOnThrow(OrderedWork& work) : work_(work), uncaught_(std::uncaught_exceptions()) {}
  ~CancelOnThrow() {
    if (std::uncaught_exceptions() > uncaught_) work_.cancel();
  }
  CancelOnThrow(const CancelOnThrow&) = delete;
  CancelOnThrow& operator=(const CancelOnThrow&) = delete;

 private:
  OrderedWork& work_;
  int uncaught_;
};

// The number of jobs `-j` means by default: every core the machine has (at least 1).
unsigned all_cores();

// Runs compute(i) for i = 0 .. count-1 on `threads` threads (0: every core; no more than
// `count`), one job each, and hands each result to deliver(i, result) on the calling thread in
// the order of i, so that what deliver adds up is the same for any number of threads.
// `in_flight` as OrderedWork's (0: its default).
template <class Compute, class Deliver>
void for_each_index(std::size_t count, int threads, std::size_t in_flight, Compute&& compute, Deliver&& deliver) {
  using Result = std::invoke_result_t<Compute&, std::size_t>;
  const unsigned jobs = threads > 0 ? static_cast<unsigned>(threads) : all_cores();
  OrderedWork work(std::min<unsigned>(jobs, static_cast<unsigned>(std::max<std::size_t>(1, count))), 1, in_flight);
  CancelOnThrow cancel(work);
  for (std::size_t i = 0; i < count; ++i)
    work.submit([&, i]() -> OrderedWork::Deliver {
      // (shared: a Deliver is a std::function, which copies what it holds)
      return [&deliver, i, r = std::make_shared<Result>(compute(i))]() { deliver(i, std::move(*r)); };
    });
  work.finish();
}

}  // namespace ppn::parallel
