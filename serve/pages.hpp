// The pages of `ppn serve` (docs/SERVE.md "Pages"): small HTML shells whose script
// (assets/app.js) builds each page from the JSON API, the game page (the viewer of
// `ppn render --html` with the site's navigation), and the built-in assets. Every value put
// into a page is escaped here; the script inserts the API's values as text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "serve/reply.hpp"

namespace ppn::serve {

// The shell of page `page` (games, player, find, record), titled `title`, carrying the write
// token for the page's script and `attrs` (name, value) on its <body>.
Reply page_shell(std::string_view page, const std::string& title, const std::string& token,
                 const std::vector<std::pair<std::string, std::string>>& attrs = {});

// The viewer page of game `id` with the navigation after <body> and the section the script
// fills from /api/games/ID before </body>.
std::string with_site(const std::string& viewer, std::int64_t id, const std::string& token);

// A built-in asset by its path under /assets/ ("app.js", "style.css"); nullopt for any other.
std::optional<Reply> asset(std::string_view name);

}  // namespace ppn::serve
