// The analyze use case (see analyze.hpp).
#include "app/analyze.hpp"

namespace ppn::app {

void PlayerSums::add(const std::string& name, const analysis::AnalysisTotals& seat) {
  const auto [at, added] = index_.emplace(name, players_.size());
  if (added) players_.push_back({name, {}});
  players_[at->second].totals += seat;
}

Result<AnalyzeRun> AnalyzeRun::open(const replay::ReplayConfig& replay, const analysis::AnalyzeConfig& cfg,
                                    const std::string& db_path) {
  AnalyzeRun run(replay, cfg);
  // Analysis judges every roll itself: the alternatives of an illegal one are not listed.
  run.replay_.max_alternatives = 0;
  if (!db_path.empty()) {
    db::ImportOptions io;
    io.replay = replay;
    auto opened = db::Importer::open(db_path, io);
    if (!opened) return std::move(opened).error();
    run.importer_ = std::move(*opened);
  }
  return run;
}

AnalyzedGame AnalyzeRun::add(const Game& game) {
  ++games_;
  AnalyzedGame out;
  out.analysis = analysis::analyze_game(game, replay_, cfg_);
  if (!out.analysis.ok) return out;
  ++analysed_;
  for (int s = 0; s < 4; ++s) {
    const auto& sa = out.analysis.seats[static_cast<std::size_t>(s)];
    if (!sa.present) continue;
    sums_.add(player_key(game, static_cast<Colour>(s)), sa);
  }
  if (!importer_) return out;
  auto stored = ensure_stored(*importer_, game);
  if (!stored) {
    out.error = std::move(stored).error();
    return out;
  }
  out.stored = *stored;
  if (!stored->refused.empty()) return out;
  if (auto st = store_analysis(importer_->database(), stored->id, out.analysis, cfg_); !st) out.error = st.error();
  return out;
}

}  // namespace ppn::app
