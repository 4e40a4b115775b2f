// The positions of the importer's open transaction, held back and inserted in chunks sorted by
// the positions key (schema migration 2, db/schema.cpp): sorted inserts walk the B-tree in
// order, random ones dirty a new page each. While held they are found by hash, so that a
// prefix duplicate of a game stored in the same transaction is still found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "db/connection.hpp"
#include "stats/game_facts.hpp"

namespace ppn::db {

// A position row as the positions table keys it: (hash, id), id = roll_key(game, roll).
struct StoredPosition {
  std::int64_t hash = 0;  // the bit pattern of the unsigned hash, as SQLite stores it
  std::int64_t id = 0;
  rules::Position pos;
  std::uint8_t turn = 0;
};
// The most positions held before they are inserted (about 14,000 four-player games): each
// insert of a chunk walks the positions B-tree once, and a chunk of random hashes dirties
// nearly every leaf page of a large tree, so the fewer walks the fewer pages rewritten (76
// walks for 72,000 games, 10 M positions, with chunks of 131,072). The importer commits when
// its chunk is full (Importer::store), so that a transaction makes one walk: with the default
// --batch of 20,000 games (about 2.8 M positions) the chunk ends first, 5 walks for 72,000
// four-player games (8 if transactions ended at a --batch of 10,000 games: each walk reads and
// rewrites the tree as large as it is then, so the walks saved are the largest). 84 MB held,
// plus their index (16 MB: its 4 M slots hold a chunk and the
// game that fills it without growing); the writer's page cache is smaller for it
// (db/schema.hpp kWriterPragmas).
inline constexpr std::size_t kPositionChunk = std::size_t{1} << 21;
// Sorts by (hash, id) as SQLite orders the key.
void sort_by_key(std::vector<StoredPosition>& rows);

// positions.turn: the seat to move * 16 + the doublets thrown in its turn (db/SCHEMA.md).
inline std::uint8_t stored_turn(const stats::PositionAfter& p) {
  return static_cast<std::uint8_t>(p.to_move * 16 + p.doublets);
}

class HeldPositions {
 public:
  // Holds the positions of game `game_id`.
  void add(std::int64_t game_id, const std::vector<stats::PositionAfter>& positions);
  // Appends to `ids` the held games that reached the position `hash` after roll `roll_index`.
  void find(std::uint64_t hash, int roll_index, std::vector<std::int64_t>& ids) const;
  bool full() const { return held_.size() >= kPositionChunk; }
  // Inserts them all with `insert` (hash, id, pos, turn), sorted by key, and forgets them.
  void insert(Statement& insert);
  // Forgets them (rolled back).
  void drop();

 private:
  std::vector<StoredPosition> held_;
  // Open addressing, linear probing: a slot holds 1 + the index in held_ of a position, 0 when
  // empty; a power of two at least 4/3 of the positions held (grown as they come), so that
  // probes stay short (and a full chunk, 2^21 and the last game's, fits 2^22 slots: grown
  // further, the index alone would take 32 MB more).
  std::vector<std::uint32_t> slots_;
  void grow();
};

}  // namespace ppn::db
