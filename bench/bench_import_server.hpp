// `ppn bench import --db SERVER`: import speed into a PostgreSQL server, in one run:
//   * 1 importer: `ppn import` of the N self-play games into a fresh database;
//   * 2 importers: two `ppn import` processes at once, each on half of the games, into another;
//   * baseline: COPY of exactly the rows the importer stored (written to files by COPY TO
//     first, read back before the timing), every table in one transaction, into a third;
//   * position search: `find --position` on the database of the first run.
// Each database (ppn_bench_PID_TIME_one, _two, _copy: names of this run only, so no database
// of the user's is touched) is created on the server SERVER names (the role needs CREATEDB)
// and dropped after, unless --keep. Games/s of each and
// the ratios 2 importers / COPY and 2 importers / 1 importer.
#pragma once

#include <filesystem>
#include <string>

namespace ppn::bench {

struct ServerBench {
  std::string server;               // --db: a PostgreSQL connection string
  std::filesystem::path dir;        // the bench's temp dir
  std::string all, half1, half2;    // the games, and the two halves, as PPN files
  int games = 0;
  int lookups = 0;
  bool keep = false;
};

// Exit code: 0, 1 (a run stored other than every game, or a search found nothing), 2 (server).
int run_bench_import_server(const ServerBench& b);

}  // namespace ppn::bench
