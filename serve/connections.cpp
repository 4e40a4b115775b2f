// The server's database connections (see connections.hpp).
#include "serve/connections.hpp"

#include "db/schema.hpp"

namespace ppn::serve {

Connections::Lease::~Lease() {
  if (!db_) return;
  std::lock_guard lock(owner_->m_);
  if (owner_->idle_.size() < 64) owner_->idle_.push_back(std::move(db_));
}

Checked<Connections::Lease> Connections::reader() {
  {
    std::lock_guard lock(m_);
    if (!idle_.empty()) {
      auto db = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(db));
    }
  }
  auto opened = db::open_for_reading(target_);
  if (!opened) return Refusal{503, "E-DATABASE", opened.error().message};
  return Lease(*this, std::make_unique<db::Database>(std::move(*opened)));
}

void Connections::clear() {
  std::lock_guard lock(m_);
  idle_.clear();
}

}  // namespace ppn::serve
