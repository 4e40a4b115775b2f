// `--format json` of stats, audit, analyze, import, find and conform (docs/JSON_OUTPUT.md): JSON Lines,
// one object per record, each with a "type". The records serialise the very structs the text
// printers read, so a figure is computed once and only its spelling differs. A figure that is
// not defined (a seat not observed, a rate over zero decisions) is null, never 0; every
// documented field is always present.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "analysis/dice_audit.hpp"
#include "analysis/game_analysis.hpp"
#include "analysis/game_stats.hpp"
#include "app/json_text.hpp"
#include "convert/conform.hpp"
#include "app/import_run.hpp"

namespace ppn::cli {

// Fields in the order they are documented, so a line reads like its README row.
using JsonRecord = nlohmann::ordered_json;

using app::json_text;

// One record, one line.
void emit_record(std::ostream& out, const JsonRecord& r);

// stats: {"type":"player"} per block (the text's `name_profile`: the block names its profile).
JsonRecord stats_player_record(const analysis::PlayerTotals& t);
// stats --games: {"type":"game"}, from the same arguments as the text's game line.
JsonRecord stats_game_record(const std::string& number, const std::string& file, std::int64_t line,
                             const std::string& profile, int rolls_replayed, const std::vector<Colour>& ranking,
                             int lead_changes, const std::vector<std::pair<Colour, int>>& race_end);
// stats: {"type":"summary"}, the text's header line.
JsonRecord stats_summary_record(std::size_t games, std::size_t complete, std::size_t rolls, std::size_t replayed,
                                std::size_t lead_changes);

// audit: {"type":"group"}; `group` "all", "player" or "source", `name` null for "all".
JsonRecord audit_group_record(const std::string& group, const std::string& name, const analysis::AuditReport& r);

// import: the counts of one file ({"type":"file"}) or of the run ({"type":"summary"}).
JsonRecord import_counts_fields(const app::ImportCounts& c);
// The ids of new games as [[first, last], ...] runs.
nlohmann::ordered_json id_runs(const std::vector<std::pair<std::int64_t, std::int64_t>>& runs);

// conform: {"type":"disagreement"} per record judged otherwise, {"type":"file"} per file,
// {"type":"summary"} last.
JsonRecord conform_disagreement_record(const convert::ConformDisagreement& d);
JsonRecord conform_file_record(const convert::ConformFileStats& f);
JsonRecord conform_summary_record(const std::string& variant, const convert::ConformReport& r);

}  // namespace ppn::cli
