#include "parallel/ordered_work.hpp"

#include <algorithm>
#include <utility>

namespace ppn::parallel {

unsigned all_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

OrderedWork::OrderedWork(unsigned jobs, std::size_t batch, std::size_t in_flight, One one)
    : jobs_(std::max(1u, jobs)),
      threaded_(jobs_ > 1 || one == One::thread),
      batch_(std::max<std::size_t>(1, batch)),
      in_flight_(in_flight != 0 ? in_flight : 4 * std::size_t{jobs_}) {
  if (!threaded_) return;
  open_.reserve(batch_);
  workers_.reserve(jobs_);
  for (unsigned i = 0; i < jobs_; ++i) workers_.emplace_back([this] { work(); });
}

OrderedWork::~OrderedWork() {
  cancel();
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (auto& t : workers_) t.join();
}

void OrderedWork::submit(Job job) {
  if (!threaded_) {
    job()();
    return;
  }
  open_.push_back(std::move(job));
  if (open_.size() < batch_) return;
  publish();
  while (deliver_front(false)) {
  }
  for (;;) {
    {
      std::lock_guard lock(m_);
      if (slots_.size() < in_flight_) break;
    }
    deliver_front(true);
  }
}

void OrderedWork::publish() {
  if (open_.empty()) return;
  {
    std::lock_guard lock(m_);
    slots_.push_back(Slot{std::move(open_), {}, {}, 0, false});
  }
  open_.clear();
  open_.reserve(batch_);
  work_ready_.notify_one();
}

void OrderedWork::finish() {
  if (!threaded_) return;
  publish();
  while (deliver_front(true)) {
  }
}

void OrderedWork::cancel() {
  open_.clear();
  if (!threaded_) return;
  std::unique_lock lock(m_);
  while (slots_.size() > next_job_) slots_.pop_back();  // not taken by a worker
  result_ready_.wait(lock, [&] {
    return std::all_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.done; });
  });
  slots_.clear();
  next_job_ = 0;
}

bool OrderedWork::deliver_front(bool wait) {
  Slot slot;
  {
    std::unique_lock lock(m_);
    if (slots_.empty()) return false;
    if (!slots_.front().done) {
      if (!wait) return false;
      result_ready_.wait(lock, [&] { return slots_.front().done; });
    }
    slot = std::move(slots_.front());
    slots_.pop_front();
    --next_job_;
  }
  try {
    for (std::size_t i = 0; i < slot.delivers.size(); ++i) {
      if (slot.error && i == slot.failed) std::rethrow_exception(slot.error);
      if (slot.delivers[i]) slot.delivers[i]();
    }
  } catch (...) {
    cancel();  // before the submitting code's locals, which pending jobs may refer to, go
    throw;
  }
  return true;
}

void OrderedWork::work() {
  for (;;) {
    Slot* slot = nullptr;
    {
      std::unique_lock lock(m_);
      work_ready_.wait(lock, [&] { return stopping_ || next_job_ < slots_.size(); });
      if (next_job_ >= slots_.size()) return;  // stopping, and nothing left to run
      slot = &slots_[next_job_++];
    }
    std::vector<Deliver> delivers(slot->jobs.size());
    std::exception_ptr error;
    std::size_t failed = 0;
    for (std::size_t i = 0; i < slot->jobs.size() && !error; ++i) {
      try {
        delivers[i] = slot->jobs[i]();
      } catch (...) {
        error = std::current_exception();
        failed = i;
      }
    }
    {
      std::lock_guard lock(m_);
      slot->jobs.clear();
      slot->delivers = std::move(delivers);
      slot->error = error;
      slot->failed = failed;
      slot->done = true;
    }
    result_ready_.notify_all();
  }
}

}  // namespace ppn::parallel
