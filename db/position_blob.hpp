// positions.pos (db/SCHEMA.md): a position as the database stores it, its 16 bytes copied whole
// from the rules core's Position and back. The database keeps them opaque: it compares and
// stores them and never reads a pawn out of them (the rules core does, through Position's
// queries).
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>

#include "rules/position.hpp"

namespace ppn::db {

static_assert(std::is_trivially_copyable_v<rules::Position> && sizeof(rules::Position) == 16,
              "positions.pos holds a Position's 16 bytes");

inline std::span<const std::uint8_t> position_blob(const rules::Position& p) {
  return {reinterpret_cast<const std::uint8_t*>(&p), sizeof p};
}

// The position a stored blob holds; nullopt when it is not a position's size.
inline std::optional<rules::Position> position_of_blob(std::span<const std::uint8_t> blob) {
  if (blob.size() != sizeof(rules::Position)) return std::nullopt;
  rules::Position p = rules::Position::empty();
  std::memcpy(static_cast<void*>(&p), blob.data(), sizeof p);
  return p;
}

}  // namespace ppn::db
