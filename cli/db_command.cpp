#include "cli/db_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "app/db_edit.hpp"
#include "cli/progress.hpp"
#include "db/connection.hpp"
#include "db/copy.hpp"
#include "notation/text_util.hpp"

namespace ppn::cli {

namespace {

struct CopyArgs {
  std::string from, to;
};

int run_copy(const CopyArgs& a) {
  // On a terminal, a bar over the tables copied (games, then the tables that hang off them).
  Progress bar("db copy");
  auto r = db::copy_collection(a.from, a.to, [&](const db::CopyProgress& at) {
    bar.set_total(static_cast<std::uint64_t>(at.steps));
    bar.update(static_cast<std::uint64_t>(at.step - 1),
               std::string(at.table) + ": " + std::to_string(at.rows) + " rows read");
  });
  bar.finish();
  if (!r) {
    std::cerr << "db copy: " << r.error().message << "\n";
    return 2;
  }
  const auto& c = *r;
  std::cout << "db copy: " << c.games << (c.games == 1 ? " game" : " games") << " in " << db::database_name(a.from)
            << ": " << c.copied << " copied, " << c.present << " already in " << db::database_name(a.to) << "\n";
  return 0;
}

struct EditArgs {
  std::string db = "ppn.sqlite";
  std::vector<std::int64_t> ids;
  std::vector<std::string> settings;
  std::string from, into;
};

// "3, 5, 9"
std::string id_text(const std::vector<std::int64_t>& ids) {
  std::string s;
  for (const auto id : ids) s += (s.empty() ? "" : ", ") + std::to_string(id);
  return s;
}

// An edit's error: 2, the database's name and the message on stderr.
int edit_failed(const char* command, const EditArgs& a, const Diagnostic& e) {
  std::cerr << "db " << command << ": " << db::database_name(a.db) << ": " << e.message << "\n";
  return 2;
}

int run_delete(const EditArgs& a) {
  auto r = app::delete_games(a.db, a.ids);
  if (!r) return edit_failed("delete", a, r.error());
  std::cout << "db delete: " << plural(r->deleted.size(), "game", "games") << " deleted"
            << (r->deleted.empty() ? "" : " (" + id_text(r->deleted) + ")") << " from " << db::database_name(a.db);
  if (r->players_dropped) std::cout << ", " << plural(static_cast<std::size_t>(r->players_dropped), "player", "players") << " left with no game removed";
  std::cout << "\n";
  if (r->missing.empty()) return 0;
  std::cerr << "db delete: no game " << id_text(r->missing) << " in " << db::database_name(a.db) << "\n";
  return 1;
}

int run_retag(const EditArgs& a) {
  const auto id = a.ids.front();
  auto r = app::retag_game(a.db, id, a.settings);
  if (!r) return edit_failed("retag", a, r.error());
  if (r->empty()) std::cout << "db retag: game " << id << ": nothing to change\n";
  for (const auto& e : *r) {
    std::cout << "db retag: game " << id << ": [" << e.name << "] ";
    if (e.before.empty()) std::cout << "added \"" << e.after << "\"\n";
    else if (e.after.empty()) std::cout << "removed (was \"" << e.before << "\")\n";
    else std::cout << "\"" << e.before << "\" -> \"" << e.after << "\"\n";
  }
  return 0;
}

int run_merge(const EditArgs& a) {
  auto r = app::merge_players(a.db, a.from, a.into);
  if (!r) return edit_failed("merge-players", a, r.error());
  std::cout << "db merge-players: \"" << r->from << "\" is now \"" << r->into << "\" ("
            << plural(static_cast<std::size_t>(r->seats), "seat", "seats") << " moved)\n";
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

  // Corrections after import (app/db_edit.hpp), each one transaction.
  const char* kDbHelp = "The database: a SQLite file or a postgresql:// URI";
  auto d = std::make_shared<EditArgs>();
  auto* del = db->add_subcommand("delete", "Delete stored games, with all their rows and statistics; one transaction");
  del->add_option("ID", d->ids, "Game ids (games.id, as import, find and query print them)")->required();
  del->add_option("--db", d->db, kDbHelp)->capture_default_str();
  del->callback([d, &exit_code]() { exit_code = run_delete(*d); });
  auto t = std::make_shared<EditArgs>();
  auto* retag = db->add_subcommand(
      "retag",
      "Correct a stored game's tags (players' names, Date, Event, ...): its record text, tags and seats; one transaction");
  retag->add_option("ID", t->ids, "The game's id")->required()->expected(1);
  retag->add_option("--set", t->settings,
                    "NAME=VALUE: the tag's new value (NAME= removes it); Green/Red/Blue/Yellow move the seat to the "
                    "player so named. Variant, Seats, Option, Setup and Result cannot be set")
      ->required();
  retag->add_option("--db", t->db, kDbHelp)->capture_default_str();
  retag->callback([t, &exit_code]() { exit_code = run_retag(*t); });
  auto m = std::make_shared<EditArgs>();
  auto* merge = db->add_subcommand(
      "merge-players", "Make FROM and INTO one player (INTO's name; FROM's spellings name INTO); one transaction");
  merge->add_option("FROM", m->from, "A player's name, any spelling of it")->required();
  merge->add_option("INTO", m->into, "The player FROM becomes, any spelling of it")->required();
  merge->add_option("--db", m->db, kDbHelp)->capture_default_str();
  merge->callback([m, &exit_code]() { exit_code = run_merge(*m); });
}

}  // namespace ppn::cli
