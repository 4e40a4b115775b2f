#include "cli/audit_command.hpp"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "analysis/dice_audit.hpp"
#include "app/audit.hpp"
#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "cli/progress.hpp"
#include "db/connection.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

namespace {

struct AuditArgs {
  std::vector<std::string> files;
  std::string db;  // --db: audit the rolls a database holds
  std::string by = "player";
  std::string format = "text";  // json: JSON Lines records (docs/JSON_OUTPUT.md)
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
  app::DiceTally tally(a.by);
  if (!a.db.empty()) {
    Progress bar("audit");
    bar.update(0, "reading the rolls of " + db::database_name(a.db));
    auto st = app::tally_stored_rolls(a.db, tally);
    bar.finish();
    if (!st) {
      std::cerr << "audit: " << st.error().message << "\n";
      return 2;
    }
  }
  // A game's throws, each with its group, are read on a worker and added in input order (the
  // streak tests follow the throws in order).
  OrderedWork work(a.jobs);
  const int read = read_games(a.files, work, [&](std::shared_ptr<const Game> g, const std::string& source) {
    return [&, throws = app::game_throws(*g, source, a.by)](std::int64_t) { tally.add(throws); };
  });
  rc = std::max(rc, read);
  const bool json = a.format == "json";
  const auto& games = tally.games;
  const auto& groups = tally.groups;
  const auto overall = analysis::audit(tally.all);
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
