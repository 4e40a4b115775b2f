// What a handler of the server answers: a status, a body and its type. Handlers are plain
// functions of the request's values to a Reply, so the tests call them without HTTP.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

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

// A request refused: its status and the error object's code, message and more fields (an
// illegal play's citation, ...). Errors of a request are values: a step that can refuse returns
// Checked<T>, and the handler answers the refusal.
struct Refusal {
  int status = 400;
  std::string code = "E-ARGUMENT";
  std::string message;
  nlohmann::json extra = nlohmann::json::object();
  Reply reply() const { return error_reply(status, code, message, extra); }
};

// A bad request (400, E-ARGUMENT).
inline Refusal bad_request(std::string message) { return Refusal{400, "E-ARGUMENT", std::move(message)}; }

// A value, or why the request is refused.
template <class T>
class Checked {
 public:
  Checked(T v) : v_(std::in_place_index<0>, std::move(v)) {}
  Checked(Refusal r) : v_(std::in_place_index<1>, std::move(r)) {}
  explicit operator bool() const { return v_.index() == 0; }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  const Refusal& refusal() const { return std::get<1>(v_); }

 private:
  std::variant<T, Refusal> v_;
};

// Text for HTML content and attribute values: & < > " ' escaped (render::xml_escape, whose
// escapes serve HTML as well).
std::string html_escape(std::string_view s);

}  // namespace ppn::serve
