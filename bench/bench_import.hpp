// `ppn bench import [--games N] [--seed S] [--keep]`: import speed into the SQLite game
// database. Writes N self-play games (hasbro-2001, 4 players, about 140 rolls each) to a PPN
// file in a temp dir, then, in the same run:
//   * measured: the importer (db/importer.hpp) on that file into a fresh database: parse,
//     replay and validate every roll, duplicate checks, and every row (games, seats, tags,
//     one roll row and one position row per roll, per-game statistics), committed in batches;
//   * baseline: raw sqlite3 C-API inserts of exactly the same rows (prepared once, one
//     transaction) into another fresh database with the same schema and settings;
//   * position search: `find --position` (a fresh read-only connection and the hash lookup)
//     for positions sampled from the imported database.
// Prints games/s and rows/s for both, the ratio import/raw, and the search times.
// Floors (design/performance.md): 2,000 games/s, >= 0.7x the raw inserts, search < 10 ms on
// 1 M positions (the default --games 7200 gives about 1 M).
#pragma once

#include <string>

#include "analysis/selfplay.hpp"

namespace ppn::bench {

struct BenchImportArgs {
  analysis::SelfplayConfig cfg;
  int games = 7200;
  int lookups = 200;
  unsigned jobs = 1;
  bool keep = false;
  std::string db;  // a PostgreSQL server: bench/bench_import_server.hpp
};

int bench_import(const BenchImportArgs& a);

}  // namespace ppn::bench
