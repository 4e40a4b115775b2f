#include "cli/audit_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "analysis/dice_audit.hpp"
#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "db/reports.hpp"
#include "db/schema.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

namespace {

struct AuditArgs {
  std::vector<std::string> files;
  std::string db;  // --db: audit the rolls a database holds
  std::string by = "player";
  std::string format = "text";  // json: JSON Lines records (README "JSON output")
  unsigned jobs = 1;
};

void print_report(std::ostream& out, const std::string& title, const analysis::AuditReport& r) {
  out << title << "\n";
  for (const auto& t : r.tests) {
    char line[200];
    if (t.df > 0)
      std::snprintf(line, sizeof line, "  %-15s chi2 %8.2f  df %2d  p %-9.3g n %lld", t.name.c_str(), t.statistic, t.df,
                    t.p, static_cast<long long>(t.n));
    else
      std::snprintf(line, sizeof line, "  %-15s exact            p %-9.3g n %lld", t.name.c_str(), t.p,
                    static_cast<long long>(t.n));
    out << line << (t.enough ? "" : "  (too few for this test)") << "  " << t.observed << "\n";
  }
  out << "  verdict: " << r.verdict << "\n";
}

int run_audit(const AuditArgs& a) {
  int rc = 0;
  analysis::DiceSample all;
  std::vector<std::pair<std::string, analysis::DiceSample>> groups;  // first-appearance order
  std::map<std::string, std::size_t> index;
  std::size_t games = 0;
  auto group = [&](const std::string& key) -> analysis::DiceSample& {
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, groups.size()).first;
      groups.emplace_back(key, analysis::DiceSample{});
    }
    return groups[it->second].second;
  };
  if (!a.db.empty()) {
    // Every stored roll, in game and roll order, with its seat's player and the game's source.
    auto opened = db::open_for_reading(a.db);
    if (auto* err = std::get_if<std::string>(&opened)) {
      std::cerr << "audit: " << *err << "\n";
      return 2;
    }
    auto result = db::run_read_only_sql(
        std::get<db::Database>(opened),
        "SELECT r.die1, r.die2, r.colour, COALESCE(p.name, s.player_name), g.source_file, r.game_id "
        "FROM rolls r JOIN games g ON g.id = r.game_id "
        "LEFT JOIN game_seats s ON s.game_id = r.game_id AND s.colour = r.colour "
        "LEFT JOIN players p ON p.id = s.player_id ORDER BY r.game_id, r.roll_index");
    if (auto* err = std::get_if<std::string>(&result)) {
      std::cerr << "audit: " << *err << "\n";
      return 2;
    }
    auto text = [](const db::Cell& c) { return std::holds_alternative<std::string>(c) ? std::get<std::string>(c) : std::string(); };
    auto integer = [](const db::Cell& c) { return std::holds_alternative<std::int64_t>(c) ? std::get<std::int64_t>(c) : 0; };
    std::int64_t last_game = -1;
    for (const auto& row : std::get<db::Table>(result).rows) {
      const int d1 = static_cast<int>(integer(row[0])), d2 = static_cast<int>(integer(row[1]));
      if (integer(row[5]) != last_game) last_game = integer(row[5]), ++games;
      all.add(d1, d2);
      if (a.by == "source") group(text(row[4])).add(d1, d2);
      else if (a.by == "player") {
        std::string key = text(row[3]);
        if (key.empty()) key = "(" + text(row[2]) + ")";
        group(key).add(d1, d2);
      }
    }
  }
  // A game's throws, each with its group, are read on a worker and added in input order (the
  // streak tests follow the throws in order).
  OrderedWork work(a.jobs);
  const int read = read_games(a.files, work, [&](std::shared_ptr<const Game> g, const std::string& source) {
    const Game& game = *g;
    std::vector<std::tuple<int, int, std::string>> throws;
    for (const auto& e : game.movetext) {
      const Roll* r = std::get_if<Roll>(&e);
      if (!r) continue;
      std::string key;
      if (a.by == "source") {
        key = source;
      } else if (a.by == "player") {
        std::string tag(colour_name(r->seat));
        tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
        key = game.tag_value(tag);
        if (key.empty()) key = "(" + std::string(colour_name(r->seat)) + ")";
      }
      throws.emplace_back(r->dice[0], r->dice[1], std::move(key));
    }
    return [&, throws = std::move(throws)](std::int64_t) {
      ++games;
      for (const auto& [d1, d2, key] : throws) {
        all.add(d1, d2);
        if (a.by != "none") group(key).add(d1, d2);
      }
    };
  });
  rc = std::max(rc, read);
  const bool json = a.format == "json";
  const auto overall = analysis::audit(all);
  if (json) emit_record(std::cout, audit_group_record("all", "", overall));
  else
    print_report(std::cout, "audit: " + std::to_string(games) + (games == 1 ? " game" : " games") + ", all dice",
                 overall);
  bool suspicious = overall.suspicious;
  for (const auto& [key, sample] : groups) {
    const auto r = analysis::audit(sample);
    suspicious |= r.suspicious;
    if (json) emit_record(std::cout, audit_group_record(a.by, key, r));
    else print_report(std::cout, (a.by == "source" ? "source " : "player ") + key, r);
  }
  if (json)
    emit_record(std::cout, {{"type", "summary"}, {"games", games}, {"groups", groups.size() + 1},
                            {"suspicious", suspicious}});
  if (rc == 0 && suspicious) rc = 1;
  return rc;
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<AuditArgs>();
  auto* sub = app.add_subcommand("audit", "Dice-fairness audit: face counts, doublets, fives, streaks, chi-square tests");
  auto* files = sub->add_option("files", a->files, "PPN files ('-' for standard input)");
  auto* dbopt = sub->add_option("--db", a->db, "Audit the rolls stored in this database (ppn import)");
  files->excludes(dbopt);
  sub->add_option("--by", a->by, "Also audit each player, each source file, or none")
      ->capture_default_str()
      ->check(CLI::IsMember({"player", "source", "none"}));
  add_jobs_option(sub, a->jobs);
  sub->add_option("--format", a->format, "Output: text, or json (JSON Lines: group and summary records; README \"JSON output\")")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  sub->callback([a, &exit_code]() {
    if (a->files.empty() && a->db.empty()) {
      std::cerr << "audit: give PPN files or --db PATH\n";
      exit_code = 2;
      return;
    }
    exit_code = run_audit(*a);
  });
}

}  // namespace ppn::cli
