// Two importers that deadlock on PostgreSQL (db/importer.hpp, Importer::store): each holds,
// uncommitted, the game the other stores next. The server fails one of the two waits; that
// importer commits what it holds and stores the game again. Both finish, each game is stored
// once, and each importer's outcomes say who stored which.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "db/game_rows.hpp"
#include "db/importer.hpp"
#include "db_helpers.hpp"
#include "db_import_process.hpp"

using namespace ppn::test;
using ppn::db::ImportOutcome;

TEST_CASE("db import (PostgreSQL): two importers each waiting for the other's game are a deadlock the server breaks, and "
          "the importer it fails stores its game again",
          "[db][postgresql]") {
  const auto backends = db_backends();
  if (backends.size() < 2) return;  // no test server
  const auto db = fresh_db("deadlock", "postgresql");
  const auto games = games_in(selfplay_files()[0]);
  ppn::db::GameRows x, y;
  ppn::db::make_game_rows(games[0], {}, x);
  ppn::db::make_game_rows(games[1], {}, y);

  auto open = [&] {
    auto opened = ppn::db::Importer::open(db, {});
    REQUIRE(std::holds_alternative<std::unique_ptr<ppn::db::Importer>>(opened));
    return std::move(std::get<std::unique_ptr<ppn::db::Importer>>(opened));
  };
  auto a = open(), b = open();
  // A holds X, B holds Y, both uncommitted.
  CHECK(a->store(x) == ImportOutcome::added);
  CHECK(b->store(y) == ImportOutcome::added);
  // A stores Y: it waits for B. Then B stores X: it waits for A, a cycle.
  ImportOutcome a_y{};
  std::thread t([&] {
    a_y = a->store(y);
    a->commit();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto b_x = b->store(x);
  b->commit();
  t.join();
  // Whichever the server failed committed its first game, then found the other's game stored
  // by its owner: each game once, a duplicate for the importer that did not store it.
  CHECK(a->retries() + b->retries() >= 1);
  CHECK(a_y == ImportOutcome::duplicate);
  CHECK(b_x == ImportOutcome::duplicate);
  CHECK(scalar(db, "SELECT count(*) FROM games") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM rolls") == static_cast<std::int64_t>(x.rolls.size() + y.rolls.size()));
  CHECK(scalar(db, "SELECT count(*) FROM game_text") == 2);
}
