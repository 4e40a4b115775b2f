// Objects handed from thread to thread and reused (the games and rows of `-j`, docs/GUIDE.md "Every
// core"): take() gives one the pool is done with (its vectors and strings keep their storage)
// or a new one; when the last shared_ptr to it goes, on any thread, it returns to the pool. So
// a worker does not allocate what another thread frees, game after game, and the objects
// allocated are bounded by the most in use at once.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

namespace ppn::parallel {

template <class T>
class Recycler {
 public:
  std::shared_ptr<T> take() const {
    std::unique_ptr<T> taken;
    {
      std::lock_guard lock(pool_->m);
      if (!pool_->free.empty()) {
        taken = std::move(pool_->free.back());
        pool_->free.pop_back();
      }
    }
    if (!taken) taken = std::make_unique<T>();
    return {taken.release(), [pool = pool_](T* done) {
              std::lock_guard lock(pool->m);
              pool->free.emplace_back(done);
            }};
  }

 private:
  struct Pool {
    std::mutex m;
    std::vector<std::unique_ptr<T>> free;
  };
  // Shared with every object out, which may come back after the Recycler is gone.
  std::shared_ptr<Pool> pool_ = std::make_shared<Pool>();
};

}  // namespace ppn::parallel
