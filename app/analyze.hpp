// The analyze use case (`ppn analyze`): each game analysed (analysis::analyze_game), its figures
// stored when a database is given (the game imported first when the database lacks it,
// ensure_stored), and every player's totals over the games, players in the order first seen.
//
//   auto run = AnalyzeRun::open(replay_cfg, analyze_cfg, "games.sqlite");  // "": store nothing
//   if (!run) return report(run.error());
//   const AnalyzedGame g = run->add(game);        // g.analysis, g.stored, g.error
//   for (const auto& p : run->players()) print(p.name, p.totals);
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/game_analysis.hpp"
#include "app/stored_stats.hpp"
#include "db/importer.hpp"
#include "notation/game.hpp"
#include "notation/result.hpp"
#include "replay/replayer.hpp"

namespace ppn::app {

struct AnalyzedGame {
  analysis::GameAnalysis analysis;
  // With a database, for an analysed game: the stored game (its id, whether it was imported
  // now, or why neither it nor its figures are stored: `refused`), unless the database failed.
  std::optional<StoredId> stored;
  std::optional<Diagnostic> error;  // the database failed (E-DATABASE): figures not stored
};

struct PlayerAnalysis {
  std::string name;  // player_key: the player tag, else "(colour)"
  analysis::AnalysisTotals totals;
};

// Players' totals summed seat by seat, players in the order first seen: AnalyzeRun's, and a
// cluster driver's over its shards' games in the same order (the same sums to the last bit).
class PlayerSums {
 public:
  void add(const std::string& name, const analysis::AnalysisTotals& seat);
  const std::vector<PlayerAnalysis>& players() const { return players_; }

 private:
  std::vector<PlayerAnalysis> players_;
  std::map<std::string, std::size_t> index_;  // name -> its place in players_
};

class AnalyzeRun {
 public:
  // `db_path` "": nothing is stored. Error: the database cannot be opened for writing.
  static Result<AnalyzeRun> open(const replay::ReplayConfig& replay, const analysis::AnalyzeConfig& cfg,
                                 const std::string& db_path);

  AnalyzedGame add(const Game& game);

  const std::vector<PlayerAnalysis>& players() const { return sums_.players(); }
  std::size_t games() const { return games_; }        // given to add()
  std::size_t analysed() const { return analysed_; }  // of them analysed (analysis.ok)

 private:
  AnalyzeRun(const replay::ReplayConfig& replay, const analysis::AnalyzeConfig& cfg) : replay_(replay), cfg_(cfg) {}

  replay::ReplayConfig replay_;
  analysis::AnalyzeConfig cfg_;
  std::unique_ptr<db::Importer> importer_;
  PlayerSums sums_;
  std::size_t games_ = 0, analysed_ = 0;
};

}  // namespace ppn::app
