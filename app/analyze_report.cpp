// `ppn analyze`'s report (see analyze_report.hpp).
#include "app/analyze_report.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

#include "app/input_files.hpp"
#include "app/json_text.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"

namespace ppn::app {

namespace {

using Record = nlohmann::ordered_json;

// One JSON Lines record.
void emit(std::ostream& out, const Record& r) { out << json_text(r) << "\n"; }

// A seat's figures of one game (docs/JSON_OUTPUT.md `seat`).
Record seat_record(std::int64_t game, const std::string& file, std::int64_t line, const analysis::GameAnalysis& ga,
                   Colour seat, const std::string& player, const analysis::SeatAnalysis& sa) {
  Record r{{"type", "seat"},
           {"game", game},
           {"file", file},
           {"line", line},
           {"profile", ga.profile},
           {"rolls_analysed", ga.rolls_analysed},
           {"stopped", ga.stopped},
           {"colour", std::string(colour_name(seat))}};
  r["player"] = player.empty() ? Record(nullptr) : Record(player);
  r["decisions"] = sa.decisions;
  r["mistakes"] = sa.mistakes;
  r["blunders"] = sa.blunders;
  // Judged at a net level, nothing is left unresolved and a loss has no standard error: the
  // figures of rollouts are null there.
  const bool rollouts = ga.level == analysis::Level::rollout;
  r["level"] = std::string(analysis::level_name(ga.level));
  r["unresolved"] = rollouts ? Record(sa.unresolved) : Record(nullptr);
  // A rate over no decision is undefined (the text prints 0.0%).
  r["error_rate"] = sa.decisions ? Record(sa.error_rate()) : Record(nullptr);
  r["error_rate_se"] = sa.decisions ? Record(sa.error_rate_se()) : Record(nullptr);
  r["loss"] = sa.total_loss;
  r["loss_se"] = rollouts ? Record(sa.loss_se()) : Record(nullptr);
  r["luck"] = sa.luck;
  r["luck_se"] = sa.luck_se();
  r["result"] = sa.result;
  r["luck_adjusted"] = sa.luck_adjusted();
  return r;
}

// A player's totals over games (players by their [Green]/... tag, else "(colour)"); the rates
// are null over no decision.
Record player_record(const std::string& key, const analysis::AnalysisTotals& p, analysis::Level level) {
  auto rate = [&](double v) { return p.decisions ? Record(v) : Record(nullptr); };
  // The figures of rollouts, null at a net level (as in the seat records).
  const bool rollouts = level == analysis::Level::rollout;
  auto of_rollouts = [&](Record v) { return rollouts ? v : Record(nullptr); };
  return {{"type", "player"},        {"name", key},
          {"games", p.games},        {"decisions", p.decisions},
          {"mistakes", p.mistakes},  {"blunders", p.blunders},
          {"level", std::string(analysis::level_name(level))},
          {"unresolved", of_rollouts(p.unresolved)},
          {"error_rate", rate(p.error_rate())}, {"error_rate_se", rate(p.error_rate_se())},
          {"loss_per_decision", rate(p.loss_per_decision())},
          {"loss_per_decision_se", of_rollouts(rate(p.loss_per_decision_se()))},
          {"luck", p.luck},          {"luck_se", p.luck_se()},
          {"wins", p.result},
          {"luck_adjusted", p.luck_adjusted()}};
}

}  // namespace

void write_game_analysis(std::ostream& out, bool json, std::int64_t number, const Game& game,
                         const analysis::GameAnalysis& ga) {
  if (json) {
    for (int s = 0; s < 4; ++s) {
      const auto& sa = ga.seats[static_cast<std::size_t>(s)];
      if (!sa.present) continue;
      emit(out, seat_record(number, game.source_file, game.source_line, ga, static_cast<Colour>(s),
                            std::string(game.player(static_cast<Colour>(s))), sa));
    }
    return;
  }
  // Judged by rollouts, losses carry standard errors and may stay unresolved; at a net level
  // neither applies and neither is printed.
  const bool rollouts = ga.level == analysis::Level::rollout;
  out << game.source_file << ":" << game.source_line << ": game " << number << ": " << ga.profile << ", "
      << ga.rolls_analysed << " rolls analysed" << (ga.stopped ? " (stopped at an illegal roll)" : "") << "\n";
  for (int s = 0; s < 4; ++s) {
    const auto& sa = ga.seats[static_cast<std::size_t>(s)];
    if (!sa.present) continue;
    const Colour c = static_cast<Colour>(s);
    std::string who(colour_name(c));
    if (const auto p = std::string(game.player(c)); !p.empty()) who += " (" + p + ")";
    char line[400];
    if (rollouts)
      std::snprintf(line, sizeof line,
                    "  %-24s decisions %3d  ? %2d  ?? %2d  unresolved %2d  error rate %5.1f%% +- %4.1f%%  loss %.3f +- "
                    "%.3f  luck %+.3f (sd %.3f)  result %.2f  luck-adjusted %+.3f",
                    who.c_str(), sa.decisions, sa.mistakes, sa.blunders, sa.unresolved, 100 * sa.error_rate(),
                    100 * sa.error_rate_se(), sa.total_loss, sa.loss_se(), sa.luck, sa.luck_se(), sa.result,
                    sa.luck_adjusted());
    else
      std::snprintf(line, sizeof line,
                    "  %-24s decisions %3d  ? %2d  ?? %2d  error rate %5.1f%% +- %4.1f%%  loss %.3f  luck %+.3f (sd "
                    "%.3f)  result %.2f  luck-adjusted %+.3f",
                    who.c_str(), sa.decisions, sa.mistakes, sa.blunders, 100 * sa.error_rate(), 100 * sa.error_rate_se(),
                    sa.total_loss, sa.luck, sa.luck_se(), sa.result, sa.luck_adjusted());
    out << line << "\n";
  }
}

int write_game_problems(std::ostream& err, std::int64_t number, const Game& game, const analysis::GameAnalysis& ga) {
  if (!ga.ok) {
    err << game.source_file << ":" << game.source_line << ": game " << number << ": error: not analysed: " << ga.error << "\n";
    return 1;
  }
  if (!ga.stopped) return 0;
  err << game.source_file << ":" << ga.stop_reason << " (game " << number << " analysed up to this roll)\n";
  return 1;
}

void write_player_totals(std::ostream& out, bool json, const std::vector<PlayerAnalysis>& players,
                         analysis::Level level, std::size_t games, std::size_t analysed) {
  if (json) {
    // Every player's totals, even of one game (the text then prints only the seat lines).
    for (const auto& p : players) emit(out, player_record(p.name, p.totals, level));
    emit(out, {{"type", "summary"}, {"games", games}, {"analysed", analysed}});
    return;
  }
  if (analysed <= 1) return;
  out << "analyze: " << analysed << " games; per player:\n";
  for (const auto& [key, p] : players) {
    char line[300];
    if (level == analysis::Level::rollout)
      std::snprintf(line, sizeof line,
                    "  %-24s games %3d  decisions %4d  ? %3d  ?? %3d  unresolved %3d  error rate %5.1f%% +- %4.1f%%  "
                    "loss/decision %.4f +- %.4f  luck %+.3f (sd %.3f)  wins %.2f  luck-adjusted %+.3f",
                    key.c_str(), p.games, p.decisions, p.mistakes, p.blunders, p.unresolved, 100.0 * p.error_rate(),
                    100.0 * p.error_rate_se(), p.loss_per_decision(), p.loss_per_decision_se(), p.luck, p.luck_se(),
                    p.result, p.luck_adjusted());
    else
      std::snprintf(line, sizeof line,
                    "  %-24s games %3d  decisions %4d  ? %3d  ?? %3d  error rate %5.1f%% +- %4.1f%%  loss/decision "
                    "%.4f  luck %+.3f (sd %.3f)  wins %.2f  luck-adjusted %+.3f",
                    key.c_str(), p.games, p.decisions, p.mistakes, p.blunders, 100.0 * p.error_rate(),
                    100.0 * p.error_rate_se(), p.loss_per_decision(), p.luck, p.luck_se(), p.result, p.luck_adjusted());
    out << line << "\n";
  }
}

AnalyzedFile analyze_file(const std::string& path, std::int64_t first_number, const replay::ReplayConfig& replay,
                          const analysis::AnalyzeConfig& cfg, bool json, std::ostream& out, std::ostream& err,
                          std::string* annotated, GameRange range) {
  AnalyzedFile f;
  // Game i of the file (0-based) is this part's when in the range; a syntax error is the part's
  // whose range holds the next game's index (the last part takes those after the last game).
  const auto ours = [&](std::size_t i) { return i >= range.skip && (range.take == GameRange::all || i < range.skip + range.take); };
  auto run = AnalyzeRun::open(replay, cfg, "");
  std::string why;
  auto in = open_input(path, why);
  if (!in) {
    if (range.skip == 0) {
      err << open_failure(path, why);
      f.code = 2;
    }
    return f;
  }
  std::size_t index = 0;
  parser::parse_stream(
      *in, display_name(path),
      [&](Game& game) {
        const std::size_t i = index++;
        if (!ours(i)) return;
        const std::int64_t number = first_number + static_cast<std::int64_t>(i);
        const AnalyzedGame g = run->add(game);
        const analysis::GameAnalysis& ga = g.analysis;
        ++f.games;
        f.code = std::max(f.code, write_game_problems(err, number, game, ga));
        if (ga.ok) {
          ++f.analysed;
          write_game_analysis(out, json, number, game, ga);
          auto& seats = f.seats.emplace_back();
          for (int s = 0; s < 4; ++s)
            if (ga.seats[static_cast<std::size_t>(s)].present)
              seats.push_back({player_key(game, static_cast<Colour>(s)), ga.seats[static_cast<std::size_t>(s)]});
        }
        if (annotated) append_ppn(*annotated, analysis::annotate_game(game, ga, cfg));
      },
      [&](const parser::ParseError& e) {
        if (!ours(index)) return;
        err << e.format();
        f.code = 2;
      });
  return f;
}

}  // namespace ppn::app
