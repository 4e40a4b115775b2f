#include "cli/stats_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "analysis/charts.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"
#include "cli/game_select.hpp"
#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/replay_options.hpp"
#include "db/schema.hpp"
#include "app/stats.hpp"
#include "app/stored_stats.hpp"
#include "parser/parser.hpp"
#include "stats/seat_stats.hpp"

namespace ppn::cli {

namespace {

struct StatsArgs {
  std::vector<std::string> files;
  std::string db;      // --db: the statistics a `ppn import` database holds
  std::string player;
  ReplayFlags replay;
  bool games = false;
  std::string chart;   // race | luck | faces
  std::string output;  // the chart's file ('-': standard output)
  int game = 1;        // the game a race or luck chart shows (1-based over all files); with --db its id
  bool db_game = false;  // --db PATH --game ID: the statistics of that one stored game
  std::string format = "text";
  bool json = false;     // --format json: JSON Lines records (docs/JSON_OUTPUT.md)
  unsigned jobs = 1;
};

std::string pct(int n, int of) {
  char buf[64];
  if (of <= 0) std::snprintf(buf, sizeof buf, "%d/%d", n, of);
  else std::snprintf(buf, sizeof buf, "%d/%d (%.1f%%)", n, of, 100.0 * n / of);
  return buf;
}

std::string where(const analysis::CaptureCounts& c) {
  return std::to_string(c.total()) + " (unsafe " + std::to_string(c.by_where[0]) + ", safe " +
         std::to_string(c.by_where[1]) + ", entry " + std::to_string(c.by_where[2]) + ")";
}

// The rows of the statistics (stats/seat_stats.hpp) in the words of the board: Ludo's tokens,
// blocks, the yard (Ludo rules); Parcheesi's pawns, blockades, the nest.
void print_figures(std::ostream& out, const analysis::PlayerTotals& t) {
  const auto& s = t.sum;
  bool open = false, shown = false;  // a line is being written; the current line is printed
  stats::for_each_figure(s, [&](const stats::SeatStat& row, const auto& v) {
    std::string_view text = row.on_board(t.ludo) ? row.text_on(t.ludo) : "";
    if (text.empty()) return;
    const bool when_some = text.front() == '?';
    if (when_some) text.remove_prefix(1);
    int n = 0;
    std::string figure;
    if constexpr (stats::is_by_where<decltype(v)>) n = v.total(), figure = where(v);
    else n = v, figure = std::to_string(v);
    const bool known = t.observed(row);
    if (!known) n = -1, figure = "not observed";  // a partial view did not show it
    if (text.substr(0, 2) == "  ") {
      if (open) out << "\n";
      shown = open = !when_some || n != 0;
    }
    if (!shown) return;
    const auto at = text.find('{'), end = text.find('}', at);
    if (known && text.substr(at, end + 1 - at) == "{%}") figure = pct(n, s.rolls);
    out << text.substr(0, at) << figure << text.substr(end + 1);
  });
  if (open) out << "\n";
}

// One player's block. `name_profile`: the totals span several rule profiles, so each block
// says which one it sums. A Ludo block speaks of sixes and third sixes, and of 20/10 bonuses
// only when some were earned.
void print_player(std::ostream& out, const analysis::PlayerTotals& t, bool name_profile) {
  const auto& s = t.sum;
  out << t.key;
  if (name_profile) out << " [" << t.profile << "]";
  out << ": " << t.games << (t.games == 1 ? " game" : " games") << ", ";
  // Nothing of theirs seen (not even, by the replay, how their games ended): no figure.
  const bool none_observed = t.unobserved == t.seats;
  if (none_observed) {
    out << "not observed (no roll of theirs recorded)\n";
    return;
  }
  // Rolls of theirs recorded, but in no seat all of them (partial views, not an [Observer] seat).
  if (!t.observed(stats::kSeatStats.front())) {
    out << "not observed (the records do not hold every roll of theirs)\n";
    return;
  }
  out << s.rolls << (s.rolls == 1 ? " roll" : " rolls");
  if (t.unobserved)
    out << "; " << t.unobserved << (t.unobserved == 1 ? " seat" : " seats")
        << " not observed (no roll of theirs recorded): not in the figures below";
  if (t.partial) {
    // The figures counted on every seat's rolls (stats/seat_stats.hpp, seen = all).
    std::string names;
    for (const auto& row : stats::kSeatStats)
      if (row.seen == stats::Seen::all) {
        std::string name(row.json);
        std::replace(name.begin(), name.end(), '_', ' ');
        (names += names.empty() ? "" : ", ") += name;
      }
    out << "; " << t.partial << (t.partial == 1 ? " seat" : " seats")
        << " in records without every roll (unseen plays between observed positions): not in " << names;
    if (t.partial_own) out << ", " << t.partial_own << " of them (not an [Observer] seat) in no figure below";
  }
  out << "\n";
  out << "  won                 " << pct(t.wins, t.games) << " games; finished " << pct(t.finished, t.games) << "\n";
  print_figures(out, t);
  out << "  illegal plays       " << s.illegal_total();
  if (!s.illegal.empty()) {
    out << " (";
    bool first = true;
    for (const auto& [code, n] : s.illegal) {
      out << (first ? "" : ", ") << code << " " << n;
      first = false;
    }
    out << ")";
  }
  out << "\n";
}

void print_header(std::ostream& text, std::size_t games, std::size_t complete, std::size_t rolls,
                  std::size_t replayed, std::size_t lead_changes) {
  text << "stats: " << games << (games == 1 ? " game" : " games") << " (" << complete << " replayed to the end), "
       << rolls << (rolls == 1 ? " roll (" : " rolls (") << replayed << " replayed), race lead changes " << lead_changes
       << "\n";
}

// The --games line of one game (the same from a file and from the database), or its JSON record.
void print_game_line(std::ostream& text, bool json, const std::string& number, const std::string& file,
                     std::int64_t line, const std::string& profile, int rolls_replayed,
                     const std::vector<Colour>& ranking, int lead_changes,
                     const std::vector<std::pair<Colour, int>>& race_end) {
  if (json) {
    emit_record(text, stats_game_record(number, file, line, profile, rolls_replayed, ranking, lead_changes, race_end));
    return;
  }
  const std::string where = file + ":" + std::to_string(line);
  text << "game " << number << " (" << where << "): " << profile << ", " << rolls_replayed << " rolls, ";
  if (ranking.empty()) text << "unfinished";
  else {
    text << "finishing order";
    for (Colour c : ranking) text << " " << colour_name(c);
  }
  text << "; race lead changes " << lead_changes << "; race at the end";
  for (const auto& [c, r] : race_end) text << " " << colour_name(c) << " " << r;
  text << "\n";
}

// The end of the report: the header line, then the player blocks; in JSON the player records,
// then the summary record (last, as in every JSON Lines output). `player_found` false: the
// --player named no one (said by the caller), so no player is printed.
void print_report(std::ostream& text, bool json, std::size_t games, std::size_t complete, std::size_t rolls,
                  std::size_t replayed, std::size_t lead_changes, const std::vector<analysis::PlayerTotals>& players,
                  bool player_found) {
  if (!json) print_header(text, games, complete, rolls, replayed, lead_changes);
  if (player_found) {
    const bool name_profile = analysis::mixed_profiles(players);
    for (const auto& t : players) {
      if (json) emit_record(text, stats_player_record(t));
      else print_player(text, t, name_profile);
    }
  }
  if (json) emit_record(text, stats_summary_record(games, complete, rolls, replayed, lead_changes));
}

// `ppn stats --db PATH`: the same report from the rows `ppn import` stored (schema version 3),
// summed in SQL (app/stored_stats.hpp). Games are numbered by their database id.
int run_stats_db(const StatsArgs& a) {
  app::StoredStatsQuery q;
  q.player = a.player;
  q.games = a.games;
  // One reading of the database, summed by the server: on a terminal, a line saying so meanwhile.
  Progress bar("stats");
  bar.update(0, "summing the games of " + db::database_name(a.db));
  auto read = app::read_stored_stats(a.db, q);
  bar.finish();
  if (!read) {
    std::cerr << "stats: " << read.error().message << "\n";
    return 2;
  }
  const auto& st = *read;
  int rc = 0;
  for (const auto& g : st.problems) {
    const std::string where = g.source_file + ":" + std::to_string(g.source_line);
    rc = 1;
    if (!g.has_stats)
      continue;  // summed up below: one line, not one per game
    if (!g.replayed)
      std::cerr << where << ": error: game " << g.id << " not counted: " << g.error << "\n";
    else
      std::cerr << g.source_file << ":" << g.stop_reason << " (game " << g.id << " counted up to this roll: "
                << g.rolls_replayed << " of " << g.rolls << " rolls)\n";
  }
  if (st.without_stats)
    std::cerr << "stats: " << st.without_stats << (st.without_stats == 1 ? " game" : " games")
              << " imported before schema version 3 not counted: import their files again to add their statistics\n";
  if (st.counted_before_unseen)
    std::cerr << "stats: " << st.counted_before_unseen << (st.counted_before_unseen == 1 ? " game" : " games")
              << " imported before schema version 7 counted as then, over the rolls their records show even where "
                 "they do not show them all: import their files again to recount them\n";
  for (const auto& g : st.game_list)
    if (g.has_stats && g.replayed)
      print_game_line(std::cout, a.json, std::to_string(g.id), g.source_file, g.source_line, g.profile,
                      g.rolls_replayed, g.ranking, g.lead_changes, g.race_end);
  print_report(std::cout, a.json, st.games, st.complete, st.rolls, st.replayed, st.lead_changes, st.players,
               st.player_found);
  if (!st.player_found) {
    std::cerr << "stats: no player or colour named \"" << a.player << "\" in " << a.db << "\n";
    return std::max(rc, 1);
  }
  return rc;
}

int run_stats(const StatsArgs& a) {
  if (!a.db.empty() && !a.db_game) return run_stats_db(a);
  auto flags_cfg = replay_config(a.replay, "stats");
  if (!flags_cfg) return 2;
  replay::ReplayConfig cfg = *flags_cfg;
  // The chart's file: opened (and a name that is one of the inputs refused) before reading.
  std::optional<io::OutputFile> output;
  if (!a.chart.empty()) {
    output = open_output("stats", a.output, a.files, SameAsInput::refuse, {a.db});
    if (!output) return 2;
  }
  // With the chart on standard output, the statistics go to standard error.
  std::ostream& text = !a.chart.empty() && a.output == "-" ? std::cerr : std::cout;
  cfg.max_alternatives = 0;
  int rc = 0;
  app::StatsTally tally(a.player);  // what the report sums, every throw for --chart faces (app/stats.hpp)
  std::string svg;                  // the chart, once made
  // --db PATH --game ID: that stored game, replayed from its record text as a file's would be.
  // The one mechanism of replay and render (app/game_source.hpp).
  const GameChoice choice{"", a.db_game ? a.db : "", a.db_game ? a.game : 0};
  std::optional<Game> stored;
  if (a.db_game) {
    stored = select_game("stats", choice);
    if (!stored) return 2;
  }
  // Each game is replayed (and its chart drawn) on a worker; what it adds to the report is
  // added, and its lines printed, in input order (parallel/ordered_work.hpp).
  OrderedWork work(a.jobs);
  auto count_game = [&](std::shared_ptr<const Game> g) {
    auto figures = std::make_shared<const app::GameFigures>(app::game_figures(*g, cfg));
    // The game stays with its figures for the chart, drawn here once its number is known.
    return [&, g, figures](std::int64_t id) {
      const analysis::GameStats* gs = &figures->stats;
      const Game& game = *g;
      // The number the game goes by (for_each_game): its database id, or its place in the files.
      const auto number = static_cast<std::size_t>(id);
      const std::string& file = game.source_file;
      const auto line = game.source_line;
      tally.add(*figures, id);
      if (number == static_cast<std::size_t>(a.game) && gs->replayed) {
        std::string title(game.tag_value("Event"));
        if (title.empty()) title = game.source_file + " game " + std::to_string(number);
        if (a.chart == "race") svg = analysis::race_chart(*gs, title + ": steps to HOME");
        if (a.chart == "luck") {
          analysis::AnalyzeConfig ac;
          ac.quality = false;  // luck needs only the race evaluator
          ac.threads = 1;      // cheap without rollouts; -j alone decides the threads
          svg = analysis::luck_chart(analysis::analyze_game(game, cfg, ac), gs->seat_order,
                                     title + ": cumulative luck");
        }
      }
      if (!gs->replayed) {
        std::cerr << file << ":" << line << ": error: game " << number << " not counted: " << gs->error << "\n";
        rc = std::max(rc, 1);
        return;
      }
      if (!gs->complete) rc = std::max(rc, 1);
      if (!gs->complete)
        std::cerr << file << ":" << gs->stop_reason << " (game " << number
                  << " counted up to this roll: " << gs->rolls_replayed << " of " << gs->rolls << " rolls)\n";
      if (a.games) {
        std::vector<std::pair<Colour, int>> race_end;
        for (Colour c : gs->seat_order) race_end.emplace_back(c, gs->seats[static_cast<int>(c)].race_end);
        print_game_line(text, a.json, std::to_string(number), file, line, gs->profile, gs->rolls_replayed,
                        gs->ranking, gs->lead_changes, race_end);
      }
    };
  };
  rc = std::max(rc, for_each_game(a.files, choice, stored, work, count_game));
  // --chart asks for the chart: the report is not printed with it (`--games` lines are, when asked).
  if (a.chart.empty())
    print_report(text, a.json, tally.games, tally.complete, tally.rolls, tally.replayed, tally.lead_changes,
                 tally.totals.players, tally.player_found);
  if (!tally.player_found) {
    std::cerr << "stats: no player or colour named \"" << a.player << "\" in these games\n";
    return std::max(rc, 1);
  }
  if (!a.chart.empty()) {
    if (a.chart == "faces") {
      svg = analysis::faces_chart(tally.dice, "Dice faces: " + std::to_string(tally.dice.rolls) + " throws");
    } else if (svg.empty()) {
      std::cerr << "stats: no replayable game " << a.game << " for the " << a.chart << " chart (" << tally.games
                << " games read)\n";
      return std::max(rc, 1);
    }
    output->stream() << svg;
    if (finish_output("stats", *output, rc) != 0) return 2;
  }
  return rc;
}

}  // namespace

void add_stats_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<StatsArgs>();
  auto* sub = app.add_subcommand("stats", "Per-game and per-player statistics of PPN games, with sample sizes");
  auto* files = sub->add_option("files", a->files, "PPN files ('-' for standard input)");
  auto* dbopt = sub->add_option("--db", a->db, "Report the statistics stored in this database (ppn import)");
  files->excludes(dbopt);
  sub->add_option("--player", a->player,
                  "Only this player (a [Green]/[Red]/... tag value, or a colour name; with --db any spelling)");
  sub->add_flag("--games", a->games, "Also print one line per game (finishing order, race)");
  add_jobs_option(sub, a->jobs);
  sub->add_option("--format", a->format,
                  "Output: text, or json (JSON Lines: game, player and summary records; README \"JSON output\")")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("--chart", a->chart, "Draw an SVG chart instead of the report: race (one game), luck (one game), faces (all dice)")
      ->check(CLI::IsMember({"race", "luck", "faces"}));
  auto* out = sub->add_option("-o,--output", a->output, "The chart's SVG file ('-' for standard output)");
  sub->get_option("--chart")->needs(out);
  out->needs(sub->get_option("--chart"));
  sub->add_option("--game", a->game,
                  "The game a race or luck chart shows (1-based, over all files); with --db: only the stored game of "
                  "this id, replayed from its record")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 30));
  add_on_error_option(sub, a->replay, "After an illegal roll: keep-prefix (count up to it), skip, as-played",
                      OnErrorChoices::without_stop);
  add_rule_options(sub, a->replay, record_variant_help("inferred per game"));
  sub->callback([a, sub, &exit_code]() {
    if (a->files.empty() && a->db.empty()) {
      std::cerr << "stats: give PPN files or --db PATH\n";
      exit_code = 2;
      return;
    }
    a->db_game = !a->db.empty() && sub->count("--game") > 0;
    a->json = a->format == "json";
    // The stored statistics were counted under the import's rules and --on-error, and no race
    // curve is stored: these options apply to files, and to one stored game replayed again.
    if (!a->db.empty() && !a->db_game)
      for (const char* o : {"--chart", "--on-error", "--variant", "--option"})
        if (sub->count(o) > 0) {
          std::cerr << "stats: " << o << " applies to files or to one stored game (--db PATH --game ID)\n";
          exit_code = 2;
          return;
        }
    exit_code = run_stats(*a);
  });
}

}  // namespace ppn::cli
