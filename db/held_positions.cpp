#include "db/held_positions.hpp"

#include <algorithm>
#include <span>

#include "db/schema.hpp"

namespace ppn::db {

namespace {
// A power of two at least twice the most positions held at once, so that probes stay short.
constexpr std::size_t kHeldSlots = std::size_t{1} << 19;
static_assert(kHeldSlots >= 2 * (kPositionChunk + (std::size_t{1} << kRollKeyShift)));
std::size_t held_slot(std::int64_t hash) {
  // The position hashes are Zobrist sums, already uniform: the low bits index the table.
  return static_cast<std::size_t>(hash) & (kHeldSlots - 1);
}
}  // namespace

void sort_by_key(std::vector<StoredPosition>& rows) {
  std::sort(rows.begin(), rows.end(),
            [](const StoredPosition& a, const StoredPosition& b) { return a.hash != b.hash ? a.hash < b.hash : a.id < b.id; });
}

void HeldPositions::add(std::int64_t game_id, const std::vector<analysis::PositionAfter>& positions) {
  for (const auto& p : positions) {
    const auto key = roll_key(game_id, p.roll_index);
    const auto h = static_cast<std::int64_t>(p.hash);
    held_.push_back({h, key, p.pos, stored_turn(p)});
    if (ids_.empty()) ids_.resize(kHeldSlots);
    auto i = held_slot(h);
    while (ids_[i].second != 0) i = (i + 1) & (kHeldSlots - 1);
    ids_[i] = {h, key};
  }
}

void HeldPositions::find(std::uint64_t hash, int roll_index, std::vector<std::int64_t>& ids) const {
  if (ids_.empty()) return;
  const auto h = static_cast<std::int64_t>(hash);
  for (auto i = held_slot(h);; i = (i + 1) & (ids_.size() - 1)) {
    const auto [slot_hash, key] = ids_[i];
    if (key == 0) break;
    if (slot_hash == h && (key & 0xFFFF) == roll_index) ids.push_back(key >> kRollKeyShift);
  }
}

void HeldPositions::insert(Statement& ip) {
  sort_by_key(held_);
  for (const auto& p : held_) {
    ip.bind(1, p.hash).bind(2, p.id);
    ip.bind_blob_static(3, std::span<const std::uint8_t>(&p.pos.pawns[0][0], sizeof p.pos)).bind(4, static_cast<int>(p.turn));
    ip.run();
  }
  drop();
}

void HeldPositions::drop() {
  held_.clear();
  std::fill(ids_.begin(), ids_.end(), std::pair<std::int64_t, std::int64_t>{});
}

}  // namespace ppn::db
