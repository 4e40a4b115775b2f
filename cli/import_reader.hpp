// The reader stage of an import (`ppn import`, `ppn bench import`): the PPN text of one file
// parsed one game at a time (parser::parse_stream) and handed to db::import_games, each
// syntax error reported through on_error where it lies. db parses nothing.
#pragma once

#include <functional>
#include <istream>
#include <string>

#include "db/import_run.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

// `in` must outlive the import; on_error may be empty.
inline db::GameReader parsed_games(std::istream& in, const std::string& name, parser::ErrorHandler on_error) {
  return [&in, name, on_error = std::move(on_error)](const db::GameHandler& on_game, const std::function<void()>& on_unread) {
    parser::parse_stream(in, name, on_game, [&](const parser::ParseError& e) {
      if (on_error) on_error(e);
      on_unread();
    });
  };
}

}  // namespace ppn::cli
