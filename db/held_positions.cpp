#include "db/held_positions.hpp"

#include <algorithm>
#include <span>

#include "db/position_blob.hpp"
#include "db/schema.hpp"

namespace ppn::db {

namespace {
std::size_t held_slot(std::int64_t hash, std::size_t slots) {
  // The position hashes are Zobrist sums, already uniform: the low bits index the table.
  return static_cast<std::size_t>(hash) & (slots - 1);
}
}  // namespace

void sort_by_key(std::vector<StoredPosition>& rows) {
  std::sort(rows.begin(), rows.end(),
            [](const StoredPosition& a, const StoredPosition& b) { return a.hash != b.hash ? a.hash < b.hash : a.id < b.id; });
}

void HeldPositions::grow() {
  std::vector<std::uint32_t> slots(std::max<std::size_t>(std::size_t{1} << 16, 2 * slots_.size()));
  for (std::size_t k = 0; k < held_.size(); ++k) {
    auto i = held_slot(held_[k].hash, slots.size());
    while (slots[i] != 0) i = (i + 1) & (slots.size() - 1);
    slots[i] = static_cast<std::uint32_t>(k + 1);
  }
  slots_ = std::move(slots);
}

void HeldPositions::add(std::int64_t game_id, const std::vector<stats::PositionAfter>& positions) {
  // Room for a full chunk and one more game at once: no doubling past it.
  if (held_.capacity() == 0) held_.reserve(kPositionChunk + (std::size_t{1} << kRollKeyShift));
  for (const auto& p : positions) {
    const auto key = roll_key(game_id, p.roll_index);
    const auto h = static_cast<std::int64_t>(p.hash);
    held_.push_back({h, key, p.pos, stored_turn(p)});
    if (4 * held_.size() > 3 * slots_.size()) {
      grow();  // the new position too
      continue;
    }
    auto i = held_slot(h, slots_.size());
    while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = static_cast<std::uint32_t>(held_.size());
  }
}

void HeldPositions::find(std::uint64_t hash, int roll_index, std::vector<std::int64_t>& ids) const {
  if (slots_.empty()) return;
  const auto h = static_cast<std::int64_t>(hash);
  for (auto i = held_slot(h, slots_.size());; i = (i + 1) & (slots_.size() - 1)) {
    const auto k = slots_[i];
    if (k == 0) break;
    const auto& p = held_[k - 1];
    if (p.hash == h && (p.id & 0xFFFF) == roll_index) ids.push_back(p.id >> kRollKeyShift);
  }
}

void HeldPositions::insert(Statement& ip) {
  sort_by_key(held_);
  for (const auto& p : held_) {
    ip.bind(1, p.hash).bind(2, p.id);
    ip.bind_blob_static(3, position_blob(p.pos)).bind(4, static_cast<int>(p.turn));
    ip.run();
  }
  drop();
}

void HeldPositions::drop() {
  held_.clear();
  std::fill(slots_.begin(), slots_.end(), 0u);
}

}  // namespace ppn::db
