// The read side of `ppn serve` (docs/SERVE.md "JSON API"): the games list with its filters,
// one game, its positions, players, the summary report and position search, each a function of
// the request's parameters to a Reply, over a lent connection (connections.hpp). Only bound
// parameters reach SQL; sort columns are chosen from a fixed list.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "serve/connections.hpp"
#include "serve/reply.hpp"

namespace ppn::serve {

// A request's query parameters (a name may repeat: `pattern`).
using Params = std::multimap<std::string, std::string>;

Reply list_games(Connections& c, const Params& p);
Reply get_game(Connections& c, std::int64_t id);
Reply game_positions(Connections& c, std::int64_t id);
Reply list_players(Connections& c, const Params& p);
Reply get_player(Connections& c, const std::string& name);
Reply summary(Connections& c);
Reply find(Connections& c, const Params& p);

// The game page: the viewer `ppn render --html` writes (board, stepper, PPN text, charts but
// the luck chart), with the site's navigation and a section the page's script fills from
// /api/games/ID.
Reply game_page(Connections& c, std::int64_t id, const std::string& token);
// The game analysed now at level 0 or 1 (`level`, default 1): each roll's luck, and each
// decision's loss, mark and best play (analysis/game_analysis.hpp).
Reply analyse_game(Connections& c, std::int64_t id, const Params& p);
// The game's luck chart (SVG), which the game page's script fetches after the page.
Reply luck_chart(Connections& c, std::int64_t id);

}  // namespace ppn::serve
