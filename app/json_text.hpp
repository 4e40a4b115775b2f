// The text of a JSON value as ppn writes every JSON record (--format json, the server's
// answers): one line, or indented by `indent`; a string that is not valid UTF-8 (a file name or
// a tag read as bytes) has each invalid byte written as U+FFFD (docs/JSON_OUTPUT.md "Text that
// is not UTF-8") rather than failing the output half-way.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace ppn::app {

template <class Json>
std::string json_text(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace ppn::app
