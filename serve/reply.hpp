// What a handler of the server answers: a status, a body and its type. Handlers are plain
// functions of the request's values to a Reply, so the tests call them without HTTP.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace ppn::serve {

struct Reply {
  int status = 200;
  std::string body;
  std::string type = "application/json";
};

// 200 with `j` as its body.
Reply json_reply(const nlohmann::json& j);
// The JSON error of docs/SERVE.md: {"error": {"status", "code", "message", ...extra}}.
Reply error_reply(int status, std::string_view code, const std::string& message,
                  const nlohmann::json& extra = nlohmann::json::object());

// A request the handler refuses: thrown inside a handler, answered as error_reply.
struct BadRequest : std::runtime_error {
  int status;
  std::string code;
  nlohmann::json extra;  // more fields of the error object (an illegal play's citation, ...)
  BadRequest(int s, std::string c, const std::string& message, nlohmann::json more = nlohmann::json::object())
      : std::runtime_error(message), status(s), code(std::move(c)), extra(std::move(more)) {}
  Reply reply() const { return error_reply(status, code, what(), extra); }
};

// A request refused as a bad one (400, E-ARGUMENT).
[[noreturn]] inline void refuse(const std::string& message) { throw BadRequest(400, "E-ARGUMENT", message); }

// Runs a handler: a refused request is answered with its error. BadRequest never leaves a
// handler (serve/ answers it; nothing else throws it).
template <class F>
Reply answer(F&& f) {
  try {
    return f();
  } catch (const BadRequest& e) {
    return e.reply();
  }
}

// Text for HTML content and attribute values: & < > " ' escaped (render::xml_escape, whose
// escapes serve HTML as well).
std::string html_escape(std::string_view s);

}  // namespace ppn::serve
