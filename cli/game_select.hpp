// Picking one game of a PPN file for the viewers (`ppn replay`, `ppn render`): the N-th game
// (1-based) in file order, games with syntax errors counted too, so that N means the same
// game whatever is wrong elsewhere in the file. An error about the whole file (no game in it,
// not a PPN file) is no game: it is what is reported when the file has no game N.
#pragma once

#include <iostream>
#include <optional>
#include <string>

#include "cli/input_files.hpp"
#include "notation/game.hpp"
#include "parser/parser.hpp"

namespace ppn::cli {

// The game, or nullopt after printing the reason to `err` (cannot open, no such game, or the
// syntax error of that game in the parser's located format). `command` prefixes messages.
inline std::optional<Game> select_game(const std::string& command, const std::string& path, std::size_t n,
                                       std::ostream& err = std::cerr) {
  std::string why;
  auto in = open_input(path, why);
  if (!in) {
    err << open_failure(path, why);
    return std::nullopt;
  }
  std::size_t index = 0;
  std::optional<Game> found;
  std::optional<parser::ParseError> error, file_error;
  parser::parse_stream(
      *in, display_name(path),
      [&](Game& g) {
        if (++index == n) found = std::move(g);
      },
      [&](const parser::ParseError& e) {
        if (e.whole_file) file_error = e;
        else if (++index == n) error = e;
      });
  if (!error && !found && file_error) error = file_error;
  if (error) {
    err << error->format();
    return std::nullopt;
  }
  if (!found) {
    err << command << ": " << display_name(path) << " has " << index << (index == 1 ? " game" : " games")
        << ", no game " << n << "\n";
    return std::nullopt;
  }
  return found;
}

}  // namespace ppn::cli
