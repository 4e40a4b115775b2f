// ppn's JSON form of games (schema: convert/JSON.md): one JSON object per game, written one
// per line (JSON Lines) by `ppn export --to json` and read back by `ppn convert --from json`.
// It mirrors the notation model (notation/game.hpp) field for field, so PPN -> JSON -> PPN
// gives the same games (Game's operator==, which ignores source positions).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "convert/formats.hpp"
#include "convert/nu_xml.hpp"
#include "notation/game.hpp"

namespace ppn::convert::json_form {

inline constexpr int kVersion = 1;

nlohmann::json game_to_json(const Game& g);

// Error: the message names the JSON pointer of the offending value ("/movetext/3/dice").
Result<Game> game_from_json(const nlohmann::json& j);

// Reads JSON Lines text: calls on_game per game; every problem (malformed JSON with its
// line and column, a schema violation with its line and JSON pointer) goes to `problems`
// and the next line is read.
void read_games(std::string_view text, const std::string& source, const std::function<void(Game&)>& on_game,
                std::vector<Diagnostic>& problems);

// `json` for `ppn convert` (formats.hpp): an input that names "ppn-game" in its first bytes.
extern const Reader reader;
// `json` for `ppn export`: one game_to_json object per line.
extern const Writer writer;

}  // namespace ppn::convert::json_form
