// `ppn analyze`'s report, written once for every front end that analyses files: a game's line
// and one line per seat (or one JSON `seat` record per seat), and after the games each
// player's totals (text when more than one game was analysed; JSON `player` records and the
// `summary` record always), as docs/JSON_OUTPUT.md gives them. The CLI writes it as it
// analyses (cli/analyze_command.cpp); a cluster shard (python ppn.cluster) writes its games'
// part with the numbers the CLI would give them, and the driver the totals, summed game by game
// in the order the CLI sums them, so that every figure is the same to the last bit.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "analysis/game_analysis.hpp"
#include "app/analyze.hpp"
#include "notation/game.hpp"

namespace ppn::app {

// Game `number` (its place among the files' games, or its database id), analysed: its lines or
// records on `out`.
void write_game_analysis(std::ostream& out, bool json, std::int64_t number, const Game& game,
                         const analysis::GameAnalysis& ga);

// What game `number`'s analysis says besides its lines, on `err`: not analysed (why), or
// analysed up to an illegal roll; returns the exit code it makes (0 or 1).
int write_game_problems(std::ostream& err, std::int64_t number, const Game& game, const analysis::GameAnalysis& ga);

// Each player's totals (players in the order first seen) and the run's summary.
void write_player_totals(std::ostream& out, bool json, const std::vector<PlayerAnalysis>& players,
                         analysis::Level level, std::size_t games, std::size_t analysed);

// A part of a file's games: `take` games after the first `skip` (all: to the end).
struct GameRange {
  static constexpr std::size_t all = static_cast<std::size_t>(-1);
  std::size_t skip = 0, take = all;
};

// The file analysed on this thread as `ppn analyze` without -o reports it: its games numbered
// from `first_number` (the number of its first game among the run's), their lines on `out`, the
// messages of games not analysed (and of syntax errors, a file that cannot be opened) on `err`;
// `annotated`, when given, receives the games written back with their marks (as -o writes
// them). With a `range`, only those games (and the syntax errors before the next game of the
// range's end; the open failure with the first range): the file cut into the parts of a cluster.
struct AnalyzedFile {
  std::size_t games = 0, analysed = 0;
  int code = 0;  // 0; 1 a game not analysed or stopped at an illegal roll; 2 a syntax or I/O error
  // Each analysed game's seats (in seat order) as (player, figures), for the run's totals.
  std::vector<std::vector<PlayerAnalysis>> seats;
};
AnalyzedFile analyze_file(const std::string& path, std::int64_t first_number, const replay::ReplayConfig& replay,
                          const analysis::AnalyzeConfig& cfg, bool json, std::ostream& out, std::ostream& err,
                          std::string* annotated = nullptr, GameRange range = {});

}  // namespace ppn::app
