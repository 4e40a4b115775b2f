// `ppn bench serve [--games N] [--db PATH] [--requests K]`: the web server's speed on a large
// collection (docs/SERVE.md). The collection: N self-play games (hasbro-2001, four players)
// imported into a SQLite file (kept at --db PATH and used again when it already holds N games
// or more). Then `ppn serve`'s server, in this process on a free loopback port, answers over
// real HTTP, in the same run:
//   * baseline: a static file (/assets/style.css) served by the same server;
//   * the games list (the first page, 50 games, the default sort), filtered lists (a player's
//     games, a part of [Event]), the list sorted by [Date], a game page (the viewer of a game
//     picked at random) and a game's JSON;
// each K times, the server's own time (its Server-Timing header) at the 50th and 99th
// percentiles, and the ratio to the static file's; then 200 requests at once (a mix of the
// above) from 200 client threads against the bounded pool: every answer must be a 200.
// Goals (issue "ppn serve"): the games list under 100 ms and a game page under 50 ms of server
// time, p50 and p99, on 100,000 games; no error under 200 concurrent requests.
#pragma once

#include <string>

namespace ppn::bench {

struct BenchServeArgs {
  int games = 100000;
  int requests = 200;
  int concurrent = 200;
  std::string db;  // "": a temp file, removed after
  unsigned jobs = 0;  // import workers (0: every core)
};

int bench_serve(const BenchServeArgs& a);

}  // namespace ppn::bench
