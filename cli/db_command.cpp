#include "cli/db_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "db/connection.hpp"
#include "db/copy.hpp"

namespace ppn::cli {

namespace {

struct CopyArgs {
  std::string from, to;
};

int run_copy(const CopyArgs& a) {
  auto r = db::copy_collection(a.from, a.to);
  if (!r) {
    std::cerr << "db copy: " << r.error().message << "\n";
    return 2;
  }
  const auto& c = *r;
  std::cout << "db copy: " << c.games << (c.games == 1 ? " game" : " games") << " in " << db::database_name(a.from)
            << ": " << c.copied << " copied, " << c.present << " already in " << db::database_name(a.to) << "\n";
  return 0;
}

}  // namespace

void add_db_command(CLI::App& app, int& exit_code) {
  auto* db = app.add_subcommand("db", "Work on whole game databases (SQLite files or PostgreSQL servers)");
  db->require_subcommand(1);
  auto a = std::make_shared<CopyArgs>();
  auto* copy = db->add_subcommand(
      "copy", "Copy every game FROM holds and TO lacks (matched by content checksum), with all its rows; idempotent");
  copy->add_option("FROM", a->from, "Source database: a SQLite file or a postgresql:// URI")->required();
  copy->add_option("TO", a->to, "Target database (created or migrated): a SQLite file or a postgresql:// URI")->required();
  copy->callback([a, &exit_code]() { exit_code = run_copy(*a); });
}

}  // namespace ppn::cli
