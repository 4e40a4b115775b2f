#include "cli/json_records.hpp"

#include <ostream>

#include "stats/seat_stats.hpp"

namespace ppn::cli {

namespace {

JsonRecord captures(const analysis::CaptureCounts& c) {
  return {{"unsafe", c.by_where[0]}, {"safe", c.by_where[1]}, {"entry", c.by_where[2]}, {"total", c.total()}};
}

}  // namespace

void emit_record(std::ostream& out, const JsonRecord& r) { out << json_text(r) << "\n"; }

JsonRecord stats_player_record(const analysis::PlayerTotals& t) {
  const auto& s = t.sum;
  JsonRecord r{{"type", "player"},         {"name", t.key},       {"profile", t.profile},
               {"ludo", t.ludo},           {"games", t.games},    {"wins", t.wins},
               {"finished", t.finished},   {"seats", t.seats},    {"unobserved_seats", t.unobserved},
               {"partial_seats", t.partial}, {"partial_own_seats", t.partial_own}};
  // As the text: a player none of whose seats was observed has no figures (null), only the
  // outcomes of their games, which the replay knows.
  const bool observed = t.unobserved < t.seats;
  auto figure = [&](const char* name, const nlohmann::ordered_json& v) { r[name] = observed ? v : nullptr; };
  // The statistics (stats/seat_stats.hpp); one a Ludo board does not have (tops and bottoms
  // need two dice) is not 0 but undefined.
  stats::for_each_figure(s, [&](const stats::SeatStat& row, const auto& v) {
    nlohmann::ordered_json value;
    if constexpr (stats::is_by_where<decltype(v)>) value = captures(v);
    else value = v;
    // A figure no seat of the totals observed (a partial view shows only some seats' rolls): null.
    const bool known = row.on_board(t.ludo) && t.observed(row);
    figure(std::string(row.json).c_str(), known ? value : nlohmann::ordered_json(nullptr));
  });
  nlohmann::ordered_json illegal = nlohmann::ordered_json::object();
  for (const auto& [code, n] : s.illegal) illegal[code] = n;
  figure("illegal", illegal);
  figure("illegal_total", s.illegal_total());
  return r;
}

JsonRecord stats_game_record(const std::string& number, const std::string& file, std::int64_t line,
                             const std::string& profile, int rolls_replayed, const std::vector<Colour>& ranking,
                             int lead_changes, const std::vector<std::pair<Colour, int>>& race_end) {
  auto order = nlohmann::ordered_json::array();
  for (Colour c : ranking) order.push_back(std::string(colour_name(c)));
  auto race = nlohmann::ordered_json::array();
  for (const auto& [c, steps] : race_end) race.push_back({{"colour", std::string(colour_name(c))}, {"steps", steps}});
  return {{"type", "game"},
          {"game", std::stoll(number)},
          {"file", file},
          {"line", line},
          {"profile", profile},
          {"rolls_replayed", rolls_replayed},
          {"finishing_order", order},
          {"lead_changes", lead_changes},
          {"race_end", race}};
}

JsonRecord stats_summary_record(std::size_t games, std::size_t complete, std::size_t rolls, std::size_t replayed,
                                std::size_t lead_changes) {
  return {{"type", "summary"},        {"games", games},       {"complete", complete},
          {"rolls", rolls},           {"rolls_replayed", replayed}, {"lead_changes", lead_changes}};
}

JsonRecord audit_group_record(const std::string& group, const std::string& name, const analysis::AuditReport& r) {
  auto tests = nlohmann::ordered_json::array();
  for (const auto& t : r.tests) {
    // An exact test (df 0, the streaks) has no chi-square statistic: its statistic is the
    // longest streak, named as such.
    nlohmann::ordered_json test{{"name", t.name}, {"exact", t.df == 0}};
    test["statistic"] = t.df > 0 ? nlohmann::ordered_json(t.statistic) : nlohmann::ordered_json(nullptr);
    test["longest_streak"] = t.df > 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(t.statistic);
    test["df"] = t.df > 0 ? nlohmann::ordered_json(t.df) : nlohmann::ordered_json(nullptr);
    test["p"] = t.p;
    test["n"] = t.n;
    test["enough"] = t.enough;
    test["observed"] = t.observed;
    tests.push_back(std::move(test));
  }
  JsonRecord rec{{"type", "group"}, {"group", group}};
  rec["name"] = group == "all" ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(name);
  rec["tests"] = std::move(tests);
  rec["enough"] = r.enough;
  rec["suspicious"] = r.suspicious;
  rec["verdict"] = r.verdict;
  return rec;
}

JsonRecord import_counts_fields(const app::ImportCounts& c) {
  return {{"games", c.games},
          {"new", c.added},
          {"illegal", c.illegal},
          {"duplicates", c.duplicates},
          {"prefix_duplicates", c.prefix_duplicates},
          {"syntax_errors", c.syntax_errors},
          {"stats_added", c.stats_added},
          {"text_added", c.text_added}};
}

nlohmann::ordered_json id_runs(const std::vector<std::pair<std::int64_t, std::int64_t>>& runs) {
  auto a = nlohmann::ordered_json::array();
  for (const auto& [first, last] : runs) a.push_back({first, last});
  return a;
}

JsonRecord conform_disagreement_record(const convert::ConformDisagreement& d) {
  JsonRecord r;
  r["type"] = "disagreement";
  r["file"] = d.path;
  r["line"] = d.line;
  r["what"] = d.what;
  r["engine"] = d.engine.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.engine);
  return r;
}

JsonRecord conform_file_record(const convert::ConformFileStats& f) {
  JsonRecord r;
  r["type"] = "file";
  r["file"] = f.path;
  r["records"] = f.records;
  r["agree"] = f.agree;
  r["disagree"] = f.disagree;
  r["unreadable"] = f.unreadable;
  return r;
}

JsonRecord conform_summary_record(const std::string& variant, const convert::ConformReport& rep) {
  JsonRecord r;
  r["type"] = "summary";
  r["variant"] = variant;
  r["files"] = rep.files.size();
  r["records"] = rep.records();
  r["agree"] = rep.agree();
  r["disagree"] = rep.disagree();
  r["errors"] = rep.errors.size();
  return r;
}

}  // namespace ppn::cli
