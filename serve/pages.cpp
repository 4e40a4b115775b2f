// The pages of `ppn serve` (see pages.hpp).
#include "serve/pages.hpp"

#include "serve/assets.hpp"

namespace ppn::serve {

namespace {

constexpr const char* kNav =
    "<header class=\"site\"><nav><a href=\"/\">Games</a> <a href=\"/find\">Find a position</a> "
    "<a href=\"/record\">Record a game</a></nav></header>";

// The token for the pages' script (docs/SERVE.md "Safety") and the site's style.
std::string head_links(const std::string& token) {
  return "<meta name=\"ppn-token\" content=\"" + html_escape(token) + "\"><link rel=\"stylesheet\" href=\"/assets/style.css\">";
}

}  // namespace

Reply page_shell(std::string_view page, const std::string& title, const std::string& token,
                 const std::vector<std::pair<std::string, std::string>>& attrs) {
  std::string body = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">" + head_links(token) + "<title>" +
                     html_escape(title) + "</title>" +
                     "</head>\n<body data-page=\"" + html_escape(page) + "\"";
  for (const auto& [k, v] : attrs) body += " data-" + html_escape(k) + "=\"" + html_escape(v) + "\"";
  body += ">" + std::string(kNav) + "\n<main id=\"main\"></main>\n<script src=\"/assets/app.js\"></script></body></html>\n";
  return Reply{200, std::move(body), "text/html; charset=utf-8"};
}

std::string with_site(const std::string& viewer, std::int64_t id, const std::string& token) {
  std::string out = viewer;
  // The viewer is one document of render/html_viewer: one <head> and one <body ...>.
  if (const auto at = out.find("</head>"); at != std::string::npos) out.insert(at, head_links(token));
  if (const auto b = out.find("<body"); b != std::string::npos) {
    const auto gt = out.find('>', b);
    out.insert(gt, " data-page=\"game\" data-game=\"" + std::to_string(id) + "\"");
    out.insert(out.find('>', b) + 1, kNav);
  }
  const std::string extra = "<section id=\"game-extra\" data-game=\"" + std::to_string(id) +
                            "\"></section>\n<script src=\"/assets/app.js\"></script>\n";
  if (const auto e = out.rfind("</body>"); e != std::string::npos) out.insert(e, extra);
  return out;
}

std::optional<Reply> asset(std::string_view name) {
  if (name == "app.js") return Reply{200, std::string(kAppJs), "text/javascript; charset=utf-8"};
  if (name == "style.css") return Reply{200, std::string(kStyleCss), "text/css; charset=utf-8"};
  return std::nullopt;
}

}  // namespace ppn::serve
