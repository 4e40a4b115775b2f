#include "cli/ordered_work.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <utility>

namespace ppn::cli {

unsigned all_cores() { return std::max(1u, std::thread::hardware_concurrency()); }

CLI::Option* add_jobs_option(CLI::App* sub, unsigned& jobs) {
  jobs = all_cores();
  return sub
      ->add_option("-j,--jobs", jobs,
                   "Threads that work on the games (default: every core); the output is the same for any "
                   "number, in input order")
      ->check(CLI::Range(1u, 256u));
}

OrderedWork::OrderedWork(unsigned jobs, std::size_t batch, std::size_t in_flight)
    : jobs_(std::max(1u, jobs)),
      batch_(std::max<std::size_t>(1, batch)),
      in_flight_(in_flight != 0 ? in_flight : 4 * std::size_t{jobs_}) {
  if (jobs_ == 1) return;
  open_.reserve(batch_);
  workers_.reserve(jobs_);
  for (unsigned i = 0; i < jobs_; ++i) workers_.emplace_back([this] { work(); });
}

OrderedWork::~OrderedWork() {
  {
    std::lock_guard lock(m_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (auto& t : workers_) t.join();
}

template <class T>
std::shared_ptr<T> GamePool::Pool<T>::take(const std::shared_ptr<Pool>& self) {
  std::unique_ptr<T> taken;
  {
    std::lock_guard lock(m);
    if (!free.empty()) {
      taken = std::move(free.back());
      free.pop_back();
    }
  }
  if (!taken) taken = std::make_unique<T>();
  return {taken.release(), [self](T* done) {
            std::lock_guard lock(self->m);
            self->free.emplace_back(done);
          }};
}

std::shared_ptr<const Game> GamePool::hand_over(Game& g) {
  if (!owned_) return {std::shared_ptr<const Game>(), &g};  // not owned: the job runs at once
  auto taken = games_->take(games_);
  std::swap(*taken, g);
  return taken;
}

std::shared_ptr<Game> GamePool::fresh() { return games_->take(games_); }

std::shared_ptr<const parser::GameText> GamePool::hand_over(parser::GameText& t) {
  auto taken = texts_->take(texts_);
  std::swap(*taken, t);
  return taken;
}

void OrderedWork::submit(Job job) {
  if (jobs_ == 1) {
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
  if (jobs_ == 1) return;
  publish();
  while (deliver_front(true)) {
  }
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
  for (std::size_t i = 0; i < slot.delivers.size(); ++i) {
    if (slot.error && i == slot.failed) std::rethrow_exception(slot.error);
    if (slot.delivers[i]) slot.delivers[i]();
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

}  // namespace ppn::cli
