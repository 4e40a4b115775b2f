// Replies and escaping (see reply.hpp).
#include "serve/reply.hpp"

#include "app/json_text.hpp"
#include "render/svg_board.hpp"

namespace ppn::serve {

Reply json_reply(const nlohmann::json& j) {
  // Text from records may hold bytes that are not UTF-8: replaced, never a throw.
  return Reply{200, app::json_text(j)};
}

Reply error_reply(int status, std::string_view code, const std::string& message, const nlohmann::json& extra) {
  nlohmann::json e = {{"status", status}, {"code", code}, {"message", message}};
  for (const auto& [k, v] : extra.items()) e[k] = v;
  Reply r = json_reply({{"error", e}});
  r.status = status;
  return r;
}

std::string html_escape(std::string_view s) { return render::xml_escape(std::string(s)); }

}  // namespace ppn::serve
