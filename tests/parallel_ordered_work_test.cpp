// parallel::OrderedWork, the `-j` of every command: results delivered in submission order
// whatever the workers' timing, memory bounded by the batches in flight, the work really spread
// over threads, and a job or delivery that throws rethrown on the submitting thread with no job
// running after it (jobs refer to the submitting code's locals: under the sanitizers a job run
// after them would be a use after scope).
#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <mutex>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "parallel/ordered_work.hpp"

using ppn::parallel::CancelOnThrow;
using ppn::parallel::OrderedWork;

namespace {

void pause_us(unsigned us) { std::this_thread::sleep_for(std::chrono::microseconds(us)); }

}  // namespace

TEST_CASE("ordered work: results come in submission order whatever the timing, on several threads",
          "[parallel]") {
  for (const unsigned jobs : {1u, 2u, 4u}) {
    INFO(jobs << " jobs");
    OrderedWork work(jobs, 3, 2);
    std::vector<int> delivered;
    std::mutex m;
    std::set<std::thread::id> threads;
    std::atomic<int> pending{0}, most_pending{0};
    std::mt19937 rng(7);
    for (int i = 0; i < 400; ++i) {
      const unsigned delay = rng() % 300;
      work.submit([&, i, delay]() -> OrderedWork::Deliver {
        pause_us(delay);
        {
          std::lock_guard lock(m);
          threads.insert(std::this_thread::get_id());
        }
        const int now = ++pending;
        for (int seen = most_pending; now > seen && !most_pending.compare_exchange_weak(seen, now);) {
        }
        return [&, i] {
          --pending;
          delivered.push_back(i);
        };
      });
    }
    work.finish();
    REQUIRE(delivered.size() == 400);
    for (int i = 0; i < 400; ++i) CHECK(delivered[static_cast<std::size_t>(i)] == i);
    if (jobs == 1) {
      CHECK(threads == std::set<std::thread::id>{std::this_thread::get_id()});
      CHECK(most_pending == 1);
    } else {
      CHECK(threads.count(std::this_thread::get_id()) == 0);
      CHECK(threads.size() >= 2);
      // At most `in_flight` (2) batches of 3 done and not delivered, plus the batch being filled.
      CHECK(most_pending <= 2 * 3 + 3);
    }
  }
}

// Submits 300 jobs referring to this function's locals; job `bad` throws (or its delivery
// does). Returns the number of jobs run, counted again a while after the exception was caught.
struct ThrowRun {
  int delivered = 0;
  int ran_when_caught = 0;
  int ran_later = 0;
  std::string what;
};

ThrowRun run_with_throw(unsigned jobs, int bad, bool in_delivery) {
  ThrowRun r;
  std::atomic<int> ran{0};
  OrderedWork work(jobs, 4, 3);
  try {
    std::vector<int> local(300, 1);  // what the jobs read: gone once the exception leaves
    CancelOnThrow guard(work);
    for (int i = 0; i < 300; ++i)
      work.submit([&, i]() -> OrderedWork::Deliver {
        pause_us(50);
        ++ran;
        if (local[static_cast<std::size_t>(i)] != 1) throw std::logic_error("a job ran after its data went");
        if (i == bad && !in_delivery) throw std::runtime_error("job " + std::to_string(i) + " failed");
        return [&, i] {
          if (i == bad && in_delivery) throw std::runtime_error("delivery " + std::to_string(i) + " failed");
          ++r.delivered;
        };
      });
    work.finish();
  } catch (const std::exception& e) {
    r.what = e.what();
    r.ran_when_caught = ran;
  }
  pause_us(20000);
  r.ran_later = ran;
  return r;
}

TEST_CASE("ordered work: a throwing job or delivery is rethrown in its place, and nothing runs after",
          "[parallel]") {
  for (const unsigned jobs : {1u, 2u, 4u})
    for (const bool in_delivery : {false, true}) {
      INFO(jobs << " jobs, " << (in_delivery ? "a delivery" : "a job") << " throws");
      const auto r = run_with_throw(jobs, 57, in_delivery);
      CHECK(r.what == (in_delivery ? "delivery 57 failed" : "job 57 failed"));
      CHECK(r.delivered == 57);  // every result before it, none after
      CHECK(r.ran_later == r.ran_when_caught);
      CHECK(r.ran_when_caught < 300);
    }
}

TEST_CASE("ordered work: an exception on the submitting thread cancels the pending jobs", "[parallel]") {
  std::atomic<int> ran{0};
  int caught_at = -1;
  {
    OrderedWork work(2, 4, 8);
    try {
      std::vector<int> local(100, 1);
      CancelOnThrow guard(work);
      for (int i = 0; i < 100; ++i) {
        if (i == 60) throw std::runtime_error("the reader failed");
        work.submit([&, i]() -> OrderedWork::Deliver {
          pause_us(200);
          ran += local[static_cast<std::size_t>(i)];
          return {};
        });
      }
    } catch (const std::runtime_error&) {
      caught_at = ran;
    }
    pause_us(20000);
    CHECK(ran == caught_at);
    // The work goes on being usable: a later run delivers all of its jobs.
    int later = 0;
    for (int i = 0; i < 10; ++i) work.submit([&later]() -> OrderedWork::Deliver { return [&later] { ++later; }; });
    work.finish();
    CHECK(later == 10);
  }
  CHECK(caught_at >= 0);
  CHECK(caught_at < 60);
}
